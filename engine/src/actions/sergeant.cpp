// gEngine "SERGEANTS": a player assigns a warrior group to one of its
// SERGEANTS at any time, even during combat, for no action; the assignment
// is permanent while it holds (cardtypes/sergeant.cpp).
#include <algorithm>

#include "combat/substitute.hpp"
#include "dt/designations.hpp"
#include "internal.hpp"

namespace dt::detail {

void assign_options(const State& s, int seat, std::vector<Option>& out) {
  guard_assign_options(s, seat, out);  // FURY ELITE GUARD (combat/substitute.hpp)
  // Asked at every window: most players have no SERGEANT in play.
  const auto& in_play = s.seats[size_t(seat)].in_play;
  if (std::none_of(in_play.begin(), in_play.end(), [&](CardId c) { return s.def(c).sergeant.has_value(); })) return;
  const std::vector<CardId> mine = own_warriors(s, seat);
  for (CardId sgt : mine) {
    const CardDef& sd = s.def(sgt);
    if (!sd.sergeant || s.card(sgt).hidden || assignment_holds(s, sgt)) continue;
    if (!(affiliations(s, sgt) & kCorporations)) continue;
    std::vector<std::string> groups;  // one option per card group, named by its first warrior
    for (CardId w : mine) {
      const CardDef& wd = s.def(w);
      if (w == sgt || s.card(w).hidden || wd.v >= sd.v) continue;  // printed V only
      if (has_designation(s, w, desig::Sergeant)) continue;  // never a SERGEANT to a SERGEANT
      if (!filter_matches(s, *sd.sergeant, w, seat)) continue;
      if (std::find(groups.begin(), groups.end(), wd.name) != groups.end()) continue;
      if (sergeant_of_group(s, seat, w) != kNoCard) continue;  // one SERGEANT per group
      groups.push_back(wd.name);
      out.push_back({OptKind::Assign, sgt, w});
    }
  }
}

void apply_assign(State& s, const Option& o, Log log) {
  if (is_guard_assignment(s, o)) return apply_guard_assign(s, o, log);
  const int me = deciding_seat(s);
  s.card(o.a).sergeant_group = int16_t(s.card(o.b).def);
  emit(log, {EventKind::Assign, int8_t(me), o.a, o.b});
  after_free_action(s);
}

}  // namespace dt::detail
