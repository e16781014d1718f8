// What a blow leaves beyond a wound or a kill: see held.hpp.
#include "effects/warriors/held.hpp"

#include <algorithm>

#include "dt/designations.hpp"
#include "dt/handlers.hpp"
#include "effects/lasting/card_markers.hpp"
#include "effects/triggers/last_chance.hpp"
#include "effects/triggers/reactions.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

static bool is_hit(uint8_t lock) { return lock == kAboutToDie || lock == kAboutToBeWounded; }

CardId waiting_striker(const State& s, CardId victim) {
  for (const LastingMod& m : s.lasting)
    if (is_hit(m.lock) && m.target == victim && m.source != victim) return m.source;
  return kNoCard;
}

// The card's effect with `h`, from its play or its first ability that has it.
static const Effect* effect_with(const CardDef& d, HandlerId h) {
  auto find = [&](const std::vector<Effect>& fx) -> const Effect* {
    for (const Effect& e : fx)
      if (e.op == Op::Handler && e.handler == h) return &e;
    return nullptr;
  };
  if (d.play)
    if (const Effect* e = find(d.play->effects)) return e;
  for (const Ability& ab : d.abilities)
    if (const Effect* e = find(ab.effects)) return e;
  return nullptr;
}

static int held_by(const State& s, CardId holder) {
  return int(std::count_if(s.lasting.begin(), s.lasting.end(),
                           [&](const LastingMod& m) { return m.lock == kHeldWarrior && m.target == holder; }));
}

static bool may_hold(const State& s, const Effect& e, CardId holder) {
  return holder != kNoCard && is_warrior_in_play(s, holder) && held_by(s, holder) < std::max(1, int(e.amount));
}

bool hold_target_ok(const State& s, CardId card, CardId victim) {
  const Effect* e = effect_with(s.def(card), HandlerId::hold_struck_warrior);
  if (!e) return true;
  if (victim == kNoCard || !is_warrior_in_play(s, victim)) return false;
  const CardId striker = waiting_striker(s, victim);
  if (striker != kNoCard)  // gEngine: played right after the blow, by the striker's player
    return s.card(striker).controller == s.card(card).owner && may_hold(s, *e, striker);
  return may_hold(s, *e, victim);  // printed: played on the striker before its blow
}

static void hold(State& s, const Effect& e, CardId card, CardId victim, CardId holder, Log log) {
  const int seat = s.card(holder).controller;
  for (CardId a : attachment_list(s, victim)) {  // what it carried does not go with it
    emit(log, {EventKind::Discard, int8_t(s.card(a).controller), a});
    discard_from_play(s, a);
  }
  put_attached(s, victim, holder, seat);  // its hit's markers go as it leaves its area (zones.cpp)
  const int v = s.def(victim).v;
  StatBonus b;
  b.f = int8_t(e.bonus.f * v), b.s = int8_t(e.bonus.s * v), b.a = e.bonus.a * v, b.v = e.bonus.v * v;
  s.lasting.push_back({victim, holder, b, kNoTurnEnds, kNoCard, 0, kHeldWarrior});
  emit(log, {EventKind::Effect, int8_t(seat), card, victim, int(Op::Handler), -1});
}

void hold_struck(State& s, int, CardId card, CardId victim, CardId holder, Log log) {
  const Effect* e = effect_with(s.def(card), HandlerId::hold_struck_warrior);
  if (!e || victim == kNoCard || !is_warrior_in_play(s, victim)) return;
  if (holder == kNoCard) holder = waiting_striker(s, victim);
  if (holder == kNoCard || !may_hold(s, *e, holder)) return;  // printed: played on the striker, it waits for its blow
  const bool combat_hit = std::any_of(s.lasting.begin(), s.lasting.end(),
                                      [&](const LastingMod& m) { return is_hit(m.lock) && m.target == victim; });
  hold(s, *e, card, victim, holder, log);
  // As reaction_used does: the window answering the combat's hits closes through close_last_chance.
  if (combat_hit && !last_chance_pending(s)) mark_just_happened(s, card, kNoCard, kAboutToBeWounded);
}

bool held_on_blow(State& s, CardId striker, CardId victim, Log log) {
  if (!(s.families & famHeldWarriors) || striker == kNoCard || victim == kNoCard || !is_warrior_in_play(s, striker) ||
      !is_warrior_in_play(s, victim))
    return false;
  for (CardId c : attachments_of(s, striker)) {
    if (s.card(c).hidden || !s.def(c).play) continue;  // a card played on it (printed IMPALE)
    const Effect* e = effect_with(s.def(c), HandlerId::hold_struck_warrior);
    if (!e || !may_hold(s, *e, striker)) continue;
    s.card(victim).wounded = false;  // no wound, no kill: held
    hold(s, *e, c, victim, striker, log);
    return true;
  }
  return false;
}

// ---- attachment_takes_wound

