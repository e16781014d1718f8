// Cards leaving play, intercepted: see intercept.hpp.
#include "effects/triggers/intercept.hpp"

#include <algorithm>

#include "areas.hpp"
#include "effects/choices/answer.hpp"
#include "effects/choices/moves.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

static const LastingMod* asked_marker(const State& s, const PendingChoice& ch) {
  for (const LastingMod& m : s.lasting)
    if (m.lock == kInsteadAsked && m.source == ch.source && m.target == ch.target) return &m;
  return nullptr;
}

// Who is asked: the player of the warrior a TO_AREA_WARRIOR card is on (FRUITS OF WAR: "the warrior may"),
// else the rule's card's player.
static int asked_seat(const State& s, CardId h, const InsteadSpec& x) {
  if (x.to == InsteadSpec::To::AreaWarrior && s.card(h).attached_to != kNoCard) {
    const CardId own = bearer_of(s, h);
    if (own != kNoCard) return s.card(own).controller;
  }
  return s.card(h).controller;
}

// The warriors that may take `c` for rule `x` of `h` (TO_AREA_WARRIOR: in the combat area of the warrior `h` is on,
// its player's, itself too), or `c` itself for any other rule; none when the rule can no longer be used.
static void destinations(const State& s, CardId h, const InsteadSpec& x, CardId c, const LastingMod& m,
                         std::vector<CardId>& out) {
  if (s.card(h).zone != Zone::InPlay || s.card(c).zone != Zone(m.times)) return;
  const int seat = asked_seat(s, h, x);
  if (destiny(s, seat) < x.cost_d) return;
  switch (x.to) {
    case InsteadSpec::To::SamePlace:  // TIGHT GRIP: back on the card it was on, still in play
      if (m.other != kNoCard && s.card(m.other).zone == Zone::InPlay &&
          (!is_warrior_in_play(s, m.other) || can_take_equipment(s, c, m.other)))
        out.push_back(c);
      return;
    case InsteadSpec::To::AreaWarrior: {  // FRUITS OF WAR: a warrior of its own warrior's area that may take it
      if (s.card(h).attached_to == kNoCard) return;
      const CardId own = bearer_of(s, h);
      if (own == kNoCard || !is_warrior_in_play(s, own)) return;
      for (CardId w : warriors_of(s, seat))
        if (same_area(s, w, own) && !s.card(w).hidden && can_take_equipment(s, c, w)) out.push_back(w);
      return;
    }
    default: out.push_back(c); return;
  }
}

void ask_instead(State& s, CardId c, const InsteadAsk& ask, Zone went, CardId was_on, int was_seat) {
  const int seat = asked_seat(s, ask.holder, s.def(ask.holder).instead[size_t(ask.rule)]);
  LastingMod m{ask.holder, c, {}, kNoTurnEnds};
  m.lock = kInsteadAsked;
  m.count = ask.rule;
  m.times = int16_t(went);
  m.other = was_on;
  m.player = int8_t(was_seat);
  std::vector<CardId> to;
  destinations(s, ask.holder, s.def(ask.holder).instead[size_t(ask.rule)], c, m, to);
  if (to.empty()) return;  // nothing it could do (no D, no warrior to take it)
  s.lasting.push_back(m);
  ask_pick(s, ask.holder, c, seat, seat, {c}, 1);
  s.choices.back().fetch = kFetchInstead;
}

bool is_instead_choice(const State& s, const PendingChoice& ch) {
  return ch.fetch == kFetchInstead && asked_marker(s, ch) != nullptr;
}

void instead_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  const LastingMod& m = *asked_marker(s, ch);
  if (ch.picks_left != 0) {
    std::vector<CardId> to;
    destinations(s, ch.source, s.def(ch.source).instead[size_t(m.count)], ch.target, m, to);
    for (CardId x : to) out.push_back({OptKind::Choose, x});
  }
  out.push_back(choose_done());
}

void instead_choice_done(State& s, const PendingChoice& ch) {
  std::erase_if(s.lasting, [&](const LastingMod& m) {
    return m.lock == kInsteadAsked && m.source == ch.source && m.target == ch.target;
  });
}

