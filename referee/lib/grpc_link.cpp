// GrpcLink: a seat whose bot speaks gRPC. Launches the bot (grpc:) or waits
// for a remote one (grpc-remote), then moves messages through the seat's
// channel on the shared GrpcHub.
#include "dtref/grpc_link.hpp"

#include <poll.h>
#include <unistd.h>

#include <atomic>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "dtref/bot_process.hpp"
#include "dtref/bot_start.hpp"
#include "dtref/grpc_hub.hpp"
#include "dtref/jsonl.hpp"
#include "dtref/logging.hpp"
#include "dtref/seat_sandbox.hpp"

namespace dtref {

namespace {

constexpr size_t kStderrTailBytes = 8192;
// Where a sandboxed gRPC bot finds the referee's socket.
constexpr const char* kSandboxGrpcSocket = "/run/dtref/grpc.sock";
// After the bot's process exits, how long its stream may still deliver what
// it wrote before receive() reports Closed.
constexpr auto kDrainAfterExit = std::chrono::milliseconds(300);
// How often receive() and start() look at the bot's process while waiting.
constexpr auto kProcessPoll = std::chrono::milliseconds(50);

}  // namespace

bool is_grpc_spec(std::string_view spec) {
  return spec.rfind("grpc:", 0) == 0 || spec == "grpc-remote" || spec.rfind("grpc-remote:", 0) == 0 ||
         spec.rfind("grpc-lobby:", 0) == 0;
}

std::unique_ptr<BotLink> make_grpc_link(const BotSpec& bot, int seat, const MatchSpec& match) {
  const std::string& spec = bot.spec;
  GrpcLink::Options o;
  o.seat = seat;
  if (spec.rfind("grpc:", 0) == 0) {
    o.command = spec.substr(5);
    if (o.command.find_first_not_of(" \t") == std::string::npos)
      throw std::invalid_argument("'grpc:' needs a command line, e.g. grpc:\"/usr/bin/python3 examples/grpc-python/bot.py\"");
    o.command = command_with_args(o.command, bot.args);
    o.env = bot.env;
    o.dir = bot.dir;
  } else if (spec == "grpc-remote") {
    // defaults: loopback, any free port
  } else if (spec.rfind("grpc-lobby:", 0) == 0) {
    // grpc-lobby:<listen address>/<bot name>: a ladder bot waiting in that hub's lobby.
    const std::string rest = spec.substr(11);
    const auto slash = rest.find('/');
    if (slash == std::string::npos || slash == 0 || slash + 1 == rest.size())
      throw std::invalid_argument("grpc-lobby:<listen address>/<bot name> names a ladder's remote bot");
    o.listen_address = rest.substr(0, slash);
    o.lobby_name = rest.substr(slash + 1);
  } else if (spec.rfind("grpc-remote:", 0) == 0) {
    o.listen_address = spec.substr(12);
    if (o.listen_address.find(':') == std::string::npos)
      throw std::invalid_argument("grpc-remote:<address> needs host:port, e.g. grpc-remote:0.0.0.0:50051");
  } else {
    throw std::invalid_argument("not a gRPC bot spec: '" + spec + "' (use grpc:<command> or grpc-remote[:host:port])");
  }
  o.stderr_path = stderr_log_path(match, seat);
  o.stderr_log_bytes = match.stderr_log_bytes;
  o.sandbox = seat_sandbox(match, seat);
  o.wire = open_wire_log(match, seat);
  o.announce = match.announce;
  return std::make_unique<GrpcLink>(std::move(o));
}

struct GrpcLink::Impl {
  Options o;
  std::shared_ptr<GrpcHub> hub;
  std::shared_ptr<GrpcSeatChannel> ch = std::make_shared<GrpcSeatChannel>();
  std::string token;

  BotProcess proc;                              // the launched bot (grpc:)
  std::optional<Clock::time_point> exit_seen;  // when we noticed it had exited
  bool closed_reported = false;
  bool shut = false;

  // The bot's stdout and stderr, read by a thread into a capped tail.
  int out_fd = -1;
  std::thread out_thread;
  std::atomic<bool> out_stop{false};
  OutputTail output{kStderrTailBytes};

  void poll_process() {
    if (proc.check_exited() && !exit_seen) exit_seen = Clock::now();
  }

