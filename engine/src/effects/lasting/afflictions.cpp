// Afflictions: see afflictions.hpp.
#include "effects/lasting/afflictions.hpp"

#include <algorithm>

#include "effects/triggers/last_chance.hpp"
#include "effects/warriors/wounds.hpp"
#include "effects/choices/answer.hpp"
#include "effects/triggers/cancel.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

void afflict(State& s, CardId card, CardId w, int seat, CardId user) {
  if (!is_warrior_in_play(s, w)) return;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kAfflicted && m.target == w && s.card(m.source).def == s.card(card).def && affliction_holds(s, m)) return;
  drop_healed_afflictions(s, w);
  LastingMod m{card, w, {}, kNoTurnEnds};
  m.lock = kAfflicted;
  m.player = int8_t(seat);
  m.other = user;
  s.lasting.push_back(m);
}

bool affliction_holds(const State& s, const LastingMod& m) {
  return !s.def(m.source).affliction.until_healed || s.card(m.target).wounded;
}

bool afflicted_grants(const State& s, CardId w, std::string_view designation) {
  for (const LastingMod& m : s.lasting) {
    if (m.lock != kAfflicted || m.target != w || !affliction_holds(s, m)) continue;
    for (const StaticMod& x : s.def(m.source).mods)
      if (x.scope == Scope::Afflicted &&
          std::find(x.grant_designations.begin(), x.grant_designations.end(), designation) != x.grant_designations.end())
        return true;
  }
  return false;
}

void drop_healed_afflictions(State& s, CardId w) {
  if (!(s.families & famAfflictions)) return;
  std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kAfflicted && m.target == w && !affliction_holds(s, m); });
}

static bool in_tactics(const State& s, uint8_t tactics) {
  return !tactics || (tactics & (1u << unsigned(s.combat.tactic)));
}

bool weapon_blow_matches(const State& s, CardId c, const Trigger& t, CardId striker) {
  if (!in_tactics(s, t.tactics)) return false;
  if (!t.by_weapon) return true;
  const CardId weapon = s.card(c).attached_to;
  if (weapon == kNoCard || s.card(weapon).attached_to != striker) return false;
  const std::vector<CardId> used = used_weapons(s, striker);
  return std::find(used.begin(), used.end(), weapon) != used.end();
}

bool blow_replaced(State& s, CardId victim, CardId by, Log log) {
  if (!(s.families & famAfflictions) || by == kNoCard || !s.combat.active) return false;
  for (CardId weapon : attachments_of(s, by))
    for (CardId c : attachments_of(s, weapon)) {
      if (s.card(c).hidden) continue;
      const int seat = s.card(c).controller;
      const std::vector<Trigger>& triggers = s.def(c).triggers;
      for (size_t i = 0; i < triggers.size(); ++i) {
        const Trigger& t = triggers[i];
        if (t.when != When::Wounds || !t.instead) continue;
        if (t.victim && !filter_matches(s, *t.victim, victim, seat)) continue;
        if (!weapon_blow_matches(s, c, t, by)) continue;
        emit(log, {EventKind::Effect, int8_t(seat), c, victim, 0, seat});
        // ANTIDOTE: the blow is replaced all the same; what the poison does waits for answers.
        if (effects_answerable(s) && trigger_answered(s, seat, c, int(i), {victim, -1}, by)) return true;
        run_effects(s, seat, c, by, {victim, -1}, 0, t.effects, log, nullptr);
        if (t.choice && is_warrior_in_play(s, victim)) {  // MINDSLAYER: the victim's Specials its player picks
          const Target tgt{victim, -1, -1, by};
          std::vector<CardId> candidates = choice_candidates(s, seat, c, tgt, 1);
          if (!candidates.empty()) queue_choice(s, seat, c, tgt, 1, std::move(candidates), log);
        }
        return true;
      }
    }
  return false;
}

void affliction_draw_step(State& s, int seat, Log log) {
  if (!(s.families & famAfflictions)) return;
  std::vector<LastingMod> due;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kAfflicted && s.def(m.source).affliction.upkeep_d > 0 && is_warrior_in_play(s, m.target) &&
        s.card(m.target).controller == seat)
      due.push_back(m);
  for (const LastingMod& m : due) {
    if (destiny(s, seat) >= s.def(m.source).affliction.upkeep_d) {
      ask_pick(s, m.source, m.target, m.player, seat, {m.target}, 1);
      s.choices.back().fetch = kAfflictionUpkeep;
      continue;
    }
    emit(log, {EventKind::Effect, int8_t(m.player), m.source, m.target, int(Op::Kill), m.player});
    effect_death(s, m.target, false, card_killer(s, m.source, m.other, m.target, true), log);
  }
}

bool is_affliction_upkeep(const State&, const PendingChoice& ch) { return ch.fetch == kAfflictionUpkeep; }

// `choose c<warrior>`: its upkeep is paid; `choose done`: it is not, and the warrior dies.
void affliction_upkeep_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left != 0 && is_warrior_in_play(s, ch.target) &&
      destiny(s, ch.seat) >= s.def(ch.source).affliction.upkeep_d)
    out.push_back({OptKind::Choose, ch.target});
  out.push_back(choose_done());
}

void apply_affliction_upkeep(State& s, const Option& o, Log log) {
  PendingChoice& ch = answer_once(s, o, log);
  const CardId card = ch.source, w = ch.target;
  if (o.a != kNoCard) {
    destiny(s, ch.seat) -= s.def(card).affliction.upkeep_d;
    return;
  }
  if (!is_warrior_in_play(s, w)) return;
  CardId user = kNoCard;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kAfflicted && m.source == card && m.target == w) user = m.other;
  emit(log, {EventKind::Effect, int8_t(ch.by), card, w, int(Op::Kill), ch.by});
  effect_death(s, w, false, card_killer(s, card, user, w, true), log);
}

}  // namespace dt::detail
