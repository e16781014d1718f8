// A second attack named with the first in one Tactical action (NIMROD
// AUTOCANNON, AQUABEAST, gEngine TIME DEATH; actions/attack.cpp).
#pragma once

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// The LastingMod that keeps the second attack until the first one's response
// window closes (source: the attacker, target: its defender) has one of these locks.
enum : uint8_t { kSecondAttackFight = 8, kSecondAttackShoot = 9 };
// Starts the current player's waiting second attack, if any (true: it did, or its
// void response window opened).
bool start_second_attack(State& s, Log log);

}  // namespace dt::detail
