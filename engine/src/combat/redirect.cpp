// A combat turned on the combatant's own side: see redirect.hpp.
#include "combat/redirect.hpp"

#include <algorithm>

#include "effects/modifiers/suppress.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

void redirect_combat(State& s, CardId source, CardId striker, CardId victim, TurnedPoints points, int seat, Log log) {
  if (!s.combat.active || striker == kNoCard || victim == striker || !is_warrior_in_play(s, victim)) return;
  if (striker != s.combat.attacker && striker != s.combat.defender) return;
  // The striker attacks the warrior picked; the one it fought leaves the combat, and no Warzone is used: the
  // new defender chose none.
  s.combat.attacker = striker;
  s.combat.defender = victim;
  s.combat.warzone = kNoCard;
  emit(log, {EventKind::Effect, int8_t(s.card(striker).controller), source, victim, int(Op::RedirectCombat), -1});
  if (points == TurnedPoints::None && !combat_pays_nothing(s)) {
    LastingMod m{source, kNoCard, {}, kNoTurnEnds};
    m.lock = kNoPointsCombat;
    s.lasting.push_back(m);
  }
  if (points == TurnedPoints::ToCardsPlayer && seat >= 0) {  // the last card to turn it decides
    std::erase_if(s.lasting, [](const LastingMod& m) { return m.lock == kCombatPaysSeat; });
    LastingMod m{source, kNoCard, {}, kNoTurnEnds};
    m.lock = kCombatPaysSeat;
    m.player = int8_t(seat);
    s.lasting.push_back(m);
  }
}

bool redirect_pick_ok(const State& s, CardId striker, CardId victim) {
  return s.combat.active && victim != striker && is_warrior_in_play(s, victim) && !s.card(victim).hidden &&
         can_take_part_in_combat(s, victim) && defender_may_fight(s, victim, s.combat.tactic) &&
         (striker == s.combat.attacker || striker == s.combat.defender);
}

bool combat_pays_nothing(const State& s) {
  // Only while the combat is under way: one left without its end (a warrior gone meanwhile) leaves its marker
  // until the next combat starts.
  if (!(s.families & famCombatTurns) || !s.combat.active) return false;
  return std::any_of(s.lasting.begin(), s.lasting.end(), [](const LastingMod& m) { return m.lock == kNoPointsCombat; });
}

int combat_pays_seat(const State& s) {
  if (!(s.families & famCombatTurns) || !s.combat.active) return -1;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kCombatPaysSeat) return m.player;
  return -1;
}

bool other_cards_off(const State& s, CardId w) {
  return s.combat.active && (w == s.combat.attacker || w == s.combat.defender) && !s.combat.mods.empty() &&
         combat_suppressed(s, suppressOtherCards);
}

bool own_card(const State& s, CardId w, CardId src) {
  if (src == w || src == kNoCard) return src == w;
  for (CardId c = src; c != kNoCard; c = s.card(c).attached_to)  // a weapon's add-on is carried too
    if (s.card(c).attached_to == w) return true;
  return false;
}

void redirect_combat_over(State& s) {
  std::erase_if(s.lasting, [](const LastingMod& m) { return m.lock == kNoPointsCombat || m.lock == kCombatPaysSeat; });
}

}  // namespace dt::detail
