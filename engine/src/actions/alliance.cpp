// gEngine "PROCLAIM ALLIANCE": an Alliance card is put into play before its
// player at any time, for no action; one per player, and none identical to
// one already in play (cardtypes/alliance.cpp has the card type's rules).
#include "internal.hpp"

namespace dt::detail {

void proclaim_options(const State& s, int seat, CardId c, std::vector<Option>& out) {
  const CardDef& d = s.def(c);
  if (d.type != CardType::Alliance) return;
  if (alliance_of(s, seat) != kNoCard || identical_alliance_in_play(s, c)) return;
  out.push_back({OptKind::Proclaim, c});
}

void apply_proclaim(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  take_out(s, o.a);
  put_into(s, o.a, Zone::InPlay, me);
  emit(log, {EventKind::Proclaim, int8_t(me), o.a});
  after_free_action(s);
}

}  // namespace dt::detail
