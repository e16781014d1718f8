// Preflight: start a bot once, the way a match would start it, wait for its
// ready, shut it down, and say what happened. Tournaments and ladders run it
// for every bot before they write anything, so a spec typo or a bot that
// cannot start never reaches a results database; `dtref check-bot` builds on it.
#pragma once

#include <string>
#include <vector>

#include "dt/deck.hpp"
#include "dt/rules.hpp"
#include "dtref/match.hpp"

namespace dtref {

struct PreflightOptions {
  dt::Rules rules;
  dt::Deck deck;          // the deck the bot is told it plays (hello)
  Clocks clocks;          // the match's clocks; the bot's own (BotSpec::clocks) win
  Policy policy = Policy::Ladder;
};

struct PreflightReport {
  enum class Status {
    Ready,    // started and said ready
    Failed,   // could not be started, or did not say ready in its startup window
    Skipped,  // started elsewhere (grpc-remote): nothing to start from here
  };
  Status status = Status::Failed;
  std::string problem;  // why it failed, or why it was skipped
  // From its ready message:
  std::string ready_name, ready_version, ready_author;
  double startup_ms = 0;  // launch .. ready
  std::string stderr_tail;  // the last bytes it wrote to stderr

  bool ok() const { return status != Status::Failed; }
  std::string summary() const;  // one line: "ready as 'greedy' in 12 ms", "failed: ..."
};

// Starts `bot` once and shuts it down again. Never throws for a bot's
// misbehaviour; the report says what went wrong.
PreflightReport preflight_bot(const BotSpec& bot, const PreflightOptions& opt);

// Preflights every bot (in parallel: startup windows overlap) and returns the
// reports in order.
std::vector<PreflightReport> preflight_bots(const std::vector<BotSpec>& bots, const PreflightOptions& opt);

}  // namespace dtref
