// COMMAND: a spell, cast as the caster's Tactical action, that forces an
// opponent's warrior (its target) to attack a warrior the caster picks (the
// card's Choice, on_pick handler `forced_attack`, or `forced_attack_printed`).
// The caster, who names both warriors, also names the tactic (gEngine
// "Combat": the one announcing the attack announces its tactic): a question
// `choose a0` (Fight) / `choose a1` (Shoot) among the tactics the pair can
// fight in. The combat starts at that answer (an attack action's combat
// follows its announcement), its attacking player the attacker's; a marker in
// its mods (the card, no target) says how it pays:
// - gEngine: a legal defender only; each warrior killed pays the caster twice
//   its V in D, and the kill earns no one points;
// - printed: any warrior (affiliations aside); points as usual, and an attacker
//   wounded or killed pays its own player twice its V in D, a defender so hurt
//   pays the caster its V in D.
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// Is `d` a COMMAND or CHARGE card (a forced attack, or one at once, in its choice's on_pick)?
bool forces_attack(const CardDef& d);
// May `seat` cast it now: its Tactical action (none used, not a first turn, no SHROUD)?
bool forced_attack_open(const State& s, int seat);
// May `a` be the forced attacker: an opponent's warrior able to attack?
bool forced_attacker_ok(const State& s, int seat, CardId card, CardId a);
// May `d` be its defender (a tactic for the pair; gEngine: a legal defender)?
bool forced_pair_ok(const State& s, CardId a, CardId d, bool printed);
// The `forced_attack` handlers: the tactic question, its candidate the defender.
void force_attack(State& s, int seat, CardId card, CardId defender, bool printed);
// CHARGE (handler `attack_at_once`): the card's target, a warrior of its player, attacks `defender` at once,
// leaving cover as it does; the tactic is asked as COMMAND's, and the combat pays as any attack's.
bool attack_at_once_ok(const State& s, CardId attacker, CardId defender);
void attack_at_once(State& s, int seat, CardId card, CardId defender);
bool is_forced_tactic_choice(const State& s, const PendingChoice& ch);
void forced_tactic_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_forced_tactic(State& s, const Option& o, Log log);
// gEngine: a kill in a forced combat pays the caster twice the victim's V in D.
// True when the kill then earns no points: its killer is the caster's (the text
// bars the caster alone from earning P; another killer is awarded as usual).
bool forced_kill_pays(State& s, CardId victim, CardId killer, int v, Log log);
// Printed: the hurt warriors of a forced combat pay D (before the combat is over).
void forced_hurt_pays(State& s, bool attacker_hurt, bool defender_hurt, int a_v, int d_v, Log log);

}  // namespace dt::detail
