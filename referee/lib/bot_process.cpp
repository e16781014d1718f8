// BotProcess and OutputTail (see bot_process.hpp for why they are built this way).
#include "dtref/bot_process.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/close_range.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <thread>

#include "dtref/cgroup.hpp"

extern char** environ;

namespace dtref {

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

// Strings and the NULL-terminated pointer array execve wants, built before fork.
struct CStrings {
  std::vector<std::string> own;
  std::vector<char*> ptrs;
  void finish() {
    for (std::string& s : own) ptrs.push_back(s.data());
    ptrs.push_back(nullptr);
  }
};

// The environment a bot gets: an allow-list of the referee's variables
// (none can hold a secret: a database password, a cloud token, another
// seat's DTREF_TOKEN), plus `extra` (the bot's own settings and its seat's).
// docs/security.md lists them.
bool passed_to_bots(const std::string& name) {
  static const char* const kNames[] = {"PATH", "LANG", "LANGUAGE", "TZ", "TERM", "USER", "LOGNAME", "HOME", "TMPDIR",
                                       "LD_LIBRARY_PATH", "ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS",
                                       "TSAN_OPTIONS"};
  for (const char* n : kNames)
    if (name == n) return true;
  // Interpreters' search paths (PYTHONPATH, NODE_PATH, CLASSPATH, ...): never DTREF_*.
  if (names_bot_files(name) && name.rfind("DTREF_", 0) != 0) return true;
  return name.rfind("LC_", 0) == 0;
}

CStrings bot_environment(const std::vector<std::pair<std::string, std::string>>& extra) {
  CStrings env;
  auto wanted = [&](const char* kv) {
    const char* eq = std::strchr(kv, '=');
    const std::string name(kv, eq ? size_t(eq - kv) : std::strlen(kv));
    if (!passed_to_bots(name)) return false;
    for (const auto& [k, v] : extra)
      if (k == name) return false;
    return true;
  };
  for (char** e = environ; e && *e; ++e)
    if (wanted(*e)) env.own.emplace_back(*e);
  for (const auto& [k, v] : extra) env.own.push_back(k + "=" + v);
  env.finish();
  return env;
}

struct Limit {
  int resource;
  rlim_t soft, hard;
};

// The rlimits a bot gets: always CPU time, open files, file size and no core
// dumps; address space only when no memory cgroup bounds it (it also counts
// memory merely reserved, which some runtimes reserve a lot of); processes
// only when the bot has a uid of its own (RLIMIT_NPROC counts per uid).
std::vector<Limit> rlimits_for(const ResourceLimits& l, bool memory_cgroup, bool own_uid) {
  std::vector<Limit> out{{RLIMIT_CORE, 0, 0}};
  if (l.cpu_seconds > 0) out.push_back({RLIMIT_CPU, rlim_t(l.cpu_seconds), rlim_t(l.cpu_seconds + 5)});
  if (l.open_files > 0) out.push_back({RLIMIT_NOFILE, rlim_t(l.open_files), rlim_t(l.open_files)});
  if (l.file_bytes > 0) out.push_back({RLIMIT_FSIZE, rlim_t(l.file_bytes), rlim_t(l.file_bytes)});
  if (l.memory_bytes > 0 && !memory_cgroup) out.push_back({RLIMIT_AS, rlim_t(l.memory_bytes), rlim_t(l.memory_bytes)});
  if (l.processes > 0 && own_uid) out.push_back({RLIMIT_NPROC, rlim_t(l.processes), rlim_t(l.processes)});
  return out;
}

// Everything the child does between fork and exec: system calls only.
struct ChildPlan {
  int in = -1, out = -1, err = -1;  // become 0, 1, 2
  int report = -1;                  // close-on-exec pipe: errno of a failed step
  pid_t parent = 0;
  const std::vector<int>* cgroup_fds = nullptr;
  std::vector<Limit> limits;
  bool set_uid = false;  // drop to `uid` here (no namespaces to do it in)
  uid_t uid = 0;
  int seccomp_fd = -1;  // bwrap's --seccomp program: becomes descriptor kSeccompFd
  int info_fd = -1;     // bwrap's --info-fd pipe: becomes descriptor kInfoFd
  const sock_fprog* seccomp = nullptr;  // no bwrap: the filter the child installs itself before exec
  const char* dir = nullptr;  // working directory, when not the referee's
  const char* path = nullptr;
  char* const* argv = nullptr;
  char* const* envp = nullptr;
};

constexpr int kSeccompFd = 3;  // bwrap --seccomp 3
constexpr int kInfoFd = 4;     // bwrap --info-fd 4

[[noreturn]] void fail_in_child(const ChildPlan& c, int step) {
  const int report[2] = {step, errno};
  [[maybe_unused]] ssize_t n = ::syscall(SYS_write, c.report, report, sizeof report);
  ::_exit(127);
}

[[noreturn]] void run_child(const ChildPlan& c) {
  ::setpgid(0, 0);  // own process group: killpg reaches every descendant that stays in it
  // Die with the referee; if it already died, go at once.
  if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) fail_in_child(c, 1);
  if (::getppid() != c.parent) ::_exit(127);
  if (c.cgroup_fds)
    for (int fd : *c.cgroup_fds)
      if (::syscall(SYS_write, fd, "0", 1) != 1) fail_in_child(c, 2);
  for (const Limit& l : c.limits) {
    const rlimit r{l.soft, l.hard};
    if (::syscall(SYS_setrlimit, l.resource, &r) != 0) fail_in_child(c, 3);
  }
  if (c.set_uid) {
    // Raw system calls: glibc's wrappers would try to change every thread's
    // ids, and the forked child has only this one.
    if (::syscall(SYS_setgroups, 0, nullptr) != 0 || ::syscall(SYS_setresgid, c.uid, c.uid, c.uid) != 0 ||
        ::syscall(SYS_setresuid, c.uid, c.uid, c.uid) != 0 || ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
      fail_in_child(c, 4);
  }
  // Signal dispositions and the mask survive exec: give the bot the defaults.
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  for (int sig = 1; sig < NSIG; ++sig) ::sigaction(sig, &dfl, nullptr);  // fails harmlessly for KILL, STOP
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  if (::dup2(c.in, 0) < 0 || ::dup2(c.out, 1) < 0 || ::dup2(c.err, 2) < 0) fail_in_child(c, 5);
  if (c.dir && ::chdir(c.dir) != 0) fail_in_child(c, 7);
  // bwrap reads its filter from kSeccompFd and says who its process inside
  // is on kInfoFd: moved out of the way first, then into place (dup2 clears
  // close-on-exec on the copy).
  const int sec = c.seccomp_fd >= 0 ? ::fcntl(c.seccomp_fd, F_DUPFD_CLOEXEC, 10) : -1;
  const int info = c.info_fd >= 0 ? ::fcntl(c.info_fd, F_DUPFD_CLOEXEC, 10) : -1;
  if ((c.seccomp_fd >= 0 && sec < 0) || (c.info_fd >= 0 && info < 0)) fail_in_child(c, 8);
  // Nothing else the referee has open reaches the bot (libraries may have
  // opened descriptors without close-on-exec).
  ::syscall(SYS_close_range, 3u, ~0u, CLOSE_RANGE_CLOEXEC);
  if ((sec >= 0 && ::dup2(sec, kSeccompFd) < 0) || (info >= 0 && ::dup2(info, kInfoFd) < 0)) fail_in_child(c, 8);
  if (c.seccomp && (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
                    ::syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, c.seccomp) != 0))
    fail_in_child(c, 8);
  ::execve(c.path, c.argv, c.envp);
  fail_in_child(c, 6);
}

