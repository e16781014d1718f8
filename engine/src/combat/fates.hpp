// Fates after a combat (docs/effects.md "Fates after a combat"): a modifier's
// `after_combat` kills or annihilates the combatant it holds for once the
// combat is over (SELF-DESTRUCT PROGRAMMING, SACRED TEAR, CRESCENTIAN MARTYR),
// its opponent's player earning its points as its `after_combat_points` say.
// Decided as the combat's hits stand (the modifier may need an opponent who is
// about to die), met after the combat.
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "events.hpp"

namespace dt::detail {

struct Fate {
  CardId warrior = kNoCard, opponent = kNoCard;
  uint8_t kind = 0, points = 0;  // StaticMod::after_combat, after_combat_points
  bool hit = false;              // its opponent wounded or killed it in the combat
};

// The fates of the attacker and the defender (a_hit, d_hit: each was hit).
std::vector<Fate> combat_fates(const State& s, bool a_hit, bool d_hit);
// The combat is over: each fate is met by a warrior still in play.
void meet_fates(State& s, const std::vector<Fate>& fates, Log log);

}  // namespace dt::detail
