// HERETICs kept out of play (THE LIBER HERETICUS, designation NO HERETICS IN PLAY): while a card
// with it is in play, face up, no HERETIC is mustered, and every HERETIC warrior in play (one
// printed so, or made one by a card, a conversion or DARK VISITATION) is discarded, for no points:
// checked after every decision, so those in play as the card comes, and those made HERETICs later,
// go alike. Only a game holding such a card looks (famNoHeretics).
#pragma once

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// Is such a card in play?
bool heretics_barred(const State& s);
// Discards every HERETIC in play while such a card is (resume(), after every decision).
void discard_heretics(State& s, Log log);

}  // namespace dt::detail
