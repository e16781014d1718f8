// gEngine DARK VISITATION: see visitation.cpp.
#pragma once

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// The most markers lying on a DARK VISITATION in play (0: none in play). One
// scan of State::lasting, nothing when it is empty: the affiliation and
// designation queries ask it first, so a game without the card pays nothing more.
int visitation_markers(const State& s);
// Handler `visitation_markers` (its play): the card, lying before its player, takes its 9 markers.
void put_visitation_markers(State& s, CardId card);
// Handler `visitation_countdown` (its YOUR_DRAW trigger): 3 markers go; with none left it is discarded.
void visitation_countdown(State& s, CardId card);

}  // namespace dt::detail
