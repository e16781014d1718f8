// In-process bot interface: a bot sees only its seat's observation and the
// legal options, exactly what an out-of-process bot receives.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "dt/game.hpp"
#include "dt/observation.hpp"

namespace dt {

class Bot {
 public:
  virtual ~Bot() = default;
  virtual std::string name() const = 0;
  // Returns an index into `options` (never empty).
  virtual size_t choose(const Observation& obs, const std::vector<Option>& options) = 0;
};

// Uniformly random among the legal options, from its own seeded generator.
std::unique_ptr<Bot> make_random_bot(uint64_t seed);

// A one-ply heuristic player that plays to win (bots/greedy_bot.cpp): it
// develops its force, attacks only where its estimate says it comes out ahead
// and plays combat modifiers only when they change the outcome.
std::unique_ptr<Bot> make_greedy_bot(uint64_t seed);

// "random", "greedy" -> a bot; nullptr for an unknown name.
std::unique_ptr<Bot> make_builtin_bot(const std::string& name, uint64_t seed);
std::vector<std::string> builtin_bot_names();

}  // namespace dt
