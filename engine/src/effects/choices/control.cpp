// Taking control of another player's card: see control.hpp.
#include "effects/choices/control.hpp"

#include <algorithm>

#include "dt/designations.hpp"
#include "effects/choices/moves.hpp"
#include "effects/warriors/raise.hpp"
#include "effects/triggers/intercept.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

namespace {

bool carried_kind(const State& s, CardId c) {
  const CardDef& d = s.def(c);
  if (d.type == CardType::Equipment) return !d.attach_to_weapon;  // an add-on sits on a weapon, not a warrior
  return d.type == CardType::Relic || d.type == CardType::Beast;
}

// A card in play that a warrior carries and that may change hands (a grafted weapon stays with its body).
bool on_a_warrior(const State& s, CardId c) {
  const CardInst& ci = s.card(c);
  return ci.zone == Zone::InPlay && !ci.grafted && ci.attached_to != kNoCard && is_warrior_in_play(s, ci.attached_to);
}

// May warrior w hold card c, GIVE TO's affiliations aside (the card's own limits and w's still count)?
bool may_hold(const State& s, CardId c, CardId w) {
  switch (s.def(c).type) {
    case CardType::Equipment: return can_take_equipment(s, c, w, true);
    case CardType::Relic: return can_equip_relic(s, c, w, true);
    case CardType::Beast: return s.rules.outposts && can_wrangle(s, c, w, true);
    default: return false;
  }
}

std::vector<CardId> recipients(const State& s, int seat, CardId c, const WarriorFilter& f) {
  std::vector<CardId> out;
  const CardId host = s.card(c).zone == Zone::InPlay ? s.card(c).attached_to : kNoCard;
  for (CardId w : s.seats[size_t(seat)].in_play)
    if (w != host && is_warrior_in_play(s, w) && !s.card(w).hidden && filter_matches(s, f, w, seat) && may_hold(s, c, w))
      out.push_back(w);
  return out;
}

bool takeable(const State& s, CardId c) {
  if (!carried_kind(s, c)) return false;
  return s.card(c).zone == Zone::InPlay ? on_a_warrior(s, c) : s.card(c).zone == Zone::Discard;
}

void set_controller(State& s, CardId c, int seat) {
  s.card(c).controller = uint8_t(seat);
  for (CardId a : attachment_list(s, c)) s.card(a).controller = uint8_t(seat);  // a weapon's add-ons go with it
}

void give(State& s, int seat, CardId source, CardId c, CardId w, Log log) {
  if (!takeable(s, c) || !is_warrior_in_play(s, w) || !may_hold(s, c, w)) return;
  emit(log, {EventKind::Effect, int8_t(seat), source, c, int(Op::TakeControl), -1});
  const CardId was_on = s.card(c).zone == Zone::InPlay ? s.card(c).attached_to : kNoCard;
  const int was_seat = s.card(c).controller;
  if (s.card(c).zone == Zone::InPlay) {
    attach_to(s, c, w);
    s.card(c).inside = false;  // a VEHICLE taken: its new warrior starts outside it
    set_controller(s, c, seat);
    for (CardId a : attachment_list(s, c)) s.card(a).area = s.card(w).area;
  } else {
    put_attached(s, c, w, seat);
  }
  emit(log, {EventKind::Equip, int8_t(seat), c, w, 0});
  // TIGHT GRIP: its player may pay to keep the card where it was (effects/triggers/intercept.hpp).
  if ((s.families & famInsteadAsked) && was_on != kNoCard) offer_keep_taken(s, c, was_on, was_seat);
}

}  // namespace

bool never_changes_allegiance(const State& s, CardId c) {
  return is_warrior_in_play(s, c) && has_ability(s, c, desig::NeverChangesAllegiance);
}

