// Combat steps 1 and 2 (gEngine, the steps naming the attacker and defender,
// then the tactic): who may attack whom, and with which tactic.
#include <algorithm>
#include <cctype>
#include <string>

#include "dt/designations.hpp"
#include "internal.hpp"
#include "effects/attacks/orders.hpp"
#include "effects/lasting/stun.hpp"
#include "combat/permissions.hpp"
#include "effects/economy/team_rules.hpp"
#include "actions/cover_attack.hpp"
#include "effects/warriors/merged.hpp"

namespace dt {

using namespace detail;

// CARDINAL DOMINIC: he attacks only the Dark Legion warrior of highest V in
// play; gEngine leaves your own warriors and NONCOMBATANTs out of the count
// (ATTACKS HIGHEST V LEGION), the printed card counts every one (... IN PLAY).
static bool highest_v_legion(const State& s, CardId a, CardId d, bool everyone) {
  if (!is_legion(s, d)) return false;
  const int me = s.card(a).controller;
  int best = -1000;
  for (const SeatState& st : s.seats)
    for (CardId w : st.in_play) {
      if (!is_warrior_in_play(s, w) || s.card(w).hidden || !is_legion(s, w)) continue;
      if (!everyone && (s.card(w).controller == me || (keywords(s, w) & kwNoncombatant))) continue;
      best = std::max(best, stats(s, w).v);
    }
  return stats(s, d).v >= best;
}

// The step's bullet list, with the attack rules of the cards in play
// (combat/permissions.hpp): theirs first, then the affiliation limits.
static bool attack_allowed(const State& s, CardId a, CardId d, const AttackVerdict& v, uint8_t tactics) {
  const CardDef& D = s.def(d);
  const uint32_t ka = keywords(s, a), kd = keywords(s, d);
  const AffilMask aa = affiliations(s, a), da = affiliations(s, d);
  if ((ka | kd) & kwNoncombatant) return false;
  // Not a teammate's warriors (gEngine "Multi-Player Games", option 3).
  const int ca = s.card(a).controller, cd = s.card(d).controller;
  if (ca != cd && !opponents(s, ca, cd)) return false;
  if ((s.families & famTeamRules) && truce_between(s, ca, cd)) return false;
  if ((s.families2 & fam2Twins) && twin_of(s, a) == d) return false;  // DOUBLE DUTY: the warrior never attacks itself  // TRUCE (effects/economy/team_rules.hpp)
  // A card's protection, not an affiliation limit (so in the Beginner's game too): RADAR SCANNER.
  if ((v.forbidden & tactics) == tactics) return false;
  // gEngine CARTEL ENFORCEMENT: no attack with a tactic whose defender, the ratings as they stand, would wound it.
  if ((s.families & famStatAttackBan) && !(tactics & uint8_t(~v.forbidden) & uint8_t(~stat_banned_tactics(s, a, d))))
    return false;
  if (!s.rules.affiliation_attack_limits) return true;  // the Beginner's game
  // Printed texts only (checked on the card, not on what others give it).
  const CardDef& A = s.def(a);
  if (A.has_designation(desig::AttacksHighestVLegion) && !highest_v_legion(s, a, d, false)) return false;
  if (A.has_designation(desig::AttacksHighestVLegionInPlay) && !highest_v_legion(s, a, d, true)) return false;
  if (s.rules.outposts) {
    // Outpost warriors fight only in Outposts, and only Outpost warriors reach them.
    bool ao = s.card(a).area == Area::Outpost, dout = s.card(d).area == Area::Outpost;
    if (ao != dout) return false;
  }
  if (v.allowed) return true;  // TOTAL WAR!, CLAN INFIGHTING, gEngine BLIND FURY
  // Printed RENEGADE APOSTATE: it attacks, and is attacked by, any warrior.
  if ((s.families & famSetAside) && (A.has_designation(desig::AttacksAndAttackedByAnyWarrior) ||
                                     D.has_designation(desig::AttacksAndAttackedByAnyWarrior)))
    return true;
  if (ka & (kwAssassin | kwMortificator)) return true;
  const bool a_brother = (aa & bit(Affil::Brotherhood)) != 0;
  if (a_brother && !is_tribal(s, a) && is_tribal(s, d) && !s.rules.brotherhood_attacks_tribal) return false;
  if (is_tribal(s, a) || is_tribal(s, d)) return true;
  if (is_freelancer(s, a) || is_freelancer(s, d)) return true;
  if (is_legion(s, a)) return true;
  if (a_brother) return is_legion(s, d);  // Tribal handled above (gEngine only has Tribes)
  if (is_doomtrooper(s, a)) {
    if (is_legion(s, d)) return true;  // a Doomtrooper turned HERETIC may be attacked
    if (da & bit(Affil::Brotherhood)) return false;
    return !(aa & da & kCorporations);
  }
  return true;
}

bool attack_allowed(const State& s, CardId a, CardId d) { return attack_allowed(s, a, d, judge_attack(s, a, d), 3); }

bool attack_allowed(const State& s, CardId a, CardId d, Tactic t) {
  return attack_allowed(s, a, d, judge_attack(s, a, d), tactic_bit(t));
}

namespace detail {

uint8_t stat_banned_tactics(const State& s, CardId a, CardId d) {
  if (!has_ability(s, a, desig::AttacksNoOneWhoWouldWoundIt)) return 0;
  const int armor = stats(s, a).a;
  const Stats sd = stats(s, d);
  uint8_t out = 0;
  if (has_rating(s, d, Tactic::Fight) && sd.f >= armor) out |= tactic_bit(Tactic::Fight);
  if (has_rating(s, d, Tactic::Shoot) && sd.s >= armor) out |= tactic_bit(Tactic::Shoot);
  return out;
}

bool attack_allowed_by(const State& s, CardId a, CardId d, const AttackVerdict& v, uint8_t tactics) {
  return attack_allowed(s, a, d, v, tactics);
}

}  // namespace detail

namespace detail {

// Warriors in cover may not attack, nor may one that left cover this turn.
// ATTACKS ONCE A TURN (gEngine EZOGHOUL): its attack leaves a marker, a
// LastingMod from itself, that the start of its player's next turn removes.
bool attacked_this_turn(const State& s, CardId a) {
  for (const LastingMod& m : s.lasting)
    if (m.source == a && m.target == a && m.seat == s.card(a).controller && s.def(a).has_designation(desig::AttacksOnceATurn))
      return true;
  return false;
}

bool can_attack_with(const State& s, CardId a) {
  const CardInst& ai = s.card(a);
  // Cover (SEWERS, DAI-SHO OF THE ANCIENT EMPERORS, BLASTING AWAY: actions/cover_attack.hpp).
  if ((ai.cover || ai.exited_cover_turn == s.turn_number) && !cover_lets_attack(s, a)) return false;
  return can_take_part_in_combat(s, a) && !stunned(s, a) && !tactical_barred(s, a, true) &&
         !attacked_this_turn(s, a) && boast_allows_attack(s, a) && !attack_forbidden(s, a);
}

bool defender_may_fight(const State& s, CardId d, Tactic t) {
  if (!has_rating(s, d, t)) return false;
  // A member of a group one warrior in combat only: attacked through its leader (effects/warriors/merged.hpp).
  if ((s.families2 & fam2Merged) && rides_in_group(s, d)) return false;
  // gEngine "VEHICLES": nobody fights a warrior inside an AIRSHIP or SUBMARINE.
  if (t == Tactic::Fight && flies_or_dives(s, d)) return false;
  // gEngine SCOUT BAT, VENOM BAT: NEVER ATTACKED IN FIGHT.
  return !(t == Tactic::Fight && (s.families & famWideImmunity) && has_designation(s, d, desig::NeverAttackedInFight));
}

// HEAVY FOG and CHASM! lie before their player with FIGHT ONLY / SHOOT ONLY.
// INFRARED GOGGLES (IMMUNE TO HEAVY FOG): a card that forbids the tactic does not bind a combat of a warrior
// immune to it (a and d, when named: the pair that would fight).
bool tactic_allowed(const State& s, Tactic t, CardId a, CardId d) {
  static constexpr DesigKey kShootOnly(desig::ShootOnly), kFightOnly(desig::FightOnly);
  const DesigKey& forbidden_by = t == Tactic::Fight ? kShootOnly : kFightOnly;
  for (const SeatState& st : s.seats)
    for (CardId c : st.in_play)
      if (s.def(c).type != CardType::Warrior && s.def(c).has_designation(forbidden_by) &&
          !(a != kNoCard && has_ability(s, a, family::ImmuneTo(s.def(c).name))) &&
          !(d != kNoCard && has_ability(s, d, family::ImmuneTo(s.def(c).name))))
        return false;
  return true;
}

}  // namespace detail
}  // namespace dt
