// SERGEANTS (gEngine "SERGEANTS"; 1st ed additions "SERGEANTS"): a SERGEANT
// whose card lets a group be assigned to it takes one warrior card group (a
// card name: the SEA LIONS) whose printed V is lower than its own, never
// another SERGEANT, at any time and for no action (actions/sergeant.cpp). A
// group has one SERGEANT at most; the assignment holds while both are in play,
// and breaks when the SERGEANT loses its Corporate affiliation or the group
// its last member that the SERGEANT may lead. Then either may be assigned anew.
#include "internal.hpp"

namespace dt::detail {

// A warrior that belongs to the group and may be led by the sergeant.
static bool leads(const State& s, CardId sgt, CardId w) {
  const CardInst& si = s.card(sgt);
  return w != sgt && is_warrior_in_play(s, w) && s.card(w).controller == si.controller &&
         s.def(w).name == (*s.db)[uint16_t(si.sergeant_group)].name &&
         filter_matches(s, *s.def(sgt).sergeant, w, si.controller);
}

bool assignment_holds(const State& s, CardId sgt) {
  const CardInst& si = s.card(sgt);
  if (si.sergeant_group < 0 || !is_warrior_in_play(s, sgt) || !s.def(sgt).sergeant) return false;
  if (!(affiliations(s, sgt) & kCorporations)) return false;
  for (CardId w : s.seats[si.controller].in_play)
    if (leads(s, sgt, w)) return true;
  return false;
}

bool in_sergeant_group(const State& s, CardId sgt, CardId w) {
  return assignment_holds(s, sgt) && leads(s, sgt, w);
}

CardId sergeant_of_group(const State& s, int seat, CardId w) {
  for (CardId x : s.seats[size_t(seat)].in_play)
    if (x != w && s.card(x).sergeant_group >= 0 && assignment_holds(s, x) &&
        (*s.db)[uint16_t(s.card(x).sergeant_group)].name == s.def(w).name)
      return x;
  return kNoCard;
}

void refresh_sergeants(State& s) {
  for (SeatState& st : s.seats)
    for (CardId c : st.in_play)
      if (s.card(c).sergeant_group >= 0 && !assignment_holds(s, c)) s.card(c).sergeant_group = -1;
}

}  // namespace dt::detail
