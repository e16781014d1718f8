// gEngine LEGIONNAIRE OF SEMAI: a warrior with the designation "TOLL N D"
// makes each combat opponent its modifiers reach (`mod { scope: OPPONENT }`)
// choose, as the modification rounds open, between paying N D (its modifiers
// then do nothing to that opponent for the combat: the warrior goes into
// Combat::used) and suffering them. The choice is a PendingChoice whose source
// is the warrior: `choose a0` pays, `choose a1` suffers.
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "events.hpp"

namespace dt::detail {

// The toll's price in D, 0 if the card has none.
int toll_price(const State& s, CardId w);
// Has the opponent of this warrior paid its toll in the current combat?
bool toll_paid(const State& s, CardId w);
// EVIL EYE: ITS OPPONENTS DO NOT STRIKE granted to w only by cards whose tolls its opponent paid in this combat.
bool silence_paid_off(const State& s, CardId w);
// Queue the toll choices of the combat just started (combatants whose opponent
// its mods reach, and who can pay). Returns true if one was queued.
bool queue_tolls(State& s);
void toll_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_toll(State& s, const Option& o, Log log);

}  // namespace dt::detail
