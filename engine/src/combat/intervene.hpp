// Strikes into a combat (docs/effects.md "Strikes into a combat"; Effect STRIKE_INTO_COMBAT): a warrior outside the
// combat under way strikes one of its combatants, the one its player does not control (the attacker when it controls
// neither). Its F or S (the effect's `strike_with`, else the combat's tactic) against that warrior's A: a hit is a
// combat's blow (SLAYER, INVULNERABILITY, LIFEGUARD ARMOR count), a kill pays the striker's player as a combat kill.
// No strike back; the combat goes on if the struck warrior lives, and ends with it otherwise.
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "events.hpp"

namespace dt::detail {

// The combatant `striker` would strike, or kNoCard when it may not (no combat, itself a combatant, not in play).
CardId intervention_victim(const State& s, CardId striker);
// `striker` strikes into the combat; `with`: bit 0 F, bit 1 S, 0 the combat's tactic.
void strike_into_combat(State& s, CardId striker, uint8_t with, Log log);

// INFANTRY SNIPER: an ability of timing COMBAT_BEGINS whose target takes in the combat's attacker. As a combat
// begins (after the substitutes' question), each player in turn from the attacker's names which of its warriors use
// theirs (`choose c12` each, `choose done`); when several will, the player of the defender first named picks the
// order (`choose c12`, one after another), a warrior no longer able to strike (its target dead) being skipped.
inline constexpr uint8_t kInterveneQuestion = 65;  // PendingChoice::fetch: a player's warriors that will strike
inline constexpr uint8_t kInterveneOrder = 66;     // the order they strike in (source: the defender, target: the attacker)
void queue_interventions(State& s);
bool is_intervene_choice(const State& s, const PendingChoice& ch);
void intervene_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_intervene(State& s, const Option& o, Log log);

}  // namespace dt::detail
