// Markers on a card (card_markers.hpp).
#include "effects/lasting/card_markers.hpp"

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

void add_markers(State& s, CardId card, int n) {
  if (card == kNoCard || s.card(card).zone != Zone::InPlay) return;
  const int left = std::max(0, markers_on(s, card) + n);
  set_markers(s, card, left);
  if (left == 0 && s.def(card).markers.discard_when_empty) discard_from_play(s, card);
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

}  // namespace dt::detail
