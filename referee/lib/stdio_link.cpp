// StdioLink (see stdio_link.hpp for why it is built this way).
#include "dtref/stdio_link.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <mutex>
#include <thread>

#include "dtref/jsonl.hpp"

namespace dtref {

namespace {

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

int ms_until(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  if (left <= 0) return 0;
  return left > 1000000 ? 1000000 : int(left) + 1;  // +1: never wake just before the deadline
}

// A bot's bytes quoted safely (bot_start.hpp's printable, kept local to the transport).
std::string printable_line(const std::string& raw) {
  std::string out = raw.substr(0, 120);
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) > 0x7e) c = '?';
  return "'" + out + "'";
}

}  // namespace

StdioLink::StdioLink(std::string command, StdioOptions opt)
    : command_(std::move(command)), opt_(std::move(opt)), stderr_(opt_.stderr_cap) {}

StdioLink::~StdioLink() {
  if (proc_.launched() && !proc_.reaped()) shutdown(std::chrono::milliseconds(0));
  close_fd(in_);
  close_fd(out_);
  close_fd(err_);
}

void StdioLink::close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

std::optional<std::string> StdioLink::start(Clock::time_point) {
  // A bot that exits while we write must give EPIPE, not kill the referee.
  static std::once_flag ignore_sigpipe;
  std::call_once(ignore_sigpipe, [] { ::signal(SIGPIPE, SIG_IGN); });
  BotProcess::Launch how;
  how.command = command_;
  how.env = opt_.env;
  how.dir = opt_.dir;
  how.exec_simple_command = true;
  how.sandbox = opt_.sandbox;
  BotProcess::Pipes ends;
  if (auto failure = proc_.launch(how, &ends)) return failure;
  in_ = ends.in, out_ = ends.out, err_ = ends.err;
  set_nonblocking(in_), set_nonblocking(out_), set_nonblocking(err_);
  stderr_.copy_to(opt_.stderr_path, opt_.stderr_log_bytes);
  return std::nullopt;
}

void StdioLink::drain_stderr() {
  if (err_ < 0) return;
  char buf[16384];
  // Bounded: a bot writing stderr as fast as we read must not keep us here.
  for (int round = 0; round < 64; ++round) {
    const ssize_t n = ::read(err_, buf, sizeof buf);
    if (n > 0) {
      stderr_.append(buf, size_t(n));
      continue;
    }
    if (n == 0) close_fd(err_);
    return;
  }
}

std::string StdioLink::stderr_tail() const { return stderr_.tail(); }

StdioLink::Io StdioLink::pump(Clock::time_point deadline) {
  pollfd fds[4];
  int n = 0, i_out = -1, i_in = -1, i_err = -1, i_pid = -1;
  if (out_ >= 0 && !out_eof_) fds[i_out = n++] = {out_, POLLIN, 0};
  if (in_ >= 0 && !outbuf_.empty()) fds[i_in = n++] = {in_, POLLOUT, 0};
  if (err_ >= 0) fds[i_err = n++] = {err_, POLLIN, 0};
  const int pidfd = proc_.pidfd();
  if (pidfd >= 0 && !proc_.exited()) fds[i_pid = n++] = {pidfd, POLLIN, 0};
  int wait = ms_until(deadline);
  if (pidfd < 0 && !proc_.exited() && wait > 20) wait = 20;  // no pidfd: look at the child now and then
  const int r = ::poll(fds, nfds_t(n), wait);
  if (r < 0) return errno == EINTR ? Io::Progress : Io::Idle;
  bool progress = false;
  if (i_err >= 0 && fds[i_err].revents) drain_stderr();
  if (i_in >= 0 && fds[i_in].revents) {
    const ssize_t w = ::write(in_, outbuf_.data(), outbuf_.size());
    if (w > 0) outbuf_.erase(0, size_t(w));
    else if (w < 0 && errno != EAGAIN) outbuf_.clear(), close_fd(in_);
    progress = true;
  }
  if (i_out >= 0 && fds[i_out].revents) {
    char buf[65536];
    for (;;) {
      const ssize_t got = ::read(out_, buf, sizeof buf);
      if (got > 0) {
        lines_.append(buf, size_t(got));
        read_since_send_ += size_t(got);
        progress = true;
        if (lines_.buffered() > opt_.max_line + sizeof buf) break;  // let the reader judge it first
        if (size_t(got) < sizeof buf) break;  // drained: spare the read that would say EAGAIN
        continue;
      }
      if (got == 0) out_eof_ = true, progress = true;
      break;
    }
  }
  if ((i_pid >= 0 && fds[i_pid].revents) || (pidfd < 0 && !proc_.exited())) {
    if (proc_.check_exited()) return Io::Exited;
  }
  return progress ? Io::Progress : Io::Idle;
}


