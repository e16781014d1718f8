// gEngine "SABOTAGE (Tactical Action)": against a player with no warrior able
// to take part in combat, for half the saboteur's V; once per player per turn
// unless the Multiple Sabotages option is on. In 2nd ed ("OPTIONAL RULE:
// SABOTAGE") it is one ordinary action and not an attack; in 1st ed it is an
// attack on the player (002 "ATTACKING A PLAYER DIRECTLY"), `attack cN sM`.
#include "effects/economy/awards.hpp"
#include "dt/designations.hpp"
#include "internal.hpp"
#include "effects/economy/team_rules.hpp"
#include "effects/lasting/stun.hpp"
#include <algorithm>

#include "actions/sabotage.hpp"
#include "effects/choices/answer.hpp"
#include "markers.hpp"

namespace dt::detail {

// Printed SECRET HQ: a card lying before the player (NO DIRECT ATTACKS ON ITS
// PLAYER) keeps enemy warriors from attacking it while it has no warriors.
static bool shielded_from_direct_attack(const State& s, int seat) {
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (s.card(c).attached_to == kNoCard && s.def(c).has_designation(desig::NoDirectAttacksOnItsPlayer)) return true;
  return false;
}

static bool everyone_had_a_turn(const State& s) {
  for (const SeatState& st : s.seats)
    if (!st.eliminated && st.turns_taken < 1) return false;
  return true;
}

// Never before every player has had a turn.
static bool sabotage_open(const State& s) { return s.rules.sabotage != SabotageMode::Off && everyone_had_a_turn(s); }

// May warrior `a` of the current player sabotage player `t` now, actions aside? Two halves, the player's asked
// once per player (SHELTER OF THE CROWD's new Tactical action asks both, after the turn's own is spent).
// The player's half: `t` is an opponent with no warrior that may fight, not yet sabotaged when once is the rule.
static bool sabotage_target(const State& s, int t, OptKind kind) {
  const int me = s.current;
  if (!opponents(s, me, t) || s.seats[size_t(t)].eliminated || has_combat_warrior(s, t)) return false;
  // TRUCE: a sabotage is a Tactical action (gEngine); as printed only an attack is barred (1st ed's direct attack)
  if (truce_between(s, me, t) && (kind == OptKind::DirectAttack || s.rules.card_text != CardText::Printed)) return false;
  if (s.rules.sabotage == SabotageMode::Once && (s.seats[size_t(me)].sabotaged_mask & (1u << t))) return false;
  return !(kind == OptKind::DirectAttack && shielded_from_direct_attack(s, t));  // printed SECRET HQ
}

// The warrior's half: `a` may take part in a combat now.
static bool may_sabotage(const State& s, CardId a, OptKind kind) {
  // The saboteur must be able to take part in a combat (gEngine "SABOTAGE"; 2nd ed "OPTIONAL RULE:
  // SABOTAGE"): one in cover may, as it may be attacked; it may not attack, so under 1st ed, where
  // this is an attack on the player, it may not. A face-down warrior never seen stays so.
  const CardInst& ai = s.card(a);
  if (!can_take_part_in_combat(s, a) || ai.hidden || stunned(s, a)) return false;
  if (tactical_barred(s, a, kind == OptKind::DirectAttack)) return false;  // INFERIOR TECHNOLOGY
  return !(ai.cover && kind == OptKind::DirectAttack);
}

static OptKind sabotage_kind(const State& s) {
  return s.rules.sabotage_action == SabotageAction::DirectAttack ? OptKind::DirectAttack : OptKind::Sabotage;
}

static void own_way_options(const State& s, const std::vector<CardId>& mine, std::vector<Option>& out);

void sabotage_options(const State& s, const std::vector<CardId>& mine, std::vector<Option>& out) {
  if (s.families & famSabotageRules) own_way_options(s, mine, out);  // SUPPORT ARTILLERY OX
  if (!sabotage_open(s)) return;
  const int me = s.current;
  // SHROUD: a direct attack is an attack; a sabotage a Tactical Action.
  if (!tactical_open(s, me, s.rules.sabotage_action == SabotageAction::DirectAttack)) return;
  if (s.rules.sabotage_action == SabotageAction::Standard && s.actions_left < 1) return;
  const OptKind kind = sabotage_kind(s);
  const bool counted = kind == OptKind::Sabotage && (s.tactical_used || s.actions_left < 1);
  for (int t = 0; t < s.num_seats(); ++t) {
    if (!sabotage_target(s, t, kind)) continue;
    for (CardId a : mine) {
      if (!may_sabotage(s, a, kind)) continue;
      if (counted && !tactical_allowed(s, me, a)) continue;  // a card's extra Tactical action (COMMAND HELMET)
      out.push_back({kind, a, CardId(t)});
    }
  }
}

// Card.sabotage (SUPPORT ARTILLERY OX): the card on warrior `a` (or `a` itself) letting it sabotage in its own
// way, or kNoCard.
static CardId own_way_card(const State& s, CardId a) {
  for (CardId x : attachments_of(s, a))
    if (s.def(x).sabotage && s.def(x).sabotage->actions > 0) return x;
  return s.def(a).sabotage && s.def(a).sabotage->actions > 0 ? a : kNoCard;
}

// Printed, the rule makes it an attack on the player (a direct attack), whatever the preset's sabotage option.
static bool as_attack(const State& s, const SabotageRuleSpec& r) {
  return r.as_attack && s.rules.card_text == CardText::Printed;
}

// The sabotages a card's rule lets a warrior make (actions/sabotage.hpp): Option::p 1, Option::c the card.
static void own_way_options(const State& s, const std::vector<CardId>& mine, std::vector<Option>& out) {
  const int me = s.current;
  for (CardId a : mine) {
    const CardId rc = own_way_card(s, a);
    if (rc == kNoCard) continue;
    const SabotageRuleSpec& r = *s.def(rc).sabotage;
    const bool attack = as_attack(s, r);
    const OptKind kind = attack ? OptKind::DirectAttack : OptKind::Sabotage;
    if (!(attack ? everyone_had_a_turn(s) : sabotage_open(s)) || !tactical_open(s, me, attack)) continue;
    // Its actions, the turn's Tactical action among them.
    if (s.actions_left < r.actions || (s.tactical_used && !tactical_allowed(s, me, a))) continue;
    if (!may_sabotage(s, a, kind)) continue;
    for (int t = 0; t < s.num_seats(); ++t) {
      if (!opponents(s, me, t) || s.seats[size_t(t)].eliminated) continue;
      if (!r.despite_warriors && has_combat_warrior(s, t)) continue;
      if (truce_between(s, me, t)) continue;
      if (!attack && s.rules.sabotage == SabotageMode::Once && (s.seats[size_t(me)].sabotaged_mask & (1u << t))) continue;
      if (attack && shielded_from_direct_attack(s, t)) continue;
      Option o{kind, a, CardId(t)};
      o.p = 1;
      o.c = rc;
      out.push_back(o);
    }
  }
}

bool tactical_sabotage_possible(const State& s, CardId a, int t) {
  if (!sabotage_open(s) || s.rules.sabotage_action == SabotageAction::Standard) return false;
  if (!tactical_open(s, s.current, s.rules.sabotage_action == SabotageAction::DirectAttack)) return false;
  const OptKind kind = sabotage_kind(s);
  return sabotage_target(s, t, kind) && may_sabotage(s, a, kind);
}

// What the sabotage earns, once no one has answered it: half the saboteur's V as points, or a card's rule's
// points (SUPPORT ARTILLERY OX: as P alone).
static void sabotage_earns(State& s, int me, CardId a, int t, int points, bool p_only, Log log) {
  if (points >= 0 && p_only) {
    s.seats[size_t(me)].promotion += points;
    emit(log, {EventKind::Effect, int8_t(me), a, kNoCard, int(Op::GainP), me});
    return;
  }
  const int v = stats(s, a).v;
  queue_changed_award(s, me, points >= 0 ? points : (v + 1) / 2, earns_d_only(s, a), a, Earning::Sabotages, a, kNoCard,
                      t);  // LIMITED RESOURCES, FORTIFY WARZONE
}

// GUARD STATION: the card of player t answering a sabotage with a warrior of its hand, or kNoCard.
static CardId answering_card(const State& s, int t) {
  for (CardId c : s.seats[size_t(t)].in_play)
    if (s.def(c).sabotage && s.def(c).sabotage->defender && !s.card(c).hidden) return c;
  return kNoCard;
}

// The warriors of t's hand that card g lets fight the saboteur: matching its filter, able to enter play in
// its area as a Muster would, their price payable, with a rating to fight in (no NONCOMBATANT).
static std::vector<CardId> hand_defenders(const State& s, int t, CardId g) {
  const SabotageRuleSpec& r = *s.def(g).sabotage;
  const Area area = s.card(g).area;
  std::vector<CardId> out;
  for (CardId w : s.seats[size_t(t)].hand) {
    const CardDef& d = s.def(w);
    if (d.type != CardType::Warrior || d.has(kwNoncombatant) || !filter_matches(s, *r.defender, w, t)) continue;
    if (destiny(s, t) < r.defender_v_times * d.v) continue;
    if (area != Area::Outpost && muster_area(s, w) != area) continue;
    if (may_enter_area(s, t, w, area)) out.push_back(w);
  }
  return out;
}

// SURFACE-TO-AIR MISSILE: may player t discard its card c to wound saboteur a? Only where the sabotage is an attack
// on the player (not 2nd ed's ordinary action).
static bool may_wound_saboteur(const State& s, CardId c, CardId a, int t) {
  const CardDef& d = s.def(c);
  if (!d.sabotage || !d.sabotage->wounds_saboteur || s.rules.sabotage_action == SabotageAction::Standard) return false;
  const CardInst& ci = s.card(c);
  return ci.zone == Zone::InPlay && !ci.hidden && ci.controller == t && is_warrior_in_play(s, a) &&
         filter_matches(s, *d.sabotage->wounds_saboteur, a, t) && !immune_to(s, a, c);
}

// The sabotage itself, its actions paid: it earns its points unless its player answers it (GUARD STATION,
// SURFACE-TO-AIR MISSILE).
static void sabotage_made(State& s, int me, CardId a, int t, OptKind kind, Log log, int points = -1,
                          bool p_only = false, int actions = 0) {
  s.seats[size_t(me)].sabotaged_mask |= 1u << unsigned(t);
  emit(log, {kind == OptKind::DirectAttack ? EventKind::DirectAttack : EventKind::Sabotage, int8_t(me), a, kNoCard, t,
             actions});
  if (s.families & famSabotageRules) {
    CardId g = answering_card(s, t);
    std::vector<CardId> w;
    if (g != kNoCard) w = hand_defenders(s, t, g);
    for (CardId c : s.seats[size_t(t)].in_play)
      if (may_wound_saboteur(s, c, a, t)) {
        w.push_back(c);
        if (g == kNoCard) g = c;  // the question's source: a card answering it
      }
    if (g != kNoCard) {
      if (!w.empty()) {
        LastingMod m{a, kNoCard, {}, kNoTurnEnds};
        m.lock = kSabotageAnswer;
        m.player = int8_t(me);
        m.other = g;
        m.times = int16_t(t);
        m.count = int16_t(points);
        m.given = p_only;
        m.waits = kind == OptKind::DirectAttack;
        s.lasting.push_back(m);
        ask_pick(s, g, a, t, t, std::move(w), 1);
        s.choices.back().fetch = kFetchSabotageDefender;
        return;
      }
    }
  }
  sabotage_earns(s, me, a, t, points, p_only, log);
}

void tactical_sabotage(State& s, CardId a, int t, Log log) {
  if (!tactical_sabotage_possible(s, a, t)) return;
  sabotage_made(s, s.current, a, t, sabotage_kind(s), log);
}

// A sabotage a card's rule lets its warrior make (SUPPORT ARTILLERY OX): its actions, the Tactical one among them.
static void apply_own_way(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  const SabotageRuleSpec& r = *s.def(o.c).sabotage;
  spend_tactical(s, me, o.a, r.actions);
  sabotage_made(s, me, o.a, int(o.b), o.kind, log, r.points, r.p_only, r.actions);
  if (s.awards.empty() && s.choices.empty()) open_response_window(s);
  else if (!s.awards.empty()) s.phase = Phase::Points;
}

void apply_sabotage(State& s, const Option& o, Log log) {
  if (o.p == 1 && o.c != kNoCard) return apply_own_way(s, o, log);
  const int me = deciding_seat(s);
  if (s.rules.sabotage_action == SabotageAction::Standard) {
    --s.actions_left;
  } else if (o.kind == OptKind::Sabotage && free_attacks(s, me)) {
    // Not an attack, so the Legion player of 1st ed option 4 takes it as a Tactical action like anyone.
    if (s.extra_tacticals) {  // BLOOD LUST, INITIATIVE: this one does not end the step
      --s.extra_tacticals;
      --s.actions_left;
    } else {
      s.tactical_used = true;
      s.actions_left = 0;
    }
  } else {
    spend_tactical(s, me, o.a, 1);  // ends the step, unless a card gives more; a direct attack of option 4 is one action
  }
  sabotage_made(s, me, o.a, int(o.b), o.kind, log);
  if (s.awards.empty() && s.choices.empty()) open_response_window(s);
  else if (!s.awards.empty()) s.phase = Phase::Points;
}

// --- The answer to a sabotage (GUARD STATION): actions/sabotage.hpp ---

static LastingMod* answer_marker(State& s, CardId a) {
  for (LastingMod& m : s.lasting)
    if (m.lock == kSabotageAnswer && m.source == a) return &m;
  return nullptr;
}

bool is_sabotage_choice(const State& s, const PendingChoice& ch) {
  return ch.fetch == kFetchSabotageDefender || ch.fetch == kFetchSabotageTactic;
}

// The tactics the saboteur and its new opponent can fight in: 1 Fight, 2 Shoot; the attack rules' limits on who
// may fight whom only when the card does not set them aside (`any_affiliation`).
static int pair_tactics_of(const State& s, CardId a, CardId d, bool any_affiliation) {
  int out = 0;
  for (Tactic t : {Tactic::Fight, Tactic::Shoot})
    if (has_rating(s, a, t) && tactic_allowed(s, t, a, d) && defender_may_fight(s, d, t) &&
        (any_affiliation || attack_allowed(s, a, d, t)))
      out |= t == Tactic::Fight ? 1 : 2;
  return out;
}

void sabotage_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.fetch == kFetchSabotageDefender) {  // a warrior of the hand, a card wounding the saboteur, or none (it goes on)
    if (ch.picks_left != 0 && is_warrior_in_play(s, ch.target) && s.card(ch.source).zone == Zone::InPlay) {
      const bool guard = s.def(ch.source).sabotage->defender.has_value();
      const std::vector<CardId> now = guard ? hand_defenders(s, ch.seat, ch.source) : std::vector<CardId>{};
      for (CardId w : ch.candidates)
        if (std::find(now.begin(), now.end(), w) != now.end() || may_wound_saboteur(s, w, ch.target, ch.seat))
          out.push_back({OptKind::Choose, w});
    }
    out.push_back(choose_done());
    return;
  }
  if (ch.picks_left != 0 && ch.fetch == kFetchSabotageTactic && !ch.candidates.empty() &&
      is_warrior_in_play(s, ch.target) && is_warrior_in_play(s, ch.candidates[0])) {
    const int tactics = pair_tactics_of(s, ch.target, ch.candidates[0], s.def(ch.source).sabotage->any_affiliation);
    for (int i : {0, 1})
      if (tactics & (1 << i)) out.push_back(choose_answer(i));
  }
  if (out.empty()) out.push_back(choose_done());
}

