// A warrior doing double duty (handler `stand_as_twin`; docs/effects.md "Twins"): a card enters its player's legal
// combat area as a second copy of a warrior in play (its CardInst::def becomes that warrior's, a kCopyOf marker
// keeping its own, as JOKER! does: effects/lasting/copies.hpp), and the two cards are one warrior:
// - the cards on either count for both (shared_attachments, zones.hpp: ratings, keywords, designations, weapons,
//   immunities), and an effect reaching one reaches the other (run_effects, mirrors_to_twin);
// - a wound or a heal of one is the other's, and when one leaves play the other follows it, killed with it when it
//   was killed: no points are paid for the second (sync_twins, at every step of play);
// - neither attacks the other (combat/announce.cpp).
// Each body stands in its own area: what an area gives (a Fortification, an aura) reaches the body standing there.
// A marker kTwin links the two (source the copy, target the warrior copied). Only a game holding such a card looks
// (fam2Twins).
#pragma once

#include "dt/cards.hpp"
#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// May `w` be doubled: a warrior in play, face up, not already one of a pair?
bool may_be_twinned(const State& s, CardId w);
// `card` (just played by `seat`) enters play as a second copy of warrior `model`.
void stand_as_twin(State& s, int seat, CardId card, CardId model, Log log);
// take_out(): `c` leaves play; its twin, if any, is to follow it (sync_twins). `died`: it was killed.
void twin_leaves_play(State& s, CardId c);
void twin_dies(State& s, CardId c);
// At every step of play: wounds and heals shared, a twin gone followed.
void sync_twins(State& s, Log log);
// Does an effect of `op` reaching one body reach its twin too? Not those sync_twins shares (wounds, kills, leaving
// play) nor those about where a card stands (cover, areas, control).
bool mirrors_to_twin(Op op);

}  // namespace dt::detail