bool StdioLink::send_line(const std::string& line) {
  if (opt_.wire) {
    if (in_ < 0) opt_.wire->write(WireLog::Dir::Note, "not sent, the bot's stdin is closed:");
    opt_.wire->write(WireLog::Dir::ToBot, line);
  }
  if (in_ < 0) return false;
  // A bot that does not read its stdin must not grow our memory: past the
  // cap, messages are not queued (it will time out waiting for them anyway).
  if (outbuf_.size() + line.size() > kMaxUnsentBytes) return false;
  read_since_send_ = 0;
  outbuf_ += line;
  outbuf_ += '\n';
  return flush_output();
}

// Writes what the pipe takes now; the rest goes out while we wait for the answer.
bool StdioLink::flush_output() {
  while (!outbuf_.empty()) {
    const ssize_t w = ::write(in_, outbuf_.data(), outbuf_.size());
    if (w > 0) {
      outbuf_.erase(0, size_t(w));
      continue;
    }
    if (w < 0 && errno == EINTR) continue;
    if (w < 0 && errno == EAGAIN) break;
    outbuf_.clear();
    close_fd(in_);
    return false;
  }
  return true;
}

// The line is written straight into the output buffer, whose memory is kept
// from one request to the next.
bool StdioLink::send(const protocol::RefereeMessage& m) {
  if (opt_.wire) return send_line(to_json_line(m, style_));  // the wire log sees every line as sent
  if (in_ < 0) return false;
  append_json_line(outbuf_, m, style_);
  outbuf_ += '\n';
  read_since_send_ = 0;
  return flush_output();
}

