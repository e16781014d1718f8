// Two warriors of one modified V, a coin deciding which is lost (handler `coin_duel`, on a Choice's pick:
// RUSSIAN ROULETTE). The card's target is one, the warrior picked the other; the loser is discarded with all
// it carries, as a DISCARD of the card would, and no one earns points.
#pragma once

#include <vector>

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// May x be picked against target t: another warrior in play of t's modified V? True for picks without the handler.
bool coin_duel_pick_ok(const State& s, const std::vector<Effect>& on_pick, CardId t, CardId x);
void coin_duel(State& s, int seat, CardId source, CardId picked, Log log);

}  // namespace dt::detail
