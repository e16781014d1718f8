// gEngine "ATTACK (Tactical Action)": the attacks offered, and announcing one
// (combat steps 1-2); the combat itself is in combat/.
#include <algorithm>

#include "actions/aimed.hpp"
#include "actions/cover_attack.hpp"
#include "actions/declared_attack.hpp"
#include "actions/second_attack.hpp"
#include "actions/several_attacks.hpp"
#include "actions/two_weapons.hpp"
#include "effects/attacks/again.hpp"
#include "effects/attacks/orders.hpp"
#include "effects/attacks/telepathy.hpp"
#include "effects/attacks/plans.hpp"
#include "dt/designations.hpp"
#include "internal.hpp"
#include "combat/permissions.hpp"
#include "markers.hpp"

namespace dt::detail {

// 1st ed "ANNOUNCE ATTACKER AND DEFENDER", rule 5: a Squad warrior may attack
// its own player's Kohort warriors and back, never within one area.
static bool own_target(const State& s, CardId a, CardId d) {
  const Area x = s.card(a).area, y = s.card(d).area;
  return s.rules.attack_own_warriors && x != y && x != Area::Outpost && y != Area::Outpost;
}

void attack_options(const State& s, const std::vector<CardId>& mine, std::vector<Option>& out) {
  const int me = s.current;
  if (!tactical_open(s, me, true)) return;  // SHROUD
  // Neither depends on the pair: asked once, not for every attacker-defender pair.
  const bool tactic_ok[2] = {tactic_allowed(s, Tactic::Fight), tactic_allowed(s, Tactic::Shoot)};
  // Past the turn's own Tactical action, only a warrior a card gives another one to.
  const bool counted = (s.tactical_used || s.actions_left < 1) && !free_attacks(s, me);
  std::vector<ActiveAttackRule> scratch;
  const bool rules = !attack_rules(s, scratch).empty();  // cards that change who may attack whom: rare
  const bool stat_bans = (s.families & famStatAttackBan) != 0;
  for (CardId a : mine) {
    if (!can_attack_with(s, a)) continue;
    if (counted && !tactical_allowed(s, me, a)) continue;
    const size_t first_option = out.size();
    for (int t = 0; t < s.num_seats(); ++t) {
      if (s.seats[size_t(t)].eliminated) continue;
      if (t == me ? !s.rules.attack_own_warriors : !opponents(s, me, t)) continue;
      // Primary targets: a secondary target's warriors only for the toll.
      const int toll = t != me ? attack_toll(s, me, t) : 0;
      if (toll > destiny(s, me)) continue;
      for (CardId d : warriors_of(s, t)) {
        if (t == me && !own_target(s, a, d)) continue;
        const CardInst& di = s.card(d);
        if (s.def(d).has(kwNoncombatant) && !di.hidden) continue;
        if (!di.hidden && (keywords(s, d) & kwNotAttackable)) continue;
        int allowed = -1;  // attack_allowed(a, d), asked once for both tactics
        AttackVerdict v;
        for (Tactic tac : {Tactic::Fight, Tactic::Shoot}) {
          if (!has_rating(s, a, tac)) continue;
          // A warrior immune to the card forbidding the tactic (INFRARED GOGGLES): asked for the pair, rarely.
          if (!tactic_ok[tac == Tactic::Fight ? 0 : 1] && !tactic_allowed(s, tac, a, d)) continue;
          if (tac == Tactic::Fight && (keywords(s, a) & kwNoFightAttack)) continue;
          if (tac == Tactic::Fight && flies_or_dives(s, a)) continue;
          if (s.card(a).cover && !attacks_from_cover(s, a, tac)) continue;  // BLASTING AWAY: Shoot only
          // A face-down stranger may be attacked; legality is checked when it is flipped.
          if (!di.hidden) {
            if (!defender_may_fight(s, d, tac)) continue;
            if (allowed < 0) {
              if (rules) v = judge_attack(s, a, d);
              if (stat_bans) v.forbidden |= stat_banned_tactics(s, a, d);  // gEngine CARTEL ENFORCEMENT
              v.cost_d += toll;
              allowed = attack_allowed_by(s, a, d, v, 3) && attack_price_affordable(s, me, v) ? 1 : 0;
            }
            if (!allowed || (v.forbidden & tactic_bit(tac))) continue;
          }
          Option o{OptKind::Attack, a, d};
          o.tactic = tac;
          out.push_back(o);
        }
      }
    }
    // MUST ATTACK DARK LEGION (SEAN GALLAGHER, DEMON HUNTER, SPECIAL ORDERS...): ONLY rules
    // binding the attacker "if able" keep its attacks on the warriors they name, when it has any.
    if (rules && out.size() > first_option) {
      auto named = [&](const Option& o) { return !s.card(o.b).hidden && only_if_able(s, a, o.b) == 1; };
      if (only_if_able(s, a, out[first_option].b) != 0 && std::any_of(out.begin() + long(first_option), out.end(), named))
        out.erase(std::remove_if(out.begin() + long(first_option), out.end(), [&](const Option& o) { return !named(o); }),
                  out.end());
    }
    // Two attacks as one action, both named first (`attack c12 c31 fight then c40 shoot`, Option::c the second
    // defender, Option::then its tactic; actions/several_attacks.hpp, count 2): NIMROD AUTOCANNON, RATTLESNAKE,
    // gEngine TIME DEATH (the same defender twice if you like), AQUABEAST (Fight only), AG-17 PANZERKNACKER (two
    // different defenders).
    if (s.families2 & fam2TwoAttacks) {
      const SeveralAttacks two = several_attacks_of(s, a);
      const size_t end = out.size();
      if (two.count == 2)
        for (size_t i = first_option; i < end; ++i) {
          if (two.tactic >= 0 && int8_t(out[i].tactic) != two.tactic) continue;
          for (size_t j = first_option; j < end; ++j) {
            if (two.tactic >= 0 && int8_t(out[j].tactic) != two.tactic) continue;
            if (two.different && out[j].b == out[i].b) continue;
            Option o = out[i];
            o.p = 2;
            o.c = out[j].b;
            o.then = out[j].tactic;
            out.push_back(o);
          }
        }
    }
    // GRINDER: attacks combined into one combat (actions/several_attacks.hpp).
    if (s.families2 & fam2SeveralAttacks) combined_attack_options(s, a, first_option, out);
    // WEAPONS EXPERT: two WEAPONS in one attack, or one in each of two, as two actions (actions/two_weapons.hpp).
    if (s.families2 & fam2TwoWeapons) two_weapon_options(s, a, first_option, out);
    // ARCHER SNIPER RIFLE, NIMROD MK I, HARDENED FIST, HUNTER...: the attack made with more actions, aimed.
    aimed_attack_options(s, a, first_option, out);
  }
}

// An attack's price in D and P (attack rules, combat/permissions.hpp).
static void pay_attack_price(State& s, int me, CardId d, const AttackVerdict& price, Log log) {
  if (price.cost_d) {
    destiny(s, me) -= price.cost_d;
    emit(log, {EventKind::Effect, int8_t(me), d, kNoCard, int(Op::LoseD), me});
  }
  if (price.cost_p) {
    s.seats[size_t(me)].promotion -= price.cost_p;
    emit(log, {EventKind::Effect, int8_t(me), d, kNoCard, int(Op::LoseP), me});
  }
}

int pay_attack(State& s, int me, CardId attacker, int cost) { return spend_tactical(s, me, attacker, cost); }

void apply_attack(State& s, const Option& o, Log log) {
  if (plan_attack_taken(s, o, log)) return;  // EMPATHY: told as the turn's plan, not made now
  if (o.b == kNoCard) {  // LESSER TELEPATHY: only the attacker is named; another player picks the tactic
    apply_attacker_named(s, o, log);
    return;
  }
  const int me = deciding_seat(s);
  // GRINDER: the next attack of an action under way, asked for after the combat before it (no action paid).
  const bool asked = (s.families2 & fam2SeveralAttacks) && next_attack_taken(s, o);
  tactic_split_over(s);
  attack_named(s);  // an attack declared first (declared_attack.hpp) is named now
  // What the attack rules ask (THE STAHLER PALACE, EVA VALMONTE, HOLY UROX): a face-down
  // defender's price is known once it is turned up.
  AttackVerdict price;
  if (!s.card(o.b).hidden) price = judge_attack(s, o.a, o.b);
  const bool two_weapons = o.p == kTwoWeaponsAttack || o.p == kTwoWeaponsAttacks;  // WEAPONS EXPERT: two actions
  const int cost = std::max(o.p == kAimedAttack ? int(o.n) : two_weapons ? 2 : 1, price.actions);  // an aimed attack: the actions it names
  const int spare = asked ? 0 : pay_attack(s, me, o.a, cost);
  // An attack of several made as one action counts as made, whether or not its combat begins.
  auto counted = [&] {
    if (s.families2 & fam2SeveralAttacks) several_attacks_begun(s, o, asked);
  };
  // gEngine "Multi-Player Games", option 2: paid first, each time.
  const int toll = attack_toll(s, me, s.card(o.b).controller);
  destiny(s, me) -= toll;
  emit(log, {EventKind::Attack, int8_t(me), o.a, o.b, int(o.tactic), toll});
  pay_attack_price(s, me, o.b, price, log);
  if (s.card(o.a).cover && !cover_before_attack(s, o.a, o.tactic, log)) {  // DAI-SHO: out of cover first
    counted();
    open_response_window(s);
    return;
  }
  if ((o.p == 2 || o.p == kTwoWeaponsAttacks) && o.c != kNoCard)  // the second attack waits for the first one's response window to close
    s.lasting.push_back({o.a, o.c, {}, uint8_t(me), kNoCard, 0, uint8_t(o.then == Tactic::Shoot ? kSecondAttackShoot : kSecondAttackFight)});
  if (two_weapons) weapons_named(s, o);
  // A defender in cover is turned face up for the combat (and paid for).
  const bool was_hidden = s.card(o.b).hidden;
  if (!reveal(s, o.b, log)) {
    counted();
    open_response_window(s);
    return;
  }
  const bool allowed = [&] {
    const QueryMemo memo(s);  // a read-only check: one memo for its rating queries
    if (!was_hidden) return attack_allowed_by(s, o.a, o.b, price, tactic_bit(o.tactic)) && defender_may_fight(s, o.b, o.tactic);
    price = judge_attack(s, o.a, o.b);
    price.actions = 0;  // the action is spent
    return attack_allowed_by(s, o.a, o.b, price, tactic_bit(o.tactic)) && defender_may_fight(s, o.b, o.tactic) &&
           attack_price_affordable(s, me, price);
  }();
  if (!allowed) {
    emit(log, {EventKind::AttackVoid, int8_t(me), o.a, o.b});
    counted();
    open_response_window(s);
    return;
  }
  if (was_hidden) pay_attack_price(s, me, o.b, price, log);
  orders_met(s, me, o.a, o.b);  // TELEPATHIC MESSAGE, CONTROL MIND
  plan_met(s, o.a, o.b, o.tactic);  // EMPATHY
  if (boast_due(s, o.a))  // LANE CHUNG has made the attack he boasted of
    std::erase_if(s.lasting, [&](const LastingMod& m) {
      return m.source == o.a && m.target == o.a && m.seat == s.card(o.a).controller;
    });
  if (has_designation(s, o.a, desig::AttacksOnceATurn) && !attacked_this_turn(s, o.a))
    s.lasting.push_back({o.a, o.a, {}, s.card(o.a).controller});
  start_combat(s, o.a, o.b, o.tactic, me);
  s.combat.spare_actions = uint8_t(std::clamp(spare, 0, 255));
  if (o.p == kAimedAttack) s.combat.aimed = o.c, s.combat.aimed_actions = uint8_t(o.n);
  counted();
}

bool start_second_attack(State& s, Log log) {
  const auto it = std::find_if(s.lasting.begin(), s.lasting.end(), [&](const LastingMod& m) {
    return (m.lock == kSecondAttackFight || m.lock == kSecondAttackShoot) && m.seat == s.current;
  });
  if (it == s.lasting.end()) {
    if (s.families2 & fam2CarriedMods) carried_mods_over(s);  // AG-17 PANZERKNACKER: no second combat left
    // WEAPONS EXPERT: the WEAPONS named for the attack just over are spent, whether or not it came to a combat (its
    // defender, turned up, could not be attacked; a RAZOR WIRE FENCE's encounter left it unmade...; one whose combat
    // was fought spent them as it ended, combat/resolve.cpp), and so is one named for a second attack gone with its
    // defender. (With a second attack to come, second_weapon_named spends the first one's.)
    if (s.families2 & fam2TwoWeapons)
      std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kWeaponNamed && m.seat == s.current; });
    return false;
  }
  const CardId a = it->source, d = it->target;
  const Tactic t = it->lock == kSecondAttackShoot ? Tactic::Shoot : Tactic::Fight;
  s.lasting.erase(it);
  if (s.families2 & fam2TwoWeapons) second_weapon_named(s, a);  // WEAPONS EXPERT: the second attack's WEAPON
  const int me = s.current;
  // Its warrior may have died, left, or gone into cover meanwhile (its defender leaving took the marker).
  if (!is_warrior_in_play(s, a) || s.card(a).controller != me || s.card(a).cover || !can_take_part_in_combat(s, a) ||
      !has_rating(s, a, t) || (t == Tactic::Fight && flies_or_dives(s, a))) {
    again_not_made(s);  // TUSKED SERETT: no combat of its made
    if (s.families2 & fam2CarriedMods) carried_mods_over(s);
    if (s.families2 & fam2TwoWeapons) named_weapons_over(s);  // WEAPONS EXPERT: its WEAPON was named for nothing
    return false;
  }
  emit(log, {EventKind::Attack, int8_t(me), a, d, int(t), 0});
  if (!reveal(s, d, log)) {
    again_not_made(s);
    open_response_window(s);
    return true;
  }
  if (!attack_allowed(s, a, d, t) || !defender_may_fight(s, d, t)) {
    again_not_made(s);
    emit(log, {EventKind::AttackVoid, int8_t(me), a, d});
    open_response_window(s);
    return true;
  }
  start_combat(s, a, d, t, me);
  return true;
}

// SeveralAttacks.carries_mods (AG-17 PANZERKNACKER): kept as markers, whose bonus stats() adds like any marker's, from the end of
// the first combat to the end of the second (the response window between them included).
void carry_mods(State& s) {
  const CardId a = s.combat.attacker;
  const bool waits = std::any_of(s.lasting.begin(), s.lasting.end(), [&](const LastingMod& m) {
    return (m.lock == kSecondAttackFight || m.lock == kSecondAttackShoot) && m.source == a;
  });
  if (!waits || !several_attacks_of(s, a).carries) {
    carried_mods_over(s);  // a second combat just over, or no carrying warrior
    return;
  }
  for (const CombatMod& m : s.combat.mods)
    if (m.target == a && m.source != kNoCard && !m.bonus.empty() && m.immune == kNoCard) {
      LastingMod x{m.source, a, m.bonus, s.combat.attacking_seat};
      x.lock = kCarriedMod;
      s.lasting.push_back(x);
    }
}

void carried_mods_over(State& s) {
  std::erase_if(s.lasting, [](const LastingMod& m) { return m.lock == kCarriedMod; });
}

}  // namespace dt::detail