  std::string exit_detail() {
    poll_process();
    return proc.exit_detail();
  }

  std::optional<std::string> launch() {
    BotProcess::Launch how;
    how.command = o.command;
    how.sandbox = o.sandbox;
    std::string address = hub->address();
    if (will_sandbox(o.sandbox) && !o.sandbox.network) {
      // No network in the sandbox: the hub's Unix socket is the way in.
      if (hub->unix_socket().empty())
        return "the bot has no network and the gRPC server at " + hub->address() +
               " has no Unix socket to bind into its sandbox; allow it the network (--bot-network)";
      how.binds.emplace_back(hub->unix_socket(), kSandboxGrpcSocket);
      address = std::string("unix:") + kSandboxGrpcSocket;
    }
    how.env = o.env;
    how.env.insert(how.env.end(), {{"DTREF_GRPC_ADDRESS", address}, {"DTREF_TOKEN", token}, {"DTREF_SEAT", std::to_string(o.seat)}});
    how.dir = o.dir;
    how.stdin_pipe = false;         // a gRPC bot reads nothing on stdin
    how.stderr_to_stdout = true;    // both go to the kept tail
    BotProcess::Pipes ends;
    if (auto failure = proc.launch(how, &ends)) return failure;
    output.copy_to(o.stderr_path, o.stderr_log_bytes);
    out_fd = ends.out;
    out_thread = std::thread([this] { read_output(); });
    return std::nullopt;
  }

  void read_output() {
    char buf[4096];
    while (!out_stop.load()) {
      pollfd p{out_fd, POLLIN, 0};
      const int n = ::poll(&p, 1, 100);
      if (n <= 0) continue;
      const ssize_t got = ::read(out_fd, buf, sizeof buf);
      if (got <= 0) break;  // every writer closed
      output.append(buf, size_t(got));
    }
  }

