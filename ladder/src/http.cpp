// The ladder's HTTP server (see http.hpp).
#include "dtref/ladder/http.hpp"
#include "dtref/transcript.hpp"

#include <fmt/core.h>
#include <httplib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "dtref/replay_html.hpp"

namespace dtref::ladder {

namespace fs = std::filesystem;

namespace {

// A match's transcript: compressed (what the ladder writes) or plain (older ladders); empty when none.
fs::path transcript_of(const fs::path& dir, const std::string& key) {
  std::error_code ec;
  for (const char* ext : {".jsonl.zst", ".jsonl"})
    if (fs::exists(dir / (key + ext), ec)) return dir / (key + ext);
  return {};
}

}  // namespace

struct HttpServer::Impl {
  httplib::Server server;
  std::thread thread;
  std::string host;
  int port = 0;
  std::mutex replay_mu;  // one replay page written at a time
};

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void not_found(httplib::Response& res, const std::string& why) {
  res.status = 404;
  res.set_content(why + "\n", "text/plain; charset=utf-8");
}

}  // namespace

HttpServer::HttpServer(std::function<std::shared_ptr<const LadderView>()> view, std::string transcripts_dir,
                       const std::string& address)
    : impl_(std::make_unique<Impl>()) {
  const auto colon = address.rfind(':');
  if (colon == std::string::npos) throw LadderError(fmt::format("--http '{}': give host:port, e.g. 127.0.0.1:8080", address));
  impl_->host = address.substr(0, colon);
  int port = -1;
  try {
    port = std::stoi(address.substr(colon + 1));
  } catch (const std::exception&) {
  }
  if (port < 0 || port > 65535) throw LadderError(fmt::format("--http '{}': the port must be 0..65535", address));
  httplib::Server& s = impl_->server;
  auto current = [view](httplib::Response& res) {
    auto v = view();
    if (!v) res.status = 503;
    return v;
  };
  s.Get("/", [current](const httplib::Request&, httplib::Response& res) {
    if (auto v = current(res)) res.set_content(view_html(*v), "text/html; charset=utf-8");
  });
  s.Get("/standings.json", [current](const httplib::Request&, httplib::Response& res) {
    if (auto v = current(res)) res.set_content(view_json(*v), "application/json");
  });
  const fs::path dir = transcripts_dir;
  // Keys are m followed by digits: nothing else reaches the file system.
  s.Get(R"(/matches/(m[0-9]+)/transcript)", [dir](const httplib::Request& req, httplib::Response& res) {
    const fs::path p = transcript_of(dir, req.matches[1]);
    if (dir.empty() || p.empty())
      return not_found(res, "no transcript for this match (is --transcripts set? --keep-transcripts may have removed it)");
    // Compressed on disk, served as the text it is.
    const auto text = read_transcript_text(p.string());
    if (!text) return not_found(res, "this match's transcript cannot be read");
    res.set_content(*text, "text/plain; charset=utf-8");
  });
  Impl* d = impl_.get();
  s.Get(R"(/matches/(m[0-9]+)/replay)", [dir, d](const httplib::Request& req, httplib::Response& res) {
    const std::string key = req.matches[1];
    const fs::path t = transcript_of(dir, key), page = dir / (key + ".html");
    if (dir.empty() || t.empty()) return not_found(res, "no transcript for this match, so no replay");
    std::lock_guard lock(d->replay_mu);
    if (!fs::exists(page) || fs::last_write_time(page) < fs::last_write_time(t)) {
      try {
        write_replay_html(t.string(), page.string());
      } catch (const std::exception& e) {
        res.status = 500;
        res.set_content(std::string("cannot write the replay page: ") + e.what() + "\n", "text/plain; charset=utf-8");
        return;
      }
    }
    res.set_content(slurp(page), "text/html; charset=utf-8");
  });
  if (port == 0) {
    impl_->port = s.bind_to_any_port(impl_->host);
  } else if (s.bind_to_port(impl_->host, port)) {
    impl_->port = port;
  }
  if (impl_->port <= 0)
    throw LadderError(fmt::format("cannot serve HTTP on '{}' (port in use, or not an address of this machine); "
                                  "give another --http host:port, or port 0 for any free one",
                                  address));
  impl_->thread = std::thread([d] { d->server.listen_after_bind(); });
}

HttpServer::~HttpServer() {
  impl_->server.stop();
  if (impl_->thread.joinable()) impl_->thread.join();
}

std::string HttpServer::url() const { return fmt::format("http://{}:{}/", impl_->host, impl_->port); }

}  // namespace dtref::ladder
