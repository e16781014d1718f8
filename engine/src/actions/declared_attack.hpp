// An attack action declared before its warriors are named (INVOKE PAIN,
// SUGGESTION, printed BLIND FURY: cards played in an attack action before its
// attacker and defender are announced). Only when some player could play such
// a card does the Actions step offer `declare-attack` in place of its attacks;
// otherwise the attacks are offered as always. Declaring opens a window (the
// other players, then the attacker); when it closes the attacker names the
// attack from the attacks then allowed (the Actions step offers nothing else),
// and if none is left the Tactical action is spent for nothing. The two stages
// are markers in State::lasting (no card, a seat no turn's start removes).
#pragma once

#include <vector>

#include "dt/designations.hpp"
#include "dt/game.hpp"
#include "dt/state.hpp"
#include "events.hpp"
#include "../markers.hpp"

namespace dt::detail {

// Designations of the cards of that window: played by anyone, or only by an
// opponent of the attacking player.
inline constexpr DesigKey kInDeclaredAttack(desig::InAnAttackBeforeWarriorsNamed);
inline constexpr DesigKey kInOpponentsDeclaredAttack(desig::InAnOpponentsAttackBeforeWarriorsNamed);
// SUGGESTION: its target is a warrior of the attacking player able to attack.
inline constexpr DesigKey kNamesTheAttacker(desig::NamesTheAttacker);

bool attack_declared(const State& s);  // the window is open
bool attack_naming(const State& s);    // the attacker is to name the attack
// May `seat` play or use card `d` now, as far as this window goes?
bool declared_attack_gate(const State& s, int seat, const CardDef& d);
// ... on target `t` (SUGGESTION names one of the attacking player's warriors that may attack)?
bool declared_attack_target_ok(const State& s, CardId card, CardId t);
// The Actions step's attacks: replaced by `declare-attack` when some player could
// answer the declaration. With no attack to offer, `declare-attack` is offered
// when the attacker itself could play such a card (printed BLIND FURY) and has
// a warrior free to attack.
void offer_declaration(const State& s, const std::vector<CardId>& mine, std::vector<Option>& out);
// The attacks the attacker may name now (the naming stage's only options).
void naming_options(const State& s, std::vector<Option>& out);
void apply_declare_attack(State& s, const Option& o, Log log);
// The window closed: on to naming, or the action is spent for nothing.
void close_declared_window(State& s, Log log);
// A Tactical attack action of `cost` actions is spent; returns the actions it gave up (TAKE AIM).
int pay_attack(State& s, int me, CardId attacker, int cost);
// An attack is named: the naming stage is over.
void attack_named(State& s);
// Printed BLIND FURY: cards DISCARDED AFTER THE COMBAT leave once that action's response window closes.
void discard_after_combat(State& s);

}  // namespace dt::detail