void apply_instead_choice(State& s, const Option& o, Log log) {
  PendingChoice& ch = answer_once(s, o, log);
  const CardId h = ch.source, c = ch.target;
  const int seat = ch.seat;
  const LastingMod* mp = asked_marker(s, ch);
  if (!mp) return;
  const LastingMod m = *mp;
  instead_choice_done(s, ch);
  if (o.a == kNoCard) return;  // let be
  const InsteadSpec& x = s.def(h).instead[size_t(m.count)];
  std::vector<CardId> to;
  destinations(s, h, x, c, m, to);
  if (std::find(to.begin(), to.end(), o.a) == to.end()) return;
  destiny(s, seat) -= x.cost_d;
  if (s.card(c).zone == Zone::InPlay) {  // TIGHT GRIP: a card taken goes back, as it was
    attach_to(s, c, m.other);
    s.card(c).controller = uint8_t(m.player);
    for (CardId a : attachment_list(s, c)) s.card(a).controller = uint8_t(m.player), s.card(a).area = s.card(m.other).area;
    emit(log, {EventKind::Equip, int8_t(seat), c, m.other, 0});
    return;
  }
  take_out(s, c);
  switch (x.to) {
    case InsteadSpec::To::SamePlace:
      put_attached(s, c, m.other, m.player);
      emit(log, {EventKind::Equip, int8_t(seat), c, m.other, 0});
      break;
    case InsteadSpec::To::AreaWarrior:
      put_attached(s, c, o.a, s.card(o.a).controller);
      emit(log, {EventKind::Equip, int8_t(seat), c, o.a, 0});
      break;
    case InsteadSpec::To::Hand:
      put_into(s, c, Zone::Hand);
      emit(log, {EventKind::Effect, int8_t(seat), h, c, int(Op::ReturnToHand), -1});
      break;
    case InsteadSpec::To::DrawPile:
      put_into(s, c, Zone::Draw);
      s.rng.shuffle(s.seats[s.card(c).owner].draw);
      emit(log, {EventKind::Effect, int8_t(seat), h, c, int(Op::ShuffleIntoDraw), -1});
      break;
    default:
      put_into(s, c, Zone::Discard);
      break;
  }
  if (x.discard_self && s.card(h).zone == Zone::InPlay) discard_from_play(s, h);  // FRUITS OF WAR
}

void offer_keep_taken(State& s, CardId c, CardId was_on, int was_seat) {
  if (was_on == kNoCard || s.card(c).zone != Zone::InPlay) return;
  auto try_holder = [&](CardId h) {
    if (s.card(h).zone != Zone::InPlay || h == c) return false;
    const std::vector<InsteadSpec>& rules = s.def(h).instead;
    for (size_t i = 0; i < rules.size(); ++i) {
      const InsteadSpec& x = rules[i];
      const int seat = s.card(h).controller;
      if (!x.may || !x.taken || (!x.any_player && was_seat != seat) || !filter_matches(s, x.filter, c, seat)) continue;
      ask_instead(s, c, {h, int8_t(i)}, Zone::InPlay, was_on, was_seat);
      return true;
    }
    return false;
  };
  for (CardId h : s.attached)
    if (s.def(h).instead.size() && try_holder(h)) return;
  for (const SeatState& st : s.seats)
    for (CardId h : st.in_play)
      if (s.def(h).instead.size() && try_holder(h)) return;
}

void note_discarded(State& s, CardId c, CardId was_on, int was_seat) {
  LastingMod m{c, c, {}, kNoTurnEnds};
  m.lock = kJustDiscarded;
  (void)was_seat;
  m.player = int8_t(s.card(c).owner);  // "your" Special: the one you played, wherever it lay (another player's area)
  m.waits = was_on != kNoCard;  // it was attached to a card
  s.lasting.push_back(m);
}

void just_discarded(const State& s, int seat, const WarriorFilter& f, std::vector<CardId>& out) {
  for (const LastingMod& m : s.lasting) {
    if (m.lock != kJustDiscarded || m.player != seat || s.card(m.target).zone != Zone::Discard) continue;
    if (f.card_types && !(f.card_types & (1u << unsigned(s.def(m.target).type)))) continue;
    if (f.attached && !m.waits) continue;  // gEngine CLOSE CALL!: one that was attached
    if (std::find(out.begin(), out.end(), m.target) == out.end()) out.push_back(m.target);
  }
}

}  // namespace dt::detail
