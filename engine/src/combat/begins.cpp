// A combatant's own pick as its combat begins (combat/begins.hpp).
#include "combat/begins.hpp"

#include <algorithm>

#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

// The COMBAT_BEGINS ability with a choice of card c, used by combatant `user` on its opponent: its index, or -1.
static int own_ability(const State& s, CardId c, CardId user) {
  const CardDef& d = s.def(c);
  if (d.abilities.empty() || user == kNoCard || !is_warrior_in_play(s, user)) return -1;
  if (c != user && switched_off_in_combat(s, c)) return -1;  // YOMURA'S AMULET: no Ki Power in its combat
  const CardId opp = combat_opponent(s, user);
  if (opp == kNoCard) return -1;
  const int seat = s.card(c).controller;
  for (size_t i = 0; i < d.abilities.size(); ++i) {
    const Ability& ab = d.abilities[i];
    if (ab.timing != Timing::CombatBegins || !ab.choice) continue;
    if (ab.user && !filter_matches(s, *ab.user, user, seat)) continue;
    if (ab.target != TargetKind::None) {
      const std::vector<Target> ts = targets(s, seat, ab.target, ab.filter, c);
      if (std::none_of(ts.begin(), ts.end(), [&](const Target& t) { return t.card == opp; })) continue;
    }
    return int(i);
  }
  return -1;
}

void queue_own_begins(State& s) {
  std::erase_if(s.lasting, [](const LastingMod& m) { return m.lock == kDiscardAfterStrike; });  // none from before
  for (CardId w : {s.combat.attacker, s.combat.defender}) {  // the attacker's player first
    if (!is_warrior_in_play(s, w) || s.card(w).hidden) continue;
    const CardId opp = combat_opponent(s, w);
    std::vector<CardId> cards{w};
    for (CardId x : attachments_of(s, w)) cards.push_back(x);
    for (CardId c : cards) {
      const int i = own_ability(s, c, w);
      if (i < 0) continue;
      const int seat = s.card(c).controller;
      std::vector<CardId> picks = choice_candidates(s, seat, c, {opp, -1, -1, w}, 0);
      if (picks.empty()) continue;
      const ChoiceSpec& spec = *s.def(c).abilities[size_t(i)].choice;
      ask_pick(s, c, opp, seat, seat, std::move(picks), spec.picks ? spec.picks : -1);
      s.choices.back().fetch = kOwnBeginQuestion;
      s.choices.back().user = w;
    }
  }
}

bool is_own_begin_choice(const State&, const PendingChoice& ch) {
  return ch.fetch == kOwnBeginQuestion || ch.fetch == kTacticAnew;
}

// The tactics (tactic_bit) attacker a may still attack defender d in, as when the attack was announced.
static uint8_t tactics_open(const State& s, CardId a, CardId d) {
  uint8_t out = 0;
  for (Tactic t : {Tactic::Fight, Tactic::Shoot}) {
    if (!has_rating(s, a, t) || !tactic_allowed(s, t, a, d) || !defender_may_fight(s, d, t) || !attack_allowed(s, a, d, t))
      continue;
    if (t == Tactic::Fight && ((keywords(s, a) & kwNoFightAttack) || flies_or_dives(s, a))) continue;
    out |= tactic_bit(t);
  }
  return out;
}

void own_begin_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.fetch == kTacticAnew) {
    if (ch.picks_left != 0 && s.combat.active && s.combat.attacker == ch.target) {
      const uint8_t open = tactics_open(s, s.combat.attacker, s.combat.defender);
      for (int i : {0, 1})
        if (open & (1 << i)) out.push_back(choose_answer(i));
    }
    if (out.empty()) out.push_back(choose_done());
    return;
  }
  if (ch.picks_left != 0 && s.combat.active && combat_opponent(s, ch.user) == ch.target &&
      own_ability(s, ch.source, ch.user) >= 0)
    for (CardId x : ch.candidates)
      if (s.card(x).zone == Zone::InPlay && s.card(x).attached_to == ch.target) out.push_back({OptKind::Choose, x});
  out.push_back(choose_done());
}

// The attacking player names the tactic anew once its warrior's cards changed before the tactic was named: asked
// next (when it has a choice; the only tactic left is taken at once).
static void tactic_anew(State& s, CardId attacker) {
  const uint8_t open = tactics_open(s, attacker, s.combat.defender);
  if (open == 3) {
    PendingChoice ch;
    ch.source = ch.target = attacker;
    ch.by = ch.seat = s.card(attacker).controller;
    ch.picks_left = 1;
    ch.fetch = kTacticAnew;
    s.choices.insert(s.choices.begin() + 1, ch);  // right after the pick that asks it
  } else if (open) {
    s.combat.tactic = open == 1 ? Tactic::Fight : Tactic::Shoot;
  }
}

void apply_own_begin(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, o.a, o.a != kNoCard ? -1 : o.p});
  if (ch.fetch == kTacticAnew) {
    ch.picks_left = 0;
    if (o.p >= 0 && s.combat.active) s.combat.tactic = o.p == 1 ? Tactic::Shoot : Tactic::Fight;
    return;
  }
  if (o.a == kNoCard) {
    ch.picks_left = 0;
    return;
  }
  std::erase(ch.candidates, o.a);
  if (ch.picks_left > 0) --ch.picks_left;
  const CardId src = ch.source, user = ch.user, opp = ch.target;
  const int by = ch.by;
  const int i = own_ability(s, src, user);
  if (i < 0) return;
  const Ability& ab = s.def(src).abilities[size_t(i)];
  emit(log, {EventKind::Use, int8_t(by), src, opp});
  // Against an opponent striking first by its FIRST STRIKE, the pick waits until that strike is over.
  if (ab.after_first_strike && first_strike(s, opp, s.combat.tactic) && !first_strike(s, user, s.combat.tactic)) {
    LastingMod m{src, o.a, {}, uint8_t(s.current)};
    m.lock = kDiscardAfterStrike;
    m.other = user;
    s.lasting.push_back(m);
    return;
  }
  const bool defends = user == s.combat.defender;
  run_effects(s, by, src, user, {opp, -1, -1, user}, 1, ab.choice->on_pick, log, nullptr, o.a);
  // The rulebook names the tactic after the attacker and the defender (gEngine "ATTACK", steps 1 and 2): the pick
  // came between them, so an attacker whose cards it changed names the tactic now.
  if (defends && s.combat.active && s.combat.attacker == opp && is_warrior_in_play(s, opp)) tactic_anew(s, opp);
}

void after_first_strike(State& s, Log log) {
  std::vector<LastingMod> due;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kDiscardAfterStrike) due.push_back(m);
  if (due.empty()) return;
  std::erase_if(s.lasting, [](const LastingMod& m) { return m.lock == kDiscardAfterStrike; });
  for (const LastingMod& m : due) {
    const CardId src = m.source, user = m.other, picked = m.target;
    if (s.card(src).zone != Zone::InPlay || !is_warrior_in_play(s, user) || s.card(picked).zone != Zone::InPlay) continue;
    const CardId opp = s.card(picked).attached_to;
    for (const Ability& ab : s.def(src).abilities)
      if (ab.timing == Timing::CombatBegins && ab.choice) {
        run_effects(s, s.card(src).controller, src, user, {opp, -1, -1, user}, 1, ab.choice->on_pick, log, nullptr, picked);
        break;
      }
  }
}

}  // namespace dt::detail
