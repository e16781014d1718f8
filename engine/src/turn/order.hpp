// The turn order changed by cards (docs/effects.md "Turn order"; State::table, State::reversed):
// handler `swap_seats` (NOTHING IS SACRED: its player and the target player change places at the table),
// handler `reverse_turn_order` (CHANGE IN MOMENTUM: play turns round once the current turn is over, once a game;
// a copy whose effects never ran, cancelled, leaves the way open to another). seats_from and next_active_seat
// (turn/turn.cpp) read them, so every window, each-player choice and the observation's turn order follow.
#pragma once

#include "dt/state.hpp"

namespace dt::detail {

void swap_seats(State& s, int seat, int other);
void reverse_turn_order(State& s);
// May the handler's effect take place now (plays.cpp asks through effects_possible)?
bool seats_swappable(const State& s);
bool order_reversible(const State& s);

}  // namespace dt::detail
