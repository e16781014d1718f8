// The ladder's standings over HTTP (cpp-httplib, Debian's libcpp-httplib-dev):
//   /                          the standings page (HTML, refreshes itself, no JavaScript)
//   /standings.json            the same for programs
//   /matches/<key>/transcript  a match's transcript (JSON Lines, as text)
//   /matches/<key>/replay      its replay page (dtref::write_replay_html, written
//                              beside the transcript on first request)
// Bound to 127.0.0.1 unless told otherwise: the page names bots and shows
// their stderr tails, which an operator may not want public.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "dtref/ladder/service.hpp"

namespace dtref::ladder {

// What keeps slow or idle clients from stopping the page (docs/security.md).
struct HttpLimits {
  int threads = 64;             // requests served at once
  int max_connections = 256;    // accepted and not yet done; more are closed at once
  int read_timeout_ms = 2000;   // per read or write on a connection, and keep-alive idling
  int connection_ms = 5000;     // a whole connection, however slowly it drips
};

class HttpServer {
 public:
  // Listens on `address` (host:port; port 0 picks a free one) and serves in a
  // thread of its own. Throws LadderError when it cannot listen there.
  HttpServer(std::function<std::shared_ptr<const LadderView>()> view, std::string transcripts_dir,
             const std::string& address, const HttpLimits& limits = {});
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;
  std::string url() const;  // http://host:port/

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace dtref::ladder
