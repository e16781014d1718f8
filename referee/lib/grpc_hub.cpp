// The gRPC server the GrpcLinks share: token check, one reactor per stream,
// per-seat message queues. See grpc_hub.hpp for why it is shared.
#include "dtref/grpc_hub.hpp"

#include <grpcpp/alarm.h>
#include <grpcpp/grpcpp.h>
#include <dirent.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <mutex>

#include "dtref/logging.hpp"
#include "dtref/secrets.hpp"

namespace dtref {

using protocol::BotMessage;
using protocol::RefereeMessage;

namespace {

std::string random_token() { return random_hex(16); }  // the kernel's random source: not guessable

// A message that parsed but does not fit the protocol: nothing in it, or an
// answer whose choice is neither an option index nor an option text.
std::string misfit(const BotMessage& m) {
  switch (m.msg_case()) {
    case BotMessage::MSG_NOT_SET: return "a BotMessage with neither ready nor answer";
    case BotMessage::kReady: return {};
    case BotMessage::kAnswer: {
      const auto& c = m.answer().choice();
      if (c.kind_case() != google::protobuf::Value::kNumberValue &&
          c.kind_case() != google::protobuf::Value::kStringValue)
        return "an answer whose choice is not a number (option index) or a string (option text)";
      return {};
    }
  }
  return "an unknown message";
}

}  // namespace

// One bidirectional Play stream. Lives until OnDone; before attaching to a
// seat it only waits for the first message and its token.
class GrpcPlayReactor final : public grpc::ServerBidiReactor<BotMessage, RefereeMessage> {
 public:
  GrpcPlayReactor(GrpcHub* hub, grpc::CallbackServerContext* ctx) : hub_(hub), ctx_(ctx) {
    ++hub_->open_streams_;
    if (hub_->open_streams_.load() > hub_->limits_.max_streams) {
      refused_ = true;
      logging::warn({"grpc"}, "a stream from {} was refused: {} streams are open already", ctx_->peer(),
                    hub_->limits_.max_streams);
      Finish(grpc::Status(grpc::StatusCode::RESOURCE_EXHAUSTED, "too many gRPC streams are open on this referee"));
      return;
    }
    // Its first message (the token) must come in time; the reactor lives
    // until both OnDone and the alarm's callback have run.
    pending_.store(2);
    first_message_.Set(std::chrono::system_clock::now() + std::chrono::milliseconds(hub_->limits_.first_message_ms),
                       [this](bool fired) {
                         {
                           // Recursive: a reaction TryCancel runs inline takes it again.
                           std::lock_guard lk(alarm_mu_);
                           if (fired && !spoke_ && !done_) {
                             logging::warn({"grpc"}, "a stream from {} was closed: no first message within {} ms",
                                           ctx_->peer(), hub_->limits_.first_message_ms);
                             ctx_->TryCancel();
                           }
                         }
                         release();
                       });
    StartRead(&in_);
  }
  grpc::CallbackServerContext* context() { return ctx_; }
  // Called by GrpcHub::claim before the seat is marked attached, so the
  // first write the link starts already finds its channel in OnWriteDone.
  void bind(std::shared_ptr<GrpcSeatChannel> ch) { ch_ = std::move(ch); }

  void OnReadDone(bool ok) override {
    if (!ch_) {
      {
        std::lock_guard lk(alarm_mu_);
        spoke_ = true;
      }
      first_message_.Cancel();
      if (!ok) {  // gone before saying who it is
        Finish(grpc::Status(grpc::StatusCode::UNAUTHENTICATED, "the first message must carry the seat's token"));
        return;
      }
      grpc::Status refusal;
      if (!hub_->claim(in_.token(), this, ctx_->peer(), &refusal)) {
        Finish(refusal);
        return;
      }
      ch_->on_attached();  // writes what was sent before the bot dialled in
      // The first message may carry ready (or anything) beside the token.
      if (in_.msg_case() != BotMessage::MSG_NOT_SET && !ch_->deliver(in_)) return;
      StartRead(&in_);
      return;
    }
    if (!ok) {
      ch_->on_read_end(ctx_->IsCancelled() ? "stream broken (bot gone or cancelled)" : "stream closed by the bot");
      return;
    }
    if (!ch_->deliver(in_)) return;  // flooded: stop reading this bot
    StartRead(&in_);
  }
  void OnWriteDone(bool ok) override {
    if (ch_) ch_->on_write_done(ok);
  }
  void OnDone() override {
    if (ch_) ch_->on_done();
    --hub_->open_streams_;
    if (refused_) {
      delete this;
      return;
    }
    {
      std::lock_guard lk(alarm_mu_);
      done_ = true;  // the context goes with OnDone: the alarm must not touch it after
    }
    first_message_.Cancel();
    release();
  }

