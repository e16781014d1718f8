// gEngine "ENTER/EXIT VEHICLE" (002 "ENTERING AND EXITING VEHICLES"): each
// entry or exit is one action, as often as the player likes; a warrior in
// cover may not enter; a warrior considered a VEHICLE never leaves itself.
// A FREE VEHICLE MOVES warrior (DRAGOON) enters and exits for no action.
#include "dt/designations.hpp"
#include "internal.hpp"
#include "effects/lasting/stun.hpp"

namespace dt::detail {

void vehicle_options(const State& s, const std::vector<CardId>& mine, std::vector<Option>& out) {
  if (!s.rules.vehicle_rules) return;
  for (CardId w : mine) {
    const CardId v = vehicle_of(s, w);
    if (v == kNoCard || stunned(s, w)) continue;  // entering or exiting is the warrior's action
    if (s.card(v).inside) out.push_back({OptKind::ExitVehicle, w});
    else if (!s.card(w).cover) out.push_back({OptKind::EnterVehicle, w});
  }
}

void apply_vehicle_move(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  const CardId v = vehicle_of(s, o.a);
  const bool enter = o.kind == OptKind::EnterVehicle;
  s.card(v).inside = enter;
  // DRAGOON (FREE VEHICLE MOVES): in its player's Actions step, for no action.
  if (!s.def(o.a).has_designation(desig::FreeVehicleMoves)) --s.actions_left;
  emit(log, {enter ? EventKind::EnterVehicle : EventKind::ExitVehicle, int8_t(me), o.a, v});
  open_response_window(s);
}

}  // namespace dt::detail
