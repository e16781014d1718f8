// gEngine "ESTABLISH WARZONE" (2nd ed and 002 "WARZONES"): one action adds a
// Warzone to a combat area the card names; a player has one copy of each
// (Rules::warzone_one_copy_per_player; 002 allows any number).
#include "internal.hpp"

namespace dt::detail {

static bool copy_in_play(const State& s, int seat, CardId zone) {
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (s.card(c).def == s.card(zone).def) return true;
  return false;
}

void establish_options(const State& s, CardId c, std::vector<Option>& out) {
  const CardDef& d = s.def(c);
  if (d.type != CardType::Warzone || !s.rules.warzones) return;
  if (s.rules.warzone_one_copy_per_player && copy_in_play(s, s.current, c)) return;
  for (Area a : {Area::Squad, Area::Kohort, Area::Outpost}) {
    if (!(d.warzone_in & bit(a)) || (a == Area::Outpost && !s.rules.outposts)) continue;
    Option o{OptKind::Establish, c};
    o.to = a;
    out.push_back(o);
  }
}

void apply_establish(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  take_out(s, o.a);
  put_into(s, o.a, Zone::InPlay, me);
  s.card(o.a).area = o.to;
  --s.actions_left;
  emit(log, {EventKind::Establish, int8_t(me), o.a, kNoCard, int(o.to)});
  open_response_window(s);
}

}  // namespace dt::detail
