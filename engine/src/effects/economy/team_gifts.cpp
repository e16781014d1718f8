// D given between team-mates: see team_gifts.hpp.
#include "effects/economy/team_gifts.hpp"

#include "dt/handlers.hpp"
#include "internal.hpp"

namespace dt::detail {

static std::vector<int8_t> mates_of(const State& s, int seat) {
  std::vector<int8_t> out;
  for (int p = 0; p < s.num_seats(); ++p)
    if (p != seat && !opponents(s, seat, p) && !s.seats[size_t(p)].eliminated &&
        s.seats[size_t(p)].pool_seat != s.seats[size_t(seat)].pool_seat)
      out.push_back(int8_t(p));
  return out;
}

void ask_team_d_gifts(State& s, int seat, CardId source) {
  for (uint8_t p : seats_from(s, seat)) {
    if (p != seat && (opponents(s, seat, p) || s.seats[size_t(p)].eliminated)) continue;
    std::vector<int8_t> mates = mates_of(s, p);
    if (mates.empty()) continue;
    ask_pick(s, source, kNoCard, seat, p, {}, -1);
    s.choices.back().seats = std::move(mates);
  }
}

bool is_team_gift_choice(const State& s, const PendingChoice& ch) {
  const CardDef& d = s.def(ch.source);
  return d.play && has_handler(d.play->effects, HandlerId::team_d_gifts);
}

void team_gift_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  const int have = destiny(s, ch.seat);
  if (ch.picks_left != 0 && have > 0) {
    if (ch.target_seat >= 0) {  // how many to the team-mate named
      for (int n = 1; n <= have; ++n) out.push_back(choose_answer(n));
    } else {
      for (int8_t p : ch.seats) {
        Option o{OptKind::Choose};
        o.seat = p;
        out.push_back(o);
      }
    }
  }
  out.push_back(choose_done());
}

void apply_team_gift(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, kNoCard, o.seat >= 0 ? kPickedSeat + o.seat : o.p});
  if (o.seat < 0 && o.p < 0) {  // done
    ch.picks_left = 0;
    return;
  }
  if (o.seat >= 0) {
    ch.target_seat = o.seat;
    return;
  }
  const int n = std::min<int>(o.p, destiny(s, ch.seat));
  destiny(s, ch.seat) -= n;
  destiny(s, ch.target_seat) += n;
  ch.target_seat = -1;
}

}  // namespace dt::detail
