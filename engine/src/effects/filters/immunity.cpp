// gEngine "IMMUNITY": ART IMMUNITY, MINOR and COMPLETE SYMMETRY IMMUNITY,
// "IMMUNE TO <card>", and immunities other cards grant.
#include <algorithm>

#include "dt/designations.hpp"
#include "effects/lasting/shields.hpp"
#include "effects/filters/waiver.hpp"
#include "effects/filters/protection.hpp"
#include "effects/modifiers/suppress.hpp"
#include "markers.hpp"
#include "effects/modifiers/text_off.hpp"
#include "internal.hpp"

namespace dt {

using namespace detail;

namespace detail {

uint32_t base_keywords(const State& s, CardId w) {
  uint32_t k = s.def(w).keywords;
  const AttachRange as = shared_attachments(s, w);
  bool any = false;  // the vehicle gate only when an attachment grants (or takes away) keywords
  for (CardId a : as) any = any || s.def(a).grant_keywords || s.def(a).revoke_keywords;
  if (!any) return k;
  const AttachmentGate g = gate_of(s, as);
  uint32_t revoked = 0;
  for (CardId a : as)
    if (g.allows(s, a)) k |= s.def(a).grant_keywords, revoked |= s.def(a).revoke_keywords;
  return k & ~revoked;  // ILLUMINATION: an immunity lost while it is on
}

}  // namespace detail

namespace {

bool immune_kw(uint32_t k, const CardDef& src) {
  if (src.type == CardType::Art) return (k & kwArtImmunity) != 0;
  if (src.type == CardType::Symmetry) {
    if (k & kwCompleteSymmetryImmunity) return true;
    return (k & kwMinorSymmetryImmunity) && src.gift.level != GiftLevel::Major;
  }
  return false;
}

}  // namespace

// ANNIHILATION: a card no immunity keeps off.
static bool unstoppable(const State& s, CardId source) {
  return source != kNoCard && s.def(source).has_designation(desig::ImmunityDoesNotProtect);
}

// CARDINAL DURAND: while its player has it in play, ART IMMUNITY does not hold against that player's Art.
static bool art_immunity_negated(const State& s, CardId source) {
  const int seat = s.card(source).controller;
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (s.card(c).zone == Zone::InPlay && !s.card(c).hidden && s.def(c).has_designation(desig::NegatesArtImmunity))
      return true;
  return false;
}

// Keywords a warrior's attachments take away (ILLUMINATION, DISTRACTED), whatever gives them.
static uint32_t attachments_revoke(const State& s, CardId w) {
  const AttachRange as = shared_attachments(s, w);
  bool any = false;
  for (CardId a : as) any = any || s.def(a).revoke_keywords;
  if (!any) return 0;
  const AttachmentGate g = gate_of(s, as);
  uint32_t r = 0;
  for (CardId a : as)
    if (g.allows(s, a)) r |= s.def(a).revoke_keywords;
  return r;
}

bool immune_to(const State& s, CardId w, CardId source) {
  if (unstoppable(s, source)) return false;
  if (immune_to_target(s, w, source)) return true;
  // MENTAL CONSTITUTION: immune unless its player waived it for this card (effects/filters/waiver.hpp).
  return source != kNoCard && (s.def(source).type == CardType::Art || s.def(source).type == CardType::Symmetry) &&
         waivable_immunity(s, w, source);
}

namespace detail {

// Immunities wider than the Art's and Dark Symmetry's (famWideImmunity). IMMUNE TO SPECIALS (ETERNAL CURSE): no
// Special reaches the warrior but the card giving it (the cards aimed at that card itself, to discard or cancel
// it, never ask the warrior). AFFECTED ONLY BY ITS ATTACKER'S CARDS (SCOUT BAT, VENOM BAT): no card but its own
// reaches it, except, in a combat where it defends, the cards of the attacking warrior's player.
static bool wide_immune(const State& s, CardId w, CardId source) {
  if (source == w) return false;
  const CardDef& src = s.def(source);
  if (own_designation_on(s, w, desig::AffectedOnlyByItsAttackersCards)) {
    const bool attackers = s.combat.active && s.combat.defender == w && s.combat.attacker != kNoCard &&
                           s.card(source).controller == s.card(s.combat.attacker).controller;
    if (!attackers) return true;
  }
  if (src.type != CardType::Special) return false;
  // ASSAULT ENGINEER: a Special named in an immunity a card in play gives (IMMUNE TO MINEFIELD). Reading the
  // modifiers asks, for each of their cards, whether this warrior is immune to it: that inner question leaves the
  // names out (no modifier names the card that gives it).
  static thread_local bool reading = false;
  if (!reading) {
    reading = true;
    const bool named = has_ability(s, w, family::ImmuneTo(src.name));
    reading = false;
    if (named) return true;
  }
  if (!has_designation(s, w, desig::ImmuneToSpecials)) return false;
  return !(s.card(source).attached_to == w && grants_special_immunity(src));
}

bool grants_special_immunity(const CardDef& d) {
  return std::find(d.grant_designations.begin(), d.grant_designations.end(), desig::ImmuneToSpecials.text) !=
         d.grant_designations.end();
}

void shed_barred_specials(State& s, CardId w, CardId by, Log log) {
  if (!is_warrior_in_play(s, w) || s.card(by).attached_to != w) return;
  std::vector<CardId> off;
  for (CardId a : attachments_of(s, w))
    if (a != by && s.def(a).type == CardType::Special && wide_immune(s, w, a)) off.push_back(a);
  for (CardId a : off) {
    if (s.card(a).zone != Zone::InPlay || discard_protected(s, a, false)) continue;
    emit(log, {EventKind::Effect, int8_t(s.card(by).controller), by, a, int(Op::Discard), -1});
    discard_from_play(s, a);
  }
}

// Every immunity but one its player may waive: what keeps a card from hand
// from targeting the warrior.
bool immune_to_target(const State& s, CardId w, CardId source) {
  if (source == kNoCard) return false;
  if ((s.families & famWideImmunity) && !unstoppable(s, source) && wide_immune(s, w, source)) return true;
  const CardDef& src = s.def(source);
  // BLESSED BLOOD: another player's POISON neither targets nor affects it; its own still serve it.
  if (src.has_designation(desig::Poison))
    return s.card(source).controller != s.card(w).controller && has_designation(s, w, desig::PoisonImmunity);
  if (src.type != CardType::Art && src.type != CardType::Symmetry) return false;
  if (unstoppable(s, source)) return false;
  if (has_designation(s, w, family::ImmuneTo(src.name))) return true;  // e.g. CYBERNETIC RETINAS
  if (shielded_from_symmetry(s, w, source)) return true;              // STRENGTH OF WILL
  // Immune to this very card, by a pick (EXORCISE DISEASE for the combat, MIND WALL for longer).
  for (const CombatMod& m : s.combat.mods)
    if (m.immune == source && m.target == w) return true;
  uint32_t k = base_keywords(s, w), revoked = 0;
  for (const LastingMod& m : s.lasting) {
    if (m.target != w) continue;
    if (m.immune == source) return true;
    if (m.lock == kKeywordsRevoked) revoked |= m.grant;  // PLATINUM DREAM: an ART IMMUNITY lost for good
    else k |= m.grant;  // an immunity kept for good (INSPIRE THE MASSES) or until a turn begins
  }
  // Printed HERETIC CONSPIRACY: the player's immunity covers each warrior it
  // controls, those that come into play later too.
  const int8_t owner = int8_t(s.card(w).controller);
  for (const LastingMod& m : s.lasting)
    if (m.player == owner && m.target == kNoCard && m.source != kNoCard &&
        s.def(m.source).has_designation(desig::CoversItsPlayersWarriors))
      k |= m.grant;
  // Granted immunities from other cards (BIG BOB WATTS for his FREE MARINES, ...).
  for (const SeatState& st : s.seats)
    for (CardId x : st.in_play) {
      if (!is_warrior_in_play(s, x)) continue;
      for (const StaticMod& m : s.def(x).mods) {
        // Only immunities matter here; skipping other grants first also keeps a V filter's
        // rating query (CAPTAIN: SLAYER for V 9 or less) from asking this again.
        constexpr uint32_t kImmunities = kwArtImmunity | kwMinorSymmetryImmunity | kwCompleteSymmetryImmunity;
        if (!(m.grant & kImmunities) || (m.scope != Scope::YourWarriors && m.scope != Scope::AllWarriors)) continue;
        if (m.scope == Scope::YourWarriors && s.card(x).controller != s.card(w).controller) continue;
        if (m.exclude_self && x == w) continue;
        if (m.same_area && !same_area(s, x, w)) continue;
        if (mod_filter_matches(s, m.who, w, s.card(x).controller)) k |= m.grant;
      }
    }
  k &= ~(revoked | attachments_revoke(s, w));
  if ((k & kwArtImmunity) && src.type == CardType::Art && art_immunity_negated(s, source)) k &= ~kwArtImmunity;
  return immune_kw(k, src);
}

}  // namespace detail

namespace detail {

bool attachment_covered(const State& s, CardId card, CardId source, bool from_hand) {
  const CardType t = s.def(source).type;
  if ((t != CardType::Art && t != CardType::Symmetry) || is_warrior_in_play(s, card)) return false;
  const CardInst& ci = s.card(card);
  if (ci.zone != Zone::InPlay || ci.attached_to == kNoCard) return false;
  const CardId w = bearer_of(s, card);
  if (w == kNoCard || !is_warrior_in_play(s, w) || !has_ability(s, w, desig::ItsImmunitiesCoverItsAttachments)) return false;
  return from_hand ? immune_to_target(s, w, source) : immune_to(s, w, source);
}

// During a combat, an Art or Dark Symmetry effect on either combatant is off
// while either of them is immune to it.
bool effect_blocked(const State& s, CardId w, CardId source) {
  if (source != kNoCard && s.def(source).type == CardType::Special && special_off(s, w, source)) return true;
  // ENTITLEMENT: no card of a player outside the combat reaches its combatants (effects/modifiers/suppress.hpp).
  if (source != kNoCard && s.num_seats() > 2 && s.combat.active && (w == s.combat.attacker || w == s.combat.defender) &&
      outsider_locked(s, s.card(source).controller))
    return true;
  if (immune_to(s, w, source)) return true;
  const CardId opp = combat_opponent(s, w);
  return opp != kNoCard && immune_to(s, opp, source);
}

// The same for a spell's target from hand: an immunity its player may waive
// (MENTAL CONSTITUTION) leaves the warrior a target, the question comes as it is cast.
bool effect_blocked_target(const State& s, CardId w, CardId source) {
  if (immune_to_target(s, w, source)) return true;
  const CardId opp = combat_opponent(s, w);
  return opp != kNoCard && immune_to_target(s, opp, source);
}

// gEngine "IMMUNITY": no spell is cast during a combat whose opponent has ART
// IMMUNITY, and no Dark Symmetry ability used against COMPLETE SYMMETRY
// IMMUNITY (MINOR SYMMETRY IMMUNITY: none of the minor gifts). Whatever the
// spell or ability would target: a player whose combatant faces an opponent
// immune to the source may not use it until the combat is over.
bool faces_immunity(const State& s, int seat, CardId source) {
  if (!s.combat.active) return false;
  for (CardId w : {s.combat.attacker, s.combat.defender}) {
    if (s.card(w).controller != seat) continue;
    const CardId opp = combat_opponent(s, w);
    if (opp != kNoCard && immune_to(s, opp, source)) return true;
  }
  return false;
}

// INFRARED GOGGLES: does a card on w grant it IGNORES ITS OPPONENT'S <the card's name>? Read from its attachments'
// own grants, with no string built: asked for every Special on a combatant.
bool ignores_opponents_card(const State& s, CardId w, CardId card) {
  for (CardId a : shared_attachments(s, w))
    for (const std::string& g : s.def(a).grant_designations)
      if (family::IgnoresOpponents.param_of(g) == s.def(card).name) return true;
  return false;
}

// An attached Special that does nothing right now: switched off for this combat
// (BAUHAUS BLITZER), or on the combat opponent of a warrior that bars them
// (FREE MARINE, NO SPECIALS AGAINST IT) when it would reach that warrior.
bool special_off(const State& s, CardId w, CardId special) {
  if (!s.combat.active) return false;
  if (std::find(s.combat.used.begin(), s.combat.used.end(), special) != s.combat.used.end()) return true;
  const CardId bearer = s.card(special).attached_to;
  // INFRARED GOGGLES: a warrior's combat opponent that IGNORES ITS OPPONENT'S <this card> leaves it nothing from it.
  if (bearer == w) {
    const CardId opp = combat_opponent(s, w);
    if (opp != kNoCard && ignores_opponents_card(s, opp, special)) return true;
  }
  return bearer != kNoCard && bearer == combat_opponent(s, w) && own_designation_on(s, w, desig::NoSpecialsAgainstIt);
}

// TICKER: a combat bonus from a card that is UNHARMED IN ITS COMBAT keeps its
// warrior from every wound and kill until the combat is over.
bool unharmed_in_combat(const State& s, CardId w) {
  if (!s.combat.active) return false;
  for (const CombatMod& m : s.combat.mods)
    if (m.target == w && m.source != kNoCard && s.def(m.source).has_designation(desig::UnharmedInItsCombat)) return true;
  return false;
}

// GOLGOTHA: only a Doomtrooper carrying a Relic wounds her (in combat, or
// through an effect it uses); every other wound or kill does nothing.
bool wound_barred(const State& s, CardId victim, CardId by) {
  if (unharmed_in_combat(s, victim)) return true;
  // KLEIN HELITEK DRAGONFLY's warriors aboard: only an opponent striking with a SHOOT weapon or using a VEHICLE.
  if ((s.families & famCarriers) && has_ability(s, victim, desig::WoundedOnlyByShootWeaponsOrVehicles)) {
    if (by == kNoCard || !is_warrior_in_play(s, by)) return true;
    if (vehicle_used(s, by) != kNoCard) return false;
    for (CardId x : used_weapons(s, by))
      if (s.def(x).weapon == WeaponKind::Shoot || s.def(x).weapon == WeaponKind::FightShoot) return false;
    return true;
  }
  if (!has_designation(s, victim, desig::WoundedOnlyByRelicDoomtroopers)) return false;
  if (by == kNoCard || !is_warrior_in_play(s, by) || !is_doomtrooper(s, by)) return true;
  for (CardId a : shared_attachments(s, by))
    if (s.def(a).type == CardType::Relic) return false;
  return true;
}

}  // namespace detail
}  // namespace dt
