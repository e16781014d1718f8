// Fates after a combat (combat/fates.hpp). Only games holding such a card
// (famFates) decide any.
#include "combat/fates.hpp"

#include "internal.hpp"

namespace dt::detail {

std::vector<Fate> combat_fates(const State& s, bool a_hit, bool d_hit) {
  std::vector<Fate> out;
  const CardId pair[2] = {s.combat.attacker, s.combat.defender};
  const bool hit[2] = {a_hit, d_hit};
  for (int i = 0; i < 2; ++i) {
    const CardId w = pair[i];
    if (w == kNoCard || !is_warrior_in_play(s, w)) continue;
    Fate f{w, pair[1 - i], 0, 0, hit[i]};
    for_each_mod(s, w, [&](const StaticMod& m, CardId) {
      if (m.after_combat > f.kind) f.kind = m.after_combat, f.points = m.after_combat_points;  // a death before an annihilation
    }, ModWant::Fates);
    if (f.kind) out.push_back(f);
  }
  return out;
}

void meet_fates(State& s, const std::vector<Fate>& fates, Log log) {
  for (const Fate& f : fates) {
    if (!is_warrior_in_play(s, f.warrior)) continue;  // dead in the combat: its points were paid there
    const bool pays = f.points == 1 || (f.points == 2 && f.hit);
    const CardId killer = pays ? f.opponent : kNoCard;  // paid even if that opponent died in the combat
    const int seat = s.card(f.warrior).controller;
    if (killer != kNoCard) {
      award_kills(s, {Kill{f.warrior, killer, stats(s, f.warrior).v}}, false, log);  // as a kill in combat
    } else {
      emit(log, {EventKind::Effect, int8_t(seat), f.warrior, kNoCard, int(f.kind == 2 ? Op::Annihilate : Op::Kill), seat});
      if (f.kind == 2) annihilate_from_play(s, f.warrior);
      else discard_from_play(s, f.warrior);
      continue;
    }
    // Paid as a kill, but annihilated: out of the discard pile it went to.
    if (f.kind == 2 && s.card(f.warrior).zone == Zone::Discard) {
      take_out(s, f.warrior);
      put_into(s, f.warrior, Zone::Annihilated);
    }
  }
}

}  // namespace dt::detail
