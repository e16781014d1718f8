// Strikes into a combat (combat/intervene.hpp).
#include "combat/intervene.hpp"

#include "effects/triggers/last_chance.hpp"
#include "internal.hpp"

namespace dt::detail {

CardId intervention_victim(const State& s, CardId striker) {
  const Combat& c = s.combat;
  if (!c.active || striker == kNoCard || !is_warrior_in_play(s, striker)) return kNoCard;
  if (striker == c.attacker || striker == c.defender) return kNoCard;
  if (!is_warrior_in_play(s, c.attacker) || !is_warrior_in_play(s, c.defender)) return kNoCard;
  const int seat = s.card(striker).controller;
  if (s.card(c.attacker).controller != seat) return c.attacker;
  if (s.card(c.defender).controller != seat) return c.defender;
  return kNoCard;  // both its player's: no one to strike
}

void strike_into_combat(State& s, CardId striker, uint8_t with, Log log) {
  const CardId victim = intervention_victim(s, striker);
  if (victim == kNoCard || !can_take_part_in_combat(s, striker)) return;
  const bool fight = with ? (with & 1) != 0 : s.combat.tactic == Tactic::Fight;
  const Stats mine = stats(s, striker), theirs = stats(s, victim);
  if ((fight ? mine.f : mine.s) < theirs.a) return;  // a miss
  if (combat_hit(s, victim, striker, log)) effect_death(s, victim, true, striker, log);  // the kill pays as a combat's
}

}  // namespace dt::detail
