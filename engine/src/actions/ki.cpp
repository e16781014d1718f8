// gEngine "BESTOW KI POWER": one action gives a Ki Power to one of your
// Mishima warriors (cardtypes/ki.cpp says which); with the MISHIMA Alliance,
// at any time and for no action.
#include "internal.hpp"

namespace dt::detail {

void ki_options(const State& s, int seat, CardId c, bool in_window, std::vector<Option>& out) {
  if (s.def(c).type != CardType::Ki) return;
  for (CardId w : warriors_of(s, seat)) {
    if (s.card(w).hidden || !can_bestow_ki(s, c, w)) continue;
    if (in_window && !any_time_for(s, seat, PrivAction::BestowKi, w)) continue;
    out.push_back({OptKind::BestowKi, c, w});
  }
}

void apply_bestow_ki(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  const bool free = s.phase == Phase::Window || free_of_action(s, me, PrivAction::BestowKi, o.b);
  put_attached(s, o.a, o.b, me);
  emit(log, {EventKind::BestowKi, int8_t(me), o.a, o.b});
  end_standard_action(s, free);
  ask_attach_choice(s, me, o.a, o.b);  // WEAPON LINK: the weapon linked
}

}  // namespace dt::detail
