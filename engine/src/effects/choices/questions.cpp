// DISCERN TRUTH's questions about a hand: see questions.hpp.
#include "effects/choices/questions.hpp"

#include <algorithm>
#include <string_view>

#include "dt/questions.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

constexpr int kTypeQuestions = 12;   // a0..a11: a card of that dt::CardType
constexpr int kCountQuestions = 8;   // a12..a19: at least 1..8 cards
constexpr int kRefusalD = 5;

bool is_question_choice(const State& s, const PendingChoice& ch) {
  return ch.source != kNoCard && s.def(ch.source).has_designation(kAsksAboutHand);
}

// The names a question may ask about: cards the asker knows, face up in play
// or in its own hand or discard pile (discard piles are face down), one card
// for each name.
static std::vector<CardId> named_candidates(const State& s, int asker) {
  std::vector<CardId> out;
  std::vector<std::string_view> names;
  for (size_t i = 0; i < s.cards.size(); ++i) {
    const CardInst& ci = s.cards[i];
    const bool own = ci.owner == asker && (ci.zone == Zone::Hand || ci.zone == Zone::Discard);
    if (!((ci.zone == Zone::InPlay && !ci.hidden) || own)) continue;
    const std::string_view n = s.def(CardId(i)).name;
    if (std::find(names.begin(), names.end(), n) != names.end()) continue;
    names.push_back(n);
    out.push_back(CardId(i));
  }
  return out;
}

static bool truth(const State& s, int seat, int q, CardId named) {
  const std::vector<CardId>& hand = s.seats[size_t(seat)].hand;
  if (q < 0)
    return named != kNoCard &&
           std::any_of(hand.begin(), hand.end(), [&](CardId c) { return s.def(c).name == s.def(named).name; });
  if (q < kTypeQuestions)
    return std::any_of(hand.begin(), hand.end(), [&](CardId c) { return int(s.def(c).type) == q; });
  return int(hand.size()) >= q - kTypeQuestions + 1;
}

void question_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.seat != ch.by) {  // the opponent: answer, or refuse for 5 D
    out.push_back(choose_answer(0));
    if (destiny(s, ch.seat) >= kRefusalD) out.push_back(choose_answer(1));
    return;
  }
  if (ch.picks_left != 0 && ch.target_seat >= 0 && !s.seats[size_t(ch.target_seat)].eliminated) {
    for (int i = 0; i < kTypeQuestions + kCountQuestions; ++i) out.push_back(choose_answer(i));
    for (CardId c : named_candidates(s, ch.by)) out.push_back({OptKind::Choose, c});
  }
  out.push_back(choose_done());
}

static void answer(State& s, int asker, CardId source, int ts, int q, CardId named, bool refused, Log log) {
  const int y = refused ? kAnswerRefused : truth(s, ts, q, named) ? kAnswerYes : kAnswerNo;
  emit(log, {EventKind::Effect, int8_t(asker), source, named, kAnswerEvent + q, answer_y(y, ts)});
}

void apply_question(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, o.a, o.a != kNoCard ? -1 : o.p});
  ch.picks_left = ch.picks_left > 0 ? int16_t(ch.picks_left - 1) : ch.picks_left;
  const CardId source = ch.source;
  const int asker = ch.by, ts = ch.target_seat;
  if (ch.seat != ch.by) {  // an answer: the question waits in its marker
    ch.picks_left = 0;
    auto it = std::find_if(s.lasting.begin(), s.lasting.end(),
                           [&](const LastingMod& m) { return m.lock == kQuestionAsked && m.source == source; });
    if (it == s.lasting.end()) return;
    const int q = it->count;
    const CardId named = it->target;
    s.lasting.erase(it);
    const bool refused = o.p == 1 && destiny(s, ts) >= kRefusalD;
    if (refused) destiny(s, ts) -= kRefusalD;
    answer(s, asker, source, ts, q, named, refused, log);
    return;
  }
  if (o.a == kNoCard && o.p < 0) {  // no more questions
    ch.picks_left = 0;
    return;
  }
  const int q = o.a != kNoCard ? -1 : o.p;
  if (destiny(s, ts) < kRefusalD) {  // it cannot refuse: the engine answers at once
    answer(s, asker, source, ts, q, o.a, false, log);
    return;
  }
  LastingMod m{source, o.a, {}, kNoTurnEnds};
  m.lock = kQuestionAsked;
  m.count = int16_t(q);
  s.lasting.push_back(m);
  PendingChoice a;
  a.source = source;
  a.target = o.a;
  a.target_seat = int8_t(ts);
  a.by = uint8_t(asker);
  a.seat = uint8_t(ts);
  a.picks_left = 1;
  a.resume = ch.resume;  // it answers inside the decision the card interrupted
  s.choices.insert(s.choices.begin(), std::move(a));
}

}  // namespace dt::detail
