// Triggers on a combat's wound: see wound_triggers.hpp.
#include "effects/triggers/wound_triggers.hpp"

#include <algorithm>

#include "effects/lasting/afflictions.hpp"
#include "effects/lasting/prison.hpp"
#include "effects/choices/answer.hpp"
#include "effects/triggers/cancel.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

static bool card_in_play(const State& s, CardId c) { return c != kNoCard && s.card(c).zone == Zone::InPlay; }

std::vector<WoundFire> combat_wound_triggers(const State& s, CardId A, CardId SA, bool a_hurt, bool a_dead, CardId D,
                                             CardId SD, bool d_hurt, bool d_dead) {
  std::vector<WoundFire> out;
  if (!(s.families & famWoundTriggers) || (!a_hurt && !d_hurt)) return out;
  struct Blow { CardId striker, struck; bool dead; };
  std::vector<Blow> blows;
  if (d_hurt) blows.push_back({A, SD, d_dead});
  if (a_hurt) blows.push_back({D, SA, a_dead});
  auto consider = [&](CardId c) {
    if (!card_in_play(s, c) || s.card(c).hidden) return;
    const CardDef& d = s.def(c);
    for (size_t i = 0; i < d.triggers.size(); ++i) {
      const Trigger& t = d.triggers[i];
      if (t.when != When::Wounds || t.instead) continue;  // an `instead` trigger acts in the blow (afflictions.hpp)
      const int seat = s.card(c).controller;
      for (const Blow& b : blows) {
        if (b.dead && !t.or_kills) continue;
        if ((t.by_weapon || t.tactics) && !weapon_blow_matches(s, c, t, b.striker)) continue;  // BLACK VENOM
        if (t.victim && !filter_matches(s, *t.victim, b.struck, seat)) continue;
        if (t.killer && !filter_matches(s, *t.killer, b.striker, seat)) continue;
        if (t.victim_bearer && (s.card(c).attached_to == kNoCard || bearer_of(s, c) != b.struck)) continue;
        out.push_back({c, int8_t(i), uint8_t(seat), b.striker, b.struck});
      }
    }
  };
  for (const SeatState& st : s.seats)
    for (CardId c : st.in_play) consider(c);
  for (CardId a : s.attached) consider(a);
  return out;
}

static bool trigger_open(const State& s, const WoundFire& f, CardId target) {
  if (!card_in_play(s, f.card)) return false;
  // A lent trigger (effects/lasting/borrowed.hpp) whose lending has ended since it fired.
  if (size_t(f.trigger) >= s.def(f.card).triggers.size()) return false;
  const Trigger& t = s.def(f.card).triggers[size_t(f.trigger)];
  // MASK OF THE VESTALS (effects/triggers/card_played.hpp): its price still within its player's means.
  if (t.cost_p && s.seats[f.seat].promotion < t.cost_p) return false;
  if (t.when == When::CardPlayed) return destiny(s, f.seat) >= t.cost_d;
  if (!is_warrior_in_play(s, target)) return false;
  if (t.killer_survives && !is_warrior_in_play(s, f.striker)) return false;
  // MYSTIC BATTLE DRESS: still on the warrior struck, and its price still within its player's means.
  if (t.victim_bearer && (s.card(f.card).attached_to == kNoCard || bearer_of(s, f.card) != f.struck)) return false;
  if (t.cost_d && destiny(s, f.seat) < t.cost_d) return false;
  return imprison_target_ok(s, t.effects, target);  // no one imprisoned twice
}

static CardId target_of(const State& s, const WoundFire& f) {
  return s.def(f.card).triggers[size_t(f.trigger)].target_killer ? f.striker : f.struck;
}

void fire_wound_triggers(State& s, const std::vector<WoundFire>& fire, Log log) {
  for (const WoundFire& f : fire) {
    const CardId target = target_of(s, f);
    if (!trigger_open(s, f, target)) continue;
    const Trigger& t = s.def(f.card).triggers[size_t(f.trigger)];
    if (t.optional) {  // its player's "may": asked first
      ask_pick(s, f.card, target, f.seat, f.seat, {target}, 1);
      LastingMod m{f.card, target, {}, kNoTurnEnds};
      m.lock = kMayTrigger;
      m.count = f.trigger;
      m.other = f.striker;
      s.lasting.push_back(m);
      continue;
    }
    emit(log, {EventKind::Effect, int8_t(f.seat), f.card, target, 0, f.seat});
    // ANTIDOTE: a POISON's trigger waits for answers (effects/triggers/cancel.hpp).
    if (effects_answerable(s) && trigger_answered(s, f.seat, f.card, f.trigger, {target, -1}, f.card)) continue;
    run_effects(s, f.seat, f.card, f.card, {target, -1}, 0, t.effects, log, nullptr);
  }
}

static const LastingMod* may_marker(const State& s, const PendingChoice& ch) {
  for (const LastingMod& m : s.lasting)
    if (m.lock == kMayTrigger && m.source == ch.source && m.target == ch.target) return &m;
  return nullptr;
}

bool is_may_trigger_choice(const State& s, const PendingChoice& ch) { return may_marker(s, ch) != nullptr; }

void may_trigger_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  const LastingMod& m = *may_marker(s, ch);
  if (size_t(m.count) >= s.def(ch.source).triggers.size()) {  // a lending ended since it fired
    out.push_back(choose_done());
    return;
  }
  const Trigger& t = s.def(ch.source).triggers[size_t(m.count)];
  const WoundFire f{ch.source, int8_t(m.count), ch.seat, m.other, t.target_killer ? kNoCard : ch.target};
  if (ch.picks_left != 0 && trigger_open(s, f, ch.target)) out.push_back({OptKind::Choose, ch.target});
  out.push_back(choose_done());
}

void apply_may_trigger(State& s, const Option& o, Log log) {
  PendingChoice& ch = answer_once(s, o, log);
  const CardId card = ch.source, target = ch.target;
  const int seat = ch.seat;
  int trigger = -1;
  for (auto it = s.lasting.begin(); it != s.lasting.end(); ++it)
    if (it->lock == kMayTrigger && it->source == card && it->target == target) {
      trigger = it->count;
      s.lasting.erase(it);
      break;
    }
  if (o.a == kNoCard || trigger < 0 || size_t(trigger) >= s.def(card).triggers.size()) return;  // let go
  const Trigger& t = s.def(card).triggers[size_t(trigger)];
  destiny(s, seat) -= t.cost_d;  // MYSTIC BATTLE DRESS: its price, paid as it is taken
  s.seats[size_t(seat)].promotion -= t.cost_p;  // MASK OF THE VESTALS
  run_effects(s, seat, card, card, {target, -1}, 0, t.effects, log, nullptr);
}

}  // namespace dt::detail
