// The sandbox a launched bot runs in: what it may see, touch and use.
// docs/security.md describes every guarantee, its default and what is weaker
// on a machine that lacks a feature.
//
// Why it is built this way:
//  - Namespaces and the filesystem view come from bubblewrap (Debian's
//    `bubblewrap`), the well-kept tool for exactly this: new pid, mount,
//    network, IPC and UTS namespaces, a read-only view of /, a fresh /proc
//    (the bot sees only its own processes), a private /tmp, and
//    --die-with-parent. When the pid namespace's first process dies the
//    kernel kills everything else in it, so no descendant of a bot outlives
//    it, whatever setsid() or double forks it tried.
//  - As root, each seat also runs as its own unprivileged uid (leased from a
//    range, see UidLease), through setpriv(1) inside the sandbox with every
//    capability dropped and no_new_privs set: file permissions then keep it
//    out of other bots' files, the referee's files and /proc entries, and
//    RLIMIT_NPROC counts its processes alone.
//  - Limits are cgroups (memory, pids, CPU; whole-tree kill) where the
//    referee may create them (cgroup.hpp), and rlimits always; the cgroup's
//    event counters name the limit a bot hit, for the `resource` verdict.
//  - Isolation::Auto uses whatever the machine allows and says what it could
//    not do (Support::summary, printed by dtref match and tournament);
//    Isolation::Require refuses to launch a bot without the namespaces.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace dtref {

enum class Isolation {
  Auto,     // namespaces, own uid and cgroups where the machine allows; rlimits always
  Require,  // as Auto, but a bot is not launched without the namespaces
  Off,      // only a process group, PR_SET_PDEATHSIG and the rlimits
};
std::optional<Isolation> isolation_by_name(const std::string&);  // auto | require | off
std::string to_string(Isolation);

// What one bot may use. Zero means unlimited.
struct ResourceLimits {
  int64_t memory_bytes = int64_t(1) << 30;  // cgroup memory (swap included); RLIMIT_AS without a memory cgroup
  int64_t processes = 128;                  // cgroup pids.max (threads count); RLIMIT_NPROC with an own uid
  double cpus = 1.0;                        // cgroup CPU bandwidth, in cores
  int64_t cpu_seconds = 3600;               // RLIMIT_CPU, per process
  int64_t open_files = 256;                 // RLIMIT_NOFILE
  int64_t file_bytes = int64_t(64) << 20;   // RLIMIT_FSIZE, and the size of the private /tmp

  // Applies "memory=512M", "processes=64", "cpus=0.5", "cpu-seconds=600",
  // "open-files=128", "file-size=16M" (K, M, G suffixes for sizes; 0 or
  // "unlimited" lifts a limit). Several may be given comma-separated.
  // Throws std::invalid_argument naming the bad key or value.
  void apply(const std::string& settings);
  std::string describe() const;  // "memory 1 GiB, processes 128, ..."
};

// A launched bot as the path policy sees it.
struct BotFiles {
  std::string command;  // its shell command line, arguments included
  std::string dir;      // its working directory (empty: the referee's)
  std::vector<std::pair<std::string, std::string>> env;  // variables it is given
};

struct SandboxSettings {
  Isolation isolation = Isolation::Auto;
  ResourceLimits limits;
  // Give the bot the host's network (off: a network namespace with nothing
  // in it; a launched gRPC bot reaches the referee through a Unix socket
  // bound into its sandbox).
  bool network = false;
  std::vector<std::string> hide;        // files or directories the bot must not see
  // The other bots whose files this bot must not see (bot_files says which
  // are theirs), except where its own need them (two seats of one program).
  std::vector<BotFiles> others;
  std::vector<std::string> read_write;  // host paths the bot may write (bound at the same place)
  // The seccomp filter (seccomp_filter): refuses what a bot never needs.
  bool seccomp = true;
  // The bot's environment: the directories and files its search-path
  // variables name (names_bot_files; a list split at ':') are its own, bound
  // back in, read-only, where the sandbox replaced a directory (/tmp, say).
  std::vector<std::pair<std::string, std::string>> env;
};

// The path policy, in one place (docs/security.md, "Hidden means hidden"):
// the files and directories that are a bot's own. They are its working
// directory, every existing path its command line names (bare words too,
// taken from its working directory, so `python3 bot.py` with dir=bots names
// bots/bot.py) and the directory holding each, system directories (/usr,
// /etc, ...) left out. A bot's sandbox hides every other bot's own paths
// except where they hold its own, and binds its own back where the sandbox
// replaced a directory (/tmp, say).
std::vector<std::string> bot_files(const BotFiles& bot);