void apply_sabotage_choice(State& s, const Option& o, Log log) {
  PendingChoice& ch = answer_once(s, o, log);
  const CardId a = ch.target;
  if (ch.fetch == kFetchSabotageTactic) {
    if (o.p < 0 || ch.candidates.empty()) return;
    const Tactic t = o.p == 1 ? Tactic::Shoot : Tactic::Fight;
    const CardId d = ch.candidates[0];
    emit(log, {EventKind::Attack, int8_t(s.card(a).controller), a, d, int(t), 0});
    start_combat(s, a, d, t, s.card(a).controller);
    ch.resume = s.phase;  // the combat's window
    return;
  }
  LastingMod* m = answer_marker(s, a);
  if (!m) return;
  const LastingMod mark = *m;
  if (o.a == kNoCard) return;  // sabotage_choice_done: it goes on
  if (s.card(o.a).zone == Zone::InPlay) {  // SURFACE-TO-AIR MISSILE: discarded, the saboteur wounded; a kill pays
    const int t = ch.seat;                 // its player (ITS KILLS EARN POINTS), a survivor's sabotage goes on
    const CardId c = o.a;
    discard_by_own_use(s, c);
    Effect wound;
    wound.op = Op::Wound;
    run_effects(s, t, c, kNoCard, {a, -1}, 1, {wound}, log, nullptr);
    return;
  }
  std::erase_if(s.lasting, [&](const LastingMod& x) { return x.lock == kSabotageAnswer && x.source == a; });
  const int t = ch.seat;
  const CardId g = ch.source, w = o.a;
  destiny(s, t) -= s.def(g).sabotage->defender_v_times * s.def(w).v;
  take_out(s, w);
  enter_play(s, w, t, s.card(g).area);
  emit(log, {EventKind::Effect, int8_t(t), g, w, int(Op::EnterPlay), t});
  // The saboteur's player names the tactic of their combat.
  const int me = mark.player;
  ask_pick(s, g, a, me, me, {w}, 1);
  s.choices.back().fetch = kFetchSabotageTactic;
}

void sabotage_choice_done(State& s, const PendingChoice& ch, Log log) {
  if (ch.fetch != kFetchSabotageDefender) return;
  LastingMod* m = answer_marker(s, ch.target);
  if (!m) return;
  const LastingMod mark = *m;
  std::erase_if(s.lasting, [&](const LastingMod& x) { return x.lock == kSabotageAnswer && x.source == ch.target; });
  if (!is_warrior_in_play(s, ch.target)) return;
  sabotage_earns(s, mark.player, ch.target, mark.times, mark.count, mark.given != 0, log);
  if (s.awards.empty() && s.phase == Phase::Actions) open_response_window(s);  // the sabotage's own window
}

}  // namespace dt::detail