const char* const kChildSteps[] = {"", "PR_SET_PDEATHSIG", "joining its cgroup", "setting its rlimits",
                                   "dropping to its own uid", "redirecting its stdio", "exec",
                                   "changing to its working directory", "installing its seccomp filter"};

// Kills every process running as `uid` (a leased uid nobody else runs as).
void kill_uid(uid_t uid) {
  DIR* d = ::opendir("/proc");
  if (!d) return;
  while (dirent* e = ::readdir(d)) {
    char* end = nullptr;
    const long pid = std::strtol(e->d_name, &end, 10);
    if (pid <= 0 || *end) continue;
    std::ifstream st(std::string("/proc/") + e->d_name + "/status");
    for (std::string line; std::getline(st, line);)
      if (line.rfind("Uid:", 0) == 0) {
        if (std::strtoul(line.c_str() + 4, nullptr, 10) == uid) ::kill(pid_t(pid), SIGKILL);
        break;
      }
  }
  ::closedir(d);
}

// Descriptors (pidfds) of the processes below `root`, nearest first, at
// most `cap`: what may be re-parented to the referee (its subreaper) when the
// tree is killed, e.g. bubblewrap's process inside the pid namespace, which
// outlives the bwrap process the referee started by a moment.
std::vector<int> descendant_pidfds(pid_t root, size_t cap) {
  std::vector<int> fds;
  std::vector<pid_t> queue{root};
  for (size_t i = 0; i < queue.size() && fds.size() < cap; ++i) {
    const std::string tasks = "/proc/" + std::to_string(queue[i]) + "/task";
    DIR* d = ::opendir(tasks.c_str());
    if (!d) continue;
    while (dirent* e = ::readdir(d)) {
      if (e->d_name[0] == '.') continue;
      std::ifstream in(tasks + "/" + e->d_name + "/children");
      for (long pid; in >> pid && fds.size() < cap;) {
        const int fd = int(::syscall(SYS_pidfd_open, pid_t(pid), 0));
        if (fd < 0) continue;
        fds.push_back(fd);
        queue.push_back(pid_t(pid));
      }
    }
    ::closedir(d);
  }
  return fds;
}

