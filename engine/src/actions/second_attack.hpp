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
// SeveralAttacks.carries_mods (AG-17 PANZERKNACKER, fam2CarriedMods): the first combat is over with the second
// attack waiting; the combat modifiers played on its warrior are kept (marker kCarriedMod) into the second combat.
void carry_mods(State& s);
// The second combat is over (or was not made): what was carried ends.
void carried_mods_over(State& s);

}  // namespace dt::detail