 private:
  void release() {
    if (--pending_ == 0) delete this;
  }
  std::atomic<int> pending_{1};
  std::recursive_mutex alarm_mu_;  // guards spoke_ and done_ against the alarm's callback
  bool spoke_ = false;             // the first message arrived (or the stream ended before it)
  bool done_ = false;
  bool refused_ = false;            // over the stream cap: finished at once, no alarm
  grpc::Alarm first_message_;
  GrpcHub* hub_;  // outlives every stream: the server waits for them on shutdown
  grpc::CallbackServerContext* ctx_;
  std::shared_ptr<GrpcSeatChannel> ch_;
  BotMessage in_;
};

class GrpcHub::Service final : public protocol::BotLink::CallbackService {
 public:
  explicit Service(GrpcHub* hub) : hub_(hub) {}
  grpc::ServerBidiReactor<BotMessage, RefereeMessage>* Play(grpc::CallbackServerContext* ctx) override {
    return new GrpcPlayReactor(hub_, ctx);
  }

 private:
  GrpcHub* hub_;
};

// ---- the channel ------------------------------------------------------------

bool GrpcSeatChannel::send(const RefereeMessage& msg) {
  std::unique_lock lk(m);
  if (finish_requested_ || finished_ || write_failed_) return false;
  const size_t size = msg.ByteSizeLong();
  if (outbox_bytes_ + size > kMaxUnsentBytes) return false;  // the bot is not reading
  outbox_bytes_ += size;
  // Before the bot dials in, messages wait here (hello is sent right after
  // the launch); attach() starts writing them.
  outbox_.push_back(msg);
  if (!attached || writing_) return true;
  writing_ = true;
  const RefereeMessage* next = &outbox_.front();  // deque: stays put while others are pushed
  GrpcPlayReactor* r = reactor_;
  lk.unlock();
  // Outside the lock: gRPC may run OnWriteDone on another thread at once.
  // The reactor cannot finish while a write is outstanding, so `r` is valid.
  r->StartWrite(next);
  return true;
}

void GrpcSeatChannel::on_attached() {
  std::unique_lock lk(m);
  if (outbox_.empty() || writing_ || finished_) return;
  writing_ = true;
  const RefereeMessage* next = &outbox_.front();
  GrpcPlayReactor* r = reactor_;
  lk.unlock();
  r->StartWrite(next);
}

void GrpcSeatChannel::on_write_done(bool ok) {
  std::unique_lock lk(m);
  outbox_bytes_ -= std::min(outbox_bytes_, size_t(outbox_.front().ByteSizeLong()));
  outbox_.pop_front();
  if (!ok) {
    write_failed_ = true;
    outbox_.clear();
    outbox_bytes_ = 0;
  }
  const RefereeMessage* next = nullptr;
  bool fin = false;
  if (!outbox_.empty()) {
    next = &outbox_.front();
  } else {
    writing_ = false;
    if (finish_requested_ && !finished_ && !hold_finish_) fin = finished_ = true;
  }
  GrpcPlayReactor* r = reactor_;
  lk.unlock();
  if (next) r->StartWrite(next);
  if (fin) r->Finish(grpc::Status::OK);
}

void GrpcSeatChannel::finish() {
  std::unique_lock lk(m);
  if (!attached || finish_requested_) return;
  finish_requested_ = true;
  bool fin = false;
  if (!writing_ && !finished_) fin = finished_ = true;
  GrpcPlayReactor* r = reactor_;
  lk.unlock();
  if (fin) r->Finish(grpc::Status::OK);
}

void GrpcSeatChannel::cancel() {
  std::unique_lock lk(m);
  if (!attached || finished_) return;
  finish_requested_ = true;
  hold_finish_ = true;  // keeps the reactor alive (unfinished) across TryCancel
  GrpcPlayReactor* r = reactor_;
  lk.unlock();
  // Outside the lock: cancelling may run reactions. An outstanding write then
  // completes with ok=false.
  r->context()->TryCancel();
  lk.lock();
  hold_finish_ = false;
  bool fin = false;
  if (!writing_ && !finished_) fin = finished_ = true;
  lk.unlock();
  if (fin) r->Finish(grpc::Status::CANCELLED);
}

bool GrpcSeatChannel::deliver(const BotMessage& msg) {
  Received r;
  r.at = Clock::now();
  const std::string why = misfit(msg);
  if (why.empty()) {
    r.kind = Received::Kind::Message;
    r.msg = msg;
  } else {
    r.kind = Received::Kind::Malformed;
    r.raw = msg.ShortDebugString().substr(0, 500);
    r.exit_detail = why;
  }
  r.bytes = msg.ByteSizeLong();
  std::lock_guard lk(m);
  if (inbox.size() >= kMaxUnread || inbox_bytes + r.bytes > kMaxUnreadBytes) {
    // A bot that sends far more than it is asked would fill the referee's
    // memory: its last word is a malformed message, and it is not read again.
    r.kind = Received::Kind::Malformed;
    r.raw.clear();
    r.exit_detail = inbox.size() >= kMaxUnread
                        ? "more than " + std::to_string(kMaxUnread) + " messages sent without being asked"
                        : "more than " + std::to_string(kMaxUnreadBytes >> 20) + " MiB of messages sent without being asked";
    r.bytes = 0;
    inbox.push_back(std::move(r));
    cv.notify_all();
    return false;
  }
  inbox_bytes += r.bytes;
  inbox.push_back(std::move(r));
  cv.notify_all();
  return true;
}

void GrpcSeatChannel::on_read_end(const std::string& detail) {
  std::lock_guard lk(m);
  stream_ended = true;
  end_detail = detail;
  cv.notify_all();
}

void GrpcSeatChannel::on_done() {
  std::lock_guard lk(m);
  if (!stream_ended) {
    stream_ended = true;
    end_detail = "stream ended";
  }
  done = true;
  reactor_ = nullptr;
  cv.notify_all();
}

// ---- the hub ----------------------------------------------------------------

namespace {
std::mutex limits_mu;
GrpcLimits process_limits;
}  // namespace

void GrpcHub::set_limits(const GrpcLimits& l) {
  std::lock_guard lk(limits_mu);
  process_limits = l;
}

GrpcLimits GrpcHub::limits() {
  std::lock_guard lk(limits_mu);
  return process_limits;
}

std::shared_ptr<GrpcHub> GrpcHub::get(const std::string& listen_address, std::string* error) {
  static std::mutex mu;
  static std::map<std::string, std::weak_ptr<GrpcHub>> hubs;
  std::lock_guard lk(mu);
  if (auto h = hubs[listen_address].lock()) return h;
  std::shared_ptr<GrpcHub> h(new GrpcHub);
  h->limits_ = limits();
  if (!h->open(listen_address, error)) return nullptr;
  hubs[listen_address] = h;
  return h;
}

namespace {

// A referee killed with SIGKILL leaves its socket directory in /tmp. A
// directory of ours whose socket no server answers any more (ECONNREFUSED)
// is such a leftover, and so is one without a socket that is over a minute
// old (a server binds within moments of making it): both are removed, once
// per process, before this referee makes its own.
void remove_leftover_socket_dirs() {
  static std::once_flag once;
  std::call_once(once, [] {
    DIR* d = ::opendir("/tmp");
    if (!d) return;
    std::vector<std::string> dirs;
    while (dirent* e = ::readdir(d))
      if (std::strncmp(e->d_name, "dtref-grpc-", 11) == 0) dirs.push_back(std::string("/tmp/") + e->d_name);
    ::closedir(d);
    for (const std::string& dir : dirs) {
      struct stat st {};
      if (::lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != ::geteuid()) continue;
      const std::string sock = dir + "/grpc.sock";
      struct stat ss {};
      bool stale = false;
      if (::lstat(sock.c_str(), &ss) == 0 && S_ISSOCK(ss.st_mode)) {
        const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_un a{};
        a.sun_family = AF_UNIX;
        if (fd >= 0 && sock.size() < sizeof a.sun_path) {
          std::memcpy(a.sun_path, sock.c_str(), sock.size() + 1);
          stale = ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 && errno == ECONNREFUSED;
        }
        if (fd >= 0) ::close(fd);
      } else {
        stale = ::time(nullptr) - st.st_mtime > 60;
      }
      if (!stale) continue;
      ::unlink(sock.c_str());
      ::rmdir(dir.c_str());
    }
  });
}

}  // namespace

bool GrpcHub::open(const std::string& listen_address, std::string* error) {
  service_ = std::make_unique<Service>(this);
  grpc::ServerBuilder b;
  int port = 0;
  // Without this, Linux gRPC sets SO_REUSEPORT and a second referee could
  // silently share a fixed port with the first.
  b.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 0);
  b.SetMaxReceiveMessageSize(GrpcSeatChannel::kMaxMessageBytes);  // a bot's message: as a stdio line
  b.AddChannelArgument(GRPC_ARG_MAX_CONCURRENT_STREAMS, std::max(1, limits_.streams_per_connection));
  b.AddListeningPort(listen_address, grpc::InsecureServerCredentials(), &port);
  const std::string host = listen_address.substr(0, listen_address.rfind(':'));
  if (host == "127.0.0.1" || host == "localhost" || host == "[::1]") {
    remove_leftover_socket_dirs();
    char dir[] = "/tmp/dtref-grpc-XXXXXX";  // 0700: only the socket is handed out, by bind mount
    if (::mkdtemp(dir)) {
      unix_dir_ = dir;
      unix_socket_ = unix_dir_ + "/grpc.sock";
      b.AddListeningPort("unix:" + unix_socket_, grpc::InsecureServerCredentials());
    }
  }
  b.RegisterService(service_.get());
  server_ = b.BuildAndStart();
  if (!server_ || port == 0) {
    if (error)
      *error = "cannot listen for gRPC bots on '" + listen_address +
               "': give a free host:port (e.g. 127.0.0.1:0 for any free port, or 0.0.0.0:50051 for remote bots)";
    server_.reset();
    return false;
  }
  // Bots run as other users: the socket must let them connect (the token still decides who plays).
  if (!unix_socket_.empty() && ::chmod(unix_socket_.c_str(), 0666) != 0) unix_socket_.clear();
  const auto colon = listen_address.rfind(':');
  address_ = listen_address.substr(0, colon) + ":" + std::to_string(port);
  return true;
}

