// Missions (gEngine "ASSIGN MISSION"): assigned to a warrior or a player,
// never two copies on one; completed, and discarded, when their terms are met
// (their triggers are in triggers.cpp).
#include "internal.hpp"

namespace dt::detail {

static bool has_copy_of(const State& s, CardId source, const auto& cards) {
  for (CardId a : cards)
    if (s.card(a).def == s.card(source).def) return true;
  return false;
}

bool mission_copy_on_warrior(const State& s, CardId source, CardId w) {
  return s.def(source).type == CardType::Mission && has_copy_of(s, source, attachments_of(s, w));
}

bool mission_copy_on_player(const State& s, CardId source, int seat) {
  return s.def(source).type == CardType::Mission && has_copy_of(s, source, s.seats[size_t(seat)].in_play);
}

void complete_mission(State& s, CardId card) {
  if (s.def(card).type == CardType::Mission && s.card(card).zone == Zone::InPlay) discard_from_play(s, card);
}

}  // namespace dt::detail
