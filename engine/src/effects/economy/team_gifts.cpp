// D given between team-mates: see team_gifts.hpp.
#include "effects/economy/team_gifts.hpp"

#include <algorithm>

#include "dt/designations.hpp"
#include "dt/handlers.hpp"
#include "internal.hpp"
#include "markers.hpp"

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

static bool trades_cards(const State& s, const PendingChoice& ch) {
  const CardDef& d = s.def(ch.source);
  return d.play && has_handler(d.play->effects, HandlerId::team_card_gifts);
}

bool is_team_gift_choice(const State& s, const PendingChoice& ch) {
  const CardDef& d = s.def(ch.source);
  return ch.fetch == 0 && d.play &&
         (has_handler(d.play->effects, HandlerId::team_d_gifts) || has_handler(d.play->effects, HandlerId::team_card_gifts));
}

// SUMMIT MEETING ----------------------------------------------------------

bool played_by_team(const State& s, int seat, CardId c) {
  const CardDef& d = s.def(c);
  if (!d.has_designation(desig::PlayedOncePerTeam)) return false;
  const int team = s.seats[size_t(seat)].team;
  return std::any_of(s.lasting.begin(), s.lasting.end(), [&](const LastingMod& m) {
    return m.lock == kTeamPlayed && m.times == team && s.def(m.source).name == d.name;
  });
}

static void skip_empty_handed(const State& s, PendingChoice& ch);

void ask_team_card_gifts(State& s, int seat, CardId source) {
  if (s.def(source).has_designation(desig::PlayedOncePerTeam)) {
    LastingMod m{source, kNoCard, {}, kNoTurnEnds};
    m.lock = kTeamPlayed;
    m.times = int16_t(s.seats[size_t(seat)].team);
    s.lasting.push_back(m);
  }
  std::vector<int8_t> members;
  for (uint8_t p : seats_from(s, seat))
    if (!opponents(s, seat, p) && !s.seats[size_t(p)].eliminated) members.push_back(int8_t(p));
  if (members.size() < 2) return;
  const int n = int(members.size());
  ask_pick(s, source, kNoCard, seat, seat, {}, n);  // picks_left: the passes in a row that end it
  s.choices.back().seats = std::move(members);
  skip_empty_handed(s, s.choices.back());
}

// The cards of the chooser's hand it may still offer: each card is offered once a meeting (the choice's
// candidates keep those offered), so that the trade ends.
static std::vector<CardId> offerable(const State& s, const PendingChoice& ch) {
  std::vector<CardId> out;
  for (CardId c : s.seats[ch.seat].hand)
    if (std::find(ch.candidates.begin(), ch.candidates.end(), c) == ch.candidates.end()) out.push_back(c);
  return out;
}

// The turn to offer goes to the next member round the meeting.
static void pass_turn_on(PendingChoice& ch) {
  const auto it = std::find(ch.seats.begin(), ch.seats.end(), int8_t(ch.seat));
  ch.seat = uint8_t(it == ch.seats.end() || it + 1 == ch.seats.end() ? ch.seats.front() : *(it + 1));
}

// The turn to offer passes on from a member with nothing left to offer, as a pass would.
static void skip_empty_handed(const State& s, PendingChoice& ch) {
  while (ch.picks_left > 0 && ch.target_seat < 0 && offerable(s, ch).empty()) {
    if (--ch.picks_left <= 0) return;
    pass_turn_on(ch);
  }
}

static void trade_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  const std::vector<CardId> cards = offerable(s, ch);
  if (ch.target_seat >= 0) {  // which card goes to the team-mate named
    for (CardId c : cards) out.push_back({OptKind::Choose, c});
  } else if (!cards.empty()) {
    for (int8_t p : ch.seats)
      if (p != ch.seat && !s.seats[size_t(p)].eliminated) {
        Option o{OptKind::Choose};
        o.seat = p;
        out.push_back(o);
      }
  }
  out.push_back(choose_done());
}

static void apply_trade(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, kNoCard, o.seat >= 0 ? kPickedSeat + o.seat : o.p});
  if (o.seat >= 0) {
    ch.target_seat = o.seat;
    return;
  }
  if (o.a == kNoCard) {  // done: the offer taken back, or this member passes
    if (ch.target_seat >= 0) {
      ch.target_seat = -1;
      return;
    }
    if (--ch.picks_left <= 0) return;  // every member passed in a row: over
    pass_turn_on(ch);
    skip_empty_handed(s, ch);
    return;
  }
  // A card offered: its team-mate answers first, told which card it is.
  const int from = ch.seat, to = ch.target_seat;
  const CardId source = ch.source;
  ch.target_seat = -1;
  ch.picks_left = int16_t(ch.seats.size());
  ch.candidates.push_back(o.a);
  emit(log, {EventKind::Effect, int8_t(to), source, o.a, int(Op::LookAtHand), from});
  ask_pick(s, source, o.a, from, to, {}, 1);
  s.choices.back().fetch = kTradeAnswer;
  s.choices.back().resume = Phase::Choice;
  std::rotate(s.choices.begin(), s.choices.end() - 1, s.choices.end());
}

bool is_trade_answer(const State&, const PendingChoice& ch) { return ch.fetch == kTradeAnswer; }

void trade_answer_options(const State&, const PendingChoice&, std::vector<Option>& out) {
  out.push_back(choose_answer(0));  // accepted
  out.push_back(choose_answer(1));  // refused
}

void apply_trade_answer(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, kNoCard, o.p});
  ch.picks_left = 0;
  const CardId c = ch.target;
  const int from = ch.by, to = ch.seat;
  std::vector<CardId>& hand = s.seats[size_t(from)].hand;
  const auto it = std::find(hand.begin(), hand.end(), c);
  if (o.p == 0 && it != hand.end()) {  // accepted
    hand.erase(it);
    CardInst& ci = s.card(c);
    ci.owner = ci.controller = uint8_t(to);  // its new holder's card for the rest of the game
    s.seats[size_t(to)].hand.push_back(c);
    emit(log, {EventKind::Effect, int8_t(from), ch.source, kNoCard, int(Op::Handler), to});
  }
  // The meeting goes on behind this answer: its offerer's turn, or the next member's when it has nothing left.
  if (s.choices.size() > 1 && is_team_gift_choice(s, s.choices[1])) skip_empty_handed(s, s.choices[1]);
}

// CURRENCY EXCHANGE ---------------------------------------------------------

void team_gift_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (trades_cards(s, ch)) return trade_options(s, ch, out);
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
  if (trades_cards(s, s.choices.front())) return apply_trade(s, o, log);
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
