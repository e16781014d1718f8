// Answers to a side reaching the promotion target: see victory.hpp.
#include "turn/victory.hpp"

#include <algorithm>

#include "dt/designations.hpp"
#include "effects/economy/ledger.hpp"
#include "effects/triggers/cancel.hpp"
#include "effects/triggers/undo.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

namespace {

bool answers_target(const CardDef& d) { return d.play && d.has_designation(desig::PlayedAsAPlayerReachesTheTarget); }

// The cards of `seat`'s hand that may answer now.
std::vector<CardId> answers_of(const State& s, int seat) {
  std::vector<CardId> out;
  for (CardId c : s.seats[size_t(seat)].hand)
    if (answers_target(s.def(c)) && !played_once_already(s, c) && destiny(s, seat) >= s.def(c).play->cost_d)
      out.push_back(c);
  return out;
}

// From position `from` on (seats in turn order, from the player after the current one): the next player of
// another side than `team` that holds an answer.
bool ask_next(State& s, int team, int p, std::vector<int8_t> seats) {
  while (!seats.empty()) {
    const int seat = seats.front();
    seats.erase(seats.begin());
    if (s.seats[size_t(seat)].eliminated) continue;
    std::vector<CardId> cards = answers_of(s, seat);
    if (cards.empty()) continue;
    PendingChoice ch;
    ch.source = cards.front();
    ch.by = uint8_t(seat);
    ch.seat = uint8_t(seat);
    ch.target_seat = int8_t(team);
    ch.picks_left = 1;
    ch.candidates = std::move(cards);
    ch.seats = std::move(seats);
    ch.fetch = kFetchTargetAnswer;
    ch.user = CardId(p);
    s.choices.insert(s.choices.begin(), std::move(ch));
    return true;
  }
  return false;
}

}  // namespace

bool ask_target_answers(State& s, int team, int p) {
  for (const PendingChoice& ch : s.choices)  // still asking, or an answer played waits (a card that may cancel it)
    if (ch.fetch == kFetchTargetAnswer || answers_target(s.def(ch.source))) return true;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kPlayerLedger && m.given == kLedgerTargetAsked && m.times == team && m.count == p) return false;
  std::vector<int8_t> seats;
  for (uint8_t x : seats_from(s, next_active_seat(s, s.current)))
    if (s.seats[x].team != team) seats.push_back(int8_t(x));
  LastingMod m{kNoCard, kNoCard, {}, kNoTurnEnds};
  m.lock = kPlayerLedger;
  m.given = kLedgerTargetAsked;
  m.times = int16_t(team);
  m.count = int16_t(std::min(p, 30000));
  if (!ask_next(s, team, p, std::move(seats))) return false;
  std::erase_if(s.lasting, [](const LastingMod& x) { return x.lock == kPlayerLedger && x.given == kLedgerTargetAsked; });
  s.lasting.push_back(m);
  return true;
}

bool is_target_answer_choice(const State&, const PendingChoice& ch) { return ch.fetch == kFetchTargetAnswer; }

void target_answer_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left != 0)
    for (CardId c : ch.candidates)
      if (s.card(c).zone == Zone::Hand && s.card(c).owner == ch.seat && !played_once_already(s, c) &&
          destiny(s, ch.seat) >= s.def(c).play->cost_d)
        out.push_back({OptKind::Choose, c});
  out.push_back(choose_done());
}

void apply_target_answer(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, o.a, -1});
  ch.picks_left = 0;
  if (o.a == kNoCard) return;  // let go: the next player is asked
  ch.seats.clear();            // answered: nobody else is asked
  const int seat = ch.seat;
  const CardId c = o.a;
  const CardDef& d = s.def(c);
  destiny(s, seat) -= d.play->cost_d;
  take_out(s, c);
  put_into(s, c, d.post_play == PostPlay::Annihilate ? Zone::Annihilated : Zone::Discard);
  emit(log, {EventKind::Play, int8_t(seat), c, kNoCard, -1});
  note_played_once(s, c);
  // Played as any card: the players holding a card that cancels it are asked first, its effects waiting (NEVER
  // CANCELLED keeps them off: effects/triggers/cancel.cpp).
  if (offer_cancel(s, seat, c, {}, 0, true, kNoCard)) return;
  const UndoRecorder record(s, c);
  run_effects(s, seat, c, kNoCard, {}, 0, d.play->effects, log, nullptr);
}

void target_answer_done(State& s, const PendingChoice& ch, Log) { ask_next(s, ch.target_seat, ch.user, ch.seats); }

void raise_target(State& s, int amount) {
  int best = 0;
  for (int i = 0; i < s.num_seats(); ++i) best = std::max(best, team_promotion(s, s.seats[size_t(i)].team));
  int& goal = s.rules.team_promotion_target > 0 ? s.rules.team_promotion_target : s.rules.promotion_target;
  goal = std::max(goal, best + amount);
}

bool played_once_already(const State& s, CardId c) {
  const CardDef& d = s.def(c);
  if (!d.has_designation(desig::PlayedOnceAGame)) return false;
  return std::any_of(s.lasting.begin(), s.lasting.end(), [&](const LastingMod& m) {
    return m.lock == kPlayerLedger && m.given == kLedgerPlayedOnce && s.def(m.source).name == d.name;
  });
}

void note_played_once(State& s, CardId c) {
  if (!s.def(c).has_designation(desig::PlayedOnceAGame) || played_once_already(s, c)) return;
  LastingMod m{c, kNoCard, {}, kNoTurnEnds};
  m.lock = kPlayerLedger;
  m.given = kLedgerPlayedOnce;
  s.lasting.push_back(m);
}

}  // namespace dt::detail
