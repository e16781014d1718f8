// StdioLink (see stdio_link.hpp for why it is built this way).
#include "dtref/stdio_link.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/process/args.hpp>
#include <boost/process/child.hpp>
#include <boost/process/env.hpp>
#include <boost/process/environment.hpp>
#include <boost/process/exe.hpp>
#include <boost/process/extend.hpp>
#include <boost/process/posix.hpp>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <thread>

#include "dtref/jsonl.hpp"

namespace dtref {

namespace bp = boost::process;

namespace {

// Process-wide settings every launched bot relies on, made once.
void prepare_process() {
  static std::once_flag once;
  std::call_once(once, [] {
    // A bot that exits while we write must give EPIPE, not kill the referee.
    ::signal(SIGPIPE, SIG_IGN);
    // Orphaned grandchildren of bots are re-parented to us, so we can reap them.
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);
  });
}

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

std::string describe_status(int status) {
  if (WIFEXITED(status)) return "exit code " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    const char* name = ::strsignal(sig);
    return "signal " + std::to_string(sig) + " (" + (name ? name : "?") + ")";
  }
  return "status " + std::to_string(status);
}

// Can the command be run as `exec <command>`, so the bot itself (not a shell)
// is the process we watch and its exit status is its own? Not for compound
// commands (shell metacharacters), nor when it starts with a variable
// assignment (`FOO=1 ./bot`), which `exec` would take for a program name.
bool can_exec(const std::string& c) {
  if (c.find_first_of(";&|()\n`") != std::string::npos) return false;
  const size_t start = c.find_first_not_of(" \t");
  if (start == std::string::npos) return false;
  const size_t end = c.find_first_of(" \t", start);
  const std::string first = c.substr(start, end == std::string::npos ? std::string::npos : end - start);
  return first.find('=') == std::string::npos;
}

int ms_until(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  if (left <= 0) return 0;
  return left > 1000000 ? 1000000 : int(left) + 1;  // +1: never wake just before the deadline
}

}  // namespace

StdioLink::StdioLink(std::string command, StdioOptions opt) : command_(std::move(command)), opt_(std::move(opt)) {}

StdioLink::~StdioLink() {
  if (pid_ > 0 && !reaped_) shutdown(std::chrono::milliseconds(0));
  close_fd(in_);
  close_fd(out_);
  close_fd(err_);
  close_fd(pidfd_);
  close_fd(err_file_);
}

void StdioLink::close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

