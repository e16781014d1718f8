// The ladder's HTTP server (see http.hpp).
#include "dtref/ladder/http.hpp"
#include "dtref/transcript.hpp"

#include <fmt/core.h>
#include <httplib.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <fstream>
#include <sstream>
#include <thread>

#include "dtref/replay_html.hpp"

namespace dtref::ladder {

namespace fs = std::filesystem;

namespace {

using TimePoint = std::chrono::steady_clock::time_point;

int ms_until(TimePoint t, int cap_ms) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(t - std::chrono::steady_clock::now()).count();
  return int(std::max<long long>(0, std::min<long long>(left, cap_ms)));
}

bool wait_for(int fd, short events, int ms) {
  pollfd p{fd, events, 0};
  int r;
  while ((r = ::poll(&p, 1, ms)) < 0 && errno == EINTR) {
  }
  return r > 0;
}

// One connection as cpp-httplib's request reader sees it, with a deadline
// for the whole connection besides the timeout of each read and write: a
// client that drips a byte at a time (slow loris) is cut off at the
// deadline, not kept for ever.
class DeadlineStream final : public httplib::Stream {
 public:
  DeadlineStream(int fd, TimePoint deadline, int io_ms) : fd_(fd), deadline_(deadline), io_ms_(io_ms) {}
  bool is_readable() const override { return wait_for(fd_, POLLIN, ms_until(deadline_, io_ms_)); }
  bool is_writable() const override { return wait_for(fd_, POLLOUT, ms_until(deadline_, io_ms_)); }
  ssize_t read(char* ptr, size_t size) override {
    if (!is_readable()) return -1;
    ssize_t n;
    while ((n = ::recv(fd_, ptr, size, 0)) < 0 && errno == EINTR) {
    }
    return n;
  }
  ssize_t write(const char* ptr, size_t size) override {
    if (!is_writable()) return -1;
    ssize_t n;
    while ((n = ::send(fd_, ptr, size, MSG_NOSIGNAL)) < 0 && errno == EINTR) {
    }
    return n;
  }
  void get_remote_ip_and_port(std::string& ip, int& port) const override { address(::getpeername, ip, port); }
  void get_local_ip_and_port(std::string& ip, int& port) const override { address(::getsockname, ip, port); }
  socket_t socket() const override { return fd_; }

 private:
  void address(int (*get)(int, sockaddr*, socklen_t*), std::string& ip, int& port) const {
    sockaddr_storage a{};
    socklen_t len = sizeof a;
    ip.clear();
    port = 0;
    if (get(fd_, reinterpret_cast<sockaddr*>(&a), &len) != 0) return;
    char text[INET6_ADDRSTRLEN] = {};
    if (a.ss_family == AF_INET) {
      const auto* v4 = reinterpret_cast<const sockaddr_in*>(&a);
      ::inet_ntop(AF_INET, &v4->sin_addr, text, sizeof text);
      port = ntohs(v4->sin_port);
    } else if (a.ss_family == AF_INET6) {
      const auto* v6 = reinterpret_cast<const sockaddr_in6*>(&a);
      ::inet_ntop(AF_INET6, &v6->sin6_addr, text, sizeof text);
      port = ntohs(v6->sin6_port);
    }
    ip = text;
  }
  int fd_;
  TimePoint deadline_;
  int io_ms_;
};

// cpp-httplib's server with what a page on a network needs against slow or
// idle clients: a pool of threads, a cap on connections accepted and not yet
// done (the rest are closed unread, in the order they came), and each
// connection served through a DeadlineStream (httplib's own per-connection
// loop, with the deadline added).
class GuardedServer : public httplib::Server {
 public:
  explicit GuardedServer(const HttpLimits& l) : limits_(l) {
    new_task_queue = [this] { return new CountingQueue(*this, size_t(std::max(1, limits_.threads))); };
    set_payload_max_length(64 * 1024);  // the page takes no uploads
  }

 private:
  // The pool, counting connections from accept() to their end.
  struct CountingQueue : httplib::TaskQueue {
    CountingQueue(GuardedServer& s, size_t n) : server(s), pool(n) {}
    void enqueue(std::function<void()> fn) override {
      ++server.accepted_;
      pool.enqueue(std::move(fn));
    }
    void shutdown() override { pool.shutdown(); }
    GuardedServer& server;
    httplib::ThreadPool pool;
  };

  bool process_and_close_socket(socket_t sock) override {
    struct Done {
      std::atomic<int>& n;
      int fd;
      ~Done() {
        ::shutdown(fd, SHUT_RDWR);
        ::close(fd);
        --n;
      }
    } done{accepted_, sock};
    if (accepted_.load() > limits_.max_connections) return false;  // over the cap: closed unread
    const TimePoint deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(limits_.connection_ms);
    DeadlineStream strm(sock, deadline, limits_.read_timeout_ms);
    bool ok = false;
    // Keep-alive as httplib does it: the next request must begin within the
    // idle timeout (and before the deadline).
    for (int left = kKeepAliveRequests; left > 0 && svr_sock_ != INVALID_SOCKET; --left) {
      if (!strm.is_readable()) break;
      bool closed = false;
      ok = process_request(strm, left == 1, closed, nullptr);
      if (!ok || closed) break;
    }
    return ok;
  }

  static constexpr int kKeepAliveRequests = 8;
  HttpLimits limits_;
  std::atomic<int> accepted_{0};
};

// A match's transcript: compressed (what the ladder writes) or plain (older ladders); empty when none.
fs::path transcript_of(const fs::path& dir, const std::string& key) {
  std::error_code ec;
  for (const char* ext : {".jsonl.zst", ".jsonl"})
    if (fs::exists(dir / (key + ext), ec)) return dir / (key + ext);
  return {};
}

}  // namespace

struct HttpServer::Impl {
  explicit Impl(const HttpLimits& l) : server(l) {}
  GuardedServer server;
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
                       const std::string& address, const HttpLimits& limits)
    : impl_(std::make_unique<Impl>(limits)) {
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
  // A transcript holds the seed: it is served only once its match and every
  // other match dealt from the same seed are finished (LadderView::servable,
  // an allow-list, so a match started since the view was made is refused too).
  auto hidden = [current](const std::string& key, httplib::Response& res) {
    auto v = current(res);
    if (v && v->servable.count(key)) return false;
    res.status = 404;
    res.set_content("this match, or another dealt alike, is not finished: its transcript is served once it is\n",
                    "text/plain; charset=utf-8");
    return true;
  };
  // Keys are m followed by digits: nothing else reaches the file system.
  s.Get(R"(/matches/(m[0-9]+)/transcript)", [dir, hidden](const httplib::Request& req, httplib::Response& res) {
    if (hidden(req.matches[1], res)) return;
    const fs::path p = transcript_of(dir, req.matches[1]);
    if (dir.empty() || p.empty())
      return not_found(res, "no transcript for this match (is --transcripts set? --keep-transcripts may have removed it)");
    // Compressed on disk, served as the text it is.
    const auto text = read_transcript_text(p.string());
    if (!text) return not_found(res, "this match's transcript cannot be read");
    res.set_content(*text, "text/plain; charset=utf-8");
  });
  Impl* d = impl_.get();
  s.Get(R"(/matches/(m[0-9]+)/replay)", [dir, d, hidden](const httplib::Request& req, httplib::Response& res) {
    const std::string key = req.matches[1];
    if (hidden(key, res)) return;
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
