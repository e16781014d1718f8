// Bots kept alive between matches: the "several_matches" feature
// (docs/protocol.md). A stdio bot that says it in `ready` is not shut down
// after its match_end; the worker that ran the match keeps its process, in its
// sandbox and cgroup, and its next match against the same opponents sends it
// a new hello instead of starting another process. What this buys is the
// start of every bot of every match (bubblewrap, setpriv, the shell, the
// bot's own start-up, a cgroup made and removed): docs/performance.md.
//
// Why it is built this way:
//  - One KeptBots per worker thread, never shared: the kept processes were
//    forked by that thread (PR_SET_PDEATHSIG follows the thread), and a worker
//    plays one match at a time, so no locks.
//  - A kept bot is found again by a key (keep_key, seat_sandbox.hpp): its
//    spec and settings, the opponents' files its sandbox hides and every
//    sandbox setting, so a process is only ever reused where a fresh start
//    would have built the same sandbox. Per-match logs (the transcript, the
//    stderr and wire logs) must lie in a directory every match of the key
//    hides; a match whose own files the kept sandbox would not hide starts
//    its bots afresh.
//  - A kept bot never plays two matches that share a deal (the same seed, as
//    duplicate deals do) or a deck draw (a deck pool's pair): what it saw in
//    one would tell it the other's hidden cards. The runner names a match's
//    deals (MatchSpec::keep_alive.deals); a bot that played one of them is
//    shut down rather than reused.
//  - Only the bots of the worker's previous match are kept: a match that does
//    not reuse one shuts it down (retire_idle), so a worker holds no more
//    processes than a match has seats.
//  - Any fault ends the process as before (the runner keeps only a seat whose
//    verdict is ok in a match that was not voided); what a kept bot does
//    between matches (exits, writes, hangs) is judged at the next match's
//    start, as a startup_failure of that match (StdioLink::between_matches_problem).
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "dtref/stdio_link.hpp"

namespace dtref {

// A kept bot's process and what it has played.
struct KeptBot {
  std::unique_ptr<StdioLink> link;
  std::set<uint64_t> deals;  // every deal (seed, deck draw) it has played
  int matches = 0;           // matches it has played
};

class KeptBots {
 public:
  KeptBots() = default;
  KeptBots(const KeptBots&) = delete;
  KeptBots& operator=(const KeptBots&) = delete;
  ~KeptBots();  // shuts down every kept bot (closes its stdin, waits `grace_ms`, kills its group)

  // A kept bot for `key` that has played none of `deals`, taken out of the
  // pool (the caller owns it now); a bot of that key that has played one of
  // them is shut down. Empty link when there is none.
  KeptBot take(const std::string& key, const std::vector<uint64_t>& deals);
  // Shuts down every kept bot not taken since the last keep(): the previous
  // match's bots that the coming match does not reuse.
  void retire_idle();
  // Keeps `bot` (its match_end sent) for the worker's next match, once it
  // has played `deals` too.
  void keep(const std::string& key, KeptBot bot, const std::vector<uint64_t>& deals);

  size_t size() const { return kept_.size(); }
  int64_t reused() const { return reused_; }  // seats that got a kept bot instead of a start
  int64_t grace_ms = 500;                     // a kept bot's time to leave once its stdin is closed

 private:
  std::vector<std::pair<std::string, KeptBot>> kept_;
  int64_t reused_ = 0;
};

}  // namespace dtref
