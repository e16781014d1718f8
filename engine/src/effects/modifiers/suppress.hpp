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

// Combat play locks (docs/effects.md "Combat suppression"): the bits of cards.proto's SUPPRESS_SPECIALS
// and SUPPRESS_OTHERS_SPECIALS (the bit is the enum's value, as the loader reads it).
constexpr uint8_t suppressSpecials = 1u << 4;        // no more Special cards in this combat (CORNERED)
constexpr uint8_t suppressOthersSpecials = 1u << 5;  // none but from the locking card's player (THINK AGAIN)
// May `seat` play no more Special cards in the combat under way, by a lock a card put on it?
bool specials_locked(const State& s, int seat);

}  // namespace dt::detail
