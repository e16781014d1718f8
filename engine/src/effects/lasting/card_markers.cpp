// Markers on a card (card_markers.hpp).
#include "effects/lasting/card_markers.hpp"

#include "dt/designations.hpp"

#include <algorithm>

#include "markers.hpp"
#include "internal.hpp"

namespace dt::detail {

static const LastingMod* record(const State& s, CardId card) {
  for (const LastingMod& m : s.lasting)
    if (m.lock == kCardMarkers && m.source == card) return &m;
  return nullptr;
}

int markers_on(const State& s, CardId card) {
  const LastingMod* m = record(s, card);
  return m ? m->count : 0;
}

void set_markers(State& s, CardId card, int n) {
  n = std::clamp(n, 0, 999);
  for (LastingMod& m : s.lasting)
    if (m.lock == kCardMarkers && m.source == card) {
      m.count = int16_t(n);
      return;
    }
  LastingMod m{card, card, {}, kNoTurnEnds, kNoCard, 0, kCardMarkers};
  m.count = int16_t(n);
  s.lasting.push_back(m);
}

void put_start_markers(State& s, CardId card) {
  const MarkerRules& r = s.def(card).markers;
  if (r.start > 0) set_markers(s, card, r.start);
}

void discard_if_spent(State& s, CardId card) {
  if (s.card(card).zone == Zone::InPlay && s.def(card).markers.discard_when_empty && markers_on(s, card) == 0)
    discard_from_play(s, card);
}

bool adds_markers(const std::vector<Effect>& effects) {
  return std::any_of(effects.begin(), effects.end(), [](const Effect& e) {
    return e.op == Op::PutMarkers && e.who == Who::ThisCard && e.amount > 0;
  });
}

bool unloaded(const State& s, CardId weapon) { return s.def(weapon).markers.loads && markers_on(s, weapon) == 0; }

std::vector<CardId> loaded_weapons_used(const State& s) {
  std::vector<CardId> out;
  for (CardId w : {s.combat.attacker, s.combat.defender}) {
    if (w == kNoCard || !is_warrior_in_play(s, w)) continue;
    bool any = false;  // most warriors carry none: the weapons used are worked out only for one that does
    for (CardId a : attachments_of(s, w)) any = any || s.def(a).markers.loads;
    if (!any) continue;
    for (CardId a : used_weapons(s, w))
      if (s.def(a).markers.loads) out.push_back(a);
  }
  return out;
}

void unload(State& s, const std::vector<CardId>& weapons) {
  for (CardId a : weapons) add_markers(s, a, -1);
}

void add_markers(State& s, CardId card, int n) {
  if (card == kNoCard || s.card(card).zone != Zone::InPlay) return;
  const int have = markers_on(s, card), cap = s.def(card).markers.cap;
  // Adding never goes past the cap (nor takes off what a card already held beyond it).
  set_markers(s, card, cap && n > 0 ? std::max(have, std::min(have + n, cap)) : have + n);
  discard_if_spent(s, card);
}

void count_heal(State& s, CardId w) {
  if (!(s.families & famHealCounter)) return;
  for (CardId a : attachments_of(s, w))
    if (s.def(a).markers.per_heal) add_markers(s, a, 1);
}

void discard_worn_out(State& s, Log log) {
  std::vector<CardId> gone;
  for (CardId a : s.attached) {
    if (s.card(a).zone != Zone::InPlay || !s.def(a).markers.per_heal) continue;
    const CardId w = bearer_of(s, a);
    if (w != kNoCard && is_warrior_in_play(s, w) && base_stats(s, w).a <= 0 &&
        has_ability(s, w, desig::DiscardedWithoutBaseArmor) && std::find(gone.begin(), gone.end(), w) == gone.end())
      gone.push_back(w);
  }
  for (CardId w : gone) {
    emit(log, {EventKind::Discard, int8_t(s.card(w).controller), w});
    discard_from_play(s, w);
  }
}

int spell_markers(const State& s, CardId w) {
  int d = 0;
  for (CardId a : attachments_of(s, w))
    if (s.def(a).markers.spell_fund) d += markers_on(s, a);
  return d;
}

int pay_from_spell_markers(State& s, CardId w, int price) {
  for (CardId a : attachments_of(s, w)) {
    if (price <= 0) break;
    if (!s.def(a).markers.spell_fund) continue;
    const int used = std::min(price, markers_on(s, a));
    if (used > 0) set_markers(s, a, markers_on(s, a) - used);
    price -= used;
  }
  return price;
}

constexpr int kMostBought = 99;  // a bound on the options listed, far past any D a game holds for them

void ask_marker_purchase(State& s, int seat, CardId card) {
  if (s.def(card).markers.buy_d <= 0) return;
  ask_pick(s, card, card, seat, seat, {}, 1);
  s.choices.back().fetch = kBuyMarkers;
}

bool is_marker_purchase(const State&, const PendingChoice& ch) { return ch.fetch == kBuyMarkers; }

void marker_purchase_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  const int price = s.def(ch.source).markers.buy_d;
  const int most = price > 0 ? std::min(kMostBought, destiny(s, ch.seat) / price) : 0;
  // Asked once the warrior's own price is paid; with no D for one marker there is nothing to ask
  // (a lone `choose done` ends the question at once).
  if (most == 0) return out.push_back(choose_done());
  for (int n = 0; n <= most; ++n) out.push_back(choose_answer(n));
}

void apply_marker_purchase(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, kNoCard, o.p});
  ch.picks_left = 0;
  const int n = std::max(0, int(o.p));
  if (n == 0 || s.card(ch.source).zone != Zone::InPlay) return;
  destiny(s, ch.seat) -= n * s.def(ch.source).markers.buy_d;
  set_markers(s, ch.source, n);
}

}  // namespace dt::detail
