// The bot sandbox (see sandbox.hpp).
#include "dtref/sandbox.hpp"

#include <fcntl.h>
#include <sched.h>
#include <seccomp.h>
#include <sys/mman.h>
#include <spawn.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <mutex>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <stdexcept>

#include "dtref/cgroup.hpp"

extern char** environ;

namespace dtref {

namespace fs = std::filesystem;

std::optional<Isolation> isolation_by_name(const std::string& s) {
  if (s == "auto") return Isolation::Auto;
  if (s == "require") return Isolation::Require;
  if (s == "off") return Isolation::Off;
  return std::nullopt;
}

std::string to_string(Isolation i) {
  switch (i) {
    case Isolation::Auto: return "auto";
    case Isolation::Require: return "require";
    case Isolation::Off: return "off";
  }
  return "?";
}

namespace {

int64_t parse_size(const std::string& key, const std::string& v) {
  if (v == "unlimited") return 0;
  size_t used = 0;
  double n = 0;
  try {
    n = std::stod(v, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  std::string unit = v.substr(used);
  double mult = 1;
  if (unit == "K" || unit == "k" || unit == "KiB") mult = 1024;
  else if (unit == "M" || unit == "m" || unit == "MiB") mult = 1024.0 * 1024;
  else if (unit == "G" || unit == "g" || unit == "GiB") mult = 1024.0 * 1024 * 1024;
  else if (!unit.empty()) used = 0;
  if (used == 0 || n < 0 || !std::isfinite(n) || n * mult > 9.0e18)
    throw std::invalid_argument("limit " + key + "=" + v + ": give a size such as 512M, 2G or 0 (unlimited)");
  return int64_t(n * mult);
}

int64_t parse_count(const std::string& key, const std::string& v) {
  if (v == "unlimited") return 0;
  size_t used = 0;
  long long n = -1;
  try {
    n = std::stoll(v, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != v.size() || n < 0 || n > (1ll << 40))
    throw std::invalid_argument("limit " + key + "=" + v + ": give a whole number (0: unlimited)");
  return n;
}

std::string size_text(int64_t b) {
  if (b == 0) return "unlimited";
  if (b % (int64_t(1) << 30) == 0) return std::to_string(b >> 30) + " GiB";
  if (b % (int64_t(1) << 20) == 0) return std::to_string(b >> 20) + " MiB";
  if (b % 1024 == 0) return std::to_string(b >> 10) + " KiB";
  return std::to_string(b) + " bytes";
}

std::string count_text(int64_t n) { return n == 0 ? "unlimited" : std::to_string(n); }

const char* const kSystemPrefixes[] = {"/usr/", "/bin/", "/sbin/", "/lib/", "/lib32/", "/lib64/", "/libx32/",
                                       "/etc/", "/proc/", "/sys/", "/dev/"};

bool is_system_path(const std::string& p) {
  for (const char* pre : kSystemPrefixes)
    if (p.rfind(pre, 0) == 0) return true;
  return false;
}

std::string find_program(const std::string& name) {
  for (const char* dir : {"/usr/bin/", "/bin/", "/usr/local/bin/"}) {
    const std::string p = std::string(dir) + name;
    if (::access(p.c_str(), X_OK) == 0) return p;
  }
  return {};
}

// Runs argv, waits, and returns its exit status (-1: could not run) and
// whatever it wrote to stderr.
int run_quietly(const std::vector<std::string>& argv, std::string* err) {
  int pipefd[2];
  if (::pipe2(pipefd, O_CLOEXEC) != 0) return -1;
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_adddup2(&fa, pipefd[1], 2);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  const int rc = ::posix_spawn(&pid, args[0], &fa, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  ::close(pipefd[1]);
  if (rc != 0) {
    ::close(pipefd[0]);
    return -1;
  }
  char buf[512];
  for (ssize_t n; (n = ::read(pipefd[0], buf, sizeof buf)) > 0;)
    if (err && err->size() < 2000) err->append(buf, size_t(n));
  ::close(pipefd[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::string first_line(std::string s) {
  const size_t nl = s.find('\n');
  if (nl != std::string::npos) s.resize(nl);
  return s;
}

Support probe() {
  Support sup;
  std::string why;
  sup.cgroup = BotCgroup::support(&why);
  sup.cgroup_problem = why;
  const std::string bwrap = find_program("bwrap");
  if (bwrap.empty()) {
    sup.bwrap_problem = "bubblewrap is not installed (Debian package 'bubblewrap'; scripts/install-deps.sh)";
    return sup;
  }
  const std::string setpriv = ::geteuid() == 0 ? find_program("setpriv") : std::string();
  SandboxSettings s;
  s.limits = {};
  // The probe runs the very command a bot would get, with /bin/true as the bot.
  for (bool with_uid : {true, false}) {
    if (with_uid && setpriv.empty()) continue;
    Support trial;
    trial.bwrap = bwrap;
    trial.own_uid = with_uid;
    std::vector<std::string> argv =
        sandboxed_command(trial, s, "exit 0", with_uid ? std::optional<uid_t>(UidLease::kUidBase) : std::nullopt, {});
    std::string err;
    const int rc = run_quietly(argv, &err);
    if (rc == 0) {
      sup.bwrap = bwrap;
      sup.own_uid = with_uid;
      return sup;
    }
    sup.bwrap_problem = "bwrap cannot create the sandbox here (" + (err.empty() ? "exit " + std::to_string(rc) : first_line(err)) +
                        "): it needs root or unprivileged user namespaces";
  }
  return sup;
}

}  // namespace

void ResourceLimits::apply(const std::string& settings) {
  std::istringstream in(settings);
  for (std::string item; std::getline(in, item, ',');) {
    while (!item.empty() && item.front() == ' ') item.erase(0, 1);
    while (!item.empty() && item.back() == ' ') item.pop_back();
    if (item.empty()) continue;
    const size_t eq = item.find('=');
    if (eq == std::string::npos)
      throw std::invalid_argument("limit '" + item + "': give KEY=VALUE, e.g. memory=512M");
    const std::string k = item.substr(0, eq), v = item.substr(eq + 1);
    if (k == "memory") memory_bytes = parse_size(k, v);
    else if (k == "processes") processes = parse_count(k, v);
    else if (k == "cpu-seconds") cpu_seconds = parse_count(k, v);
    else if (k == "open-files") open_files = parse_count(k, v);
    else if (k == "file-size") file_bytes = parse_size(k, v);
    else if (k == "cpus") {
      size_t used = 0;
      double c = -1;
      try {
        c = v == "unlimited" ? 0 : std::stod(v, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if ((v != "unlimited" && used != v.size()) || !(c >= 0) || c > 4096)
        throw std::invalid_argument("limit cpus=" + v + ": give a number of cores such as 1 or 0.5 (0: unlimited)");
      cpus = c;
    } else {
      throw std::invalid_argument("unknown limit '" + k +
                                  "' (known: memory, processes, cpus, cpu-seconds, open-files, file-size)");
    }
  }
}

std::string ResourceLimits::describe() const {
  std::ostringstream o;
  o << "memory " << size_text(memory_bytes) << ", processes " << count_text(processes) << ", cpus ";
  if (cpus > 0) o << cpus;
  else o << "unlimited";
  o << ", cpu-seconds " << count_text(cpu_seconds) << ", open-files " << count_text(open_files) << ", file-size "
    << size_text(file_bytes);
  return o.str();
}

const Support& sandbox_support() {
  static const Support s = probe();
  return s;
}

bool will_sandbox(const SandboxSettings& s) { return s.isolation != Isolation::Off && !sandbox_support().bwrap.empty(); }

std::string Support::summary(const SandboxSettings& s) const {
  std::string out;
  if (s.isolation == Isolation::Off) {
    out = "isolation OFF (--isolation off): bots run as the referee's user and see everything it sees";
  } else if (!bwrap.empty()) {
    out = std::string("isolation: bubblewrap (pid, mount, IPC namespaces; ") +
          (s.network ? "host network ALLOWED" : "no network") + "; read-only filesystem, private /tmp" +
          (own_uid ? "; own uid per bot)" : "; same uid as the referee, in a user namespace)");
  } else {
    out = "isolation DEGRADED: " + bwrap_problem +
          ": bots run without namespaces and can see other processes, the network and the filesystem";
  }
  out += "; " + (cgroup.empty() ? "no cgroups (" + cgroup_problem + "): rlimits only" : cgroup);
  out += "; limits: " + s.limits.describe();
  // The process limit needs a pids cgroup or a uid of the bot's own
  // (RLIMIT_NPROC counts per uid): say so rather than print a number nobody enforces.
  const bool pids_enforced = cgroup.find("pids") != std::string::npos || (own_uid && s.isolation != Isolation::Off);
  if (s.limits.processes > 0 && !pids_enforced)
    out += " (the process limit is NOT enforced here: no pids cgroup and no uid of the bot's own; run as root or "
           "delegate a cgroup)";
  out += seccomp_filter().empty() || s.isolation == Isolation::Off || !s.seccomp ? "; no seccomp filter" : "; seccomp filter";
  return out;
}

std::optional<std::string> Support::refusal(const SandboxSettings& s) const {
  if (s.isolation == Isolation::Require && bwrap.empty())
    return "--isolation require: " + bwrap_problem;
  return std::nullopt;
}

// ---- uid leases -----------------------------------------------------------

std::optional<UidLease> UidLease::take() {
  const char* dir = ::access("/run", W_OK) == 0 ? "/run/dtref-uids" : "/tmp/dtref-uids-root";
  if (::mkdir(dir, 0700) != 0 && errno != EEXIST) return std::nullopt;
  struct stat st {};
  // Ours alone: a directory owned by root that nobody else can write, not a symlink planted in /tmp.
  if (::lstat(dir, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != 0 || (st.st_mode & 0077) != 0) return std::nullopt;
  for (uid_t k = 0; k < kUidCount; ++k) {
    const uid_t uid = kUidBase + k;
    const std::string path = std::string(dir) + "/" + std::to_string(uid);
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) return std::nullopt;
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return UidLease(uid, fd);
    ::close(fd);
  }
  return std::nullopt;
}

UidLease::UidLease(UidLease&& o) noexcept : uid_(o.uid_), fd_(o.fd_) { o.fd_ = -1; }

UidLease& UidLease::operator=(UidLease&& o) noexcept {
  if (this != &o) {
    if (fd_ >= 0) ::close(fd_);
    uid_ = o.uid_;
    fd_ = o.fd_;
    o.fd_ = -1;
  }
  return *this;
}

UidLease::~UidLease() {
  if (fd_ >= 0) ::close(fd_);
}

// ---- the command ------------------------------------------------------------

bool names_bot_files(const std::string& v) {
  static const char* const kSearchPaths[] = {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "NODE_PATH", "CLASSPATH",
                                             "PERL5LIB", "PERLLIB", "RUBYLIB", "GEM_HOME", "GEM_PATH", "LUA_PATH",
                                             "LUA_CPATH", "LD_LIBRARY_PATH", "JAVA_HOME", "DOTNET_ROOT"};
  for (const char* n : kSearchPaths)
    if (v == n) return true;
  return v.rfind("DTREF_", 0) == 0 && v != "DTREF_TOKEN" && v != "DTREF_GRPC_ADDRESS";
}

std::vector<std::string> value_paths(const std::string& value, const std::string& dir) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= value.size()) {
    size_t end = value.find(':', start);
    if (end == std::string::npos) end = value.size();
    const std::string part = value.substr(start, end - start);
    // Lua's patterns (./?.lua;/tmp/lib/?.lua) name their directories before the "?".
    std::string path = part.substr(0, part.find_first_of("?;"));
    if (!path.empty()) {
      std::error_code ec;
      fs::path p = dir.empty() || fs::path(path).is_absolute() ? fs::absolute(path, ec) : fs::path(dir) / path;
      if (!ec && fs::exists(p, ec)) {
        p = fs::weakly_canonical(p, ec);
        const std::string s = p.string();
        if (!ec && s != "/" && !is_system_path(s + (fs::is_directory(p, ec) ? "/" : ""))) out.push_back(s);
      }
    }
    start = end + 1;
  }
  return out;
}

std::vector<std::string> command_paths(const std::string& command, const std::string& dir) {
  std::vector<std::string> out;
  std::string tok;
  char quote = 0;
  auto flush = [&] {
    // PYTHONPATH=...: the paths a search-path variable names (any other
    // assignment names nothing: a path a bot is handed in a variable of its
    // own choosing is one it learns at run time).
    const size_t eq = tok.find('=');
    if (eq != std::string::npos && eq > 0 && names_bot_files(tok.substr(0, eq))) {
      for (std::string& p : value_paths(tok.substr(eq + 1), dir)) out.push_back(std::move(p));
      tok.clear();
      return;
    }
    // A word with a slash is a path; a bare word is one only where it names
    // something in the bot's own directory (`python3 bot.py`, dir=bots).
    const bool slash = tok.find('/') != std::string::npos;
    if (!tok.empty() && tok.find('=') == std::string::npos && (slash || !dir.empty())) {
      std::error_code ec;
      fs::path p = dir.empty() || fs::path(tok).is_absolute() ? fs::absolute(tok, ec) : fs::path(dir) / tok;
      if (!ec && fs::exists(p, ec)) {
        p = fs::weakly_canonical(fs::absolute(p, ec), ec);
        const std::string s = p.string();
        if (!ec && !is_system_path(s + (fs::is_directory(p, ec) ? "/" : ""))) out.push_back(s);
      }
    }
    tok.clear();
  };
  for (char c : command) {
    if (quote) {
      if (c == quote) quote = 0;
      else tok += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == ' ' || c == '\t' || c == ';' || c == '&' || c == '|' || c == '(' || c == ')' || c == '<' ||
               c == '>') {
      flush();
    } else {
      tok += c;
    }
  }
  flush();
  return out;
}

std::vector<std::string> bot_files(const BotFiles& bot) {
  std::vector<std::string> out;
  std::error_code ec;
  const auto add = [&](const std::string& p) {
    if (p.empty() || p == "/" || is_system_path(p + "/")) return;
    if (std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
  };
  if (!bot.dir.empty()) add(fs::weakly_canonical(fs::absolute(bot.dir, ec), ec).string());
  for (const std::string& p : command_paths(bot.command, bot.dir)) {
    add(p);
    add(fs::path(p).parent_path().string());
  }
  // What its search-path variables name (PYTHONPATH, NODE_PATH, ...).
  for (const auto& [name, value] : bot.env)
    if (names_bot_files(name))
      for (const std::string& p : value_paths(value, bot.dir)) add(p);
  return out;
}

namespace {

// True when `a` is `b` or a directory above it.
bool covers(const std::string& a, const std::string& b) {
  if (a == b) return true;
  const std::string dir = a.back() == '/' ? a : a + "/";
  return b.rfind(dir, 0) == 0;
}

}  // namespace

std::optional<std::string> unreadable_by_others(const std::string& path) {
  std::error_code ec;
  const fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
  if (ec) return std::nullopt;
  fs::path walked = "/";
  for (const fs::path& part : p.relative_path()) {
    walked /= part;
    struct stat st {};
    if (::stat(walked.c_str(), &st) != 0) return std::nullopt;
    const bool last = walked == p;
    const bool ok = S_ISDIR(st.st_mode) ? (st.st_mode & S_IXOTH) && (!last || (st.st_mode & S_IROTH))
                                         : (st.st_mode & S_IROTH) != 0;
    if (!ok) return walked.string();
  }
  return std::nullopt;
}

std::vector<std::string> sandboxed_command(const Support& sup, const SandboxSettings& s, const std::string& shell_command,
                                           std::optional<uid_t> uid,
                                           const std::vector<std::pair<std::string, std::string>>& binds,
                                           const std::string& dir, int seccomp_fd, int info_fd) {
  std::vector<std::string> a{sup.bwrap, "--die-with-parent", "--unshare-pid", "--unshare-ipc", "--unshare-uts",
                             "--unshare-cgroup-try"};
  // A bot must not type into the terminal the referee runs in. With the
  // seccomp filter (which refuses TIOCSTI and TIOCLINUX) and /dev/tty
  // masked, it stays in the referee's session, and so in its scheduling
  // group: a session of its own is a new autogroup, which on a busy machine
  // must win the CPU against every other group at each wake-up
  // (docs/performance.md). Without the filter, a new session is the guard.
  if (seccomp_fd < 0) a.push_back("--new-session");
  if (!s.network) a.push_back("--unshare-net");
  a.insert(a.end(), {"--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"});
  if (seccomp_fd >= 0) a.insert(a.end(), {"--ro-bind", "/dev/null", "/dev/tty"});
  // No other bot's cgroup (its memory, pids, CPU use, the referee's pid in
  // its name): the cgroup tree is not there at all.
  std::error_code cg_ec;
  if (fs::is_directory("/sys/fs/cgroup", cg_ec)) a.insert(a.end(), {"--perms", "0755", "--tmpfs", "/sys/fs/cgroup"});
  // Private, writable, size-capped temporary directories; /run hides the host's sockets.
  auto tmpfs = [&](const std::string& where, const char* perms) {
    a.insert(a.end(), {"--perms", perms});
    if (s.limits.file_bytes > 0) a.insert(a.end(), {"--size", std::to_string(s.limits.file_bytes)});
    a.insert(a.end(), {"--tmpfs", where});
  };
  tmpfs("/tmp", "1777");
  tmpfs("/dev/shm", "1777");
  std::error_code ec;
  if (fs::is_directory("/var/tmp", ec)) tmpfs("/var/tmp", "1777");
  if (fs::is_directory("/run", ec)) a.insert(a.end(), {"--perms", "0755", "--tmpfs", "/run"});
  // What this bot must not see, except where its own files are.
  std::error_code cwd_ec;
  const std::string cwd = dir.empty() ? fs::current_path(cwd_ec).string() : fs::absolute(dir, cwd_ec).string();
  // Its own files: never hidden (bot_files: with the directories holding
  // them); bound back where a directory was replaced (only the files, its
  // working directory and what its search-path variables name, not their
  // neighbours).
  std::vector<std::string> own = bot_files({shell_command, cwd, s.env});
  std::vector<std::string> named = command_paths(shell_command, cwd);
  if (!cwd.empty()) {
    own.push_back(cwd);
    named.push_back(cwd);
  }
  for (const auto& [name, value] : s.env)
    if (names_bot_files(name))
      for (std::string& p : value_paths(value, cwd)) named.push_back(std::move(p));
  // The bot's own files under a directory the sandbox replaced (a bot kept in
  // /tmp, say) are bound back, read-only.
  const char* const replaced[] = {"/tmp", "/var/tmp", "/dev/shm", "/run"};
  std::vector<std::string> rebound;
  for (const std::string& o : named)
    for (const char* r : replaced)
      if (covers(r, o) && o != r) {
        a.insert(a.end(), {"--perms", "0755", "--dir", fs::path(o).parent_path().string(), "--ro-bind", o, o});
        rebound.push_back(o);
      }
  // Directories already replaced by an empty tmpfs: hiding a file under one
  // again would make bubblewrap create it there (a visible empty file).
  std::vector<std::string> emptied;
  auto hide = [&](const std::string& h, bool unless_own) {
    const std::string path = fs::weakly_canonical(fs::absolute(h, ec), ec).string();
    if (ec || path.empty() || path == "/" || !fs::exists(path, ec)) return;
    for (const std::string& e : emptied)
      if (covers(e, path)) return;
    // Under a replaced directory only what was bound back is there to hide.
    bool gone = false;
    for (const char* r : replaced) gone = gone || covers(r, path);
    for (const std::string& b : rebound) gone = gone && !covers(b, path);
    if (gone) return;
    const bool dir = fs::is_directory(path, ec);
    bool needed = false;
    for (const std::string& o : own) needed = needed || (dir && covers(path, o)) || path == o;
    if (unless_own && needed) return;
    if (dir) {
      a.insert(a.end(), {"--perms", "0755", "--tmpfs", path});
      emptied.push_back(path);
    } else {
      a.insert(a.end(), {"--ro-bind", "/dev/null", path});
    }
  };
  for (const std::string& h : s.hide) hide(h, false);
  for (const BotFiles& other : s.others)
    for (const std::string& h : bot_files(other)) hide(h, true);
  for (const std::string& p : s.read_write) {
    // Under a directory the sandbox replaced, bubblewrap would make the
    // directories above the mount point owner-only, and a bot of its own uid
    // could not reach it: make them open to all, as on the host.
    const std::string abs = fs::absolute(p, ec).lexically_normal().string();
    for (const char* r : replaced)
      if (covers(r, abs) && abs != r) {
        std::vector<std::string> above;
        for (fs::path up = fs::path(abs).parent_path(); up.string().size() > std::strlen(r); up = up.parent_path())
          above.push_back(up.string());
        for (auto it = above.rbegin(); it != above.rend(); ++it) a.insert(a.end(), {"--perms", "0755", "--dir", *it});
      }
    a.insert(a.end(), {"--bind", p, p});
  }
  for (const auto& [host, inside] : binds) {
    const std::string parent = fs::path(inside).parent_path().string();
    a.insert(a.end(), {"--perms", "0755", "--dir", parent, "--bind", host, inside});
  }
  if (!cwd.empty()) a.insert(a.end(), {"--chdir", cwd});
  if (seccomp_fd >= 0) a.insert(a.end(), {"--seccomp", std::to_string(seccomp_fd)});
  if (info_fd >= 0) a.insert(a.end(), {"--info-fd", std::to_string(info_fd)});
  a.push_back("--");
  if (uid) {
    const std::string id = std::to_string(*uid);
    a.insert(a.end(), {find_program("setpriv"), "--reuid=" + id, "--regid=" + id, "--clear-groups", "--inh-caps=-all",
                       "--bounding-set=-all", "--no-new-privs", "--"});
  }
  a.insert(a.end(), {"/bin/sh", "-c", shell_command});
  return a;
}

// ---- the seccomp filter ------------------------------------------------------

namespace {

std::vector<char> build_filter(std::string* problem) {
  scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
  if (!ctx) {
    *problem = "libseccomp could not start a filter";
    return {};
  }
  struct Free {
    scmp_filter_ctx c;
    ~Free() { seccomp_release(c); }
  } free_ctx{ctx};
  // Another architecture's system calls (int 0x80, x32) would pass every rule: they end the bot.
  int rc = seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
  const auto refuse = [&](const char* name, int err) {
    const int nr = seccomp_syscall_resolve_name(name);
    if (nr == __NR_SCMP_ERROR) return;  // unknown to this libseccomp or architecture: nothing to refuse
    if (int r = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(uint16_t(err)), nr, 0); r < 0 && rc == 0) rc = r;
  };
  // What a bot never needs and what reaches past its sandbox.
  for (const char* name :
       {"unshare", "setns", "mount", "umount2", "pivot_root", "chroot", "mount_setattr", "move_mount", "open_tree",
        "fsopen", "fsconfig", "fsmount", "fspick", "process_vm_readv", "process_vm_writev", "pidfd_getfd",
        "kcmp", "keyctl", "add_key", "request_key", "bpf", "perf_event_open", "userfaultfd", "io_uring_setup",
        "io_uring_enter", "io_uring_register", "kexec_load", "kexec_file_load", "init_module", "finit_module",
        "delete_module", "open_by_handle_at", "name_to_handle_at", "iopl", "ioperm", "swapon", "swapoff", "reboot",
        "syslog", "acct", "quotactl", "lookup_dcookie", "vhangup", "fanotify_init", "inotify_init", "inotify_init1"})
    refuse(name, EPERM);
  if (kSeccompRefusesPtrace) refuse("ptrace", EPERM);
  refuse("clone3", ENOSYS);  // libc falls back to clone, whose flags this filter can read
  refuse("flock", ENOLCK);
  const int clone_nr = seccomp_syscall_resolve_name("clone");
  for (const uint64_t flag : {uint64_t(CLONE_NEWUSER), uint64_t(CLONE_NEWNS), uint64_t(CLONE_NEWPID), uint64_t(CLONE_NEWNET),
                              uint64_t(CLONE_NEWUTS), uint64_t(CLONE_NEWIPC), uint64_t(CLONE_NEWCGROUP)})
    if (int r = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), clone_nr, 1, SCMP_A0(SCMP_CMP_MASKED_EQ, flag, flag));
        r < 0 && rc == 0)
      rc = r;
  // Record locks, leases and directory notices on a file two sandboxes both
  // see (every file of the read-only view) would carry bits between bots.
  const int fcntl_nr = seccomp_syscall_resolve_name("fcntl");
  for (const uint64_t cmd : {uint64_t(F_SETLK), uint64_t(F_SETLKW), uint64_t(F_GETLK), uint64_t(F_OFD_SETLK),
                             uint64_t(F_OFD_SETLKW), uint64_t(F_OFD_GETLK), uint64_t(F_SETLEASE), uint64_t(F_GETLEASE),
                             uint64_t(F_NOTIFY)})
    if (int r = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOLCK), fcntl_nr, 1, SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffu, cmd)); r < 0 && rc == 0)
      rc = r;
  // Keystrokes pushed into a terminal's input (or the console's selection
  // pasted): the bot shares the referee's session, so this is its guard.
  const int ioctl_nr = seccomp_syscall_resolve_name("ioctl");
  for (const uint64_t req : {uint64_t(TIOCSTI), uint64_t(TIOCLINUX)})
    if (int r = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), ioctl_nr, 1, SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffu, req)); r < 0 && rc == 0)
      rc = r;
  if (rc < 0) {
    *problem = std::string("libseccomp refused a rule: ") + std::strerror(-rc);
    return {};
  }
  const int fd = ::memfd_create("dtref-seccomp", MFD_CLOEXEC);
  if (fd < 0) {
    *problem = std::string("memfd_create: ") + std::strerror(errno);
    return {};
  }
  std::vector<char> out;
  if (int r = seccomp_export_bpf(ctx, fd); r < 0) {
    *problem = std::string("libseccomp could not export the filter: ") + std::strerror(-r);
  } else {
    const off_t size = ::lseek(fd, 0, SEEK_END);
    out.resize(size > 0 ? size_t(size) : 0);
    if (size <= 0 || ::pread(fd, out.data(), out.size(), 0) != ssize_t(out.size())) {
      out.clear();
      *problem = "the exported filter could not be read back";
    }
  }
  ::close(fd);
  return out;
}

}  // namespace

const std::vector<char>& seccomp_filter(std::string* problem) {
  static std::string why;
  static const std::vector<char> program = build_filter(&why);
  if (problem) *problem = why;
  return program;
}

int seccomp_memfd() {
  const std::vector<char>& program = seccomp_filter();
  if (program.empty()) return -1;
  const int fd = ::memfd_create("dtref-seccomp", MFD_CLOEXEC | MFD_ALLOW_SEALING);
  if (fd < 0) return -1;
  if (::write(fd, program.data(), program.size()) != ssize_t(program.size()) || ::lseek(fd, 0, SEEK_SET) != 0) {
    ::close(fd);
    return -1;
  }
  ::fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL);
  return fd;
}

}  // namespace dtref