namespace {

void take_warrior(State& s, int seat, CardId source, CardId w, bool lasting, Log log, bool outside_combat = false) {
  if (!is_warrior_in_play(s, w) || never_changes_allegiance(s, w)) return;
  const int before = s.card(w).controller;
  if (!lasting) {  // BRIBERY: until the combat is over, where it stands
    if (!s.combat.active && !outside_combat) return;
    const bool lent = std::any_of(s.lasting.begin(), s.lasting.end(),
                                  [&](const LastingMod& m) { return m.lock == kLentForCombat && m.target == w; });
    if (!lent) {  // lent again: it goes back to its first player all the same
      LastingMod m{source, w, {}, kNoTurnEnds};
      m.lock = kLentForCombat;
      m.player = int8_t(before);
      s.lasting.push_back(m);
    }
    change_controller(s, w, seat);
  } else {  // PROGRAMMED, RECRUITMENT: for good, into the area a Muster would give it now
    change_controller(s, w, seat);
    s.card(w).sergeant_group = -1;
    entered_play(s, w, seat, muster_area(s, w));
  }
  emit(log, {EventKind::Effect, int8_t(seat), source, w, int(Op::TakeControl), before});
}

}  // namespace

void lend_warrior(State& s, int seat, CardId source, CardId w, Log log) {
  if (!is_warrior_in_play(s, w) || s.card(w).controller == seat) return;
  take_warrior(s, seat, source, w, false, log, true);
  for (LastingMod& m : s.lasting)
    if (m.lock == kLentForCombat && m.target == w) m.count = 1;
}

void take_control(State& s, int seat, CardId source, CardId c, const Effect& e, Log log) {
  if (c == kNoCard) return;
  if (s.def(c).type == CardType::Warrior) return take_warrior(s, seat, source, c, e.lasting, log);
  if (!takeable(s, c)) return;
  std::vector<CardId> to = recipients(s, seat, c, e.filter);
  if (to.empty()) return;
  if (to.size() == 1) return give(s, seat, source, c, to.front(), log);
  ask_pick(s, source, c, seat, seat, std::move(to), 1);  // its player picks the warrior (choose c12)
  s.choices.back().fetch = kTakeRecipient;
}

bool take_pick_ok(const State& s, const std::vector<Effect>& on_pick, int seat, CardId c) {
  for (const Effect& e : on_pick)
    if (e.op == Op::TakeControl) {
      if (s.def(c).type == CardType::Warrior) return true;
      return takeable(s, c) && !recipients(s, seat, c, e.filter).empty();
    }
  return true;
}

void carried_at_death(const State& s, CardId victim, std::vector<CardId>& out) {
  for (const LastingMod& m : s.lasting)
    if (m.lock == kCarriedAtDeath && m.other == victim && s.card(m.source).zone == Zone::Discard) out.push_back(m.source);
}

void note_carried(State& s, CardId victim) {
  if (!(s.families & famTakeControl)) return;
  for (CardId a : attachment_list(s, victim)) {
    LastingMod m{a, kNoCard, {}, kNoTurnEnds};  // no target: the victim's leaving play must not erase it
    m.lock = kCarriedAtDeath;
    m.other = victim;
    s.lasting.push_back(m);
  }
}

void return_lent(State& s, bool combat_starts) {
  if (!(s.families & famTakeControl)) return;
  // GREATER MANIPULATION's loan (`count` 1) is for the attack it makes: a combat starting leaves it be.
  auto due = [&](const LastingMod& m) { return m.lock == kLentForCombat && !(combat_starts && m.count == 1); };
  for (const LastingMod& m : s.lasting)
    if (due(m) && is_warrior_in_play(s, m.target) && m.player >= 0) change_controller(s, m.target, m.player);
  std::erase_if(s.lasting, due);
}

bool is_take_choice(const State&, const PendingChoice& ch) { return ch.fetch == kTakeRecipient; }

void take_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  const CardId c = ch.target;
  if (ch.picks_left != 0 && c != kNoCard && takeable(s, c))
    for (CardId w : ch.candidates)
      if (is_warrior_in_play(s, w) && s.card(w).controller == ch.seat && may_hold(s, c, w)) out.push_back({OptKind::Choose, w});
  if (out.empty()) out.push_back(choose_done());
}

void apply_take_choice(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  const int seat = ch.seat;
  const CardId c = ch.target, source = ch.source;
  emit(log, {EventKind::Choose, int8_t(seat), source, o.a, -1});
  ch.picks_left = 0;
  if (o.a != kNoCard) give(s, seat, source, c, o.a, log);
}

}  // namespace dt::detail
