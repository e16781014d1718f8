// Per-bot cgroups (see cgroup.hpp).
#include "dtref/cgroup.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <dirent.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

namespace dtref {

namespace {

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == sep) out.push_back(cur), cur.clear();
    else cur += c;
  }
  out.push_back(cur);
  return out;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool write_file(const std::string& path, const std::string& value) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool ok = ::write(fd, value.data(), value.size()) == ssize_t(value.size());
  ::close(fd);
  return ok;
}

// "key value" lines (memory.events, pids.events, memory.oom_control): the value of `key`.
long long counter(const std::string& path, const std::string& key) {
  std::istringstream in(read_file(path));
  std::string k;
  long long v = 0;
  while (in >> k >> v)
    if (k == key) return v;
  return 0;
}

// Whether a list ("a b c\n" or "rw,memory") holds `word`.
bool has_word(const std::string& list, const std::string& word, char sep) {
  std::string l = list;
  while (!l.empty() && (l.back() == '\n' || l.back() == ' ')) l.pop_back();
  for (const std::string& w : split(l, sep))
    if (w == word) return true;
  return false;
}

// Where this process's cgroups are, and which it may create children in.
struct Layout {
  std::string v2;                      // our v2 cgroup, with memory and pids for children
  std::string memory, pids, cpu;       // v1: our cgroup in each hierarchy
  std::string description, problem;
};

bool can_make_children(const std::string& dir) {
  const std::string probe = dir + "/dtref-probe-" + std::to_string(::getpid());
  if (::mkdir(probe.c_str(), 0755) != 0) return false;
  ::rmdir(probe.c_str());
  return true;
}

// cgroup v2: children of `dir` get memory and pids if its subtree_control
// enables them. A cgroup with processes of its own cannot enable them (the
// "no internal processes" rule), so the referee first moves itself into a
// leaf of its own beside where its bots' cgroups will go.
bool v2_enable(const std::string& dir) {
  auto enabled = [&] {
    const std::string sc = read_file(dir + "/cgroup.subtree_control");
    return has_word(sc, "memory", ' ') && has_word(sc, "pids", ' ');
  };
  if (enabled()) return true;
  const std::string want = "+memory +pids" + std::string(has_word(read_file(dir + "/cgroup.controllers"), "cpu", ' ') ? " +cpu" : "");
  if (write_file(dir + "/cgroup.subtree_control", want)) return enabled();
  if (errno != EBUSY) return false;
  const std::string leaf = dir + "/dtref-referee-" + std::to_string(::getpid());
  if (::mkdir(leaf.c_str(), 0755) != 0 && errno != EEXIST) return false;
  if (!write_file(leaf + "/cgroup.procs", "0")) {
    ::rmdir(leaf.c_str());
    return false;
  }
  if (write_file(dir + "/cgroup.subtree_control", want) && enabled()) return true;
  write_file(dir + "/cgroup.procs", "0");  // put ourselves back
  ::rmdir(leaf.c_str());
  return false;
}

// When process `pid` started, in clock ticks since boot (field 22 of
// /proc/<pid>/stat), or 0 if there is no such process. With the pid it names
// one process for good: pids are reused (pid_max is often 32768, and a test
// suite or a busy ladder host goes round it), start times are not.
unsigned long long start_ticks(long pid) {
  const std::string stat = read_file("/proc/" + std::to_string(pid) + "/stat");
  const size_t paren = stat.rfind(')');  // the command name may hold spaces and parentheses
  if (paren == std::string::npos) return 0;
  std::istringstream in(stat.substr(paren + 2));
  std::string skipped;
  for (int field = 3; field < 22; ++field) in >> skipped;  // state .. itrealvalue
  unsigned long long t = 0;
  in >> t;
  return t;
}

// A referee's cgroups are named "dtref-<pid>-<start ticks>-<n>" (and, under
// v2, its own leaf "dtref-referee-<pid>"); names of earlier versions were
// "dtref-<pid>-<n>". Whether the referee that made `name` is gone: then the
// cgroup is a leftover of a referee that was killed before it could remove it.
bool made_by_a_gone_referee(const std::string& name) {
  std::string rest;
  if (name.rfind("dtref-referee-", 0) == 0) rest = name.substr(14);
  else if (name.rfind("dtref-", 0) == 0) rest = name.substr(6);
  else return false;
  const std::vector<std::string> parts = split(rest, '-');
  for (const std::string& p : parts)
    if (p.empty() || p.find_first_not_of("0123456789") != std::string::npos || p.size() > 19) return false;
  if (parts[0].size() > 10) return false;
  const long pid = std::stol(parts[0]);
  const unsigned long long started = start_ticks(pid);
  if (started == 0) return true;
  return parts.size() == 3 && std::stoull(parts[1]) != started;
}

