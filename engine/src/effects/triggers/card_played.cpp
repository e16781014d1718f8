// Plays from hand watched, hands capped: see card_played.hpp.
#include "effects/triggers/card_played.hpp"

#include <algorithm>

#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

// The player a card's CARD_PLAYED trigger watches: the one it lies before, or its warrior's controller.
static int watched_player(const State& s, CardId c) {
  if (s.card(c).attached_to != kNoCard) {
    const CardId w = bearer_of(s, c);
    return w != kNoCard ? s.card(w).controller : s.card(c).controller;
  }
  return s.card(c).controller;
}

void card_played_triggers(State& s, int seat, CardId card, Log log) {
  if (!(s.families & famCardPlayed)) return;
  std::vector<CardId> watchers;
  auto consider = [&](CardId c) {
    if (c == card || s.card(c).zone != Zone::InPlay || s.card(c).hidden) return;
    for (const Trigger& t : s.def(c).triggers)
      if (t.when == When::CardPlayed && watched_player(s, c) == seat) {
        watchers.push_back(c);
        return;
      }
  };
  for (const SeatState& st : s.seats)
    for (CardId c : st.in_play) consider(c);
  for (CardId a : s.attached) consider(a);
  for (CardId c : watchers) {
    const CardDef& d = s.def(c);
    for (size_t i = 0; i < d.triggers.size(); ++i) {
      const Trigger& t = d.triggers[i];
      if (t.when != When::CardPlayed) continue;
      if (t.optional) {  // MASK OF THE VESTALS: its player may take it, with the price
        if (destiny(s, seat) < t.cost_d || s.seats[size_t(seat)].promotion < t.cost_p) continue;
        ask_pick(s, c, c, seat, seat, {c}, 1);
        LastingMod m{c, c, {}, kNoTurnEnds};
        m.lock = kMayTrigger;
        m.count = int8_t(i);
        s.lasting.push_back(m);
        continue;
      }
      emit(log, {EventKind::Effect, int8_t(seat), c, kNoCard, 0, seat});
      run_effects(s, seat, c, c, {kNoCard, int8_t(seat)}, 0, t.effects, log, nullptr);
    }
  }
}

// The lowest cap a card lying before the player puts on its hand (0: none).
static CardId cap_card(const State& s, int seat) {
  CardId best = kNoCard;
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (s.card(c).attached_to == kNoCard && !s.card(c).hidden && s.def(c).hand_max > 0 &&
        (best == kNoCard || s.def(c).hand_max < s.def(best).hand_max))
      best = c;
  return best;
}

bool is_hand_cap_choice(const State& s, const PendingChoice& ch) {
  return ch.target == kNoCard && (s.def(ch.source).hand_max > 0 || s.def(ch.source).hand_bonus) && ch.seat == ch.by;
}

// PALADINE'S FAVOR: has a hand limit that a card raised fallen since it was last seen (fewer warriors, the card
// gone)? The card it fell through, or none. The limit is remembered as long as such a card was seen.
static CardId limit_fell(State& s, int seat, int now) {
  CardId raiser = kNoCard;
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (s.def(c).hand_bonus && !s.card(c).hidden) raiser = c;
  auto held = std::find_if(s.lasting.begin(), s.lasting.end(),
                           [&](const LastingMod& m) { return m.lock == kHandLimitHeld && m.player == seat; });
  if (held == s.lasting.end()) {
    if (raiser == kNoCard) return kNoCard;
    LastingMod m{raiser, kNoCard, {}, kNoTurnEnds};
    m.lock = kHandLimitHeld;
    m.player = int8_t(seat);
    m.count = int16_t(now);
    s.lasting.push_back(m);
    return kNoCard;
  }
  const bool fell = now < held->count;
  const CardId by = held->source;
  held->count = int16_t(now);
  if (raiser != kNoCard) held->source = raiser;
  return fell ? by : kNoCard;
}

void ask_hand_over_cap(State& s) {
  if (!(s.families & famCardPlayed)) return;
  for (const PendingChoice& ch : s.choices)
    if (is_hand_cap_choice(s, ch)) return;  // one question at a time
  for (int seat = 0; seat < s.num_seats(); ++seat) {
    const SeatState& st = s.seats[size_t(seat)];
    if (st.eliminated) continue;
    const int limit = hand_limit(s, seat);
    const CardId fell = limit_fell(s, seat, limit);
    const CardId c = fell != kNoCard ? fell : cap_card(s, seat);
    if (c == kNoCard) continue;
    const int over = int(st.hand.size()) - limit;
    if (over <= 0) continue;
    ask_pick(s, c, kNoCard, seat, seat, st.hand, over);
    return;
  }
}

void hand_cap_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left == 0) {
    out.push_back(choose_done());
    return;
  }
  for (CardId c : ch.candidates)
    if (s.card(c).zone == Zone::Hand && s.card(c).owner == ch.seat) out.push_back({OptKind::Choose, c});
  if (out.empty()) out.push_back(choose_done());
}

void apply_hand_cap(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, o.a, -1});
  if (o.a == kNoCard) {
    ch.picks_left = 0;
    return;
  }
  std::erase(ch.candidates, o.a);
  if (s.card(o.a).zone == Zone::Hand) {
    emit(log, {EventKind::Discard, int8_t(ch.seat), o.a});
    take_out(s, o.a);
    put_into(s, o.a, Zone::Discard);
  }
  if (ch.picks_left > 0) --ch.picks_left;
}

}  // namespace dt::detail
