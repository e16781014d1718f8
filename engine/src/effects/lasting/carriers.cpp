// See carriers.hpp (docs/effects.md "Carriers").
#include "effects/lasting/carriers.hpp"

#include <algorithm>

#include "dt/designations.hpp"
#include "effects/lasting/stun.hpp"
#include "effects/triggers/last_chance.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

// A marker holds while carrier and warrior stay in play, in one area, under one player, the warrior out of cover:
// a warrior that moved away (a Transfer), changed hands or went into cover has left the carrier.
static bool holds_now(const State& s, const LastingMod& m) {
  if (m.source == kNoCard || m.target == kNoCard) return false;  // a position read from text may carry such a marker
  const CardInst& c = s.card(m.source);
  const CardInst& w = s.card(m.target);
  return c.zone == Zone::InPlay && is_warrior_in_play(s, m.target) && c.controller == w.controller &&
         c.area == w.area && !w.cover;
}

CardId carrier_of(const State& s, CardId w) {
  if (!(s.families & famCarriers) || w == kNoCard) return kNoCard;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kAboard && m.target == w && holds_now(s, m)) return m.source;
  return kNoCard;
}

std::vector<CardId> aboard(const State& s, CardId c) {
  std::vector<CardId> out;
  if (!(s.families & famCarriers)) return out;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kAboard && m.source == c && holds_now(s, m)) out.push_back(m.target);
  return out;
}

static bool is_carrier(const State& s, CardId c) {
  return s.def(c).holds && s.card(c).zone == Zone::InPlay && s.card(c).attached_to == kNoCard;
}

// May warrior w go aboard carrier c, which has a place left? Its player's, in its area, out of cover, not stunned (the
// move is the warrior's action), aboard nothing else, matching the carrier's filter. A VEHICLE takes no
// warrior already inside another (one at a time, 002 "ENTERING AND EXITING VEHICLES") and no BEAST (gEngine
// "BEASTS": it may not have VEHICLES).
static bool may_board(const State& s, CardId c, CardId w) {
  const CardInst& ci = s.card(c);
  const CardInst& wi = s.card(w);
  if (ci.controller != wi.controller || ci.area != wi.area || wi.cover || stunned(s, w)) return false;
  if (carrier_of(s, w) != kNoCard) return false;
  const HoldSpec& h = *s.def(c).holds;
  if (!filter_matches(s, h.filter, w, ci.controller)) return false;
  return !(s.def(c).has(kwVehicle) && (inside_vehicle(s, w) || has_designation(s, w, desig::Beast)));
}

// A warrior's marker, if any: it is aboard nothing now.
static void leave_carrier(State& s, CardId w) {
  std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kAboard && m.target == w; });
}

void carrier_options(const State& s, int seat, bool actions_step, std::vector<Option>& out) {
  if (!(s.families & famCarriers)) return;
  const bool paid = actions_step && s.actions_left > 0;
  for (CardId c : s.seats[size_t(seat)].in_play) {
    if (!is_carrier(s, c)) continue;
    const HoldSpec& h = *s.def(c).holds;
    const std::vector<CardId> riders = aboard(s, c);
    if (h.leave_free || paid)
      for (CardId w : riders)
        if (!stunned(s, w)) out.push_back({OptKind::ExitVehicle, w, c});
    if (!paid || (int(riders.size()) >= h.capacity && !h.swaps)) continue;  // swaps: one aboard makes way
    for (CardId w : s.seats[size_t(seat)].in_play)
      if (is_warrior_in_play(s, w) && may_board(s, c, w)) out.push_back({OptKind::EnterVehicle, w, c});
  }
}

void apply_carrier_move(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  const bool enter = o.kind == OptKind::EnterVehicle;
  // A marker left by a warrior that moved away goes as it boards again (put_aboard) or leaves.
  if (enter) {
    const std::vector<CardId> riders = aboard(s, o.b);
    if (int(riders.size()) >= s.def(o.b).holds->capacity && !riders.empty()) leave_carrier(s, riders.front());  // swaps
    put_aboard(s, o.a, o.b);
  } else {
    leave_carrier(s, o.a);
  }
  emit(log, {enter ? EventKind::EnterVehicle : EventKind::ExitVehicle, int8_t(me), o.a, o.b});
  end_standard_action(s, !enter && s.def(o.b).holds->leave_free);
}

bool like_aboard(const State& s, CardId c, CardId w) {
  const AffilMask mine = affiliations(s, w);
  for (CardId r : aboard(s, c))
    if (affiliations(s, r) & mine) return true;
  return false;
}

void carrier_lost(State& s, CardId c, const std::vector<CardId>& riders, CardId killer, Log log) {
  const bool kills = s.def(c).holds->lost == HoldSpec::Lost::Killed;
  for (CardId w : riders) {
    if (!is_warrior_in_play(s, w)) continue;
    if (!kills) {
      vehicle_lost(s, c, w, log);  // wounded, no points: as a VEHICLE lost with its warrior inside
      continue;
    }
    emit(log, {EventKind::VehicleLost, int8_t(s.card(w).controller), w, c});
    const CardId earner = killer != kNoCard && s.card(killer).controller != s.card(w).controller ? killer : kNoCard;
    effect_death(s, w, false, earner, log);
  }
}

}  // namespace dt::detail

namespace dt {
CardId carrier_carrying(const State& s, CardId w) { return detail::carrier_of(s, w); }
void put_aboard(State& s, CardId w, CardId c) {
  detail::leave_carrier(s, w);
  LastingMod m;
  m.source = c;
  m.target = w;
  m.seat = detail::kNoTurnEnds;
  m.lock = detail::kAboard;
  s.lasting.push_back(m);
}
}  // namespace dt

namespace dt::detail {

void board_on_build(State& s, CardId c) {
  if (!is_carrier(s, c) || !s.def(c).holds->boards_on_build) return;
  const int seat = s.card(c).controller;
  std::vector<CardId> can;
  for (CardId w : s.seats[size_t(seat)].in_play)
    if (is_warrior_in_play(s, w) && may_board(s, c, w)) can.push_back(w);
  if (can.empty()) return;
  ask_pick(s, c, kNoCard, seat, seat, std::move(can), 1);
  s.choices.back().fetch = kFetchBoardOnBuild;
}

bool is_board_choice(const State&, const PendingChoice& ch) { return ch.fetch == kFetchBoardOnBuild; }

void board_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left != 0 && is_carrier(s, ch.source))
    for (CardId w : ch.candidates)
      if (is_warrior_in_play(s, w) && may_board(s, ch.source, w)) out.push_back({OptKind::Choose, w});
  if (out.empty()) out.push_back(choose_done());
}

void apply_board_choice(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, o.a, -1});
  if (o.a != kNoCard) {
    put_aboard(s, o.a, ch.source);
    emit(log, {EventKind::EnterVehicle, int8_t(ch.seat), o.a, ch.source});
  }
  ch.picks_left = 0;
  ch.candidates.clear();
}

}  // namespace dt::detail
