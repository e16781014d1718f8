// gEngine "ENTER/EXIT VEHICLE" (002 "ENTERING AND EXITING VEHICLES"): each
// entry or exit is one action, as often as the player likes; a warrior in
// cover may not enter; a warrior considered a VEHICLE never leaves itself.
// A FREE VEHICLE MOVES warrior (DRAGOON) enters and exits for no action; an ESCAPE
// HATCH on the VEHICLE gives each warrior one free entry and one free exit a turn.
#include "dt/designations.hpp"
#include "internal.hpp"
#include "markers.hpp"
#include "effects/lasting/carriers.hpp"
#include "effects/warriors/merged.hpp"
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

// ESCAPE HATCH (FREE VEHICLE MOVE ONCE A TURN, on the VEHICLE): one entry and one exit for no action per warrior
// between two of its player's Draw steps, however many such cards the VEHICLE holds. Marks the move as it is taken.
static bool free_hatch_move(State& s, CardId w, CardId v, bool enter) {
  bool hatch = false;
  for (CardId a : attachments_of(s, v)) hatch = hatch || s.def(a).has_designation(desig::FreeVehicleMoveOnceATurn);
  if (!hatch) return false;
  const int16_t bit = enter ? 1 : 2;
  for (LastingMod& m : s.lasting)
    if (m.lock == kFreeVehicleMove && m.target == w) {
      if (m.count & bit) return false;
      m.count = int16_t(m.count | bit);
      return true;
    }
  LastingMod m;
  m.source = v;
  m.target = w;
  m.lock = kFreeVehicleMove;
  m.seat = uint8_t(s.card(w).controller);
  m.count = bit;
  s.lasting.push_back(m);
  return true;
}

void apply_vehicle_move(State& s, const Option& o, Log log) {
  if (is_merge_option(s, o)) {  // a warrior joining a group: `enter c12 c40` (effects/warriors/merged.hpp)
    apply_merge(s, o, log);
    return;
  }
  if (o.b != kNoCard) {  // a carrier named: `enter c12 c40` (effects/lasting/carriers.hpp)
    apply_carrier_move(s, o, log);
    return;
  }
  const int me = deciding_seat(s);
  const CardId v = vehicle_of(s, o.a);
  const bool enter = o.kind == OptKind::EnterVehicle;
  s.card(v).inside = enter;
  // DRAGOON (FREE VEHICLE MOVES): in its player's Actions step, for no action.
  if (!s.def(o.a).has_designation(desig::FreeVehicleMoves) && !free_hatch_move(s, o.a, v, enter)) --s.actions_left;
  emit(log, {enter ? EventKind::EnterVehicle : EventKind::ExitVehicle, int8_t(me), o.a, v});
  open_response_window(s);
}

}  // namespace dt::detail
