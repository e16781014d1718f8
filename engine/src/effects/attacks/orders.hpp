// Attack orders (docs/effects.md, "Attack orders"): a card tells a player whom
// to attack, or tells a warrior that it must or must not attack, in that
// player's next turn (TELEPATHIC MESSAGE, CONTROL MIND). Each order is a
// LastingMod on the warrior it names, its `lock` the kind of order. It waits
// with the seat kOrderWaiting + the player until that player's next turn
// begins; it then holds, with the player's own seat, for that whole turn (so
// the start of the player's following turn ends it, as for any LastingMod).
#pragma once

#include <functional>
#include <vector>

#include "dt/game.hpp"
#include "dt/state.hpp"
#include "markers.hpp"

namespace dt::detail {

// Gives `seat` an order about warrior `w`, from its next turn on.
void give_order(State& s, CardId source, CardId w, int seat, uint8_t kind);
// The orders waiting for `seat` hold from now on (its turn is beginning).
void arm_orders(State& s, int seat);
// An order held now forbids this warrior to attack.
bool attack_forbidden(const State& s, CardId a);
// An attack from a to d was made: the orders it carries out are done.
void orders_met(State& s, int seat, CardId a, CardId d);
// The attacks the orders held by the current player demand, one order at a
// time: while such an attack is among the options, the Actions step does not
// end without it (as LANE CHUNG's boast). True when an order applied.
bool keep_orders(const State& s, std::vector<Option>& out);
// LANE CHUNG: a boast falls due, and holds the step as an order does. True
// when a boast applied.
bool keep_boast(const State& s, const std::vector<CardId>& mine, std::vector<Option>& out);
// The boast handler: `w` boasts now, for an attack in its player's next turn (once a turn).
void make_boast(State& s, CardId w);
// Any other duty to make an attack `demanded` picks out (EMPATHY's plan), held the same way.
bool keep_demanded(const State& s, std::vector<Option>& out, const std::function<bool(const Option&)>& demanded);

// GREATER TELEPATHY (gEngine): may `a` and `d` become the attacker and
// defender of the combat under way, whatever their affiliations allow?
bool new_combatants_ok(const State& s, CardId a, CardId d);
// A Choice's pick `x` for a card played on `target`: is it one its on_pick
// effects can act on (the new defender of make_combatants)?
bool pick_allowed(const State& s, const std::vector<Effect>& on_pick, CardId target, CardId x);

}  // namespace dt::detail
