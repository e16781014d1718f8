// In-process bot interface: a bot sees only its seat's observation and the
// legal options, exactly what an out-of-process bot receives.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "dt/determinize.hpp"
#include "dt/game.hpp"
#include "dt/observation.hpp"

namespace dt {

class Bot {
 public:
  virtual ~Bot() = default;
  virtual std::string name() const = 0;
  // Returns an index into `options` (never empty).
  virtual size_t choose(const Observation& obs, const std::vector<Option>& options) = 0;

  // In-process seats are handed the game itself, for bots that search
  // (bots/ismcts_bot.cpp). Such a bot keeps to what its seat has seen by
  // searching only states drawn with dt::determinize from its dt::Knowledge.
  // The default decides from the seat's observation, as over the wire.
  virtual size_t choose_in_game(const State& s, int seat, const std::vector<Option>& options) {
    return choose(observe(s, seat), options);
  }
  // The match's rules, before its first decision, for a bot that weighs a rule's
  // numbers (the greedy bot: what cover is worth). Out of process, the preset's.
  virtual void set_rules(const Rules&) {}
  // Called after every apply (any seat's) with what it logged and the state
  // after it, so a bot can keep its seat's dt::Knowledge.
  virtual void on_events(const State& after, const std::vector<Event>& events) {}
  // Out of process, a bot that asked for the protocol's "state" feature is
  // given the position as its seat knows it (dt/state_text.hpp), its unknown
  // cards filled in with guesses, and what the seat knows (`k`).
  virtual size_t choose_in_position(const State& s, const Knowledge& k, const std::vector<Option>& options) {
    return choose(observe(s, k.seat()), options);
  }
};

// Uniformly random among the legal options, from its own seeded generator.
std::unique_ptr<Bot> make_random_bot(uint64_t seed);

// A one-ply heuristic player that plays to win (bots/greedy_bot.cpp): it
// develops its force, attacks only where its estimate says it comes out ahead
// and plays combat modifiers only when they change the outcome.
std::unique_ptr<Bot> make_greedy_bot(uint64_t seed);

// Information-set Monte Carlo tree search over determinizations
// (bots/ismcts_bot.cpp). Settings after the name, comma-separated:
// "ismcts:ms=100" (time per decision, the default), "ismcts:iters=400"
// (iterations per decision instead: reproducible), "c=0.7" (exploration),
// "horizon=2" (turns a playout looks ahead before the position is scored).
struct IsmctsSettings {
  int ms = 100;
  int iters = 0;  // > 0: a fixed number of iterations instead of a time budget
  double c = 0.7;
  int horizon = 2;
  bool log = false;  // "log=1": one line a searched decision on stderr (its iterations)
};
std::unique_ptr<Bot> make_ismcts_bot(uint64_t seed, const IsmctsSettings& settings);
// "ms=50,c=1" -> settings (defaults for what is not given); nullopt when malformed.
std::optional<IsmctsSettings> parse_ismcts_settings(const std::string& text);

// "random", "greedy", "ismcts[:settings]" -> a bot; nullptr for an unknown
// name or malformed settings.
std::unique_ptr<Bot> make_builtin_bot(const std::string& name, uint64_t seed);
std::vector<std::string> builtin_bot_names();

}  // namespace dt
