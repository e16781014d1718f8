// BotProcess: a bot program the referee launches and must clean up after,
// whatever transport then carries its messages (StdioLink, GrpcLink).
//
// Why it is built this way:
//  - The command runs through /bin/sh -c, so quoting, redirections and
//    `cd dir && ...` work as in a shell, inside the sandbox of sandbox.hpp
//    (bubblewrap namespaces, an own uid, a cgroup, rlimits; as much as the
//    machine and the settings allow), in its own process group.
//  - Our own fork/exec rather than a process library: the child must join
//    its cgroup, set its rlimits, ask for PR_SET_PDEATHSIG (so a referee
//    that dies takes its bots with it) and drop privileges between fork and
//    exec, which needs control of exactly that window. Everything the child
//    needs (argv, envp, paths, descriptors) is prepared before fork, and the
//    child makes only system calls: the referee has threads, so anything that
//    could take a lock (malloc) is off limits there.
//  - The exit is watched without reaping (waitid WNOWAIT): the zombie keeps its
//    pid, which is also the group id, reserved until killpg has been sent, so
//    the kill can never reach a stranger that reused the number. A pidfd lets
//    poll() loops wake up the moment the bot exits. kill_group_and_reap then
//    kills the group, the cgroup's whole tree (or, sandboxed, the pid
//    namespace dies with its first process) and reaps; the referee is a
//    child subreaper, so unsandboxed grandchildren are reaped here too.
//  - The pipes are created here but served by the transport: blocking or not,
//    read by a poll() loop or a thread, is the transport's business.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "dtref/sandbox.hpp"

namespace dtref {

class BotCgroup;

class BotProcess {
 public:
  struct Launch {
    std::string command;                                   // run by /bin/sh -c
    std::vector<std::pair<std::string, std::string>> env;  // added to the referee's environment
    std::string dir;  // working directory; empty: the referee's
    // Run a simple command (no shell operators, no leading VAR=value) as
    // `exec <command>`, so the bot itself, not a shell, is the process
    // watched and the exit status is its own.
    bool exec_simple_command = false;
    bool stdin_pipe = true;         // false: the bot's stdin is /dev/null
    bool stderr_to_stdout = false;  // true: one pipe carries both
    SandboxSettings sandbox;        // isolation and limits (default: auto, default limits)
    // (host path, path inside) bound read-write into the sandbox, e.g. the
    // referee's gRPC socket; ignored without namespaces.
    std::vector<std::pair<std::string, std::string>> binds;
  };
  // The referee's ends of the bot's pipes (-1 where there is none):
  // close-on-exec, blocking, owned by the caller from launch() on.
  struct Pipes {
    int in = -1, out = -1, err = -1;
  };

  BotProcess();
  BotProcess(const BotProcess&) = delete;
  BotProcess& operator=(const BotProcess&) = delete;
  ~BotProcess();  // a bot still running is killed with its group and reaped

  // Starts the bot. Returns an error text if it could not even be started (a
  // missing program is not one: the shell starts and exits with code 127).
  std::optional<std::string> launch(const Launch& how, Pipes* ends);
  // True when the bot runs in bubblewrap's namespaces (what `binds` need).
  bool sandboxed() const { return sandboxed_; }

  bool launched() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }    // also its process group id
  int pidfd() const { return pidfd_; }  // readable once the bot exits; -1 if the kernel has none

  // Looks whether the bot has exited, without reaping it. True once it has,
  // and for a bot that was never launched.
  bool check_exited();
  // What check_exited or kill_group_and_reap last found (no new look).
  bool exited() const { return exited_; }
  // "exit code 3", "signal 9 (Killed)"; empty until the exit is known.
  const std::string& exit_detail() const { return exit_detail_; }
  bool reaped() const { return reaped_; }
  // The resource limit the bot ran into, e.g. "memory limit (1 GiB) exceeded:
  // the kernel killed a process", "CPU time limit (3600 s) exceeded"; "" if
  // none is known. What makes a fault a `resource` verdict.
  std::string limit_hit();

  // The CPU time (user + system, seconds) of the busiest single process of
  // the bot's tree as the referee sees it (the bot and what it started):
  // what RLIMIT_CPU, a per-process limit, is counted against. 0 when unknown.
  double busiest_process_cpu_seconds() const;
  const ResourceLimits& limits() const { return limits_; }

  // Kills the bot's whole process group, reaps the bot (its exit detail is
  // kept if already known, else taken from this reaping) and then, for up to
  // two seconds, the group's re-parented grandchildren. Does nothing once reaped.
  void kill_group_and_reap();

 private:
  void close_pidfd();

  pid_t pid_ = -1;
  int pidfd_ = -1;
  int info_fd_ = -1;  // bubblewrap's --info-fd (read end): names its process inside the sandbox
  // A pidfd of bubblewrap's process inside the sandbox, once it said which
  // (-1: none, or it is gone).
  int sandbox_inner_pidfd();
  bool exited_ = false, reaped_ = false;
  bool sandboxed_ = false;
  int end_signal_ = 0;  // the signal that ended the bot, 0 if none (or not known yet)
  std::string exit_detail_;
  ResourceLimits limits_;
  std::unique_ptr<BotCgroup> cgroup_;
  std::optional<UidLease> uid_;
  bool direct_uid_ = false;  // the own uid was set without namespaces: its processes are killed by uid
  std::string limit_hit_;    // kept from the cgroup before it is removed
};

// The last bytes a bot wrote to an output (stderr, or stdout and stderr
// together), capped, and optionally all of it appended to a file for the
// user. Safe to append from one thread while another reads the tail.
class OutputTail {
 public:
  explicit OutputTail(size_t cap) : cap_(cap) {}
  OutputTail(const OutputTail&) = delete;
  OutputTail& operator=(const OutputTail&) = delete;
  ~OutputTail();

  // Also appends everything from now on to `path` (empty: no file), created
  // owner-only, up to `max_bytes` (then a note says the rest was dropped: a
  // bot must not fill the disk). A file that cannot be opened or written is
  // given up: it must not stop a match.
  void copy_to(const std::string& path, size_t max_bytes = kDefaultLogBytes);
  static constexpr size_t kDefaultLogBytes = 16u << 20;
  void append(const char* data, size_t n);
  std::string tail() const;  // the last `cap` bytes
  void clear_tail();         // forgets the tail (a kept bot's next match starts a new one)

 private:
  const size_t cap_;
  mutable std::mutex m_;
  std::string kept_;  // up to 2 * cap_, trimmed in bulk rather than on every append
  int file_ = -1;
  size_t file_left_ = 0;  // bytes the file may still take
};

}  // namespace dtref
