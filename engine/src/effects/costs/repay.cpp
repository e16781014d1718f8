// A price paid twice: see repay.hpp.
#include "effects/costs/repay.hpp"

#include <algorithm>

#include "dt/designations.hpp"
#include "effects/triggers/reactions.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

inline constexpr uint8_t kRepayQuestion = 72;  // PendingChoice::fetch: pay the D again, or lose the warrior

void note_paid_for(State& s, CardId w, int paid) {
  if (paid <= 0 || !(s.families & famPaidFor)) return;  // no such card in the game
  for (const SeatState& st : s.seats)
    for (CardId c : st.hand)
      if (s.def(c).has_designation(desig::PlayedOnAWarriorJustPaidFor)) {
        mark_just_happened(s, w, w, kJustPaidFor);
        s.lasting.back().count = int16_t(std::min(paid, 32767));
        return;
      }
}

static int paid_for(const State& s, CardId w) {
  for (const LastingMod& m : s.lasting)
    if (m.lock == kJustPaidFor && m.target == w) return m.count;
  return 0;
}

void repay_or_discard(State& s, CardId source, CardId w, Log log) {
  if (!is_warrior_in_play(s, w)) return;
  const int seat = s.card(w).controller;
  if (destiny(s, seat) < paid_for(s, w)) {  // too little D: nothing to ask
    emit(log, {EventKind::Discard, int8_t(seat), w});
    discard_from_play(s, w);
    return;
  }
  ask_pick(s, source, w, seat, seat, {}, 1);
  s.choices.back().fetch = kRepayQuestion;
  emit(log, {EventKind::Effect, int8_t(seat), source, w, int(Op::Handler), paid_for(s, w)});
}

bool is_repay_choice(const State&, const PendingChoice& ch) { return ch.fetch == kRepayQuestion; }

void repay_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  // The D paid is read from the marker, which lasts until the window the card was played in closes.
  if (ch.picks_left != 0 && is_warrior_in_play(s, ch.target) && destiny(s, ch.seat) >= paid_for(s, ch.target))
    out.push_back(choose_answer(0));
  out.push_back(choose_done());
}

void apply_repay(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, ch.target, o.p});
  ch.picks_left = 0;
  if (!is_warrior_in_play(s, ch.target)) return;
  const int price = paid_for(s, ch.target);
  if (o.p == 0 && destiny(s, ch.seat) >= price) {
    destiny(s, ch.seat) -= price;
    return;
  }
  emit(log, {EventKind::Discard, int8_t(ch.seat), ch.target});
  discard_from_play(s, ch.target);
}

}  // namespace dt::detail
