// FULL_TURN triggers (Trigger.FULL_TURN, docs/effects.md "Full turns": SHORE LEAVE): a card in play as its player's
// turn begins is remembered (marker kInPlayFromTurnStart); when that turn ends with the card still in play, its
// trigger runs, an attachment's on its warrior (TARGET and USER). A card played during the turn waits for the next.
#pragma once

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// Turn start of `seat`: its cards with such a trigger are remembered (only a game holding one asks: famFullTurn).
void full_turns_begin(State& s, int seat);
// Turn end of `seat`: the remembered cards still in play run their trigger; the marks go.
void full_turns_end(State& s, int seat, Log log);

}  // namespace dt::detail