// Removes the leftover cgroups under `parent`. A killed referee's bots die
// with it (PR_SET_PDEATHSIG), but its empty cgroups stay: without this, they
// pile up on a host whose referees get killed, and a new referee whose pid
// matches an old one could not create its own. rmdir refuses a cgroup that
// still holds a process, so nothing running is touched.
void remove_leftovers(const std::string& parent) {
  DIR* d = ::opendir(parent.c_str());
  if (!d) return;
  std::vector<std::string> gone;
  while (const dirent* e = ::readdir(d))
    if (e->d_type == DT_DIR && made_by_a_gone_referee(e->d_name)) gone.push_back(parent + "/" + e->d_name);
  ::closedir(d);
  for (const std::string& dir : gone) ::rmdir(dir.c_str());
}

Layout discover() {
  Layout L;
  struct Mount {
    std::string point, root, type, options;
  };
  std::vector<Mount> mounts;
  {
    std::ifstream in("/proc/self/mountinfo");
    for (std::string line; std::getline(in, line);) {
      const size_t dash = line.find(" - ");
      if (dash == std::string::npos) continue;
      std::istringstream a(line.substr(0, dash)), b(line.substr(dash + 3));
      std::string id, parent, dev, root, point, source;
      Mount m;
      a >> id >> parent >> dev >> m.root >> m.point;
      b >> m.type >> source >> m.options;
      if (m.type == "cgroup" || m.type == "cgroup2") mounts.push_back(m);
    }
  }
  std::map<std::string, std::string> v1_path;  // controller -> our path in its hierarchy
  std::string v2_path;
  bool have_v2_line = false;
  {
    std::ifstream in("/proc/self/cgroup");
    for (std::string line; std::getline(in, line);) {
      const size_t c1 = line.find(':'), c2 = line.find(':', c1 + 1);
      if (c1 == std::string::npos || c2 == std::string::npos) continue;
      const std::string ctrls = line.substr(c1 + 1, c2 - c1 - 1), path = line.substr(c2 + 1);
      if (ctrls.empty()) v2_path = path, have_v2_line = true;
      for (const std::string& c : split(ctrls, ',')) v1_path[c] = path;
    }
  }
  auto join = [](const Mount& m, const std::string& path) -> std::string {
    std::string rel = path;
    if (m.root != "/" && rel.rfind(m.root, 0) == 0) rel = rel.substr(m.root.size());
    else if (m.root != "/") return {};
    return m.point + (rel == "/" ? "" : rel);
  };
  if (have_v2_line)
    for (const Mount& m : mounts)
      if (m.type == "cgroup2") {
        const std::string dir = join(m, v2_path);
        const std::string ctl = read_file(dir + "/cgroup.controllers");
        if (dir.empty() || !has_word(ctl, "memory", ' ') || !has_word(ctl, "pids", ' '))
          continue;
        if (v2_enable(dir) && can_make_children(dir)) {
          L.v2 = dir;
          L.description = "cgroup v2 (memory, pids" + std::string(has_word(ctl, "cpu", ' ') ? ", cpu" : "") + ")";
          return L;
        }
      }
  std::string found;
  for (const char* c : {"memory", "pids", "cpu"}) {
    auto it = v1_path.find(c);
    if (it == v1_path.end()) continue;
    for (const Mount& m : mounts) {
      if (m.type != "cgroup" || !has_word(m.options, c, ',')) continue;
      const std::string dir = join(m, it->second);
      if (dir.empty() || !can_make_children(dir)) continue;
      (std::string(c) == "memory" ? L.memory : std::string(c) == "pids" ? L.pids : L.cpu) = dir;
      found += std::string(found.empty() ? "" : ", ") + c;
      break;
    }
  }
  if (!found.empty()) {
    L.description = "cgroup v1 (" + found + ")";
    if (L.memory.empty() || L.pids.empty())
      L.problem = std::string("no writable ") + (L.memory.empty() ? "memory" : "pids") + " cgroup";
  } else {
    L.problem = mounts.empty() ? "no cgroup filesystem is mounted"
                               : "the referee may not create cgroups (run as root, or in a delegated cgroup)";
  }
  return L;
}

const Layout& layout() {
  static const Layout L = [] {
    Layout found = discover();
    for (const std::string* parent : {&found.v2, &found.memory, &found.pids, &found.cpu})
      if (!parent->empty()) remove_leftovers(*parent);
    return found;
  }();
  return L;
}

std::string bytes_text(int64_t b) {
  if (b % (int64_t(1) << 30) == 0) return std::to_string(b >> 30) + " GiB";
  if (b % (int64_t(1) << 20) == 0) return std::to_string(b >> 20) + " MiB";
  return std::to_string(b) + " bytes";
}

}  // namespace

std::string BotCgroup::support(std::string* why) {
  const Layout& L = layout();
  if (why) *why = L.problem;
  return L.description;
}

