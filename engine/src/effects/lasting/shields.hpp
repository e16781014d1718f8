// Shields a card raises over all of one player's warriors for a while
// (STRENGTH OF WILL): a LastingMod on the player (`player`, no target) whose
// `lock` says what it keeps off them; its `seat` is the player, so the start
// of that player's next turn ends it (turn.cpp), as for any LastingMod.
#pragma once

#include "dt/game.hpp"
#include "dt/state.hpp"
#include "markers.hpp"

namespace dt::detail {

// Is warrior w kept from `source` (a Dark Symmetry card) by its player's shield?
bool shielded_from_symmetry(const State& s, CardId w, CardId source);

}  // namespace dt::detail