static bool hurt_lock(uint8_t lock) {
  return lock == kAboutToDie || lock == kAboutToBeWounded || lock == kDyingOfWound || lock == kDyingOfKill ||
         lock == kWoundedByCard;
}

// A blow that killed `w` in combat (its striker `by`): was it an automatic kill, not a second wound? A healthy warrior's
// death was; a wounded one's was when the blow would have killed it healthy too (a SLAYER, DIES WHEN WOUNDED), as
// combat_hit (combat/resolve.cpp) reckons it.
static bool killed_outright(const State& s, CardId w, CardId by) {
  if (!s.card(w).wounded) return true;
  if (has_ability(s, w, desig::NoAutomaticKill)) return false;
  if (keywords(s, w) & kwDiesWhenWounded) return true;
  return by != kNoCard && is_warrior_in_play(s, by) && s.combat.active && slayer(s, by, s.combat.tactic) &&
         !has_designation(s, by, desig::NeverKillsAutomatically);
}

static CardId taker(const State& s, const Effect& e, CardId w, int seat) {
  for (CardId a : attachments_of(s, w))
    if (!s.card(a).hidden && filter_matches(s, e.filter, a, seat)) return a;
  return kNoCard;
}

bool attachment_wound_ok(const State& s, CardId card, CardId target) {
  const Effect* e = effect_with(s.def(card), HandlerId::attachment_takes_wound);
  if (!e) return true;
  return target != kNoCard && taker(s, *e, target, s.card(card).owner) != kNoCard;
}

void attachment_takes_wound(State& s, int seat, CardId card, CardId target, Log log) {
  const Effect* e = effect_with(s.def(card), HandlerId::attachment_takes_wound);
  if (!e || target == kNoCard || s.card(target).zone != Zone::InPlay) return;
  auto it = std::find_if(s.lasting.begin(), s.lasting.end(),
                         [&](const LastingMod& m) { return hurt_lock(m.lock) && m.target == target; });
  if (it == s.lasting.end()) return;
  const CardId a = taker(s, *e, target, seat);
  if (a == kNoCard) return;
  const uint8_t lock = it->lock;
  const bool combat_hit = is_hit(lock);
  // The hit as it came: a new wound (undone), or a death: a second wound (the warrior keeps its first) or an
  // automatic kill of a healthy warrior.
  bool outright = lock == kDyingOfKill;
  if (lock == kAboutToBeWounded || lock == kWoundedByCard) s.card(target).wounded = false;
  else if (lock == kAboutToDie) outright = killed_outright(s, target, it->source);
  else if (lock == kDyingOfWound && !s.card(target).wounded) outright = true;  // DIES WHEN WOUNDED
  s.lasting.erase(it);
  if (outright || markers_on(s, a) > 0) {
    emit(log, {EventKind::Discard, int8_t(s.card(a).controller), a});
    discard_from_play(s, a);
  } else {
    add_markers(s, a, 1);
    emit(log, {EventKind::Wound, int8_t(s.card(a).controller), a, kNoCard});
  }
  if (combat_hit && !last_chance_pending(s)) mark_just_happened(s, card, kNoCard, kAboutToBeWounded);
}

// ---- mark_for_kill

void mark_for_kill(State& s, int seat, CardId card, CardId target, Log log) {
  if (target == kNoCard || !is_warrior_in_play(s, target)) return;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kMarkedForKill && m.source == card && m.target == target) return;  // marked once
  LastingMod m{card, target, {}, kNoTurnEnds};
  m.lock = kMarkedForKill;
  m.player = int8_t(seat);
  s.lasting.push_back(m);
  emit(log, {EventKind::Effect, int8_t(seat), card, target, int(Op::Handler), -1});
}

bool marked_kill(const State& s, CardId victim, CardId striker) {
  if (!(s.families & famMarkedForKill) || striker == kNoCard || victim == kNoCard) return false;
  for (const LastingMod& m : s.lasting) {
    if (m.lock != kMarkedForKill || m.target != victim || s.card(m.source).zone != Zone::InPlay || s.card(m.source).hidden)
      continue;
    if (!is_warrior_in_play(s, striker) || s.card(striker).controller != m.player) continue;
    const Effect* e = effect_with(s.def(m.source), HandlerId::mark_for_kill);
    if (e && filter_matches(s, e->filter, striker, m.player)) return true;
  }
  return false;
}

bool saves_barred(const State& s, CardId victim) {
  if (!(s.families & famMarkedForKill) || victim == kNoCard) return false;
  for (const LastingMod& m : s.lasting)
    if ((m.lock == kAboutToDie || m.lock == kAboutToBeWounded || m.lock == kDyingOfWound || m.lock == kDyingOfKill ||
         m.lock == kWoundedByCard) &&
        m.target == victim && marked_kill(s, victim, m.source))
      return true;
  return false;
}

}  // namespace dt::detail
