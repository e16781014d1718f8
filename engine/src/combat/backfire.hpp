// A weapon turned on its user (handler `backfire`, on a Shoot weapon in use: BACKFIRE): see backfire.cpp.
#pragma once

#include <vector>

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// May the effects be played on weapon w: with `backfire`, a weapon its warrior uses in the combat under way.
bool backfire_target_ok(const State& s, const std::vector<Effect>& fx, CardId w);
// The weapon's bonus and its add-ons' go to its user's combat opponent for the combat, and the weapon is discarded.
void backfire(State& s, CardId source, CardId weapon, Log log);

}  // namespace dt::detail