// Reaps each process of `fds` that became the referee's child (a zombie once
// killed), waiting up to `until` for those still alive or not yet handed over.
void reap_pidfds(std::vector<int>& fds, std::chrono::steady_clock::time_point until) {
  while (!fds.empty()) {
    for (size_t i = 0; i < fds.size();) {
      siginfo_t si{};
      const int r = ::waitid(P_PIDFD, id_t(fds[i]), &si, WEXITED | WNOHANG);
      // Done with it once reaped here, or gone altogether (its own parent reaped it).
      const bool done = (r == 0 && si.si_pid != 0) ||
                        (r < 0 && errno == ECHILD && ::syscall(SYS_pidfd_send_signal, fds[i], 0, nullptr, 0) != 0);
      if (done) {
        ::close(fds[i]);
        fds[i] = fds.back();
        fds.pop_back();
      } else {
        ++i;
      }
    }
    if (fds.empty() || std::chrono::steady_clock::now() >= until) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  for (int fd : fds) ::close(fd);
  fds.clear();
}

}  // namespace

BotProcess::BotProcess() = default;

BotProcess::~BotProcess() {
  kill_group_and_reap();
  close_pidfd();
}

void BotProcess::close_pidfd() {
  close_fd(pidfd_);
  close_fd(info_fd_);
}

