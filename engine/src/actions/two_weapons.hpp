// USES TWO WEAPONS AS TWO ACTIONS (docs/effects.md "Two WEAPONS as two actions": WEAPONS EXPERT): as two actions its
// warrior either attacks once with two of its WEAPONS at once, both counting (`attack c12 c31 fight with c40 c41`,
// Option::p 5), or names two attacks, each with a WEAPON of its own (`attack c12 c31 fight with c40 then c33 shoot
// with c41`, Option::p 6; the second waits as any second attack). A WEAPON is named only for a combat of its own
// tactic. Marker kWeaponNamed: the WEAPONS its warrior uses in the combat (cardtypes/equipment.cpp used_weapons).
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "dt/state.hpp"

namespace dt::detail {

inline constexpr int16_t kTwoWeaponsAttack = 5;    // Option::p: one attack, WEAPONS d and n
inline constexpr int16_t kTwoWeaponsAttacks = 6;   // Option::p: two attacks, WEAPON d then WEAPON n

// Adds, for warrior a's plain attacks out[first..], its two-WEAPON attacks (two actions left).
void two_weapon_options(const State& s, CardId a, size_t first, std::vector<Option>& out);
// apply_attack: the WEAPONS named for the combat about to begin (and for the second attack, waiting).
void weapons_named(State& s, const Option& o);
// A second attack starts: its WEAPON (the waiting marker) is now the one used.
void second_weapon_named(State& s, CardId a);
// The WEAPONS named for w's current combat (empty: none named, the usual choice).
std::vector<CardId> named_weapons(const State& s, CardId w);
// The combat is over: its named WEAPONS are spent.
void named_weapons_over(State& s);

}  // namespace dt::detail
