// Cards played "immediately after" something happens to a warrior (BORN WITH A
// SILVER SPOON: a Doomtrooper just placed in a Squad; SWORN VENGEANCE: the
// killer of a Mishima warrior just killed in combat). What just happened is a
// marker in State::lasting on that warrior (its `lock` the kind, a seat no
// turn's start removes); the next window to close ends it, and the first such
// card played on it uses it up. A card says which marker its target needs by
// a designation.
#pragma once

#include "dt/state.hpp"
#include "markers.hpp"

namespace dt::detail {

void mark_just_happened(State& s, CardId source, CardId target, uint8_t kind);
// A window closes: what just happened is over.
void clear_just_happened(State& s);
// May `card` be played on `target` now (the marker its designation asks for is there)?
bool reaction_target_ok(const State& s, CardId card, CardId target);
// `card` was played on `target`: the marker it answered is used up.
void reaction_used(State& s, CardId card, CardId target);

}  // namespace dt::detail
