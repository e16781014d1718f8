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

namespace dt::detail {

// Printed SECRET HQ: a card lying before the player (NO DIRECT ATTACKS ON ITS
// PLAYER) keeps enemy warriors from attacking it while it has no warriors.
static bool shielded_from_direct_attack(const State& s, int seat) {
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (s.card(c).attached_to == kNoCard && s.def(c).has_designation(desig::NoDirectAttacksOnItsPlayer)) return true;
  return false;
}

// Never before every player has had a turn.
static bool sabotage_open(const State& s) {
  if (s.rules.sabotage == SabotageMode::Off) return false;
  for (const SeatState& st : s.seats)
    if (!st.eliminated && st.turns_taken < 1) return false;
  return true;
}

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

void sabotage_options(const State& s, const std::vector<CardId>& mine, std::vector<Option>& out) {
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

bool tactical_sabotage_possible(const State& s, CardId a, int t) {
  if (!sabotage_open(s) || s.rules.sabotage_action == SabotageAction::Standard) return false;
  if (!tactical_open(s, s.current, s.rules.sabotage_action == SabotageAction::DirectAttack)) return false;
  const OptKind kind = sabotage_kind(s);
  return sabotage_target(s, t, kind) && may_sabotage(s, a, kind);
}

// The sabotage itself, its actions paid: half the saboteur's V as points.
static void sabotage_made(State& s, int me, CardId a, int t, OptKind kind, Log log) {
  s.seats[size_t(me)].sabotaged_mask |= 1u << unsigned(t);
  const int v = stats(s, a).v;
  emit(log, {kind == OptKind::DirectAttack ? EventKind::DirectAttack : EventKind::Sabotage, int8_t(me), a, kNoCard, t});
  queue_changed_award(s, me, (v + 1) / 2, earns_d_only(s, a), a, Earning::Sabotages, a, kNoCard, t);  // LIMITED RESOURCES, FORTIFY WARZONE
}

void tactical_sabotage(State& s, CardId a, int t, Log log) {
  if (!tactical_sabotage_possible(s, a, t)) return;
  sabotage_made(s, s.current, a, t, sabotage_kind(s), log);
}

void apply_sabotage(State& s, const Option& o, Log log) {
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
  if (s.awards.empty()) open_response_window(s);
  else s.phase = Phase::Points;
}

}  // namespace dt::detail
