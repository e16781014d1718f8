// check_bot: a compliance run for one bot (`dtref check-bot SPEC`), in the
// spirit of fastchess's --compliance. It starts the bot the way a match does
// (the preflight, preflight.hpp), then talks to it through its own link with
// messages chosen to reach the corners of the protocol that a normal match
// may never reach (a decision whose only option is pass, an error under the
// dev policy, a field the bot does not know), then plays a short real match.
// Each check passes or fails on its own, and a failure quotes the line that
// broke it.
#pragma once

#include <string>
#include <vector>

#include "dt/deck.hpp"
#include "dt/rules.hpp"
#include "dtref/match.hpp"

namespace dtref {

struct CheckBotOptions {
  dt::Rules rules;
  dt::Deck deck, opponent_deck;
  Clocks clocks;
  uint64_t seed = 1;
  int match_promotion_target = 10;  // the short match: first to this many P
  int match_turn_limit = 120;       // ... or this many turns
};

struct CheckResult {
  std::string name;     // ready, answer, pass-only, dev-error, unknown-field, match-end, short-match
  bool passed = false;
  bool skipped = false;  // does not apply to this kind of bot (the reason is in `detail`)
  std::string detail;    // what happened
  std::string offending; // the bot's line (or what it did) that broke the check
};

struct CheckBotReport {
  std::vector<CheckResult> checks;
  bool passed() const;
};

// Runs every check. Never throws for the bot's misbehaviour.
CheckBotReport check_bot(const BotSpec& bot, const CheckBotOptions& opt);

}  // namespace dtref
