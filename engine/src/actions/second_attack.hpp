// A second attack named with the first in one Tactical action (NIMROD
// AUTOCANNON, AQUABEAST, gEngine TIME DEATH; actions/attack.cpp).
#pragma once

#include "dt/state.hpp"
#include "events.hpp"
#include "../markers.hpp"

namespace dt::detail {

// Starts the current player's waiting second attack, if any (true: it did, or its
// void response window opened).
bool start_second_attack(State& s, Log log);

}  // namespace dt::detail
