// Attack orders: see orders.hpp. TELEPATHIC MESSAGE names a warrior a player
// must attack; CONTROL MIND tells a warrior it must, or must not, attack.
#include "effects/attacks/orders.hpp"
#include "dt/designations.hpp"
#include "dt/handlers.hpp"
#include "effects/attacks/command.hpp"

#include <algorithm>

#include "combat/redirect.hpp"
#include "effects/modifiers/text_off.hpp"
#include "effects/lasting/twins.hpp"
#include "internal.hpp"
#include "markers.hpp"
#include "combat/groups.hpp"
#include "effects/warriors/coin_duel.hpp"

namespace dt::detail {

void give_order(State& s, CardId source, CardId w, int seat, uint8_t kind) {
  if (w == kNoCard || seat < 0 || seat >= s.num_seats() || !is_warrior_in_play(s, w)) return;
  LastingMod m{source, w, {}, uint8_t(kOrderWaiting + seat)};
  m.lock = kind;
  s.lasting.push_back(m);
}

void arm_orders(State& s, int seat) {
  for (LastingMod& m : s.lasting)
    if (m.lock >= kOrderAttackThis && m.seat == kOrderWaiting + seat) m.seat = uint8_t(seat);
}

bool attack_forbidden(const State& s, CardId a) {
  return std::any_of(s.lasting.begin(), s.lasting.end(), [&](const LastingMod& m) {
    return m.lock == kOrderNoAttack && m.target == a && m.seat < kOrderWaiting;
  });
}

void orders_met(State& s, int seat, CardId a, CardId d) {
  std::erase_if(s.lasting, [&](const LastingMod& m) {
    return m.seat == seat && ((m.lock == kOrderMustAttack && m.target == a) || (m.lock == kOrderAttackThis && m.target == d));
  });
}

// A duty to attack (a boast, an order) whose attack `demanded` picks out: while
// such an attack is among the options, the step does not end without it: no
// passing, no other Tactical action (unless one to spare), and with one action
// left nothing else. False, and `out` untouched, when no option makes it ("if able").
template <class Demanded>
static bool keep_demanded_attack(const State& s, std::vector<Option>& out, Demanded demanded) {
  if (std::none_of(out.begin(), out.end(), demanded)) return false;
  const bool last = s.actions_left <= 1;
  std::erase_if(out, [&](const Option& o) {
    if (demanded(o)) return false;
    if (last || o.kind == OptKind::Pass) return true;
    const bool tactical = o.kind == OptKind::Attack || o.kind == OptKind::Sabotage ||
                          o.kind == OptKind::DirectAttack || tactical_use(s, o);
    return tactical && !s.extra_tacticals;
  });
  return true;
}

bool keep_demanded(const State& s, std::vector<Option>& out, const std::function<bool(const Option&)>& demanded) {
  return keep_demanded_attack(s, out, demanded);
}

bool keep_orders(const State& s, std::vector<Option>& out) {
  for (const LastingMod& m : s.lasting) {
    if (m.seat != s.current || (m.lock != kOrderMustAttack && m.lock != kOrderAttackThis)) continue;
    const bool with = m.lock == kOrderMustAttack;
    auto demanded = [&](const Option& o) { return o.kind == OptKind::Attack && (with ? o.a : o.b) == m.target; };
    if (keep_demanded_attack(s, out, demanded)) return true;
  }
  return false;
}

bool keep_boast(const State& s, const std::vector<CardId>& mine, std::vector<Option>& out) {
  for (CardId w : mine) {
    if (!boast_due(s, w)) continue;
    if (keep_demanded_attack(s, out, [&](const Option& o) { return o.kind == OptKind::Attack && o.a == w; })) return true;
  }
  return false;
}

// gEngine "ANNOUNCE ATTACKER AND DEFENDER": no NONCOMBATANT, and no card moves
// a combat between an Outpost and the other areas; the pair must also be able
// to fight in the combat's tactic (ratings, AIRSHIPs and SUBMARINEs).
bool new_combatants_ok(const State& s, CardId a, CardId d) {
  if (!s.combat.active || a == kNoCard || d == kNoCard || a == d) return false;
  if (!is_warrior_in_play(s, a) || !is_warrior_in_play(s, d) || s.card(a).hidden || s.card(d).hidden) return false;
  if (a == s.combat.attacker && d == s.combat.defender) return false;  // no change
  if (!can_take_part_in_combat(s, a) || !can_take_part_in_combat(s, d)) return false;
  if ((keywords(s, a) | keywords(s, d)) & kwNoncombatant) return false;
  if (keywords(s, d) & kwNotAttackable) return false;
  const Tactic t = s.combat.tactic;
  if (!has_rating(s, a, t) || !defender_may_fight(s, d, t)) return false;
  if (t == Tactic::Fight && flies_or_dives(s, a)) return false;
  if (s.rules.outposts && (s.card(a).area == Area::Outpost) != (s.card(d).area == Area::Outpost)) return false;
  return true;
}

bool pick_allowed(const State& s, const std::vector<Effect>& on_pick, CardId target, CardId x) {
  for (const Effect& e : on_pick)  // a warrior that may never be in cover is not put there (SUPPRESSING FIRE)
    if (e.op == Op::Cover && (keywords(s, x) & kwNoCover)) return false;
  for (const Effect& e : on_pick)
    if (e.op == Op::Handler && e.handler == HandlerId::make_combatants && !new_combatants_ok(s, target, x)) return false;
  for (const Effect& e : on_pick)  // COMMAND: a defender the target can be forced to attack
    if (e.op == Op::Handler && (e.handler == HandlerId::forced_attack || e.handler == HandlerId::forced_attack_printed) &&
        !forced_pair_ok(s, target, x, e.handler == HandlerId::forced_attack_printed))
      return false;
  if (!coin_duel_pick_ok(s, on_pick, target, x)) return false;
  for (const Effect& e : on_pick)  // CLUMSINESS: another warrior of the target's area that can fight the combat
    if (e.op == Op::RedirectCombat && !redirect_pick_ok(s, target, x)) return false;  // RUSSIAN ROULETTE: a warrior of the target's V
  for (const Effect& e : on_pick)  // CHARGE: a defender the target may attack at once
    if (e.op == Op::Handler && e.handler == HandlerId::attack_at_once && !attack_at_once_ok(s, target, x)) return false;
  for (const Effect& e : on_pick)  // DOUBLE DUTY: a warrior in play not yet doubled
    if (e.op == Op::Handler && e.handler == HandlerId::stand_as_twin && !may_be_twinned(s, x)) return false;
  return assist_target_ok(s, on_pick, target, x);  // REINFORCEMENTS!: the picks join the target's side
}

// LANE CHUNG's boast (effects.hpp says how its marker reads).
void make_boast(State& s, CardId w) {
  if (is_warrior_in_play(s, w) && !boast_made(s, w)) s.lasting.push_back({w, w, {}, kBoastSeat});
}

bool boast_made(const State& s, CardId w) {
  return std::any_of(s.lasting.begin(), s.lasting.end(),
                     [&](const LastingMod& m) { return m.source == w && m.target == w && m.seat == kBoastSeat; });
}

bool boast_due(const State& s, CardId w) {
  if (!own_designation_on(s, w, desig::Boasts)) return false;
  const int seat = s.card(w).controller;
  return std::any_of(s.lasting.begin(), s.lasting.end(),
                     [&](const LastingMod& m) { return m.source == w && m.target == w && m.seat == seat; });
}

bool boast_allows_attack(const State& s, CardId w) {
  if (!own_designation_on(s, w, desig::Boasts)) return true;
  for (CardId p : s.seats[s.card(w).controller].in_play)  // PAM AFTON
    if (p != w && is_warrior_in_play(s, p) && s.def(p).has_designation(desig::BoastPartner)) return true;
  return boast_due(s, w);
}

}  // namespace dt::detail