std::optional<std::string> StdioLink::start(Clock::time_point) {
  prepare_process();
  int pin[2], pout[2], perr[2];
  if (::pipe2(pin, O_CLOEXEC) != 0) return std::string("pipe: ") + std::strerror(errno);
  if (::pipe2(pout, O_CLOEXEC) != 0) {
    ::close(pin[0]), ::close(pin[1]);
    return std::string("pipe: ") + std::strerror(errno);
  }
  if (::pipe2(perr, O_CLOEXEC) != 0) {
    ::close(pin[0]), ::close(pin[1]), ::close(pout[0]), ::close(pout[1]);
    return std::string("pipe: ") + std::strerror(errno);
  }
  const std::string script = can_exec(command_) ? "exec " + command_ : command_;
  std::optional<std::string> failure;
  try {
    bp::environment env = boost::this_process::environment();
    for (const auto& [k, v] : opt_.env) env[k] = v;
    bp::child c(bp::exe = "/bin/sh", bp::args = {"-c", script}, bp::env = env,
                bp::posix::fd.bind(0, pin[0]), bp::posix::fd.bind(1, pout[1]), bp::posix::fd.bind(2, perr[1]),
                bp::extend::on_exec_setup([](auto&) {
                  ::setpgid(0, 0);            // own process group: killpg reaches every descendant
                  ::signal(SIGPIPE, SIG_DFL);  // ignored signals survive exec; give the bot the default
                }));
    pid_ = c.id();
    c.detach();  // we reap it ourselves (waitpid), boost must not
  } catch (const std::exception& e) {
    failure = std::string("could not launch: ") + e.what();
  }
  ::close(pin[0]), ::close(pout[1]), ::close(perr[1]);
  in_ = pin[1], out_ = pout[0], err_ = perr[0];
  if (failure) {
    close_fd(in_), close_fd(out_), close_fd(err_);
    pid_ = -1;
    return failure;
  }
  // The child also calls setpgid; doing it here too closes the race where we
  // would kill the group before the child got to run.
  ::setpgid(pid_, pid_);
  set_nonblocking(in_), set_nonblocking(out_), set_nonblocking(err_);
  pidfd_ = int(::syscall(SYS_pidfd_open, pid_, 0));
  if (!opt_.stderr_path.empty())
    err_file_ = ::open(opt_.stderr_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  return std::nullopt;
}

void StdioLink::note_exit(int status) {
  exited_ = reaped_ = true;
  exit_detail_ = describe_status(status);
}

// Has the bot process ended? With reap=false the zombie is left in place, so
// its pid (= our process group id) cannot be reused before we killpg it.
bool StdioLink::child_exited(bool reap) {
  if (reaped_) return true;
  if (pid_ <= 0) return true;
  siginfo_t si{};
  int flags = WEXITED | WNOHANG | (reap ? 0 : WNOWAIT);
  if (::waitid(P_PID, id_t(pid_), &si, flags) != 0) {
    if (errno == ECHILD) {
      exited_ = reaped_ = true;
      if (exit_detail_.empty()) exit_detail_ = "exited";
    }
    return exited_;
  }
  if (si.si_pid == 0) return false;
  exited_ = true;
  if (si.si_code == CLD_EXITED) exit_detail_ = "exit code " + std::to_string(si.si_status);
  else {
    const char* name = ::strsignal(si.si_status);
    exit_detail_ = "signal " + std::to_string(si.si_status) + " (" + (name ? name : "?") + ")";
  }
  if (reap) reaped_ = true;
  return true;
}

void StdioLink::drain_stderr() {
  if (err_ < 0) return;
  char buf[16384];
  // Bounded: a bot writing stderr as fast as we read must not keep us here.
  for (int round = 0; round < 64; ++round) {
    const ssize_t n = ::read(err_, buf, sizeof buf);
    if (n > 0) {
      if (err_file_ >= 0) (void)!::write(err_file_, buf, size_t(n));
      stderr_.append(buf, size_t(n));
      if (stderr_.size() > opt_.stderr_cap * 2) stderr_.erase(0, stderr_.size() - opt_.stderr_cap);
      continue;
    }
    if (n == 0) close_fd(err_);
    return;
  }
}

std::string StdioLink::stderr_tail() const {
  if (stderr_.size() <= opt_.stderr_cap) return stderr_;
  return stderr_.substr(stderr_.size() - opt_.stderr_cap);
}

StdioLink::Io StdioLink::pump(Clock::time_point deadline) {
  pollfd fds[4];
  int n = 0, i_out = -1, i_in = -1, i_err = -1, i_pid = -1;
  if (out_ >= 0 && !out_eof_) fds[i_out = n++] = {out_, POLLIN, 0};
  if (in_ >= 0 && !outbuf_.empty()) fds[i_in = n++] = {in_, POLLOUT, 0};
  if (err_ >= 0) fds[i_err = n++] = {err_, POLLIN, 0};
  if (pidfd_ >= 0 && !exited_) fds[i_pid = n++] = {pidfd_, POLLIN, 0};
  int wait = ms_until(deadline);
  if (pidfd_ < 0 && !exited_ && wait > 20) wait = 20;  // no pidfd: look at the child now and then
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
        inbuf_.append(buf, size_t(got));
        progress = true;
        if (inbuf_.size() > opt_.max_line + sizeof buf) break;  // let take_line judge it first
        continue;
      }
      if (got == 0) out_eof_ = true, progress = true;
      break;
    }
  }
  if ((i_pid >= 0 && fds[i_pid].revents) || (pidfd_ < 0 && !exited_)) {
    if (child_exited(false)) return Io::Exited;
  }
  return progress ? Io::Progress : Io::Idle;
}

