// Substitute defenders (combat/substitute.hpp). Only games holding such a card
// (famSubstitute) ever ask.
#include "combat/substitute.hpp"

#include <algorithm>

#include "effects/triggers/last_chance.hpp"
#include "effects/warriors/wounds.hpp"
#include "effects/choices/answer.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

// The warrior a substitute card makes a guard: the card itself, or the warrior it is on.
static CardId guard_of(const State& s, CardId c) {
  return s.def(c).type == CardType::Warrior && s.card(c).attached_to == kNoCard ? c : bearer_of(s, c);
}

static bool assigned_to(const State& s, CardId card, CardId w) {
  return std::any_of(s.lasting.begin(), s.lasting.end(),
                     [&](const LastingMod& m) { return m.lock == kGuardAssigned && m.source == card && m.target == w; });
}

// May card c's guard defend in d's place against attacker a in a combat of tactic t?
static bool may_substitute(const State& s, CardId c, CardId a, CardId d, Tactic t) {
  const Substitute& sub = *s.def(c).substitute;
  const CardId g = guard_of(s, c);
  if (g == kNoCard || g == d || !is_warrior_in_play(s, g) || s.card(g).hidden) return false;
  if (s.card(g).controller != s.card(d).controller) return false;
  if (sub.tactics && !(sub.tactics & (t == Tactic::Fight ? 1 : 2))) return false;
  if (!filter_matches(s, sub.protects, d, s.card(g).controller)) return false;
  if (sub.assigned ? !assigned_to(s, c, d) : !same_area(s, g, d)) return false;
  if (!can_take_part_in_combat(s, g) || (keywords(s, g) & (kwNoncombatant | kwNotAttackable))) return false;
  return has_rating(s, g, t) && defender_may_fight(s, g, t) && attack_allowed(s, a, g, t);
}

// The substitute cards of the defender's player: its warriors and what they carry.
static std::vector<CardId> substitute_cards(const State& s, int seat) {
  std::vector<CardId> out;
  for (CardId w : s.seats[size_t(seat)].in_play) {
    if (!is_warrior_in_play(s, w)) continue;
    if (s.def(w).substitute) out.push_back(w);
    for (CardId x : attachments_of(s, w))
      if (s.def(x).substitute) out.push_back(x);
  }
  return out;
}

void queue_substitutes(State& s) {
  if (!(s.families & famSubstitute) || !s.combat.active) return;
  const CardId a = s.combat.attacker, d = s.combat.defender;
  const int seat = s.card(d).controller;
  std::vector<CardId> cards;
  for (CardId c : substitute_cards(s, seat))
    if (may_substitute(s, c, a, d, s.combat.tactic)) cards.push_back(c);
  if (cards.empty()) return;
  ask_pick(s, d, a, seat, seat, std::move(cards), 1);
  s.choices.back().fetch = kSubstituteQuestion;
}

bool is_substitute_choice(const State&, const PendingChoice& ch) { return ch.fetch == kSubstituteQuestion; }

void substitute_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left != 0 && s.combat.active && s.combat.defender == ch.source)
    for (CardId c : ch.candidates)
      if (may_substitute(s, c, s.combat.attacker, ch.source, s.combat.tactic)) out.push_back({OptKind::Choose, c});
  out.push_back(choose_done());  // the attacked warrior defends itself
}

void apply_substitute(State& s, const Option& o, Log log) {
  answer_once(s, o, log);
  if (o.a == kNoCard) return;
  const CardId g = guard_of(s, o.a);
  s.combat.defender = g;
  if (s.def(o.a).substitute->wounded_after) {
    LastingMod m{o.a, g, {}, kNoTurnEnds};
    m.lock = kGuardDefended;
    s.lasting.push_back(m);
  }
}

void wound_guards(State& s, CardId killer, Log log) {
  if (!(s.families & famSubstitute)) return;
  std::vector<CardId> guards;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kGuardDefended) guards.push_back(m.target);
  if (guards.empty()) return;
  std::erase_if(s.lasting, [](const LastingMod& m) { return m.lock == kGuardDefended; });
  if (killer != kNoCard && !is_warrior_in_play(s, killer)) killer = kNoCard;
  for (CardId g : guards) {
    if (!is_warrior_in_play(s, g) || (keywords(s, g) & kwNoWound)) continue;
    emit(log, {EventKind::Wound, int8_t(s.card(g).controller), g, kNoCard});
    if (wound_kills(s, g)) effect_death(s, g, true, killer, log);  // the kill pays as the combat's
  }
}

// An assigned guard (FURY ELITE GUARD): assigned for free, again for its reassign_cost_d.
void guard_assign_options(const State& s, int seat, std::vector<Option>& out) {
  if (!(s.families & famSubstitute)) return;
  for (CardId c : substitute_cards(s, seat)) {
    const Substitute& sub = *s.def(c).substitute;
    if (!sub.assigned || s.card(c).hidden) continue;
    const bool before = std::any_of(s.lasting.begin(), s.lasting.end(),
                                    [&](const LastingMod& m) { return m.lock == kGuardAssigned && m.source == c; });
    if (before && destiny(s, seat) < sub.reassign_cost_d) continue;
    const CardId g = guard_of(s, c);
    for (CardId w : s.seats[size_t(seat)].in_play)
      if (w != g && is_warrior_in_play(s, w) && !s.card(w).hidden && !assigned_to(s, c, w) &&
          filter_matches(s, sub.protects, w, seat) && (!sub.assign_same_area || same_area(s, g, w)))  // BODYGUARD
        out.push_back({OptKind::Assign, c, w});
  }
}

bool is_guard_assignment(const State& s, const Option& o) {
  return o.kind == OptKind::Assign && o.a != kNoCard && s.def(o.a).substitute != nullptr;
}

void apply_guard_assign(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  const bool before = std::any_of(s.lasting.begin(), s.lasting.end(),
                                  [&](const LastingMod& m) { return m.lock == kGuardAssigned && m.source == o.a; });
  if (before) destiny(s, me) -= s.def(o.a).substitute->reassign_cost_d;
  std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kGuardAssigned && m.source == o.a; });
  LastingMod m{o.a, o.b, {}, kNoTurnEnds};
  m.lock = kGuardAssigned;
  s.lasting.push_back(m);
  emit(log, {EventKind::Assign, int8_t(me), o.a, o.b});
  after_free_action(s);
}

}  // namespace dt::detail
