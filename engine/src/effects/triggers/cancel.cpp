// Cancelling a Special card just played: see cancel.hpp.
#include "dt/designations.hpp"
#include "effects/triggers/cancel.hpp"

#include <algorithm>

#include "effects/filters/waiver.hpp"
#include "effects/triggers/undo.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

// Card::answers: does card `a` answer `card`, just played on `target`, at a price its player can pay?
static bool answer_fits(const State& s, CardId a, int seat, CardId card, CardId target) {
  const AnswerSpec& x = *s.def(a).answers;
  if (x.card_types && !(x.card_types & (1u << unsigned(s.def(card).type)))) return false;
  if (destiny(s, seat) < x.cost_d) return false;
  if (x.on_bearer) {  // KANJI'S LUCKY SENSE: played directly on its warrior or one of its attachments
    const CardId w = home_of(s, a);
    if (target == kNoCard || w == kNoCard || (target != w && s.card(target).attached_to != w)) return false;
  }
  return true;
}

// What may answer `card` (just played on `target`) for `seat`: its cards in play that do (YOUNG GUARD,
// FORESEEING TALISMAN), then the Specials in its hand (FIZZLE, MISCOMMUNICATION; not while it may
// play no Special in this combat).
static std::vector<CardId> cancellers(const State& s, int seat, CardId card, CardId target) {
  std::vector<CardId> out;
  if (s.families & famAnswers) {  // a game with no such card in play looks no further
    for (CardId w : warriors_of(s, seat))
      if (!s.card(w).hidden && s.def(w).answers && answer_fits(s, w, seat, card, target)) out.push_back(w);
    for (CardId a : s.attached)
      if (s.card(a).controller == seat && s.def(a).answers && is_warrior_in_play(s, bearer_of(s, a)) &&
          answer_fits(s, a, seat, card, target))
        out.push_back(a);
  }
  if (!specials_barred(s, seat))
    for (CardId c : s.seats[size_t(seat)].hand) {
      const CardDef& d = s.def(c);
      if (d.type == CardType::Special && d.answers && answer_fits(s, c, seat, card, target)) out.push_back(c);
    }
  return out;
}

static bool still_usable(const State& s, CardId x, int seat) {
  if (s.card(x).zone == Zone::Hand) return s.card(x).owner == seat;
  if (s.def(x).answers && destiny(s, seat) < s.def(x).answers->cost_d) return false;
  return s.card(x).zone == Zone::InPlay && s.card(x).controller == seat &&
         is_warrior_in_play(s, home_of(s, x));
}

static bool has_marker(const State& s, uint8_t kind, CardId card) {
  return std::any_of(s.lasting.begin(), s.lasting.end(), [&](const LastingMod& m) { return m.lock == kind && m.source == card; });
}

bool offer_cancel(State& s, int seat, CardId card, Target t, int times, bool waits) {
  bool asked = false;
  for (uint8_t other : seats_from(s, next_active_seat(s, seat))) {
    if (other == seat || s.seats[other].eliminated) continue;
    std::vector<CardId> ws = cancellers(s, other, card, t.card);
    if (ws.empty()) continue;
    ask_pick(s, card, t.card, seat, other, std::move(ws));
    s.choices.back().target_seat = t.seat;
    asked = true;
  }
  if (!asked) return false;
  // The question's marker keeps the purchases; the waiting effects' marker keeps their target.
  LastingMod offered{card, kNoCard, {}, kNoTurnEnds};
  offered.lock = kCancelOffered;
  offered.times = int16_t(std::clamp(times, 0, 127));
  s.lasting.push_back(offered);
  if (waits) {
    LastingMod m{card, t.card, {}, kNoTurnEnds};
    m.lock = kSpecialWaits;
    m.player = t.seat;
    s.lasting.push_back(m);
  }
  return true;
}

bool is_cancel_choice(const State& s, const PendingChoice& ch) { return has_marker(s, kCancelOffered, ch.source); }

void cancel_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left != 0)
    for (CardId x : ch.candidates)
      if (still_usable(s, x, ch.seat)) out.push_back({OptKind::Choose, x});
  out.push_back(choose_done());
}

void apply_cancel_choice(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, o.a, -1});
  ch.picks_left = 0;
  if (o.a == kNoCard) return;  // let it be
  const CardId card = ch.source;
  const AnswerSpec& x = *s.def(o.a).answers;
  destiny(s, ch.seat) -= x.cost_d;
  const CardId user = s.card(o.a).zone != Zone::InPlay ? kNoCard : home_of(s, o.a);
  if (s.card(o.a).zone == Zone::Hand) {  // FIZZLE, MISCOMMUNICATION are played, then go where they go
    take_out(s, o.a);
    put_into(s, o.a, s.def(o.a).post_play == PostPlay::Annihilate ? Zone::Annihilated : Zone::Discard);
    emit(log, {EventKind::Play, int8_t(ch.seat), o.a, card, -1});
  } else {
    if (s.card(o.a).attached_to != kNoCard) emit(log, {EventKind::Effect, int8_t(ch.seat), o.a, card, 0, -1});
    if (x.discard_self) discard_from_play(s, o.a);  // the YOUNG GUARD is the price
  }
  if (x.negate) {
    // The card is negated: its held effects never run, its bonus is taken back,
    // and a card it left in play is discarded as it would have been.
    std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kSpecialWaits && m.source == card; });
    std::erase_if(s.combat.mods, [&](const CombatMod& m) { return m.source == card; });
    if (s.card(card).zone == Zone::InPlay) discard_from_play(s, card);
    // Nobody else is asked about it.
    std::erase_if(s.choices, [&](const PendingChoice& c) { return &c != &s.choices.front() && c.source == card; });
  }
  if (!x.effects.empty()) run_effects(s, ch.seat, o.a, user, {card, -1}, 0, x.effects, log, nullptr);
}

void cancel_choice_done(State& s, const PendingChoice& ch, Log log) {
  const CardId card = ch.source;
  if (std::any_of(s.choices.begin(), s.choices.end(), [&](const PendingChoice& c) { return c.source == card; }))
    return;  // another player is still to answer
  int times = 0;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kCancelOffered && m.source == card) times = m.times;
  std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kCancelOffered && m.source == card; });
  const auto it = std::find_if(s.lasting.begin(), s.lasting.end(),
                               [&](const LastingMod& m) { return m.lock == kSpecialWaits && m.source == card; });
  if (it == s.lasting.end()) return;
  const Target t{it->target, it->player};
  s.lasting.erase(it);
  // MENTAL CONSTITUTION: not cancelled, the card still meets its target's immunity first.
  if (offer_waiver(s, ch.by, card, t, times, true)) return;
  const PlaySpec& p = *s.def(card).play;
  std::vector<CardId> candidates;
  if (p.choice) candidates = choice_candidates(s, ch.by, card, t, times);
  {
    const UndoRecorder record(s, card);
    run_effects(s, ch.by, card, kNoCard, t, times, p.effects, log, nullptr);
  }
  if (p.choice) queue_choice(s, ch.by, card, t, times, std::move(candidates), log);
}

}  // namespace dt::detail
