// COMMAND's forced attack: see command.hpp.
#include "effects/attacks/command.hpp"
#include "dt/handlers.hpp"

#include <algorithm>

#include "actions/cover_attack.hpp"
#include "effects/lasting/stun.hpp"
#include "internal.hpp"

namespace dt::detail {

static bool on_pick_has(const CardDef& d, HandlerId name) {
  return d.play && d.play->choice && has_handler(d.play->choice->on_pick, name);
}

// COMMAND: the caster forces another's warrior; its combat pays as the card says.
static bool commands_attack(const CardDef& d) {
  return on_pick_has(d, HandlerId::forced_attack) || on_pick_has(d, HandlerId::forced_attack_printed);
}

// CHARGE: the card's player's own warrior attacks at once (`attack_at_once`); its combat pays as any.
static bool attacks_at_once(const CardDef& d) { return on_pick_has(d, HandlerId::attack_at_once); }

bool forces_attack(const CardDef& d) { return commands_attack(d) || attacks_at_once(d); }

static bool printed_reading(const CardDef& d) { return on_pick_has(d, HandlerId::forced_attack_printed); }

bool forced_attack_open(const State& s, int seat) {
  if (seat != s.current || s.phase != Phase::Actions) return false;
  if (s.tactical_used && !s.extra_tacticals && !free_attacks(s, seat)) return false;
  if (s.seats[size_t(seat)].turns_taken <= 1 && !s.rules.tactical_in_first_turn) return false;
  return tactical_open(s, seat, true);  // SHROUD: no one attacks
}

bool forced_attacker_ok(const State& s, int seat, CardId card, CardId a) {
  if (!forces_attack(s.def(card))) return true;
  return a != kNoCard && is_warrior_in_play(s, a) && !s.card(a).hidden && opponents(s, seat, s.card(a).controller) &&
         can_attack_with(s, a);
}

// The tactics the pair can fight in (ratings, AIRSHIPs, HEAVY FOG), one bit each: 1 Fight, 2 Shoot.
static int pair_tactics(const State& s, CardId a, CardId d) {
  int out = 0;
  for (Tactic t : {Tactic::Fight, Tactic::Shoot}) {
    if (!has_rating(s, a, t) || !tactic_allowed(s, t, a, d) || !defender_may_fight(s, d, t)) continue;
    if (t == Tactic::Fight && (flies_or_dives(s, a) || (keywords(s, a) & kwNoFightAttack))) continue;
    out |= t == Tactic::Fight ? 1 : 2;
  }
  return out;
}

// gEngine "ANNOUNCE ATTACKER AND DEFENDER": never a NONCOMBATANT, nor a move
// between an Outpost and the other areas, whoever forces the attack; the
// gEngine card adds the affiliation limits ("a legal Defender"), the printed
// one lets the caster pick any warrior.
bool forced_pair_ok(const State& s, CardId a, CardId d, bool printed) {
  if (a == kNoCard || d == kNoCard || a == d || !is_warrior_in_play(s, a) || !is_warrior_in_play(s, d)) return false;
  if (s.card(d).hidden || !can_take_part_in_combat(s, d)) return false;
  if ((keywords(s, a) | keywords(s, d)) & kwNoncombatant) return false;
  if (keywords(s, d) & kwNotAttackable) return false;
  if (s.rules.outposts && (s.card(a).area == Area::Outpost) != (s.card(d).area == Area::Outpost)) return false;
  if (!printed) {
    const int ca = s.card(a).controller, cd = s.card(d).controller;
    if (ca == cd || !opponents(s, ca, cd) || !attack_allowed(s, a, d)) return false;
  }
  return pair_tactics(s, a, d) != 0;
}

// CHARGE: the warrior may attack, leaving cover as it does (not one SHELL SHOCKED keeps there), as any of
// its attacks: not stunned, not barred from attacking, not one that attacks once a turn and did.
static bool own_attacker_ok(const State& s, CardId a) {
  return a != kNoCard && is_warrior_in_play(s, a) && can_take_part_in_combat(s, a) && !stunned(s, a) &&
         !tactical_barred(s, a, true) && !attacked_this_turn(s, a) && boast_allows_attack(s, a) && !kept_in_cover(s, a);
}

bool attack_at_once_ok(const State& s, CardId a, CardId d) {
  if (!own_attacker_ok(s, a) || !tactical_open(s, s.card(a).controller, true)) return false;
  return forced_pair_ok(s, a, d, false);
}

void attack_at_once(State& s, int seat, CardId card, CardId d) {
  if (s.choices.empty()) return;
  const CardId a = s.choices.front().target;
  if (!attack_at_once_ok(s, a, d)) return;
  ask_pick(s, card, a, seat, seat, {d}, -1);  // the tactic next, as COMMAND's
}

void force_attack(State& s, int seat, CardId card, CardId d, bool printed) {
  if (s.choices.empty()) return;
  const CardId a = s.choices.front().target;
  if (!forced_pair_ok(s, a, d, printed)) return;
  // Asked with picks -1, which tells it from the card's own Choice (one pick).
  ask_pick(s, card, a, seat, seat, {d}, -1);
}

bool is_forced_tactic_choice(const State& s, const PendingChoice& ch) {
  return ch.picks_left < 0 && ch.candidates.size() == 1 && forces_attack(s.def(ch.source));
}

void forced_tactic_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  const int tactics = pair_tactics(s, ch.target, ch.candidates[0]);
  for (int i : {0, 1})
    if (tactics & (1 << i)) out.push_back(choose_answer(i));
  if (out.empty()) out.push_back(choose_done());  // the pair can no longer fight: no attack
}