GrpcHub::~GrpcHub() {
  // Streams waiting in the lobby have no link to end them: a reactor that is
  // never finished would keep Shutdown waiting for ever.
  std::vector<std::shared_ptr<GrpcSeatChannel>> waiting;
  {
    std::lock_guard lk(m_);
    for (auto& [name, list] : waiting_) waiting.insert(waiting.end(), list.begin(), list.end());
    waiting_.clear();
  }
  for (auto& ch : waiting) ch->cancel();
  if (server_) {
    // Streams still open are cancelled at the deadline; Shutdown waits for them.
    server_->Shutdown(std::chrono::system_clock::now() + std::chrono::milliseconds(500));
    server_->Wait();
  }
  if (!unix_dir_.empty()) {
    ::unlink((unix_dir_ + "/grpc.sock").c_str());
    ::rmdir(unix_dir_.c_str());
  }
}

std::string GrpcHub::add_seat(std::shared_ptr<GrpcSeatChannel> ch) {
  std::lock_guard lk(m_);
  std::string t;
  do t = random_token();
  while (seats_.count(t));
  seats_[t] = std::move(ch);
  return t;
}

void GrpcHub::remove_seat(const std::string& token) {
  std::lock_guard lk(m_);
  seats_.erase(token);
}

void GrpcHub::set_lobby(LobbyResolver resolver) {
  std::lock_guard lk(m_);
  lobby_ = std::move(resolver);
}

