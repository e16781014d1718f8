// Cards played "immediately after" something happens to a warrior (BORN WITH A
// SILVER SPOON: a Doomtrooper just placed in a Squad; SWORN VENGEANCE: the
// killer of a Mishima warrior just killed in combat). What just happened is a
// marker in State::lasting on that warrior (its `lock` the kind, a seat no
// turn's start removes); the next window to close ends it, and the first such
// card played on it uses it up. A card says which marker its target needs by
// a designation.
#pragma once

#include "dt/state.hpp"

namespace dt::detail {

enum : uint8_t {
  kJustPlacedInSquad = 6,  // target: the warrior placed in a Squad (a Muster)
  kJustKilledMishima = 7,  // target: the warrior that killed a Mishima warrior in combat; source: the victim
  kAboutToDie = 10,        // target: a warrior hit in combat, its death waiting (last_chance.hpp); source: the killer
  kAboutToBeWounded = 11,  // target: a warrior hit in combat, its new wound waiting; source: the one that hit it
  // A death by a card's effect, waiting for the next window to close (last_chance.hpp); source: the
  // warrior whose player earns its V (the victim itself: no points).
  kDyingOfWound = 14,  // a card's wound kills it
  kDyingOfKill = 15,   // a card kills it outright
};

void mark_just_happened(State& s, CardId source, CardId target, uint8_t kind);
// A window closes: what just happened is over.
void clear_just_happened(State& s);
// May `card` be played on `target` now (the marker its designation asks for is there)?
bool reaction_target_ok(const State& s, CardId card, CardId target);
// `card` was played on `target`: the marker it answered is used up.
void reaction_used(State& s, CardId card, CardId target);

}  // namespace dt::detail
