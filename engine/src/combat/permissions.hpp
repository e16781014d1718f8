// Who may attack whom, as cards change it (docs/effects.md "Attack rules"): a
// StaticMod's AttackRule binds the warriors it reaches, as attackers or as the
// ones attacked. The rules in play are gathered once per decision; a game with
// none pays one look at an empty list per pair.
#pragma once

#include <vector>

#include "dt/game.hpp"

namespace dt::detail {

struct ActiveAttackRule {
  const StaticMod* mod = nullptr;  // the modifier carrying the rule (its scope says whom it binds)
  CardId source = kNoCard;         // the card in play it is on
};

// The attack rules of the cards in play: the memo's list within a QueryMemo,
// else worked out into `scratch`.
const std::vector<ActiveAttackRule>& attack_rules(const State& s, std::vector<ActiveAttackRule>& scratch);
void fill_attack_rules(const State& s, std::vector<ActiveAttackRule>& out);

// What the rules in play say of a attacking d.
struct AttackVerdict {
  uint8_t forbidden = 0;  // tactics it may not be made in: bit 0 Fight, bit 1 Shoot
  bool allowed = false;   // an ALLOW rule sets the affiliation limits aside
  int cost_d = 0, cost_p = 0, actions = 0;  // its price (PRICE rules, added up; actions: the most asked)
};
AttackVerdict judge_attack(const State& s, CardId a, CardId d);

// ONLY ... IF_ABLE rules binding attacker a: 0 when none does, 1 when d
// matches one of them, 2 when it matches none.
int only_if_able(const State& s, CardId a, CardId d);

// May the attacker's player pay the price now (besides the attack's own action)?
bool attack_price_affordable(const State& s, int seat, const AttackVerdict& v);

}  // namespace dt::detail
