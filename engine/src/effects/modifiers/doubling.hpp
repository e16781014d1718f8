#pragma once
// A card's effects doubled for a while (handler double_effects, marker kEffectsDoubled; fam2DoubledEffects):
// EXCRUTIATING POWER FLOW doubles one Dark Symmetry card of a warrior until its player's next turn begins.
// Doubled, a card's rating bonuses count twice (combat/standing.cpp) and its abilities' effects run twice
// (effects/abilities.cpp); what has no amount (a keyword, a ban) stays as it is.
#include "dt/state.hpp"

namespace dt::detail {

// `card` has its effects doubled by `source` (played by `seat`) until `seat`'s next turn begins.
void double_effects(State& s, int seat, CardId source, CardId card);
// How many times over `card`'s effects count now: 1, or 2 for each doubling on it. Asked only in games with
// fam2DoubledEffects.
int effects_factor(const State& s, CardId card);

}  // namespace dt::detail
