// A control group per launched bot: memory, process and CPU limits for the
// whole tree of processes the bot starts, counters that say which limit it
// hit, and a kill that reaches every process in the tree.
//
// Why it is built this way:
//  - A bot's cgroup is created under the referee's own cgroup (from
//    /proc/self/cgroup), so the referee never needs more than the cgroups it
//    already sits in, and whatever limits an operator put on the referee
//    also bound its bots.
//  - cgroup v2 is used when the referee's cgroup offers the memory and pids
//    controllers; otherwise the v1 hierarchies (memory, pids, cpu) that are
//    mounted and writable. Machines with neither get rlimits only (sandbox.hpp).
//  - Names carry the referee's pid and start time, and each referee removes
//    the empty cgroups of referees that are gone (killed before they could),
//    so leftovers neither pile up nor collide with a reused pid.
//  - The child joins before it execs (writing "0" to cgroup.procs opened by
//    the parent), so nothing the bot runs is ever outside it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "dtref/sandbox.hpp"

namespace dtref {

class BotCgroup {
 public:
  // The bot's cgroup with `limits` set, or nullptr with `why` when this
  // machine gives the referee no cgroup it can create.
  static std::unique_ptr<BotCgroup> create(const ResourceLimits& limits, std::string* why);
  ~BotCgroup();  // kills whatever is left in it and removes it
  BotCgroup(const BotCgroup&) = delete;
  BotCgroup& operator=(const BotCgroup&) = delete;

  // cgroup.procs of each hierarchy, opened write-only and close-on-exec: a
  // forked child writes "0" to each to move itself in before exec.
  const std::vector<int>& join_fds() const { return join_; }
  // The directories made for this bot, one per hierarchy.
  const std::vector<std::string>& dirs() const { return dirs_; }
  bool limits_memory() const { return !memory_dir_.empty(); }
  bool limits_processes() const { return !pids_dir_.empty(); }

  // SIGKILL to every process in the cgroup until it is empty (bounded wait).
  void kill_all();
  // The limit the bot ran into, e.g. "memory limit (1 GiB) exceeded: the kernel
  // killed a process", "process limit (128) reached"; "" if none.
  std::string limit_hit() const;

  // What this machine offers: "cgroup v1 (memory, pids, cpu)" or "" with `why`.
  static std::string support(std::string* why);

 private:
  BotCgroup() = default;
  bool v2_ = false;
  std::vector<std::string> dirs_;  // every directory made for this bot
  std::string memory_dir_, pids_dir_;
  std::vector<int> join_;
  ResourceLimits limits_;
};

}  // namespace dtref
