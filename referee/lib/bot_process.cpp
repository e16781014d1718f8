// BotProcess and OutputTail (see bot_process.hpp for why they are built this way).
#include "dtref/bot_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/process/args.hpp>
#include <boost/process/child.hpp>
#include <boost/process/env.hpp>
#include <boost/process/start_dir.hpp>
#include <boost/process/environment.hpp>
#include <boost/process/exe.hpp>
#include <boost/process/extend.hpp>
#include <boost/process/posix.hpp>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

namespace dtref {

namespace bp = boost::process;

namespace {

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// Both ends of a pipe, closed unless taken.
struct Pipe {
  int read = -1, write = -1;
  Pipe() = default;
  Pipe(const Pipe&) = delete;
  Pipe& operator=(const Pipe&) = delete;
  ~Pipe() { close_fd(read), close_fd(write); }
  bool open() {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return false;
    read = fds[0], write = fds[1];
    return true;
  }
};

std::string describe_end(bool exited_normally, int code_or_signal) {
  if (exited_normally) return "exit code " + std::to_string(code_or_signal);
  const char* name = ::strsignal(code_or_signal);
  return "signal " + std::to_string(code_or_signal) + " (" + (name ? name : "?") + ")";
}

// Can the command be run as `exec <command>`? Not for compound commands
// (shell metacharacters), nor when it starts with a variable assignment
// (`FOO=1 ./bot`), which `exec` would take for a program name.
bool can_exec(const std::string& c) {
  if (c.find_first_of(";&|()\n`") != std::string::npos) return false;
  const size_t start = c.find_first_not_of(" \t");
  if (start == std::string::npos) return false;
  const size_t end = c.find_first_of(" \t", start);
  const std::string first = c.substr(start, end == std::string::npos ? std::string::npos : end - start);
  return first.find('=') == std::string::npos;
}

}  // namespace

BotProcess::~BotProcess() {
  kill_group_and_reap();
  close_pidfd();
}

void BotProcess::close_pidfd() { close_fd(pidfd_); }

std::optional<std::string> BotProcess::launch(const Launch& how, Pipes* ends) {
  if (!how.dir.empty() && ::access(how.dir.c_str(), X_OK) != 0)
    return "cannot start in working directory '" + how.dir + "': " + std::strerror(errno);
  static std::once_flag subreaper;
  std::call_once(subreaper, [] { ::prctl(PR_SET_CHILD_SUBREAPER, 1); });
  Pipe in, out, err;
  if (!out.open() || (how.stdin_pipe && !in.open()) || (!how.stderr_to_stdout && !err.open()))
    return std::string("cannot create a pipe: ") + std::strerror(errno);
  int devnull = how.stdin_pipe ? -1 : ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  const int child_in = how.stdin_pipe ? in.read : devnull;
  const int child_err = how.stderr_to_stdout ? out.write : err.write;
  const std::string script = how.exec_simple_command && can_exec(how.command) ? "exec " + how.command : how.command;
  std::optional<std::string> failure;
  try {
    bp::environment env = boost::this_process::environment();
    for (const auto& [k, v] : how.env) env[k] = v;
    bp::child c(bp::exe = "/bin/sh", bp::args = {"-c", script}, bp::env = env,
                bp::start_dir = how.dir.empty() ? std::string(".") : how.dir, bp::posix::fd.bind(0, child_in),
                bp::posix::fd.bind(1, out.write), bp::posix::fd.bind(2, child_err),
                bp::extend::on_exec_setup([](auto&) {
                  ::setpgid(0, 0);             // own process group: killpg reaches every descendant
                  ::signal(SIGPIPE, SIG_DFL);  // ignored signals survive exec; give the bot the default
                }));
    pid_ = c.id();
    c.detach();  // reaped here (waitid/waitpid), not by boost
  } catch (const std::exception& e) {
    failure = "cannot launch '" + how.command + "': " + e.what();
  }
  close_fd(devnull);
  if (failure) return failure;  // the pipes close with `in`, `out`, `err`
  // The child also calls setpgid; doing it here too closes the race where we
  // would kill the group before the child got to run.
  ::setpgid(pid_, pid_);
  pidfd_ = int(::syscall(SYS_pidfd_open, pid_, 0));
  ends->in = std::exchange(in.write, -1);
  ends->out = std::exchange(out.read, -1);
  ends->err = std::exchange(err.read, -1);
  return std::nullopt;
}

bool BotProcess::check_exited() {
  if (exited_ || pid_ <= 0) return true;
  siginfo_t si{};
  if (::waitid(P_PID, id_t(pid_), &si, WEXITED | WNOHANG | WNOWAIT) != 0) {
    if (errno == ECHILD) {  // someone reaped it: nothing more to learn
      exited_ = reaped_ = true;
      if (exit_detail_.empty()) exit_detail_ = "exited";
    }
    return exited_;
  }
  if (si.si_pid == 0) return false;
  exited_ = true;
  exit_detail_ = describe_end(si.si_code == CLD_EXITED, si.si_status);
  return true;
}

void BotProcess::kill_group_and_reap() {
  if (pid_ <= 0 || reaped_) return;
  // Always kill the group: even after a clean exit, children it left behind
  // (holding pipes, perhaps) must go. The leader is still an unreaped zombie
  // here, so its pid cannot have been reused as a group id.
  ::killpg(pid_, SIGKILL);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  if (!exited_ || exit_detail_.empty())
    exit_detail_ = describe_end(WIFEXITED(status), WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
  exited_ = reaped_ = true;
  // Reap the group's re-parented grandchildren (we are their subreaper);
  // SIGKILL takes a moment to land, hence the short wait.
  const auto reap_until = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  while (std::chrono::steady_clock::now() < reap_until) {
    const pid_t p = ::waitpid(-pid_, &status, WNOHANG);
    if (p > 0) continue;
    if (p < 0) break;  // ECHILD: none left
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  close_pidfd();
}

OutputTail::~OutputTail() { close_fd(file_); }

void OutputTail::copy_to(const std::string& path) {
  std::lock_guard lk(m_);
  close_fd(file_);
  if (!path.empty()) file_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
}

void OutputTail::append(const char* data, size_t n) {
  std::lock_guard lk(m_);
  if (file_ >= 0 && ::write(file_, data, n) < 0) close_fd(file_);  // a full disk must not stop the match
  kept_.append(data, n);
  if (kept_.size() > cap_ * 2) kept_.erase(0, kept_.size() - cap_);
}

std::string OutputTail::tail() const {
  std::lock_guard lk(m_);
  if (kept_.size() <= cap_) return kept_;
  return kept_.substr(kept_.size() - cap_);
}

}  // namespace dtref
