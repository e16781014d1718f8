// A card its warrior's attackers meet first: see first_encounter.hpp.
#include "combat/first_encounter.hpp"

#include <algorithm>

#include "actions/several_attacks.hpp"
#include "effects/lasting/carriers.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

CardId first_encounter_card(const State& s, CardId w, Tactic t) {
  if (w == kNoCard || !is_warrior_in_play(s, w)) return kNoCard;
  const int8_t want = int8_t(t);
  if (const CardId c = carrier_of(s, w); c != kNoCard && s.def(c).first_encounter == want) return c;  // behind it
  for (CardId a : attachments_of(s, w))  // given to it (printed)
    if (s.def(a).first_encounter == want) return a;
  return kNoCard;
}

bool first_encounter_begins(State& s) {
  const CardId A = s.combat.attacker, D = s.combat.defender;
  // The attack itself, its encounter over: nothing met again.
  const auto done = std::find_if(s.lasting.begin(), s.lasting.end(), [&](const LastingMod& m) {
    return m.lock == kFirstEncounter && m.target == A && m.other == D && m.count == 1;
  });
  if (done != s.lasting.end()) {
    s.lasting.erase(done);
    return false;
  }
  const CardId c = first_encounter_card(s, D, s.combat.tactic);
  if (c == kNoCard || s.card(c).controller != s.card(D).controller) return false;
  LastingMod m{c, A, {}, s.combat.attacking_seat};
  m.lock = kFirstEncounter;
  m.other = D;
  s.lasting.push_back(m);
  return true;
}

CardId in_first_encounter(const State& s) {
  if (!s.combat.active) return kNoCard;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kFirstEncounter && m.count == 0 && m.target == s.combat.attacker && m.other == s.combat.defender)
      return m.source;
  return kNoCard;
}

int first_encounter_rating(const State& s, CardId c) {
  const CardDef& d = s.def(c);
  int r = (s.combat.tactic == Tactic::Fight ? d.f : d.s).value_or(0);
  for (const CombatMod& m : s.combat.mods)  // the cards played on its warrior in the encounter
    if (m.target == s.combat.defender && m.immune == kNoCard) r += s.combat.tactic == Tactic::Fight ? m.bonus.f : m.bonus.s;
  return r;
}

bool first_encounter_over(State& s, Log log) {
  const auto it = std::find_if(s.lasting.begin(), s.lasting.end(), [&](const LastingMod& m) {
    return m.lock == kFirstEncounter && m.count == 0 && m.seat == s.current;
  });
  if (it == s.lasting.end()) return false;
  const CardId a = it->target, d = it->other, c = it->source;
  const Tactic t = Tactic(s.def(c).first_encounter);
  it->count = 1;
  const int me = s.current;
  if (!is_warrior_in_play(s, a) || !is_warrior_in_play(s, d) || s.card(a).controller != me || s.card(a).cover ||
      !can_take_part_in_combat(s, a) || !attack_allowed(s, a, d, t) || !defender_may_fight(s, d, t)) {
    std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kFirstEncounter && m.target == a; });
    return false;
  }
  emit(log, {EventKind::Attack, int8_t(me), a, d, int(t), 0});
  start_combat(s, a, d, t, me);
  if (s.families2 & fam2SeveralAttacks) combined_bonus_again(s, a);  // GRINDER's combined attacks: +F and S again
  return true;
}

}  // namespace dt::detail