  void kill_and_reap() {
    proc.kill_group_and_reap();
    if (!exit_seen) exit_seen = Clock::now() - kDrainAfterExit;  // nothing more can arrive
    if (out_thread.joinable()) {
      out_stop = true;  // a grandchild that escaped the group may hold the pipe open
      out_thread.join();
    }
    if (out_fd >= 0) ::close(out_fd);
    out_fd = -1;
  }
};

GrpcLink::GrpcLink(Options opts) : impl_(std::make_unique<Impl>()) { impl_->o = std::move(opts); }

GrpcLink::~GrpcLink() { shutdown(std::chrono::milliseconds(0)); }

std::optional<std::string> GrpcLink::listen() {
  Impl& d = *impl_;
  if (d.hub) return std::nullopt;
  std::string err;
  d.hub = GrpcHub::get(d.o.listen_address, &err);
  if (!d.hub) return err;
  d.token = d.hub->add_seat(d.ch);
  return std::nullopt;
}

std::string GrpcLink::address() const { return impl_->hub ? impl_->hub->address() : std::string(); }
std::string GrpcLink::token() const { return impl_->token; }

// Does not wait for the bot to dial in: the match runner launches every seat
// first and then waits for each ready within the startup window, so gRPC bots
// start up in parallel like stdio ones. Messages sent before the dial-in wait
// in the seat's queue; receive() reports a bot that exits without dialling.
std::optional<std::string> GrpcLink::start(Clock::time_point) {
  Impl& d = *impl_;
  if (!d.o.lobby_name.empty()) {
    std::string err;
    d.hub = GrpcHub::get(d.o.listen_address, &err);
    if (!d.hub) return err;
    auto ch = d.hub->take_waiting(d.o.lobby_name);
    if (!ch) return "remote bot '" + d.o.lobby_name + "' is not connected (it dials " + d.hub->address() + " with its ladder key)";
    d.ch = std::move(ch);
    return std::nullopt;
  }
  if (auto err = listen()) return err;
  if (d.o.command.empty()) {
    if (d.o.announce)
      d.o.announce(fmt::format("dtref: seat {} waits for a gRPC bot to dial {} with token {} (for the examples: "
                               "DTREF_GRPC_ADDRESS={} DTREF_TOKEN={})",
                               d.o.seat, d.hub->address(), d.token, d.hub->address(), d.token));
    else
      logging::info({"referee", {}, d.o.seat}, "waits for a gRPC bot to dial {} with its seat token", d.hub->address());
    return std::nullopt;
  }
  return d.launch();
}

bool GrpcLink::send(const protocol::RefereeMessage& m) {
  if (impl_->o.wire) impl_->o.wire->write(WireLog::Dir::ToBot, to_json_line(m));
  return impl_->ch->send(m);
}

Received GrpcLink::receive(Clock::time_point deadline) {
  Received r = receive_unlogged(deadline);
  if (WireLog* w = impl_->o.wire.get()) {
    switch (r.kind) {
      case Received::Kind::Message: w->write(WireLog::Dir::FromBot, to_json_line(r.msg)); break;
      case Received::Kind::Malformed: w->write(WireLog::Dir::Note, "a malformed message: " + r.exit_detail); break;
      case Received::Kind::Closed: w->write(WireLog::Dir::Note, "the bot's stream ended: " + r.exit_detail); break;
      case Received::Kind::Timeout: w->write(WireLog::Dir::Note, "nothing more arrived before the deadline"); break;
    }
  }
  return r;
}

Received GrpcLink::receive_unlogged(Clock::time_point deadline) {
  Impl& d = *impl_;
  GrpcSeatChannel& ch = *d.ch;
  const bool launched = d.proc.launched();
  std::unique_lock lk(ch.m);
  while (true) {
    if (!ch.inbox.empty()) {
      Received r = std::move(ch.inbox.front());
      ch.inbox.pop_front();
      ch.inbox_bytes -= std::min(ch.inbox_bytes, r.bytes);
      return r;
    }
    bool exited_long_enough = false;
    if (launched && !ch.stream_ended) {
      lk.unlock();
      d.poll_process();
      exited_long_enough = d.exit_seen && Clock::now() - *d.exit_seen >= kDrainAfterExit;
      lk.lock();
      if (!ch.inbox.empty()) continue;
    }
    if (ch.stream_ended || exited_long_enough || d.shut) {
      Received r;
      r.kind = Received::Kind::Closed;
      r.at = Clock::now();
      const std::string stream = ch.stream_ended ? ch.end_detail
                                 : ch.attached   ? "stream still open"
                                                 : "never dialled DTREF_GRPC_ADDRESS with its DTREF_TOKEN";
      lk.unlock();
      std::string exit;
      if (launched) {
        // The stream usually ends because the process is exiting: give it a
        // moment so the verdict can name the exit code or signal.
        const auto until = std::min(Clock::now() + kDrainAfterExit, std::max(deadline, Clock::now()));
        while ((exit = d.exit_detail()).empty() && Clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
      r.exit_detail = exit.empty() ? stream : exit + ", " + stream;
      return r;
    }
    const auto now = Clock::now();
    if (now >= deadline) {
      Received r;
      r.kind = Received::Kind::Timeout;
      r.at = now;
      return r;
    }
    ch.cv.wait_until(lk, launched ? std::min(deadline, now + kProcessPoll) : deadline);
  }
}

void GrpcLink::shutdown(std::chrono::milliseconds grace) {
  Impl& d = *impl_;
  if (d.shut) return;
  d.shut = true;
  // Like closing a stdio bot's stdin: end the stream once what was sent is written.
  d.ch->finish();
  const auto until = Clock::now() + grace;
  if (d.proc.launched()) {
    while (Clock::now() < until && d.exit_detail().empty()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  } else {
    std::unique_lock lk(d.ch->m);
    d.ch->cv.wait_until(lk, until, [&] { return d.ch->done || !d.ch->attached; });
  }
  d.ch->cancel();  // a bot that does not read could hold a write forever
  d.kill_and_reap();
  {
    // The stream is over within moments of the cancel; wait so no reaction
    // runs after the link is gone (the channel itself is shared, so this is tidiness).
    std::unique_lock lk(d.ch->m);
    d.ch->cv.wait_for(lk, std::chrono::seconds(2), [&] { return d.ch->done || !d.ch->attached; });
  }
  if (d.hub) d.hub->remove_seat(d.token);
  d.hub.reset();
}

std::string GrpcLink::exit_detail() const { return impl_->proc.exit_detail(); }

std::string GrpcLink::stderr_tail() const { return impl_->output.tail(); }

std::string GrpcLink::resource_problem() { return impl_->proc.limit_hit(); }

}  // namespace dtref
