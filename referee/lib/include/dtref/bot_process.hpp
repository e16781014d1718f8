// BotProcess: a bot program the referee launches and must clean up after,
// whatever transport then carries its messages (StdioLink, GrpcLink).
//
// Why it is built this way:
//  - The command runs through /bin/sh -c, so quoting, redirections and
//    `cd dir && ...` work as in a shell, in its own process group, so
//    kill_group_and_reap can kill everything the bot started (killpg). The
//    referee is made a child subreaper, so those grandchildren are re-parented
//    to it and reaped here rather than left as zombies.
//  - The exit is watched without reaping (waitid WNOWAIT): the zombie keeps its
//    pid, which is also the group id, reserved until killpg has been sent, so
//    the kill can never reach a stranger that reused the number. A pidfd lets
//    poll() loops wake up the moment the bot exits.
//  - The pipes are created here but served by the transport: blocking or not,
//    read by a poll() loop or a thread, is the transport's business.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace dtref {

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
  };
  // The referee's ends of the bot's pipes (-1 where there is none):
  // close-on-exec, blocking, owned by the caller from launch() on.
  struct Pipes {
    int in = -1, out = -1, err = -1;
  };

  BotProcess() = default;
  BotProcess(const BotProcess&) = delete;
  BotProcess& operator=(const BotProcess&) = delete;
  ~BotProcess();  // a bot still running is killed with its group and reaped

  // Starts the bot. Returns an error text if it could not even be started (a
  // missing program is not one: the shell starts and exits with code 127).
  std::optional<std::string> launch(const Launch& how, Pipes* ends);

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

  // Kills the bot's whole process group, reaps the bot (its exit detail is
  // kept if already known, else taken from this reaping) and then, for up to
  // two seconds, the group's re-parented grandchildren. Does nothing once reaped.
  void kill_group_and_reap();

 private:
  void close_pidfd();

  pid_t pid_ = -1;
  int pidfd_ = -1;
  bool exited_ = false, reaped_ = false;
  std::string exit_detail_;
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

  // Also appends everything from now on to `path` (empty: no file). A file
  // that cannot be opened or written is given up: it must not stop a match.
  void copy_to(const std::string& path);
  void append(const char* data, size_t n);
  std::string tail() const;  // the last `cap` bytes

 private:
  const size_t cap_;
  mutable std::mutex m_;
  std::string kept_;  // up to 2 * cap_, trimmed in bulk rather than on every append
  int file_ = -1;
};

}  // namespace dtref
