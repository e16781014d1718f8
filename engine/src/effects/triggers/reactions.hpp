// Cards played "immediately after" something happens to a warrior (BORN WITH A
// SILVER SPOON: a Doomtrooper just placed in a Squad; SWORN VENGEANCE: the
// killer of a Mishima warrior just killed in combat; COMMENDATION: a
// Doomtrooper that just killed a warrior of higher V; LIFE INSURANCE: your
// Doomtrooper just killed). What just happened is a marker in State::lasting
// on that warrior (its `lock` the kind, a seat no turn's start removes); the
// next window to close ends it, and the first such card played on it uses it
// up. A card says which marker its target needs by a designation, or, for a
// kill, by its Play.after_kill (docs/effects.md "After a kill"): a game
// holding such a card (famAfterKill) remembers every kill, the others none.
#pragma once

#include "dt/state.hpp"
#include "events.hpp"
#include "markers.hpp"

namespace dt::detail {

void mark_just_happened(State& s, CardId source, CardId target, uint8_t kind);
// A wounded warrior was just healed: marked (kJustHealed) while some player holds a card that answers a heal
// (PLAYED ON A WARRIOR JUST HEALED: SWITCHED LABELS), until the next window closes.
void note_healed(State& s, CardId w);
// A warrior was killed (by `killer`, or by a card's effect: kNoCard), its V then `victim_v`;
// called while it is still in play. Nothing in a game with no card answering kills.
void note_kill(State& s, CardId victim, CardId killer, int victim_v, bool in_combat);
// May a card with Play.after_kill be played on `target` (a kill it answers was just made)?
bool answered_kill(const State& s, CardId card, CardId target);
// The V at its death of `victim`, just killed (0 when it is not remembered).
int just_killed_v(const State& s, CardId victim);
// The warriors just killed (TARGET_JUST_KILLED).
void just_killed(const State& s, std::vector<CardId>& out);
// A window closes: what just happened is over.
void clear_just_happened(State& s);
// May `card` be played on `target` now (the marker its designation asks for is there)?
bool reaction_target_ok(const State& s, CardId card, CardId target);
// `card` was played on `target`: the marker it answered is used up.
void reaction_used(State& s, CardId card, CardId target, Log log);

}  // namespace dt::detail
