// Cards protected from discards: see protection.hpp.
#include "effects/filters/protection.hpp"

#include "internal.hpp"

namespace dt::detail {

static bool protects(const State& s, CardId h, CardId c, bool annihilate) {
  const CardDef& d = s.def(h);
  if (!d.protects || h == c || s.card(h).zone != Zone::InPlay) return false;
  const ProtectSpec& p = *d.protects;
  if (annihilate && !p.annihilation) return false;
  if (p.reach == ProtectSpec::Reach::Host) return s.card(h).attached_to == c;
  // ITS_AREA: a card of its player's combat area (an attachment counts in its warrior's area).
  const int seat = s.card(h).controller;
  return s.card(c).controller == seat && s.card(c).area == s.card(h).area && filter_matches(s, p.filter, c, seat);
}

bool discard_protected(const State& s, CardId c, bool annihilate) {
  if (!(s.families & famProtects) || c == kNoCard || s.card(c).zone != Zone::InPlay) return false;
  for (CardId a : attachments_of(s, c))
    if (protects(s, a, c, annihilate)) return true;
  for (CardId h : s.attached)
    if (s.def(h).protects && protects(s, h, c, annihilate)) return true;
  for (const SeatState& st : s.seats)
    for (CardId h : st.in_play)
      if (s.def(h).protects && protects(s, h, c, annihilate)) return true;
  return false;
}

}  // namespace dt::detail
