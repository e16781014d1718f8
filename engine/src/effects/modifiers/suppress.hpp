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
constexpr uint8_t suppressOutsiders = 1u << 6;       // the combat is its combatants' players' alone (ENTITLEMENT)
constexpr uint8_t suppressOtherCards = 1u << 7;      // no card but the combatants' own and what they carry (CLUMSINESS)
// May `seat` play no more Special cards in the combat under way, by a lock a card put on it?
bool specials_locked(const State& s, int seat);
// ENTITLEMENT: is `seat` none of the combatants' players of a combat locked to them? Only games of more
// than two players have such a player.
bool outsider_locked(const State& s, int seat);
// PLAYED AS THE COMBAT OPENS (THINK AGAIN, ENTITLEMENT): the combat's modification rounds are open and
// nothing has been played or used in them yet.
bool combat_opening(const State& s);

}  // namespace dt::detail