bool StdioLink::take_line(std::string* line, bool* overlong) {
  *overlong = false;
  for (;;) {
    const size_t nl = inbuf_.find('\n');
    if (discarding_) {
      if (nl == std::string::npos) {
        inbuf_.clear();
        return false;
      }
      inbuf_.erase(0, nl + 1);
      discarding_ = false;
      continue;
    }
    if (nl == std::string::npos) {
      if (inbuf_.size() > opt_.max_line) {
        *line = inbuf_.substr(0, 200);
        inbuf_.clear();
        discarding_ = true;
        *overlong = true;
        return true;
      }
      return false;
    }
    if (nl > opt_.max_line) {
      *line = inbuf_.substr(0, 200);
      inbuf_.erase(0, nl + 1);
      *overlong = true;
      return true;
    }
    *line = inbuf_.substr(0, nl);
    inbuf_.erase(0, nl + 1);
    if (!line->empty() && line->back() == '\r') line->pop_back();
    if (line->find_first_not_of(" \t") == std::string::npos) continue;  // blank lines are ignored
    return true;
  }
}

bool StdioLink::send_line(const std::string& line) {
  if (in_ < 0) return false;
  outbuf_ += line;
  outbuf_ += '\n';
  // Write what the pipe takes now; the rest goes out while we wait for the answer.
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
  drain_stderr();
  return true;
}

bool StdioLink::send(const protocol::RefereeMessage& m) { return send_line(to_json_line(m)); }

Received StdioLink::receive(Clock::time_point deadline) {
  Received r;
  for (;;) {
    std::string line;
    bool overlong = false;
    if (take_line(&line, &overlong)) {
      r.at = Clock::now();
      if (overlong) {
        r.kind = Received::Kind::Malformed;
        r.raw = line;
        r.exit_detail = "line longer than " + std::to_string(opt_.max_line) + " bytes";
        return r;
      }
      std::string error;
      if (auto m = parse_bot_line(line, &error)) {
        r.kind = Received::Kind::Message;
        r.msg = std::move(*m);
      } else {
        r.kind = Received::Kind::Malformed;
        r.raw = line.substr(0, 200);
        r.exit_detail = error;
      }
      return r;
    }
    if (exited_ || out_eof_) {
      // Whatever it wrote before it went is in the buffer now; nothing more will come.
      if (exited_ || child_exited(false)) {
        r.kind = Received::Kind::Closed;
        r.exit_detail = exit_detail_;
      } else {
        // Output closed; the exit status (a crash's code or signal) usually follows at once.
        const auto until = std::min(deadline, Clock::now() + std::chrono::milliseconds(200));
        while (!child_exited(false) && Clock::now() < until) {
          pollfd p{pidfd_, POLLIN, 0};
          if (pidfd_ >= 0) ::poll(&p, 1, ms_until(until));
          else std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        r.kind = Received::Kind::Closed;
        r.exit_detail = exited_ ? exit_detail_ : "closed its stdout";
      }
      if (r.kind == Received::Kind::Closed) {
        r.at = Clock::now();
        drain_stderr();
        return r;
      }
    }
    if (Clock::now() >= deadline) {
      r.kind = Received::Kind::Timeout;
      r.at = Clock::now();
      return r;
    }
    if (pump(deadline) == Io::Exited) {
      // Read what is still in the pipe before reporting the exit.
      pump(Clock::now());
    }
  }
}

void StdioLink::shutdown(std::chrono::milliseconds grace) {
  if (pid_ <= 0 || reaped_) return;
  // Give pending output a last chance, then close the bot's stdin: its cue to exit.
  pump(Clock::now());
  close_fd(in_);
  const auto until = Clock::now() + grace;
  while (!child_exited(false) && Clock::now() < until) {
    pump(until);
    inbuf_.clear();  // output after the end is not read, only drained
    discarding_ = false;
  }
  // Always kill the group: even after a clean exit, children it left behind
  // (holding our pipes, perhaps) must go. The leader is still an unreaped
  // zombie here, so its pid cannot have been reused as a group id.
  ::killpg(pid_, SIGKILL);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  if (!exited_ || exit_detail_.empty()) note_exit(status);
  reaped_ = true;
  // Reap re-parented grandchildren of the group (we are their subreaper).
  const auto reap_until = Clock::now() + std::chrono::seconds(2);
  while (Clock::now() < reap_until) {
    const pid_t p = ::waitpid(-pid_, &status, WNOHANG);
    if (p > 0) continue;
    if (p < 0) break;  // ECHILD: none left
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  drain_stderr();
  close_fd(out_);
  close_fd(err_);
  close_fd(pidfd_);
}

}  // namespace dtref