namespace {
bool still_open(GrpcSeatChannel& ch) {
  std::lock_guard lk(ch.m);
  return !ch.stream_ended && !ch.done;
}
}  // namespace

std::shared_ptr<GrpcSeatChannel> GrpcHub::take_waiting(const std::string& name) {
  std::lock_guard lk(m_);
  auto& list = waiting_[name];
  while (!list.empty()) {
    std::shared_ptr<GrpcSeatChannel> ch = list.front();
    list.erase(list.begin());
    if (still_open(*ch)) return ch;
  }
  return nullptr;
}

std::map<std::string, int> GrpcHub::waiting() {
  std::lock_guard lk(m_);
  std::map<std::string, int> out;
  for (auto& [name, list] : waiting_) {
    list.erase(std::remove_if(list.begin(), list.end(), [](const auto& ch) { return !still_open(*ch); }), list.end());
    if (!list.empty()) out[name] = int(list.size());
  }
  return out;
}

std::shared_ptr<GrpcSeatChannel> GrpcHub::claim(const std::string& token, GrpcPlayReactor* r,
                                                 const std::string& peer, grpc::Status* refusal) {
  std::lock_guard lk(m_);
  auto it = seats_.find(token);
  if (!token.empty() && it == seats_.end() && lobby_) {
    if (const auto name = lobby_(token)) {
      auto& list = waiting_[*name];
      list.erase(std::remove_if(list.begin(), list.end(), [](const auto& c) { return !still_open(*c); }), list.end());
      if (int(list.size()) >= limits_.waiting_per_bot) {
        logging::warn({"grpc"}, "remote bot {} dialing from {} was refused: {} of its streams wait already", *name, peer,
                      limits_.waiting_per_bot);
        *refusal = grpc::Status(grpc::StatusCode::RESOURCE_EXHAUSTED,
                                "this bot already has " + std::to_string(limits_.waiting_per_bot) + " streams waiting to play");
        return nullptr;
      }
      auto ch = std::make_shared<GrpcSeatChannel>();
      std::lock_guard clk(ch->m);
      r->bind(ch);
      ch->reactor_ = r;
      ch->attached = true;
      ch->peer = peer;
      waiting_[*name].push_back(ch);
      logging::debug({"grpc"}, "remote bot {} dialed from {} and waits for a match", *name, peer);
      return ch;
    }
  }
  if (token.empty() || it == seats_.end()) {
    logging::warn({"grpc"}, "a bot dialing from {} was refused: unknown token", peer);
    *refusal = grpc::Status(grpc::StatusCode::UNAUTHENTICATED,
                            "unknown seat token: send the token the referee gave this seat "
                            "(DTREF_TOKEN, or the one printed for grpc-remote) in the first message");
    return nullptr;
  }
  std::shared_ptr<GrpcSeatChannel> ch = it->second;
  std::lock_guard clk(ch->m);
  if (ch->attached) {
    *refusal = grpc::Status(grpc::StatusCode::ALREADY_EXISTS, "a bot is already connected for this seat's token");
    return nullptr;
  }
  if (ch->finish_requested_) {
    *refusal = grpc::Status(grpc::StatusCode::FAILED_PRECONDITION, "this seat's match is over");
    return nullptr;
  }
  r->bind(ch);
  ch->reactor_ = r;
  ch->attached = true;
  ch->peer = peer;
  ch->cv.notify_all();
  return ch;
}

}  // namespace dtref
