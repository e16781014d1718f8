// Combat steps 6 and 7 (gEngine "6) RESOLVE COMBAT", "7) CHANGE WARRIOR
// STATUS"): who hits whom, in which order, and who is wounded or killed.
#include <algorithm>
#include <string>
#include <vector>

#include "dt/designations.hpp"
#include "effects/lasting/base_gains.hpp"
#include "actions/two_weapons.hpp"
#include "combat/first_encounter.hpp"
#include "internal.hpp"
#include "effects/warriors/merged.hpp"
#include "markers.hpp"
#include "effects/attacks/again.hpp"
#include "effects/attacks/command.hpp"
#include "effects/lasting/card_markers.hpp"
#include "effects/lasting/contagion.hpp"
#include "effects/lasting/disease.hpp"
#include "combat/fates.hpp"
#include "combat/substitute.hpp"
#include "effects/triggers/last_chance.hpp"
#include "effects/triggers/reactions.hpp"
#include "effects/lasting/stun.hpp"
#include "effects/lasting/afflictions.hpp"
#include "effects/warriors/wounds.hpp"
#include "effects/warriors/held.hpp"
#include "effects/triggers/wound_triggers.hpp"
#include "combat/groups.hpp"
#include "combat/begins.hpp"
#include "actions/second_attack.hpp"
#include "combat/redirect.hpp"
#include "effects/modifiers/share.hpp"
#include "effects/choices/control.hpp"
#include "effects/modifiers/toll.hpp"

