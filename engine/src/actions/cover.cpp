// gEngine "SEEK COVER" and "EXIT COVER": a warrior in cover is face down,
// gains A, may not attack; one warrior must stay out in the open. Also the
// reveal of a face-down warrior, which pays for a 2nd ed Muster in Cover.
#include <algorithm>

#include "actions/cover_attack.hpp"
#include "dt/designations.hpp"
#include "internal.hpp"
#include "effects/triggers/reactions.hpp"
#include "effects/lasting/stun.hpp"
#include "effects/economy/economy.hpp"
#include "effects/lasting/shutdown.hpp"

namespace dt::detail {

// SHELL SHOCKED: a wounded warrior that STAYS IN COVER WHILE WOUNDED does not exit it until healed.
// TOTAL ECLIPSE: a warrior turned face down leaves cover only by being turned up (effects/lasting/shutdown.hpp).
bool kept_in_cover(const State& s, CardId w) {
  if (!s.card(w).cover) return false;
  if ((s.families & famTurnedDown) && is_shut_down(s, w)) return true;
  // Asked only of a wounded warrior in cover: no family bit needed to keep other games fast.
  return s.card(w).wounded && has_designation(s, w, desig::StaysInCoverWhileWounded);
}

// When all are covered, Exit Cover is the next available action (for those that may exit it).
bool forced_exit_cover(const State& s, const std::vector<CardId>& mine, std::vector<Option>& out) {
  const bool all_covered =
      !mine.empty() && std::all_of(mine.begin(), mine.end(), [&](CardId w) { return s.card(w).cover; });
  if (!all_covered) return false;
  const size_t first = out.size();
  for (CardId w : mine)
    if (!kept_in_cover(s, w)) out.push_back({OptKind::ExitCover, w});
  return out.size() > first;
}

// THADEUS'S PALLET: a face-up card in play that forbids every Seek Cover action.
static bool seek_cover_barred(const State& s) {
  if (!(s.families & famGlobalBans)) return false;
  for (const SeatState& st : s.seats)
    for (CardId c : st.in_play) {
      if (!s.card(c).hidden && s.def(c).has_designation(desig::NoSeekCover)) return true;
      if (carries_designated(s, c, desig::NoSeekCover)) return true;
    }
  return false;
}

void cover_options(const State& s, const std::vector<CardId>& mine, std::vector<Option>& out) {
  if (!s.rules.seek_cover) return;
  const bool barred = seek_cover_barred(s);
  int uncovered = 0;
  for (CardId w : mine) uncovered += !s.card(w).cover;
  for (CardId w : mine) {
    if (stunned(s, w)) continue;  // POWERFUL BLOW
    if (s.card(w).cover) {
      if (!kept_in_cover(s, w)) out.push_back({OptKind::ExitCover, w});
    }
    else if (!barred && uncovered >= 2 && !(keywords(s, w) & kwNoCover) &&
             (!inside_vehicle(s, w) || vehicle_takes_cover(s, w)))  // no cover in a VEHICLE (URBAN TACTICS aside)
      out.push_back({OptKind::SeekCover, w});
  }
}

void apply_seek_cover(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  s.card(o.a).cover = true;
  if (s.card(o.a).wounded && has_ability(s, o.a, desig::HealsInCover)) {  // KI SELF HEALING
    s.card(o.a).wounded = false;
    note_healed(s, o.a);  // SWITCHED LABELS may answer
  }
  --s.actions_left;
  emit(log, {EventKind::SeekCover, int8_t(me), o.a});
  open_response_window(s);
}

void apply_exit_cover(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  CardInst& w = s.card(o.a);
  w.cover = false;
  w.exited_cover_turn = int16_t(s.turn_number);
  --s.actions_left;
  emit(log, {EventKind::ExitCover, int8_t(me), o.a});
  reveal(s, o.a, log);
  open_response_window(s);
}

bool reveal(State& s, CardId w, Log log) {
  CardInst& wi = s.card(w);
  const bool was_hidden = wi.hidden;
  wi.hidden = false;
  if (was_hidden) emit(log, {EventKind::Reveal, int8_t(wi.controller), w});
  if (!wi.unpaid) return true;
  wi.unpaid = false;
  SeatState& st = s.seats[wi.controller];
  int& d = destiny(s, wi.controller);
  const int cost = muster_price(s, wi.controller, w);  // BARRACKS: half, mustered in cover too
  if (d >= cost) {
    d -= cost;
    return true;
  }
  // 2nd ed "MUSTER WARRIOR IN COVER": can't pay -> discarded, all D lost, the
  // rest comes out of P one for one.
  const int short_by = cost - d;
  d = 0;
  const int p_lost = std::min(st.promotion, short_by);
  st.promotion -= p_lost;
  emit(log, {EventKind::RevealPenalty, int8_t(wi.controller), w, kNoCard, short_by, p_lost});
  discard_from_play(s, w);
  return false;
}

}  // namespace dt::detail
