// A hand looked at at random, and the warriors so picked discarded: see hand_look.hpp.
#include "effects/choices/hand_look.hpp"

#include "dt/designations.hpp"
#include "effects/choices/answer.hpp"
#include "internal.hpp"

namespace dt::detail {

static CardId look_discarder(const State& s, int seat) {
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (s.card(c).zone == Zone::InPlay && !s.card(c).hidden && s.def(c).has_designation(desig::DiscardsTheWarriorsALookPicks))
      return c;
  return kNoCard;
}

void look_at_random(State& s, int seat, CardId source, int t, int n, Log log) {
  std::vector<CardId> hand = s.seats[size_t(t)].hand, seen;
  for (int i = 0; i < n && !hand.empty(); ++i) {
    const size_t k = s.rng.below(uint32_t(hand.size()));
    seen.push_back(hand[k]);
    hand.erase(hand.begin() + long(k));
  }
  for (CardId c : seen) emit(log, {EventKind::Effect, int8_t(seat), source, c, int(Op::LookAtHand), t});
  const CardId by = look_discarder(s, seat);
  if (by == kNoCard) return;
  std::vector<CardId> warriors;
  for (CardId c : seen)
    if (s.def(c).type == CardType::Warrior) warriors.push_back(c);
  if (warriors.empty()) return;
  PendingChoice ch;
  ch.source = by;
  ch.target_seat = int8_t(t);
  ch.by = ch.seat = uint8_t(seat);
  ch.picks_left = 1;
  ch.candidates = std::move(warriors);
  ch.fetch = kLookDiscard;
  s.choices.push_back(std::move(ch));
}

bool is_look_discard_choice(const State&, const PendingChoice& ch) { return ch.fetch == kLookDiscard; }

void look_discard_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left != 0 && ch.target_seat >= 0 && look_discarder(s, ch.seat) != kNoCard)
    for (CardId c : ch.candidates)
      if (s.card(c).zone == Zone::Hand && s.card(c).owner == ch.target_seat) {
        out.push_back(choose_answer(0));
        break;
      }
  out.push_back(choose_done());
}

void apply_look_discard(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, kNoCard, o.p});
  ch.picks_left = 0;
  if (o.p != 0) return;
  for (CardId c : ch.candidates) {
    if (s.card(c).zone != Zone::Hand || s.card(c).owner != ch.target_seat) continue;
    emit(log, {EventKind::Effect, int8_t(ch.seat), ch.source, c, int(Op::Discard), ch.target_seat});
    take_out(s, c);
    put_into(s, c, Zone::Discard);
  }
}

}  // namespace dt::detail