int BotProcess::sandbox_inner_pidfd() {
  if (info_fd_ < 0) return -1;
  char buf[4096];
  const ssize_t n = ::read(info_fd_, buf, sizeof buf - 1);
  if (n <= 0) return -1;
  buf[n] = 0;
  const char* at = std::strstr(buf, "\"child-pid\"");
  if (!at) return -1;
  at = std::strchr(at, ':');
  const long pid = at ? std::strtol(at + 1, nullptr, 10) : 0;
  if (pid <= 1) return -1;
  const int fd = int(::syscall(SYS_pidfd_open, pid_t(pid), 0));
  if (fd < 0) return -1;
  // Its number may have been reused once bwrap reaped it: take it only if it
  // is still bwrap's own (a session leader named bwrap), never another child.
  std::ifstream st("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(st)), std::istreambuf_iterator<char>());
  const size_t close = stat.rfind(')');
  long sid = -1;
  if (stat.find("(bwrap)") != std::string::npos && close != std::string::npos) {
    std::istringstream rest(stat.substr(close + 1));
    std::string state;
    long ppid = 0, pgrp = 0;
    rest >> state >> ppid >> pgrp >> sid;
  }
  if (sid != pid) {
    ::close(fd);
    return -1;
  }
  return fd;
}

std::optional<std::string> BotProcess::launch(const Launch& how, Pipes* ends) {
  if (!how.dir.empty() && ::access(how.dir.c_str(), X_OK) != 0)
    return "cannot start in working directory '" + how.dir + "': " + std::strerror(errno);
  static std::once_flag subreaper;
  std::call_once(subreaper, [] { ::prctl(PR_SET_CHILD_SUBREAPER, 1); });
  const SandboxSettings& sb = how.sandbox;
  const Support& sup = sandbox_support();
  if (auto no = sup.refusal(sb)) return no;
  limits_ = sb.limits;
  const bool isolate = sb.isolation != Isolation::Off;
  sandboxed_ = isolate && !sup.bwrap.empty();
  if (isolate && ::geteuid() == 0 && (!sandboxed_ || sup.own_uid)) uid_ = UidLease::take();
  direct_uid_ = uid_ && !sandboxed_;
  // The program itself (the command's first word, when it is a path: an
  // interpreter under a home directory, say) must be reachable by that uid;
  // say so plainly rather than leave it to a shell's "Permission denied".
  const std::string program = how.command.substr(0, how.command.find_first_of(" \t"));
  if (uid_ && program.find('/') != std::string::npos)
    if (auto blocked = unreadable_by_others(how.dir.empty() || program[0] == '/' ? program : how.dir + "/" + program))
      return "cannot launch '" + how.command + "': it runs as a user of its own (uid " + std::to_string(uid_->uid()) +
             "), which may not run " + program + " (" + *blocked +
             " is closed to other users): make the bot's files readable by others (chmod o+rX), "
             "or run without isolation (--isolation off)";
  // A path the operator made writable for bots must be writable by a bot
  // with a uid of its own: say so at once rather than leave it EACCES.
  if (uid_)
    for (const std::string& p : sb.read_write) {
      struct stat st {};
      if (::stat(p.c_str(), &st) != 0)
        return "--bot-writable '" + p + "': " + std::strerror(errno);
      const bool open_to_others = (st.st_mode & S_IWOTH) && (!S_ISDIR(st.st_mode) || (st.st_mode & S_IXOTH));
      if (!open_to_others)
        return "--bot-writable '" + p + "': each bot runs as a user of its own (uid " + std::to_string(uid_->uid()) +
               "), which may not write there: make it writable by other users (chmod 1777 for a directory, o+w for a "
               "file), or run without isolation (--isolation off)";
    }
  std::string cgroup_problem;
  cgroup_ = BotCgroup::create(limits_, &cgroup_problem);

  Pipe in, out, err, report;
  if (!out.open() || (how.stdin_pipe && !in.open()) || (!how.stderr_to_stdout && !err.open()) || !report.open())
    return std::string("cannot create a pipe: ") + std::strerror(errno);
  int devnull = how.stdin_pipe ? -1 : ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  const std::string script = how.exec_simple_command && can_exec(how.command) ? "exec " + how.command : how.command;

  // The seccomp filter: handed to bwrap, which installs it last, or
  // installed by the child itself without bwrap.
  int seccomp_fd = -1;
  sock_fprog direct_filter{};
  const std::vector<char>& filter = seccomp_filter();
  if (isolate && sb.seccomp && !filter.empty()) {
    if (sandboxed_) {
      seccomp_fd = seccomp_memfd();
    } else {
      direct_filter.len = static_cast<unsigned short>(filter.size() / sizeof(sock_filter));
      direct_filter.filter = reinterpret_cast<sock_filter*>(const_cast<char*>(filter.data()));
    }
  }
  struct CloseLater {
    int& fd;
    ~CloseLater() { close_fd(fd); }
  } close_seccomp{seccomp_fd};
  // bwrap's process inside the sandbox outlives the bwrap we start by a
  // moment, and is then the referee's to reap: --info-fd names it.
  Pipe info;
  if (sandboxed_ && info.open()) {
    close_fd(info_fd_);
    info_fd_ = std::exchange(info.read, -1);
    ::fcntl(info_fd_, F_SETFL, O_NONBLOCK);
  }
  CStrings argv;
  if (sandboxed_) {
    // The directories its environment names are its own: what is set for it,
    // and the search paths it inherits (docs/protocol.md, "Running a stdio bot").
    SandboxSettings own = sb;
    own.env = how.env;
    for (char** e = environ; e && *e; ++e)
      if (const char* eq = std::strchr(*e, '=')) own.env.emplace_back(std::string(*e, size_t(eq - *e)), eq + 1);
    argv.own = sandboxed_command(sup, own, script, uid_ ? std::optional<uid_t>(uid_->uid()) : std::nullopt, how.binds,
                                 how.dir, seccomp_fd >= 0 ? kSeccompFd : -1, info.write >= 0 ? kInfoFd : -1);
  } else {
    argv.own = {"/bin/sh", "-c", script};
  }
  argv.finish();
  auto extra = how.env;
  if (isolate && (sandboxed_ || uid_)) {
    // The referee's home is not the bot's (an own uid cannot even read it); /tmp is its own when sandboxed.
    extra.emplace_back("HOME", "/tmp");
    extra.emplace_back("TMPDIR", "/tmp");
  }
#if defined(__SANITIZE_ADDRESS__)
#define DTREF_ASAN_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DTREF_ASAN_BUILD 1
#endif
#endif
#ifdef DTREF_ASAN_BUILD
  // A sanitized build's bots (the dtbot-* of the same tree) check for leaks
  // at exit with ptrace, which the filter refuses: their leak checker is
  // turned off rather than failing every exit.
  if (isolate && sb.seccomp && !filter.empty()) {
    const char* asan = std::getenv("ASAN_OPTIONS");
    extra.emplace_back("ASAN_OPTIONS", std::string(asan && *asan ? std::string(asan) + ":" : "") + "detect_leaks=0");
  }
#endif
  CStrings env = bot_environment(extra);

  ChildPlan c;
  c.in = how.stdin_pipe ? in.read : devnull;
  c.out = out.write;
  c.err = how.stderr_to_stdout ? out.write : err.write;
  c.report = report.write;
  c.parent = ::getpid();
  if (cgroup_) c.cgroup_fds = &cgroup_->join_fds();
  c.limits = rlimits_for(limits_, cgroup_ && cgroup_->limits_memory(), uid_.has_value());
  c.set_uid = direct_uid_;
  if (!sandboxed_ && !how.dir.empty()) c.dir = how.dir.c_str();  // bubblewrap changes directory itself
  c.seccomp_fd = seccomp_fd;
  c.info_fd = info.write;
  if (direct_filter.filter) c.seccomp = &direct_filter;
  if (uid_) c.uid = uid_->uid();
  c.path = argv.ptrs[0];
  c.argv = argv.ptrs.data();
  c.envp = env.ptrs.data();

  const pid_t pid = ::fork();
  if (pid == 0) run_child(c);
  close_fd(devnull);
  if (pid < 0) return std::string("cannot start a process: ") + std::strerror(errno);
  pid_ = pid;
  // The child also calls setpgid; doing it here too closes the race where we
  // would kill the group before the child got to run.
  ::setpgid(pid_, pid_);
  close_fd(report.write);
  int failure[2] = {0, 0};
  ssize_t got;
  while ((got = ::read(report.read, failure, sizeof failure)) < 0 && errno == EINTR) {
  }
  if (got == ssize_t(sizeof failure)) {  // the child reported a failed step instead of exec'ing
    kill_group_and_reap();
    const int step = failure[0] >= 1 && failure[0] <= 8 ? failure[0] : 0;
    return std::string("cannot launch '") + how.command + "': " + kChildSteps[step] + " failed: " + std::strerror(failure[1]) +
           (step == 6 ? " (" + argv.own[0] + ")" : "");
  }
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
  int code = si.si_status;
  bool normal = si.si_code == CLD_EXITED;
  // bwrap reports a bot killed by signal N as exit code 128 + N.
  if (normal && sandboxed_ && code > 128 && code < 128 + NSIG) normal = false, code -= 128;
  if (!normal) end_signal_ = code;
  exit_detail_ = describe_end(normal, code);
  return true;
}

double BotProcess::busiest_process_cpu_seconds() const {
  if (pid_ <= 0 || reaped_) return 0;
  static const double ticks = double(::sysconf(_SC_CLK_TCK));
  double busiest = 0;
  std::vector<pid_t> queue{pid_};
  for (size_t i = 0; i < queue.size() && i < 256; ++i) {
    const std::string dir = "/proc/" + std::to_string(queue[i]);
    {
      std::ifstream in(dir + "/stat");
      std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      const size_t close = stat.rfind(')');
      if (close != std::string::npos) {
        std::istringstream fields(stat.substr(close + 1));
        std::string f;
        double utime = 0, stime = 0;
        // After the command's ')' come field 3 (state) on; utime and stime are fields 14 and 15.
        for (int k = 3; k <= 15 && fields >> f; ++k)
          if (k == 14) utime = std::atof(f.c_str());
          else if (k == 15) stime = std::atof(f.c_str());
        if (ticks > 0) busiest = std::max(busiest, (utime + stime) / ticks);
      }
    }
    DIR* d = ::opendir((dir + "/task").c_str());
    if (!d) continue;
    while (dirent* e = ::readdir(d)) {
      if (e->d_name[0] == '.') continue;
      std::ifstream in(dir + "/task/" + e->d_name + "/children");
      for (long pid; in >> pid;) queue.push_back(pid_t(pid));
    }
    ::closedir(d);
  }
  return busiest;
}

std::string BotProcess::limit_hit() {
  if (cgroup_) {
    const std::string hit = cgroup_->limit_hit();
    if (!hit.empty()) limit_hit_ = hit;
  }
  if (!limit_hit_.empty()) return limit_hit_;
  check_exited();
  if (end_signal_ == SIGXCPU)
    return "CPU time limit (" + std::to_string(limits_.cpu_seconds) + " s of one process) exceeded";
  if (end_signal_ == SIGXFSZ)
    return "file size limit (" + std::to_string(limits_.file_bytes >> 20) + " MiB) exceeded";
  return {};
}

void BotProcess::kill_group_and_reap() {
  if (pid_ <= 0 || reaped_) return;
  // Always kill the group: even after a clean exit, children it left behind
  // (holding pipes, perhaps) must go. The leader is still an unreaped zombie
  // here, so its pid cannot have been reused as a group id.
  std::vector<int> below = descendant_pidfds(pid_, 64);
  if (const int inner = sandbox_inner_pidfd(); inner >= 0) below.push_back(inner);
  ::killpg(pid_, SIGKILL);
  if (cgroup_) cgroup_->kill_all();  // also what left the group (setsid) without a pid namespace
  if (direct_uid_) kill_uid(uid_->uid());
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  if (!exited_ || exit_detail_.empty()) {
    exited_ = false;
    bool normal = WIFEXITED(status);
    int code = normal ? WEXITSTATUS(status) : WTERMSIG(status);
    if (normal && sandboxed_ && code > 128 && code < 128 + NSIG) normal = false, code -= 128;
    if (!normal) end_signal_ = code;
    exit_detail_ = describe_end(normal, code);
  }
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
  // And those that left the group: the sandbox's own process, setsid()ers.
  reap_pidfds(below, reap_until);
  if (cgroup_) {
    const std::string hit = cgroup_->limit_hit();
    if (!hit.empty()) limit_hit_ = hit;
    cgroup_.reset();  // kills stragglers, removes the cgroup
  }
  if (direct_uid_) kill_uid(uid_->uid());
  uid_.reset();  // nothing runs as it any more: free for the next bot
  close_pidfd();
}

OutputTail::~OutputTail() { close_fd(file_); }

void OutputTail::copy_to(const std::string& path, size_t max_bytes) {
  std::lock_guard lk(m_);
  close_fd(file_);
  if (path.empty()) return;
  // Owner-only: a bot's log may hold what it saw of its hand, and other bots run as other users.
  file_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
  file_left_ = max_bytes;
}

void OutputTail::append(const char* data, size_t n) {
  std::lock_guard lk(m_);
  if (file_ >= 0) {
    const size_t take = std::min(n, file_left_);
    // A full disk must not stop the match: a failed write gives the file up.
    if (take > 0 && ::write(file_, data, take) < 0) close_fd(file_);
    file_left_ -= take;
    if (file_ >= 0 && take < n) {
      const char note[] = "\n[dtref: log size limit reached; the rest of this bot's output was dropped]\n";
      [[maybe_unused]] ssize_t w = ::write(file_, note, sizeof note - 1);
      close_fd(file_);
    }
  }
  kept_.append(data, n);
  if (kept_.size() > cap_ * 2) kept_.erase(0, kept_.size() - cap_);
}

void OutputTail::clear_tail() {
  std::lock_guard lk(m_);
  kept_.clear();
}

std::string OutputTail::tail() const {
  std::lock_guard lk(m_);
  if (kept_.size() <= cap_) return kept_;
  return kept_.substr(kept_.size() - cap_);
}

}  // namespace dtref
