// A wound dealt by a card rather than by a combat's hits (an effect's WOUND,
// area damage, a wound after combat): one rule for all of them.
#pragma once

#include "dt/state.hpp"

namespace dt::detail {

// Whether a card's wound kills `w`: it does when the warrior was wounded
// already or dies when wounded. Otherwise the warrior is now wounded, unless it
// heals at once (WOLFE IN THE HEAT). The caller settles a death (points or
// none) and checks first whether the warrior may be wounded at all.
bool wound_kills(State& s, CardId w);

// `w`, healthy, is wounded now, by a card or a hit. The combat under way
// remembers it (Combat::wounded_in_it: gEngine NARROW ESCAPE!).
void take_wound(State& s, CardId w);

}  // namespace dt::detail