Received StdioLink::receive(Clock::time_point deadline) {
  Received r;
  for (;;) {
    std::string line;
    bool overlong = false;
    if (lines_.next(&line, &overlong)) {
      if (opt_.wire) {
        if (overlong) opt_.wire->write(WireLog::Dir::Note, "a line longer than " + std::to_string(opt_.max_line) + " bytes; it began:");
        opt_.wire->write(WireLog::Dir::FromBot, line);
      }
      if (overlong) {
        r.at = Clock::now();
        r.kind = Received::Kind::Malformed;
        r.raw = line;
        r.exit_detail = "line longer than " + std::to_string(opt_.max_line) + " bytes";
        return r;
      }
      std::string error;
      if (parse_bot_line(line, &r.msg, &error)) {
        r.kind = Received::Kind::Message;
        r.raw = std::move(line);  // as the bot wrote it, for those who quote it
      } else {
        r.kind = Received::Kind::Malformed;
        r.raw = line.substr(0, 200);
        r.exit_detail = error;
      }
      r.at = Clock::now();  // after parsing: the bot's clock pays for the time its line took to read
      return r;
    }
    if (proc_.exited() || out_eof_) {
      // Whatever it wrote before it went is in the buffer now; nothing more will come.
      if (proc_.check_exited()) {
        r.kind = Received::Kind::Closed;
        r.exit_detail = proc_.exit_detail();
      } else {
        // Output closed; the exit status (a crash's code or signal) usually follows at once.
        const auto until = std::min(deadline, Clock::now() + std::chrono::milliseconds(200));
        while (!proc_.check_exited() && Clock::now() < until) {
          pollfd p{proc_.pidfd(), POLLIN, 0};
          if (p.fd >= 0) ::poll(&p, 1, ms_until(until));
          else std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        r.kind = Received::Kind::Closed;
        r.exit_detail = proc_.exited() ? proc_.exit_detail() : "closed its stdout";
      }
      if (r.kind == Received::Kind::Closed) {
        r.at = Clock::now();
        if (opt_.wire) opt_.wire->write(WireLog::Dir::Note, "the bot's output ended: " + r.exit_detail);
        drain_stderr();
        return r;
      }
    }
    if (Clock::now() >= deadline) {
      r.kind = Received::Kind::Timeout;
      r.at = Clock::now();
      r.silent = read_since_send_ == 0 && !proc_.exited();
      r.partial = lines_.partial(200);
      if (opt_.wire) opt_.wire->write(WireLog::Dir::Note, "nothing more arrived before the deadline");
      return r;
    }
    if (pump(deadline) == Io::Exited) {
      // Read what is still in the pipe before reporting the exit.
      pump(Clock::now());
    }
  }
}

void StdioLink::settle_before_match_end() {
  pump(Clock::now());  // what is in the pipe now was written during the match
  lines_.clear();
  read_since_send_ = 0;
}

std::optional<std::string> StdioLink::between_matches_problem() {
  if (!proc_.launched() || proc_.reaped()) return "the kept bot is gone";
  // One look, without waiting: what it wrote since its last match_end, and whether it still runs.
  if (pump(Clock::now()) == Io::Exited) pump(Clock::now());
  std::string line;
  bool overlong = false;
  if (lines_.next(&line, &overlong)) {
    if (opt_.wire) opt_.wire->write(WireLog::Dir::FromBot, line);
    return "wrote a line between matches, after the previous match_end and before this hello (a bot that plays "
           "several matches says nothing until it is sent hello): " + printable_line(line);
  }
  if (lines_.buffered() > 0 && !proc_.exited())
    return "wrote between matches, after the previous match_end and before this hello: " +
           printable_line(lines_.partial(120));
  if (proc_.check_exited() || out_eof_)
    return "the kept bot ended between matches (" + (proc_.exited() ? proc_.exit_detail() : std::string("closed its stdout")) +
           "), though it said it plays several matches";
  return std::nullopt;
}

std::optional<std::string> StdioLink::keep_problem() const {
  const int64_t limit = proc_.limits().cpu_seconds;
  if (limit <= 0) return std::nullopt;
  const double used = proc_.busiest_process_cpu_seconds();
  if (used * 2 >= double(limit))
    return "it has used " + std::to_string(int64_t(used)) + " s of its CPU time limit of " + std::to_string(limit) +
           " s per process";
  return std::nullopt;
}

void StdioLink::next_match(const StdioOptions& per_match) {
  opt_.wire = per_match.wire;
  opt_.stderr_path = per_match.stderr_path;
  opt_.stderr_log_bytes = per_match.stderr_log_bytes;
  stderr_.clear_tail();
  stderr_.copy_to(opt_.stderr_path, opt_.stderr_log_bytes);
}

void StdioLink::shutdown(std::chrono::milliseconds grace) {
  if (!proc_.launched() || proc_.reaped()) return;
  // Give pending output a last chance, then close the bot's stdin: its cue to exit.
  pump(Clock::now());
  close_fd(in_);
  if (opt_.wire) opt_.wire->write(WireLog::Dir::Note, "stdin closed; the bot has " + std::to_string(grace.count()) + " ms to exit");
  const auto until = Clock::now() + grace;
  while (!proc_.check_exited() && Clock::now() < until) {
    pump(until);
    lines_.clear();  // output after the end is not read, only drained
  }
  proc_.kill_group_and_reap();
  if (opt_.wire) opt_.wire->write(WireLog::Dir::Note, "process group ended: " + proc_.exit_detail());
  drain_stderr();
  close_fd(out_);
  close_fd(err_);
}

}  // namespace dtref
