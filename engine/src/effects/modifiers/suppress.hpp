// Combat suppression (docs/effects.md "Combat suppression"): a card played in a
// combat turns a class of effects off until the combat ends (AIR ASSAULT: no
// Warzone; COMMANDO RAID: no Fortification card). The card leaves a marker in
// Combat::mods (its source, no target), so the State needs nothing new and a
// combat without one pays a scan of its few modifiers.
#pragma once

#include "dt/state.hpp"

namespace dt::detail {

// Is `kind` (SuppressKind bits) off in the combat under way?
bool combat_suppressed(const State& s, uint8_t kind);

}  // namespace dt::detail