namespace dt::detail {

bool first_strike(const State& s, CardId w, Tactic t) {
  return (keywords(s, w) & (t == Tactic::Fight ? kwFirstStrikeFight : kwFirstStrikeShoot)) != 0;
}

// COSSACK SCOUT: a FIRST STRIKE that stands against the other side's: its own (printed or carried), even when a card
// of the opponent takes it away (KANJI'S LUCKY SENSE: an opponent never struck first).
static bool first_strike_prevails(const State& s, CardId w, Tactic t) {
  constexpr DesigKey k(desig::FirstStrikePrevails);
  if (!s.def(w).has_designation(k) && !((s.granted_designations & k.bit) && has_ability(s, w, k))) return false;
  return (base_keywords(s, w) & (t == Tactic::Fight ? kwFirstStrikeFight : kwFirstStrikeShoot)) != 0;
}

bool slayer(const State& s, CardId w, Tactic t) {
  const uint32_t k = keywords(s, w);
  return (k & kwSlayer) || ((k & kwSlayerFight) && t == Tactic::Fight) ||
         (t == Tactic::Shoot && has_designation(s, w, desig::SlayerShoot));
}

// SSW4200P, the SHOTGUNs: a hit kills outright when the striker's attack
// rating is over so many times its victim's A (StaticMod kills_over_a_times).
static bool kills_by_rating(const State& s, CardId by, int attack, int armor) {
  bool kills = false;
  for_each_mod(s, by, [&](const StaticMod& m, CardId) { kills = kills || attack > m.kills_over_a_times * armor; },
               ModWant::Kills);
  return kills;
}

// Marks one hit. Returns true if the warrior was killed.
bool combat_hit(State& s, CardId victim, CardId by, Log log, bool kills) {
  CardInst& vi = s.card(victim);
  if (keywords(s, victim) & kwNoWound) return false;  // INVULNERABILITY
  if (wound_barred(s, victim, by)) return false;  // GOLGOTHA
  // A SLAYER's hit kills outright, unless the victim may not be killed
  // automatically (ADAMANTIUM WILL): then it is wounded as usual. A striker
  // that may never kill automatically (NASSAL) has no SLAYER power or weapon
  // that counts; a victim that dies of any wound still does.
  // TARGETING INSTALLATION: a marked warrior its player's warriors wound dies, whatever its cards say.
  const bool marked = (s.families & famMarkedForKill) && marked_kill(s, victim, by);
  const bool slays = (kills || slayer(s, by, s.combat.tactic)) && !has_designation(s, by, desig::NeverKillsAutomatically);
  const bool outright =
      marked || ((slays || (keywords(s, victim) & kwDiesWhenWounded)) && !has_ability(s, victim, desig::NoAutomaticKill));
  if (!marked && absorbs_wound(s, victim, outright)) return false;  // LIFEGUARD ARMOR
  if (vi.wounded) return true;
  if ((s.families2 & fam2Merged) && merged_wounded(s, victim)) return true;  // a group wounded in any member
  if (outright) return true;
  if (blow_replaced(s, victim, by, log)) return false;  // CARDINAL'S BLOOD: its weapon's poison instead of the wound
  if (has_ability(s, victim, desig::HealsAtOnce)) {  // WOLFE IN THE HEAT
    count_heal(s, victim);  // ADRENALINE IMPLANTS: each heal costs base A
    return false;
  }
  take_wound(s, victim);
  emit(log, {EventKind::Wound, int8_t(vi.controller), victim, by});
  return false;
}

void resolve_combat(State& s, Log log) {
  Combat& c = s.combat;
  // A and D strike; the warriors they strike are SD and SA: the combatants, or
  // the warriors of their groups picked by the other side (combat/groups.hpp).
  const CardId A = c.attacker, D = c.defender;
  const CardId SA = struck(s, A), SD = struck(s, D);
  Stats sa, sd;
  int atk_a = 0, atk_d = 0;
  bool fs_a = false, fs_d = false, ua = false, ud = false, ka = false, kd = false, pa = false, pd = false;
  const bool fight = c.tactic == Tactic::Fight;
  {
    // Nothing changes until the first hit: both warriors' ratings and keywords
    // share one memo (without it each rating query recollects every modifier).
    const QueryMemo memo(s);
    sa = stats(s, SA), sd = stats(s, SD);
    const Stats ra = SA == A ? sa : stats(s, A), rd = SD == D ? sd : stats(s, D);
    atk_a = group_rating(s, A, fight ? ra.f : ra.s);  // a group adds up its F (or S)
    atk_d = group_rating(s, D, fight ? rd.f : rd.s);
    fs_a = first_strike(s, A, c.tactic), fs_d = first_strike(s, D, c.tactic);
    pa = first_strike_prevails(s, A, c.tactic), pd = first_strike_prevails(s, D, c.tactic);
    fs_a = fs_a || pa, fs_d = fs_d || pd;
    ua = keywords(s, A) & kwUpperHand, ud = keywords(s, D) & kwUpperHand;
    ka = kills_by_rating(s, A, atk_a, sd.a), kd = kills_by_rating(s, D, atk_d, sa.a);
    // PERIMETER ALARM: no one strikes first in this combat, whatever card or keyword says so.
    constexpr DesigKey kNoFirst(desig::ItsCombatsHaveNoFirstStrike);
    if ((s.granted_designations & kNoFirst.bit) &&
        (has_ability(s, A, kNoFirst) || has_ability(s, D, kNoFirst))) {
      fs_a = fs_d = ua = ud = pa = pd = false;  // over every FIRST STRIKE, one that prevails too (its text says so)
      using enum StrikeOrder;
      if (c.order == AttackerFirst || c.order == DefenderFirst || c.order == DefenderFirstStrike) c.order = Simultaneous;
    }
  }
  // RAZOR WIRE FENCE (combat/first_encounter.hpp): in the encounter the card alone strikes, with its own rating.
  const CardId met = s.families2 & fam2FirstEncounter ? in_first_encounter(s) : kNoCard;
  if (met != kNoCard) atk_d = first_encounter_rating(s, met), kd = false;
  // Step 6: equal or greater wounds; negative numbers count as they are. A warrior that may not strike
  // does not: UNHOLY EYE's HERETIC is never struck, BLACK VENOM's victim does not strike back when attacked.
  bool a_hits = atk_a >= sd.a && met == kNoCard;
  bool d_hits = atk_d >= sa.a;
  constexpr DesigKey kSilences(desig::ItsOpponentsDoNotStrike), kNoStrikeBack(desig::DoesNotStrikeBack);
  if (s.granted_designations & (kSilences.bit | kNoStrikeBack.bit)) {
    // EVIL EYE: not once its opponent paid the toll of the card silencing it.
    if (has_ability(s, D, kSilences) && !silence_paid_off(s, D)) a_hits = false;
    if ((has_ability(s, A, kSilences) && !silence_paid_off(s, A)) || has_ability(s, D, kNoStrikeBack)) d_hits = false;
  }
  // UPPER HAND: strikes first and a wound ends the combat
  using enum StrikeOrder;
  if (c.order == Simultaneous && ua != ud) c.order = ua ? AttackerFirst : DefenderFirst;
  // gEngine AMBUSH: the defender gains FIRST STRIKE, a wound ending the combat; an attacker with FIRST STRIKE
  // of its own negates it and the combat is resolved as normal (gEngine "FIRST STRIKE": two negate each other).
  StrikeOrder order = met != kNoCard ? DefenderOnly : c.order;
  if (order == DefenderFirstStrike) {
    order = fs_a ? Simultaneous : DefenderFirst;
    if (fs_a) fs_a = fs_d = false;
    if (order == Simultaneous && ua != ud) order = ua ? AttackerFirst : DefenderFirst;
  }
  // COSSACK SCOUT: a FIRST STRIKE that prevails strikes first against the other side's FIRST STRIKE, UPPER HAND,
  // ambush or strike-first card, and its opponent strikes back if it lives (two such cancel as any two).
  if (met != kNoCard) pa = pd = fs_a = fs_d = false;
  if (pa != pd && order != AttackerOnly && order != DefenderOnly &&
      !(pa && order == AttackerFirst) && !(pd && order == DefenderFirst)) {
    order = Simultaneous;
    fs_a = pa, fs_d = pd;
  }
  if (fs_a && fs_d) fs_a = fs_d = false;  // two FIRST STRIKEs cancel

  bool a_dead = false, d_dead = false;
  const bool a_was_wounded = s.card(SA).wounded, d_was_wounded = s.card(SD).wounded;
  if (order == AttackerFirst) {  // not simultaneous: the attacker strikes; a wound ends the combat
    if (a_hits) d_dead = combat_hit(s, SD, A, log, ka);
    else if (d_hits) a_dead = combat_hit(s, SA, D, log, kd);
  } else if (order == DefenderFirst) {
    if (d_hits) a_dead = combat_hit(s, SA, D, log, kd);
    else if (a_hits) d_dead = combat_hit(s, SD, A, log, ka);
  } else if (order == AttackerOnly) {  // the defender may not strike back
    if (a_hits) d_dead = combat_hit(s, SD, A, log, ka);
  } else if (order == DefenderOnly) {
    if (d_hits) a_dead = combat_hit(s, SA, met != kNoCard ? met : D, log, kd);
  } else if (fs_a) {
    if (a_hits) d_dead = combat_hit(s, SD, A, log, ka);
    if (!d_dead && d_hits) a_dead = combat_hit(s, SA, D, log, kd);
  } else if (fs_d) {
    if (d_hits) a_dead = combat_hit(s, SA, D, log, kd);
    if (!a_dead && a_hits) d_dead = combat_hit(s, SD, A, log, ka);
  } else {
    if (a_hits) d_dead = combat_hit(s, SD, A, log, ka);
    if (d_hits) a_dead = combat_hit(s, SA, D, log, kd);
  }

  bool a_wounded_now = !a_dead && !a_was_wounded && s.card(SA).wounded;
  bool d_wounded_now = !d_dead && !d_was_wounded && s.card(SD).wounded;
  if (s.families & famHeldWarriors) {  // printed IMPALE: a card on the striker holds the one its blow hurt
    if ((d_dead || d_wounded_now) && held_on_blow(s, A, SD, log)) d_dead = d_wounded_now = false;
    if ((a_dead || a_wounded_now) && held_on_blow(s, D, SA, log)) a_dead = a_wounded_now = false;
  }
  // RAZIDE, ZENITHIAN SOULSLAYER, NARROW ESCAPE!: the hits may be answered first.
  if (open_last_chance(s, a_dead, d_dead, a_wounded_now, d_wounded_now)) return;
  settle_hits(s, a_dead, d_dead, a_wounded_now, d_wounded_now, sa.v, sd.v, log);
}

// Step 7 onwards, once the hits stand: stuns, kills, points, the end of the combat.
void settle_hits(State& s, bool a_dead, bool d_dead, bool a_wounded_now, bool d_wounded_now, int a_v, int d_v, Log log) {
  Combat& c = s.combat;
  const CardId A = c.attacker, D = c.defender;
  const CardId SA = struck(s, A), SD = struck(s, D);  // the warriors hit (combat/groups.hpp)
  // SACRED TEAR, SELF-DESTRUCT PROGRAMMING: fates decided as the hits stand, met once the combat is over.
  const std::vector<Fate> fates =
      s.families & famFates ? combat_fates(s, a_dead || a_wounded_now, d_dead || d_wounded_now) : std::vector<Fate>{};
  // POWERFUL BLOW: a wound (not a kill) by the warrior it was played on stuns.
  for (const CombatMod& m : c.mods) {
    if (m.source == kNoCard || !s.def(m.source).has_designation(desig::StunsWhenItWounds)) continue;
    const CardId victim = m.target == A ? SD : m.target == D ? SA : kNoCard;
    if (victim == kNoCard || stunned(s, victim)) continue;
    const bool wounded_now = victim == SD ? d_wounded_now : a_wounded_now;
    if (wounded_now) s.lasting.push_back({m.source, victim, {}, s.card(m.source).owner});
  }
  // PRISON CAMP, BAUHAUS COP: triggers on these blows, read now, fired once the combat is over.
  const std::vector<WoundFire> wound_fire = combat_wound_triggers(s, A, SA, a_dead || a_wounded_now, a_dead, D, SD,
                                                                  d_dead || d_wounded_now, d_dead);
  std::vector<Kill> kills;
  if (d_dead) kills.push_back({SD, A, d_v});
  if (a_dead) kills.push_back({SA, D, a_v});
  for (const Kill& k : kills) note_kill(s, k.victim, k.killer, k.v, true);  // SWORN VENGEANCE, COMMENDATION may answer
  // BITE THE DUST: who wounded whom, for the combat's response window.
  if ((d_wounded_now || a_wounded_now) && game_attacks_again(s)) {
    if (d_wounded_now) mark_just_happened(s, A, SD, kJustWounded);
    if (a_wounded_now) mark_just_happened(s, D, SA, kJustWounded);
  }
  forced_hurt_pays(s, a_dead || a_wounded_now, d_dead || d_wounded_now, a_v, d_v, log);  // printed COMMAND
  const std::vector<OneUse> once = one_use_weapons(s);  // BACTERIA GRENADE, read before the kills
  // PLAGUE BEARER: its warrior's opponent, read before the kills, marked once the combat is over.
  const std::vector<Caught> caught = s.families2 & fam2Contagion ? contagion_caught(s) : std::vector<Caught>{};
  // Merged warriors one in combat: the members of a struck leader's group share its fate (effects/warriors/merged.hpp).
  const std::vector<CardId> a_group = s.families2 & fam2Merged ? merged_members(s, SA) : std::vector<CardId>{};
  const std::vector<CardId> d_group = s.families2 & fam2Merged ? merged_members(s, SD) : std::vector<CardId>{};
  award_kills(s, kills, a_dead && d_dead, log);
  if (!a_group.empty()) merged_share_hit(s, a_group, a_dead, a_wounded_now, log);
  if (!d_group.empty()) merged_share_hit(s, d_group, d_dead, d_wounded_now, log);
  if (!once.empty()) after_one_use(s, once, log);
  // A surviving defender keeps its cover; its identity is public from now on.
  s.recent_survivor = is_warrior_in_play(s, A) ? A : kNoCard;
  if (s.families2 & fam2OwnBegins) after_first_strike(s, log);  // YORAMA'S DEFLECTING HANDS against FIRST STRIKE
  finish_combat(s, log);
  if (!fates.empty()) meet_fates(s, fates, log);
  if (!wound_fire.empty()) fire_wound_triggers(s, wound_fire, log);
  if (!caught.empty()) mark_caught(s, caught, log);
  if (s.families & famSurvivors) run_survivor_triggers(s, A, D, log);  // GENDARME BESTAL
}

// LURKER: a card DISCARDED ONCE ITS WARRIOR FOUGHT goes when a combat its warrior took part in is over.
static std::vector<CardId> fought_cards(const State& s) {
  std::vector<CardId> out;
  auto scan = [&](CardId w) {
    if (w == kNoCard || !is_warrior_in_play(s, w)) return;
    for (CardId a : attachments_of(s, w))
      if (s.def(a).has_designation(desig::DiscardedOnceItsWarriorFought)) out.push_back(a);
  };
  for (CardId leader : {s.combat.attacker, s.combat.defender}) {
    scan(leader);
    if (leader != kNoCard)
      for (CardId x : assistants(s, leader)) scan(x);
  }
  return out;
}

void finish_combat(State& s, Log log) {
  const std::vector<CardId> fought = fought_cards(s);
  const std::vector<CardId> fired = loaded_weapons_used(s);  // NAZGAROTH: its ammunition spent
  std::vector<CardId> hurt;
  for (const CombatMod& m : s.combat.mods) {
    if (m.source == kNoCard || !s.def(m.source).has_designation(desig::WoundsAfterCombat)) continue;
    // TWITCHER: UNHARMED BY TICKER
    if (!is_warrior_in_play(s, m.target) || has_designation(s, m.target, family::UnharmedBy(s.def(m.source).name))) continue;
    if (std::find(hurt.begin(), hurt.end(), m.target) == hurt.end()) hurt.push_back(m.target);
  }
  if (game_attacks_again(s)) {  // PURSUIT
    // TUSKED SERETT: the card whose attack again this combat was, if any
    const CardId made_by = again_combat_over(s, s.combat.attacker, s.combat.defender);
    if (is_warrior_in_play(s, s.combat.attacker) && is_warrior_in_play(s, s.combat.defender)) {
      LastingMod m{s.combat.attacker, s.combat.defender, {}, kNoTurnEnds};
      m.lock = kJustFought;
      m.count = s.combat.tactic == Tactic::Shoot ? 1 : 0;
      m.other = made_by;
      s.lasting.push_back(m);
    }
  }
  const CardId attacker = s.combat.attacker;
  if (s.families & famCombatTurns) shares_combat_over(s), redirect_combat_over(s);  // TRANSMUTATION, CLUMSINESS
  if (s.families & famBaseGains) combat_base_gains_over(s);  // OUR WILL IS BEYOND MEASURE
  if (s.families2 & fam2WholeAssist) whole_assists_over(s);  // PANIC BUTTON
  if (s.families2 & fam2CarriedMods) carry_mods(s);  // AG-17 PANZERKNACKER: into the second combat, or over
  // WEAPONS EXPERT: the WEAPONS named for it are spent (not by a RAZOR WIRE FENCE's encounter: the attack comes next)
  if ((s.families2 & fam2TwoWeapons) && !((s.families2 & fam2FirstEncounter) && in_first_encounter(s) != kNoCard))
    named_weapons_over(s);
  s.combat = Combat{};
  for (CardId a : fought)
    if (s.card(a).zone == Zone::InPlay) discard_from_play(s, a);  // LURKER
  unload(s, fired);
  return_lent(s);  // BRIBERY: a warrior lent for the combat goes back
  wound_guards(s, attacker, log);  // POINT GUARD: a guard that defended (combat/substitute.hpp)
  for (CardId w : hurt) {
    if (!is_warrior_in_play(s, w) || (keywords(s, w) & kwNoWound)) continue;
    emit(log, {EventKind::Wound, int8_t(s.card(w).controller), w, kNoCard});
    if (wound_kills(s, w)) effect_death(s, w, true, kNoCard, log);  // a card's wound: no points (RAZIDE may answer)
  }
}

}  // namespace dt::detail
