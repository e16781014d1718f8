// Alliance cards (gEngine "PROCLAIM ALLIANCE"; 1st ed additions and 2nd ed
// "ALLIANCES"; the Info cards): proclaimed at any time for no action, one per
// player, unique in play, lying before their player. Their modifiers reach the
// player's warriors (effects/modifiers/modifiers.cpp); their privileges let the player
// muster or bestow at any time, for no action. They leave play only through a
// card that says it removes Alliances (effects/ops.cpp, `alliance_removable`).
// Proclaiming is actions/alliance.cpp.
#include "internal.hpp"

namespace dt::detail {

CardId alliance_of(const State& s, int seat) {
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (s.def(c).type == CardType::Alliance) return c;
  return kNoCard;
}

bool identical_alliance_in_play(const State& s, CardId card) {
  const std::string& name = s.def(card).name;
  for (const SeatState& st : s.seats)
    for (CardId c : st.in_play)
      if (c != card && s.def(c).type == CardType::Alliance && s.def(c).name == name) return true;
  return false;
}

const Privilege* privilege_for(const State& s, int seat, PrivAction a, CardId w) {
  const CardId al = alliance_of(s, seat);
  if (al == kNoCard) return nullptr;
  for (const Privilege& p : s.def(al).privileges)
    if (p.action == a && filter_matches(s, p.who, w, seat)) return &p;
  return nullptr;
}

bool free_of_action(const State& s, int seat, PrivAction a, CardId w) {
  const Privilege* p = privilege_for(s, seat, a, w);
  return p && p->no_action;
}

bool any_time_for(const State& s, int seat, PrivAction a, CardId w) {
  const Privilege* p = privilege_for(s, seat, a, w);
  return p && p->any_time;
}

bool alliance_removable(const State& s, CardId c, const Effect& e) {
  return s.def(c).type != CardType::Alliance || e.designation == "ALLIANCE";
}

}  // namespace dt::detail
