// SECRET MISSION: a mission of its player's hand carried out in secret. The
// card is played (any time in its player's turn, for no action) and asks at
// once (a choice, as REVELATION's: effects/choices/revelation.hpp) which mission of the
// hand to assign; the options are those missions' own assignments as the
// interrupted decision lists them (their price in actions paid as usual), or
// `choose done`. The mission assigned lies face down (CardInst::hidden: the
// other players see a card there, never which), SECRET MISSION face down on it
// (its owner's attachment). Its triggers work as any mission's; fulfilled, it
// is discarded face up with SECRET MISSION on it, the reward paid.
#pragma once

#include <vector>

#include "dt/designations.hpp"
#include "dt/game.hpp"
#include "dt/state.hpp"

namespace dt::detail {

inline constexpr DesigKey kConductsSecretly(desig::AssignsAMissionInSecret);

void queue_secret_mission(State& s, int seat, CardId source);
// A mission in hand and an action to assign it with, in the Actions step (its
// own target is checked by the choice that follows).
bool secret_possible(const State& s, int seat);
bool secret_choice(const State& s);
void secret_options(const State& s, std::vector<Option>& out);
// A mission's assignment picked from those options: ends the choice and brings
// the interrupted decision back (returns SECRET MISSION's card).
CardId secret_begin(State& s);
// The mission just assigned: face down, with SECRET MISSION face down on it.
void secret_placed(State& s, CardId source, CardId mission);

}  // namespace dt::detail
