// Pile searches one step cheaper (handler `cheaper_piles`: ESSENTIAL SUMMONS, played on a warrior casting an Art
// of Summoning spell): the card just played then takes a card of its player's discard pile for free, and one of
// its draw pile at what its discard pile would have cost. A marker kPilesCheaper on that card says so, gone as its
// choice is over; effects/choices/choices.cpp reads it as it prices each pick.
#pragma once

#include "dt/state.hpp"

namespace dt::detail {

// `source` makes `card`'s pile searches one step cheaper.
void cheapen_piles(State& s, CardId source, CardId card);
// Are they?
bool piles_cheaper(const State& s, CardId card);

}  // namespace dt::detail
