// Combat step 5 (gEngine "5) MODIFY COMBAT RATINGS"): the players take turns
// playing modifiers, starting with the attacker, until all pass in a row.
#include "effects/triggers/last_chance.hpp"
#include <utility>
#include <vector>

#include "dt/designations.hpp"
#include "effects/filters/protection.hpp"
#include "combat/redirect.hpp"
#include "effects/modifiers/share.hpp"
#include "effects/lasting/base_gains.hpp"
#include "combat/first_encounter.hpp"
#include "internal.hpp"
#include "effects/modifiers/toll.hpp"
#include "combat/groups.hpp"
#include "effects/choices/control.hpp"
#include "combat/substitute.hpp"
#include "combat/intervene.hpp"
#include "combat/begins.hpp"

namespace dt::detail {

void start_combat(State& s, CardId attacker, CardId defender, Tactic t, int seat) {
  return_lent(s, true);  // a combat left without finish_combat lends nothing to the next
  if (s.families & famCombatTurns) shares_combat_over(s), redirect_combat_over(s);  // nor shares out its ratings
  if (s.families & famBaseGains) combat_base_gains_over(s);  // OUR WILL IS BEYOND MEASURE
  if (s.families2 & fam2WholeAssist) whole_assists_over(s);  // PANIC BUTTON: nor its additions
  s.combat = Combat{};
  s.combat.active = true;
  s.combat.attacker = attacker;
  s.combat.defender = defender;
  s.combat.attacking_seat = uint8_t(seat);
  s.combat.tactic = t;
  if (s.families2 & fam2FirstEncounter) first_encounter_begins(s);  // RAZOR WIRE FENCE: met first
  if (s.rules.warzones && warzone_to_choose(s)) open_window(s, WindowKind::AnnounceWarzone, {s.card(defender).controller});
  else open_modification_rounds(s);
  if (s.families2 & fam2OwnBegins) queue_own_begins(s);  // YORAMA'S DEFLECTING HANDS: before the tactic counts
  queue_namesakes_join(s);  // GOLDEN LION: its namesakes may join the attack
  queue_substitutes(s);     // POINT GUARD: a guard may defend instead
  queue_interventions(s);   // INFANTRY SNIPER: warriors outside the combat may strike first
}

void open_modification_rounds(State& s, bool tolls) {
  // Attacker, defender, then the others, and around again.
  const int seat = s.combat.attacking_seat;
  std::vector<uint8_t> order{uint8_t(seat), s.card(s.combat.defender).controller};
  for (uint8_t x : seats_from(s, seat))
    if (x != order[0] && x != order[1]) order.push_back(x);
  open_window(s, WindowKind::CombatModify, std::move(order));
  if (tolls) queue_tolls(s);  // LEGIONNAIRE OF SEMAI: its opponent pays or suffers before the first card
}

bool modifier_already_played(const State& s, int seat, CardId card, CardId target) {
  if (s.rules.modifier_duplicates) return false;
  for (const CombatMod& m : s.combat.mods)
    if (m.target == target && s.card(m.source).def == s.card(card).def && s.card(m.source).owner == seat) return true;
  return false;
}

// ARMOR-PIERCING AMMO: a weapon used in the combat that ANNIHILATES ITS OPPONENT'S ARMOR (itself or an add-on on
// it) annihilates every ARMOR card on the other side (its warrior and the warriors joined to it), during the
// modification step: as it ends, when the weapons used are settled. Only a combatant carrying such a card looks.
static bool piercing(const CardDef& d) { return d.has_designation(desig::AnnihilatesItsOpponentsArmor); }

static bool carries_piercing(const State& s, CardId w) {
  for (CardId e : attachments_of(s, w)) {
    if (!is_weapon_card(s.def(e))) continue;
    if (piercing(s.def(e))) return true;
    for (CardId add : attachments_of(s, e))
      if (piercing(s.def(add))) return true;
  }
  return false;
}

// The piercing card among the weapons w uses, or kNoCard.
static CardId pierces(const State& s, CardId w) {
  if (!carries_piercing(s, w)) return kNoCard;
  for (CardId u : used_weapons(s, w)) {
    if (piercing(s.def(u))) return u;
    for (CardId add : attachments_of(s, u))
      if (piercing(s.def(add))) return add;
  }
  return kNoCard;
}

static void pierce_armor(State& s, Log log) {
  const CardId A = s.combat.attacker, D = s.combat.defender;
  for (const auto& [striker, leader] : {std::pair{A, D}, std::pair{D, A}}) {
    const CardId by = pierces(s, striker);
    if (by == kNoCard) continue;
    std::vector<CardId> side{leader};
    for (CardId x : assistants(s, leader)) side.push_back(x);
    for (CardId v : side) {
      std::vector<CardId> armor;
      for (CardId e : attachments_of(s, v))
        if (s.def(e).has(kwArmor)) armor.push_back(e);
      for (CardId e : armor) {
        if (s.card(e).zone != Zone::InPlay || discard_protected(s, e, true)) continue;
        emit(log, {EventKind::Effect, int8_t(s.card(striker).controller), by, e, int(Op::Annihilate), -1});
        annihilate_from_play(s, e);
      }
    }
  }
}

void end_modification_rounds(State& s, Log log) {
  // A card ended the combat while a choice held the rounds open (a Special that
  // ends it, then MISCOMMUNICATION's offer to cancel it declined): no resolution.
  if (!s.combat.active) {
    if (s.awards.empty()) open_response_window(s);
    else s.phase = Phase::Points;
    return;
  }
  // A side of several warriors: the other side's player first picks which one
  // it strikes; the window closes again once the picks are made.
  if (queue_strike_picks(s)) return;
  pierce_armor(s, log);  // ARMOR-PIERCING AMMO
  resolve_combat(s, log);
  if (last_chance_pending(s)) return;  // a window for answers to the hits is open
  if (s.awards.empty()) open_response_window(s);
  else s.phase = Phase::Points;
}

}  // namespace dt::detail