std::unique_ptr<BotCgroup> BotCgroup::create(const ResourceLimits& limits, std::string* why) {
  const Layout& L = layout();
  if (L.v2.empty() && L.memory.empty() && L.pids.empty() && L.cpu.empty()) {
    if (why) *why = L.problem;
    return nullptr;
  }
  static std::atomic<unsigned> seq{0};
  // Read at each call, not once: a forked child that creates cgroups has a pid of its own.
  const pid_t self = ::getpid();
  const std::string name =
      "dtref-" + std::to_string(self) + "-" + std::to_string(start_ticks(self)) + "-" + std::to_string(seq++);
  std::unique_ptr<BotCgroup> g(new BotCgroup);
  g->limits_ = limits;
  g->v2_ = !L.v2.empty();
  std::string failed;
  auto make = [&](const std::string& parent) -> std::string {
    const std::string dir = parent + "/" + name;
    if (::mkdir(dir.c_str(), 0755) != 0) {
      failed = "cannot create " + dir + ": " + std::strerror(errno);
      return {};
    }
    g->dirs_.push_back(dir);
    const int fd = ::open((dir + "/cgroup.procs").c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) failed = "cannot open " + dir + "/cgroup.procs: " + std::strerror(errno);
    else g->join_.push_back(fd);
    return dir;
  };
  auto set = [&](const std::string& file, const std::string& value, bool must = true) {
    if (!write_file(file, value) && must && failed.empty())
      failed = "cannot write " + value + " to " + file + ": " + std::strerror(errno);
  };
  const int64_t period = 100000;
  const int64_t quota = limits.cpus > 0 ? std::max<int64_t>(1000, std::llround(limits.cpus * double(period))) : 0;
  if (g->v2_) {
    const std::string dir = make(L.v2);
    if (!dir.empty()) {
      g->memory_dir_ = g->pids_dir_ = dir;
      if (limits.memory_bytes > 0) {
        set(dir + "/memory.max", std::to_string(limits.memory_bytes));
        set(dir + "/memory.swap.max", "0", false);  // absent without swap accounting
      }
      if (limits.processes > 0) set(dir + "/pids.max", std::to_string(limits.processes));
      if (quota > 0) set(dir + "/cpu.max", std::to_string(quota) + " " + std::to_string(period), false);
    }
  } else {
    if (!L.memory.empty()) {
      const std::string dir = make(L.memory);
      if (!dir.empty() && limits.memory_bytes > 0) {
        set(dir + "/memory.limit_in_bytes", std::to_string(limits.memory_bytes));
        set(dir + "/memory.memsw.limit_in_bytes", std::to_string(limits.memory_bytes), false);  // swap too, if accounted
      }
      g->memory_dir_ = dir;
    }
    if (!L.pids.empty()) {
      const std::string dir = make(L.pids);
      if (!dir.empty() && limits.processes > 0) set(dir + "/pids.max", std::to_string(limits.processes));
      g->pids_dir_ = dir;
    }
    if (!L.cpu.empty() && quota > 0) {
      const std::string dir = make(L.cpu);
      if (!dir.empty()) {
        set(dir + "/cpu.cfs_period_us", std::to_string(period));
        set(dir + "/cpu.cfs_quota_us", std::to_string(quota));
      }
    }
  }
  if (!failed.empty()) {
    if (why) *why = failed;
    return nullptr;  // the destructor removes what was made
  }
  return g;
}

void BotCgroup::kill_all() {
  if (v2_ && !dirs_.empty() && write_file(dirs_[0] + "/cgroup.kill", "1")) {
    // cgroup.kill (Linux 5.14) reaches every process at once, forks in flight included.
  }
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  for (;;) {
    bool any = false;
    for (const std::string& dir : dirs_) {
      std::istringstream in(read_file(dir + "/cgroup.procs"));
      for (long pid; in >> pid;) {
        any = true;
        ::kill(pid_t(pid), SIGKILL);
      }
    }
    if (!any || std::chrono::steady_clock::now() >= until) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

std::string BotCgroup::limit_hit() const {
  if (!memory_dir_.empty() && limits_.memory_bytes > 0 &&
      counter(memory_dir_ + (v2_ ? "/memory.events" : "/memory.oom_control"), "oom_kill") > 0)
    return "memory limit (" + bytes_text(limits_.memory_bytes) + ") exceeded: the kernel killed a process";
  if (!pids_dir_.empty() && limits_.processes > 0 && counter(pids_dir_ + "/pids.events", "max") > 0)
    return "process limit (" + std::to_string(limits_.processes) + " processes and threads) reached";
  return {};
}

BotCgroup::~BotCgroup() {
  for (int fd : join_) ::close(fd);
  kill_all();
  // A killed process leaves its cgroup a moment after it is reaped.
  for (const std::string& dir : dirs_) {
    for (int tries = 0; ::rmdir(dir.c_str()) != 0 && errno == EBUSY && tries < 500; ++tries)
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

}  // namespace dtref
