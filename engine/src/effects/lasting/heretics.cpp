// HERETICs kept out of play: see heretics.hpp.
#include "effects/lasting/heretics.hpp"

#include <vector>

#include "dt/designations.hpp"
#include "internal.hpp"

namespace dt::detail {

static CardId barring_card(const State& s) {
  if (!(s.families & famNoHeretics)) return kNoCard;
  for (const SeatState& st : s.seats)
    for (CardId c : st.in_play)
      if (s.def(c).has_designation(desig::NoHereticsInPlay) && s.card(c).zone == Zone::InPlay && !s.card(c).hidden)
        return c;
  for (CardId a : s.attached)
    if (s.def(a).has_designation(desig::NoHereticsInPlay) && s.card(a).zone == Zone::InPlay) return a;
  return kNoCard;
}

bool heretics_barred(const State& s) { return barring_card(s) != kNoCard; }

void discard_heretics(State& s, Log log) {
  const CardId by = barring_card(s);
  if (by == kNoCard) return;
  std::vector<CardId> gone;
  for (const SeatState& st : s.seats)
    for (CardId w : st.in_play)
      if (is_warrior_in_play(s, w) && !s.card(w).hidden && has_designation(s, w, desig::Heretic)) gone.push_back(w);
  for (CardId w : gone) {
    if (!is_warrior_in_play(s, w)) continue;
    emit(log, {EventKind::Effect, int8_t(s.card(by).controller), by, w, int(Op::Discard), -1});
    discard_from_play(s, w);
  }
}

}  // namespace dt::detail
