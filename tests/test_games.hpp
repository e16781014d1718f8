// Game setups the engine tests share.
#pragma once

#include <cstdint>

#include "dt/deck.hpp"
#include "dt/game.hpp"
#include "dt/rules.hpp"

namespace dtref_test {

// A two-seat gEngine game: the corporate deck against the legion deck.
inline dt::GameConfig corporate_vs_legion(uint64_t seed) {
  dt::GameConfig cfg;
  cfg.rules = dt::preset_gengine();
  cfg.seed = seed;
  cfg.decks = {dt::builtin_deck("corporate").cards, dt::builtin_deck("legion").cards};
  return cfg;
}

}  // namespace dtref_test
