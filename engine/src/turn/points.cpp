// Points awards: whoever earns points splits them between P and D as they
// choose, one award at a time (gEngine "8) AWARD POINTS", "SABOTAGE"); D-only
// awards (own warriors, FREELANCERs) have one split and are paid at once.
#include "effects/economy/economy.hpp"
#include "internal.hpp"

namespace dt::detail {

void queue_award(State& s, int seat, int amount, bool destiny_only, CardId source) {
  if (amount <= 0) return;
  s.awards.push_back({uint8_t(seat), int16_t(amount), destiny_only, source});
}

// NEPHARITE HUNT, FURY OF THE CLANSMEN: one or the other, P or twice as many D.
void queue_award_p_or_d(State& s, int seat, int p, CardId source) {
  if (p <= 0) return;
  s.awards.push_back({uint8_t(seat), int16_t(p), false, source, int16_t(2 * p)});
}

// The splits a player may choose; one only for D-only awards and, in the
// Beginner's game (Rules::kill_points), all as P.
int lowest_p(const State& s, const PointsAward& aw) {
  return !aw.destiny_only && s.rules.kill_points == KillPoints::PromotionOnly ? aw.amount : 0;
}

void points_options(const State& s, std::vector<Option>& out) {
  const PointsAward& aw = s.awards.front();
  if (aw.or_d > 0) {
    Option o{OptKind::Points};
    o.p = aw.amount;
    out.push_back(o);
    o.p = 0;
    o.d = aw.or_d;
    out.push_back(o);
    return;
  }
  for (int p = aw.destiny_only ? 0 : aw.amount; p >= lowest_p(s, aw); --p) {
    Option o{OptKind::Points};
    o.p = int16_t(p);
    o.d = int16_t((aw.amount - p) * aw.d_times);  // HIGHER VALUE ON LIFE: the D doubled
    out.push_back(o);
  }
}

void apply_points(State& s, int p, int d, Log log) {
  PointsAward aw = s.awards.front();
  s.awards.erase(s.awards.begin());
  SeatState& st = s.seats[aw.seat];
  destiny(s, aw.seat) += d;
  p = p_kept_after_price(s, aw.seat, p);  // ADMINISTRATIVE CRACKDOWN: the D just earned may pay
  st.promotion += p;
  if (p > 0) {
    if (s.recent_p_seat != int(aw.seat)) s.recent_p_seat = int8_t(aw.seat), s.recent_p = 0;
    s.recent_p = int16_t(s.recent_p + p);
  }
  emit(log, {EventKind::Points, int8_t(aw.seat), aw.source, kNoCard, p, d});
  if (s.awards.empty()) open_response_window(s);
}

void apply_points_option(State& s, const Option& o, Log log) { apply_points(s, o.p, o.d, log); }

}  // namespace dt::detail
