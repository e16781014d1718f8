// Diseases (BACTERIA GRENADE). A weapon DISCARDED AFTER ONE USE goes to its
// discard pile once a combat it was used in is resolved. Its disease then
// reaches the bearer's opponent if that opponent lives:
// - gEngine (DISEASES ITS SURVIVOR'S AREA): that warrior and every warrior of
//   its player's same combat area have -3 A until the END of the user's next
//   turn. A marker (kDiseaseWaiting) waits for that turn to begin, then
//   (kDiseaseEnding) is dropped as it ends; a second disease renews the first.
// - printed (DISEASES ITS SURVIVOR): the survivor is diseased (kDiseased, one
//   whatever the number of grenades); at each Draw step of its player that
//   player pays 3 D or the warrior takes a -1 V marker (kDiseaseMarker), and a
//   warrior down to V 0 is discarded.
// Every marker leaves play with its warrior (zones.cpp).
#include "dt/designations.hpp"
#include "effects/lasting/disease.hpp"

#include <algorithm>

#include "markers.hpp"
#include "internal.hpp"

namespace dt::detail {

constexpr int kDiseaseFee = 3;

std::vector<OneUse> one_use_weapons(const State& s) {
  std::vector<OneUse> out;
  for (CardId w : {s.combat.attacker, s.combat.defender}) {
    if (w == kNoCard || !is_warrior_in_play(s, w)) continue;
    bool any = false;  // the weapons in use are asked for only when one could count
    for (CardId e : attachments_of(s, w)) any = any || s.def(e).has_designation(desig::DiscardedAfterOneUse);
    if (!any) continue;
    for (CardId e : used_weapons(s, w))
      if (s.def(e).has_designation(desig::DiscardedAfterOneUse)) out.push_back({e, combat_opponent(s, w)});
  }
  return out;
}

static void disease_area(State& s, CardId grenade, CardId victim, Log log) {
  const int user = s.card(grenade).controller;
  const CardInst& vi = s.card(victim);
  std::vector<CardId> ws;
  for (CardId w : s.seats[vi.controller].in_play)
    if (is_warrior_in_play(s, w) && same_area(s, w, victim)) ws.push_back(w);
  for (CardId w : ws) {
    std::erase_if(s.lasting, [&](const LastingMod& m) {
      return m.target == w && (m.lock == kDiseaseWaiting || m.lock == kDiseaseEnding);
    });
    LastingMod m{grenade, w, StatBonus{0, 0, -3, 0}, kNoTurnEnds, kNoCard, 0, kDiseaseWaiting};
    m.player = int8_t(user);
    s.lasting.push_back(m);
    emit(log, {EventKind::Effect, int8_t(user), grenade, w, int(Op::Handler), -1});
  }
}

static void disease_one(State& s, CardId grenade, CardId victim, Log log) {
  if (marked(s, victim, kDiseased)) return;  // more grenades add nothing
  s.lasting.push_back({grenade, victim, {}, kNoTurnEnds, kNoCard, 0, kDiseased});
  emit(log, {EventKind::Effect, int8_t(s.card(grenade).controller), grenade, victim, int(Op::Handler), -1});
}

void after_one_use(State& s, const std::vector<OneUse>& weapons, Log log) {
  for (auto [g, opp] : weapons) {
    const CardDef& d = s.def(g);
    if (opp != kNoCard && is_warrior_in_play(s, opp)) {
      if (d.has_designation(desig::DiseasesItsSurvivorsArea)) disease_area(s, g, opp, log);
      else if (d.has_designation(desig::DiseasesItsSurvivor)) disease_one(s, g, opp, log);
    }
    if (s.card(g).zone == Zone::InPlay) discard_by_own_use(s, g);  // a one-use weapon: its use discards it
  }
}

void diseases_turn_start(State& s, int seat) {
  for (LastingMod& m : s.lasting)
    if (m.lock == kDiseaseWaiting && m.player == seat) m.lock = kDiseaseEnding;
}

void diseases_turn_end(State& s, int seat) {
  std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kDiseaseEnding && m.player == seat; });
}

static void add_marker(State& s, CardId grenade, CardId w) {
  s.lasting.push_back({grenade, w, StatBonus{0, 0, 0, -1}, kNoTurnEnds, kNoCard, 0, kDiseaseMarker});
  if (stats(s, w).v <= 0) discard_from_play(s, w);
}

void disease_draw_step(State& s, int seat, Log log) {
  std::vector<std::pair<CardId, CardId>> sick;  // (grenade, warrior)
  for (const LastingMod& m : s.lasting)
    if (m.lock == kDiseased && s.card(m.target).controller == seat) sick.push_back({m.source, m.target});
  for (auto [g, w] : sick) {
    if (!is_warrior_in_play(s, w)) continue;
    emit(log, {EventKind::Effect, int8_t(seat), g, w, int(Op::Handler), -1});
    if (destiny(s, seat) >= kDiseaseFee) ask_pick(s, g, w, seat, seat, {});
    else add_marker(s, g, w);  // nothing to choose
  }
}

bool is_disease_choice(const State& s, const PendingChoice& ch) {
  return ch.candidates.empty() && s.def(ch.source).has_designation(desig::DiseasesItsSurvivor) && marked(s, ch.target, kDiseased);
}

void disease_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left == 0) return;
  if (destiny(s, ch.seat) >= kDiseaseFee) out.push_back(choose_answer(0));
  out.push_back(choose_answer(1));
}

void apply_disease_choice(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, kNoCard, o.p});
  ch.picks_left = 0;
  if (!is_warrior_in_play(s, ch.target)) return;
  if (o.p == 0) destiny(s, ch.seat) -= kDiseaseFee;
  else add_marker(s, ch.source, ch.target);
}

}  // namespace dt::detail
