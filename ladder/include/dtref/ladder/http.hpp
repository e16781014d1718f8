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

class HttpServer {
 public:
  // Listens on `address` (host:port; port 0 picks a free one) and serves in a
  // thread of its own. Throws LadderError when it cannot listen there.
  HttpServer(std::function<std::shared_ptr<const LadderView>()> view, std::string transcripts_dir,
             const std::string& address);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;
  std::string url() const;  // http://host:port/

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace dtref::ladder
