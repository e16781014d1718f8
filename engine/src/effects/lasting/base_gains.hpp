// Lasting changes of base ratings (Effect LASTING_BONUS with `base`: SHORE LEAVE; SwapMuster.base_v: GRIZZLY BATTLE
// TANK; for one combat, COMBAT_BONUS with `base`): a kBaseGain (kCombatBaseGain) marker on the warrior for as long as it stays in play, read by base_stats before any modifier.
// The gain is packed in the marker's own record (F and S in `times`, A and V in `count`): its `bonus` would count
// as a modifier.
#pragma once

#include "dt/game.hpp"
#include "dt/state.hpp"

namespace dt::detail {

void add_base_gain(State& s, CardId source, CardId w, const StatBonus& gain);
// COMBAT_BONUS with `base` (OUR WILL IS BEYOND MEASURE): the same for the rest of the combat under way (kCombatBaseGain),
// and their end with it.
void add_combat_base_gain(State& s, CardId source, CardId w, const StatBonus& gain);
void combat_base_gains_over(State& s);
// The gains on w added to its base ratings (only a game holding such a card asks: famBaseGains).
void add_base_gains(const State& s, CardId w, Stats& st);

}  // namespace dt::detail