// The variables whose values name a bot's own files: the search paths of
// interpreters (PYTHONPATH, NODE_PATH, CLASSPATH, ...) and DTREF_* (but a
// seat's token and address).
bool names_bot_files(const std::string& variable);
// The existing, non-system paths a variable's value names (split at ':';
// relative ones taken from `dir`).
std::vector<std::string> value_paths(const std::string& value, const std::string& dir);

// What this machine allows, found once per process (it runs bwrap once).
struct Support {
  std::string bwrap;         // path of a working bwrap; empty: no namespaces
  std::string bwrap_problem; // why not, when empty
  bool own_uid = false;      // root with setpriv: a separate uid per seat
  std::string cgroup;        // "cgroup v1 (memory, pids, cpu)", "cgroup v2 (...)" or ""
  std::string cgroup_problem;
  // One line for people: what a bot launched now gets, and what it lacks.
  std::string summary(const SandboxSettings&) const;
  // True when the settings cannot be honoured (Require without namespaces).
  std::optional<std::string> refusal(const SandboxSettings&) const;
};
const Support& sandbox_support();
// True when a bot launched with `s` runs inside bubblewrap's namespaces.
bool will_sandbox(const SandboxSettings& s);

// A uid of its own for one bot, held while the bot runs: a lock file per uid
// (flock, so a killed referee frees its uids) in a root-only directory, so
// two referees on one machine never hand out the same uid.
class UidLease {
 public:
  // Takes the first free uid from kUidBase on; nullopt if none is free or
  // the lock directory cannot be used.
  static std::optional<UidLease> take();
  UidLease(UidLease&& o) noexcept;
  UidLease& operator=(UidLease&& o) noexcept;
  ~UidLease();
  uid_t uid() const { return uid_; }

  static constexpr uid_t kUidBase = 0x60000000;  // 1610612736: far above real accounts
  static constexpr uid_t kUidCount = 65536;

 private:
  UidLease(uid_t uid, int fd) : uid_(uid), fd_(fd) {}
  uid_t uid_ = 0;
  int fd_ = -1;
};

// The paths in a bot command line that name existing files or directories
// (interpreters under /usr and friends left out): whose files a bot is. An
// assignment (PYTHONPATH=/tmp/lib:lib python3 bot.py) names the paths of its value.
// Relative paths are taken from `dir` (empty: the current directory).
std::vector<std::string> command_paths(const std::string& command, const std::string& dir = {});

// With its own uid a bot reads files as "others": the first directory or file
// on the way to `path` that others may not read or enter, if any.
std::optional<std::string> unreadable_by_others(const std::string& path);

// The command that runs `shell_command` (a /bin/sh -c script) inside the
// sandbox, in directory `dir` (empty: the current one): bwrap's arguments,
// then setpriv's when `uid` is given. Extra mounts: `binds` are (host path,
// sandbox path) pairs bound read-write after everything else (e.g. the gRPC
// socket). `seccomp_fd`: a descriptor the bwrap process inherits that holds
// seccomp_filter()'s program (-1: none); `info_fd`: one bwrap writes its
// JSON to (the pid of its process inside the sandbox; -1: none).
std::vector<std::string> sandboxed_command(const Support& sup, const SandboxSettings& s, const std::string& shell_command,
                                           std::optional<uid_t> uid,
                                           const std::vector<std::pair<std::string, std::string>>& binds,
                                           const std::string& dir = {}, int seccomp_fd = -1, int info_fd = -1);

// The seccomp filter of every isolated bot, as a classic BPF program (struct
// sock_filter records; libseccomp compiles it once per process). It refuses
// with EPERM what a bot never needs and what would let it reach past its
// sandbox or talk to another bot: new namespaces (unshare, setns, clone with
// namespace flags; clone3 answers ENOSYS so libc falls back to clone),
// mounts, ptrace and process_vm_*, keyctl, bpf, perf_event_open,
// userfaultfd, io_uring, module and kexec calls, handles by file id, and the
// channels through an inode two sandboxes share: record locks (fcntl's
// F_SETLK/F_GETLK/OFD kinds, flock), leases, dnotify and inotify/fanotify,
// which answer ENOLCK or EPERM. Other architectures' system calls kill the bot.
// Empty when libseccomp cannot build it (then `problem` says why).
const std::vector<char>& seccomp_filter(std::string* problem = nullptr);

// Whether the filter refuses ptrace. Not in an AddressSanitizer build: its bots
// are instrumented too, and LeakSanitizer attaches to the exiting bot's own
// threads with ptrace (refused, every bot's exit is a fatal sanitizer error).
// A sanitizer build tests the referee; it never runs a ladder.
#ifdef DTREF_ASAN
inline constexpr bool kSeccompRefusesPtrace = false;
#else
inline constexpr bool kSeccompRefusesPtrace = true;
#endif
// A sealed memory file holding seccomp_filter() at offset 0 (for bwrap's
// --seccomp); -1 when there is no filter.
int seccomp_memfd();

}  // namespace dtref