void apply_forced_tactic(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, kNoCard, o.p});
  ch.picks_left = 0;
  const CardId card = ch.source, a = ch.target, d = ch.candidates[0];
  const bool own = attacks_at_once(s.def(card));
  if (o.p < 0 || (own ? !attack_at_once_ok(s, a, d) : !forced_pair_ok(s, a, d, printed_reading(s.def(card))))) return;
  const Tactic t = o.p == 1 ? Tactic::Shoot : Tactic::Fight;
  if (own && s.card(a).cover) {  // CHARGE: out of cover as it attacks, and out it stays
    CardInst& ai = s.card(a);
    ai.cover = false;
    ai.exited_cover_turn = int16_t(s.turn_number);
    emit(log, {EventKind::ExitCover, int8_t(ai.controller), a});
    if (!reveal(s, a, log)) return;  // turned up and not paid for (2nd ed Muster in Cover): no attack
  }
  emit(log, {EventKind::Attack, int8_t(s.card(a).controller), a, d, int(t), 0});
  start_combat(s, a, d, t, s.card(a).controller);
  if (!own) s.combat.mods.push_back({card, kNoCard, {}});  // how the combat pays (command.hpp)
  ch.resume = s.phase;  // the combat's window, in place of the cast's response window
}

// The COMMAND card whose forced combat this is, or kNoCard.
static CardId forced_combat_card(const State& s) {
  if (!s.combat.active) return kNoCard;
  for (const CombatMod& m : s.combat.mods)
    if (m.target == kNoCard && m.source != kNoCard && commands_attack(s.def(m.source))) return m.source;
  return kNoCard;
}

static void pay_d(State& s, int seat, CardId card, CardId w, int amount, Log log) {
  if (amount <= 0 || seat < 0 || seat >= s.num_seats()) return;
  destiny(s, seat) += amount;
  emit(log, {EventKind::Effect, int8_t(seat), card, w, int(Op::GainD), seat});
}

bool forced_kill_pays(State& s, CardId victim, CardId killer, int v, Log log) {
  const CardId card = forced_combat_card(s);
  if (card == kNoCard || printed_reading(s.def(card))) return false;
  pay_d(s, s.card(card).owner, card, victim, 2 * v, log);
  return s.card(killer).controller == s.card(card).owner;
}

void forced_hurt_pays(State& s, bool attacker_hurt, bool defender_hurt, int a_v, int d_v, Log log) {
  const CardId card = forced_combat_card(s);
  if (card == kNoCard || !printed_reading(s.def(card))) return;
  const CardId a = s.combat.attacker, d = s.combat.defender;
  if (attacker_hurt) pay_d(s, s.card(a).controller, card, a, 2 * a_v, log);
  if (defender_hurt) pay_d(s, s.card(card).owner, card, d, d_v, log);
}

}  // namespace dt::detail
