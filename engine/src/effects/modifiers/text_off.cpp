// A warrior's own text switched off: see text_off.hpp.
#include "effects/modifiers/text_off.hpp"

#include <algorithm>

#include "dt/designations.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

// Several cards on one warrior: its text is off (textOff) if any says so, and keeps its restrictions, or
// loses only what it gives others, only if every one of them says so.
static void widen(uint8_t& bits, uint8_t more, bool& first) {
  if (!(more & textOff)) return;
  bits = first ? more : uint8_t(textOff | (bits & more & (textKeepsRestrictions | textToOthersOnly)));
  first = false;
}

uint8_t text_off_bits(const State& s, CardId w) {
  const CardInst& wi = s.card(w);
  if (wi.zone != Zone::InPlay) return 0;
  // TOTAL ECLIPSE: any card face down (effects/lasting/shutdown.hpp) has all its text off meanwhile.
  if ((s.families & famTurnedDown) && marked(s, w, kShutDown)) return textOff;
  if (wi.attached_to != kNoCard || s.def(w).type != CardType::Warrior) return 0;
  uint8_t bits = 0;
  bool first = true;
  for (CardId a : attachments_of(s, w))  // AMNESIA, INCONVENIENT PHONE CALL: while it is on the warrior
    if (s.def(a).text_off && !s.card(a).hidden) widen(bits, s.def(a).text_off, first);
  for (const LastingMod& m : s.lasting)  // MORAL DECAY, MINDSLAYER: for good
    if (m.lock == kTextOff && m.target == w) widen(bits, uint8_t(m.count), first);
  return bits;
}

// Keywords that say what the warrior is, not what it does: never switched off.
static constexpr uint32_t kKeptKeywords = kwPersonality | kwVehicle | kwAirship | kwDoomtrooper | kwFreelancer | kwHeretic;
// Keywords that forbid it something: its restrictions.
static constexpr uint32_t kRestrictionKeywords =
    kwNoncombatant | kwNoCover | kwNoEquipment | kwNoFortBenefit | kwDiesWhenWounded | kwNoFightAttack | kwProfane;

uint32_t own_keywords_left(uint8_t bits, uint32_t k) {
  if (!bits || (bits & textToOthersOnly)) return k;
  return k & (kKeptKeywords | ((bits & textKeepsRestrictions) ? kRestrictionKeywords : 0));
}

// Designations that say what it is (its side, its kind).
static constexpr DesigKey kKeptDesignations[] = {desig::Beast, desig::Tribal, desig::Cultist};
// Designations that forbid it something, or make it pay more: its restrictions.
static constexpr DesigKey kRestrictions[] = {
    desig::PerformsNoActions,  desig::PerformsNoAttack,    desig::PerformsNoTacticalAction, desig::Boasts,
    desig::AttacksOnceATurn,   desig::AttacksHighestVLegion, desig::AttacksHighestVLegionInPlay, desig::CastsForMore,
    desig::NoSpecialsFromItsPlayer, desig::NeverGainsAnAffiliation, desig::NeverADoomtrooper, desig::EarnsDOnly,
    desig::ShieldsNoPlayer,    desig::LoneImperial,        desig::NoAttachments,            desig::NoBeasts,
    desig::NoDarkSymmetry,     desig::NoRelics,            desig::NoShootWeapons,           desig::NoWeapons,
    desig::NeverKillsAutomatically, desig::OutpostBound,   desig::DiscardedWithoutBaseArmor, desig::AbilityCostsItsA,
    desig::AbilityCostsItsV,   desig::AbilityCostsTwiceBaseV, desig::DoesNotStrikeBack};

static bool named_in(std::string_view d, const auto& list) {
  return std::any_of(std::begin(list), std::end(list), [&](const DesigKey& k) { return d == k.text; });
}

static bool is_restriction(std::string_view d) {
  return named_in(d, kRestrictions) || !family::NeverInAnAreaWith.param_of(d).empty();
}

// The keyword bits of a designation that is one (keywords.def), else 0.
static uint32_t keyword_bits(std::string_view d) {
  struct Kw { std::string_view text; uint32_t bits; };
  static constexpr Kw kKeywords[] = {
#define DT_KEYWORD(id, text, bits, file, meaning) {text, bits},
#include "dt/vocabulary/keywords.def"
#undef DT_KEYWORD
  };
  for (const Kw& k : kKeywords)
    if (k.text == d) return k.bits;
  return 0;
}

bool own_designation_holds(const State& s, CardId w, uint8_t bits, std::string_view d) {
  if (!bits || (bits & textToOthersOnly)) return true;
  if (s.def(w).name == d || named_in(d, kKeptDesignations)) return true;  // its name is no text
  if (const uint32_t k = keyword_bits(d)) return own_keywords_left(bits, k) == k;
  return (bits & textKeepsRestrictions) && is_restriction(d);
}

// A modifier of its own that only takes from the warrior itself (a penalty, a keyword revoked, an attack forbidden):
// a restriction.
static bool restriction_mod(const StaticMod& m) {
  if (m.scope != Scope::Self) return false;
  if (m.bonus.f > 0 || m.bonus.s > 0 || m.bonus.a > 0 || m.bonus.v > 0 || m.grant || m.casts || m.base ||
      m.attachment_times || m.opponent_base || m.cover_attack || m.aimed_actions || m.kills_over_a_times ||
      m.play_price || m.spell_price)
    return false;
  if (m.attack && m.attack->kind == AttackRule::Kind::Allow) return false;
  if (std::any_of(m.grant_designations.begin(), m.grant_designations.end(),
                  [](const std::string& d) { return !is_restriction(d); }))
    return false;
  return m.bonus.f < 0 || m.bonus.s < 0 || m.bonus.a < 0 || m.bonus.v < 0 || m.revoke || m.attack ||
         !m.grant_designations.empty();
}

bool own_mod_holds(uint8_t bits, const StaticMod& m, CardId src, CardId subject) {
  if (!bits) return true;
  if (bits & textToOthersOnly) return subject == src;
  return (bits & textKeepsRestrictions) && restriction_mod(m);
}

bool gives_to_others(const State& s, CardId w) {
  for (const StaticMod& m : s.def(w).mods)
    if (m.scope != Scope::Self && m.scope != Scope::Bearer && m.scope != Scope::ItsPlayer) return true;
  return false;
}

void switch_text_off(State& s, CardId source, CardId w, uint8_t bits, Log log) {
  if (!is_warrior_in_play(s, w) || !bits) return;
  LastingMod m{source, w, {}, kNoTurnEnds};
  m.lock = kTextOff;
  m.count = bits;
  s.lasting.push_back(m);
  emit(log, {EventKind::Effect, int8_t(s.card(source).controller), source, w, int(Op::TextOff), -1});
}

bool plus_modifiers_denied(const State& s, CardId w) {
  if (!s.combat.active || s.combat.defender != w || s.combat.attacker == kNoCard) return false;
  const int seat = s.card(s.combat.attacker).controller;
  if (!opponents(s, seat, s.card(w).controller)) return false;
  auto denies = [&](CardId c) {
    const CardInst& ci = s.card(c);
    return ci.zone == Zone::InPlay && !ci.hidden && ci.controller == seat &&
           s.def(c).has_designation(desig::OpponentsItsPlayerAttacksGainNoPlusModifiers);
  };
  return std::any_of(s.attached.begin(), s.attached.end(), denies) ||
         std::any_of(s.seats[size_t(seat)].in_play.begin(), s.seats[size_t(seat)].in_play.end(), denies);
}

StatBonus losses_only(const StatBonus& b) {
  StatBonus x = b;
  x.f = int8_t(std::min<int>(x.f, 0));
  x.s = int8_t(std::min<int>(x.s, 0));
  x.a = int8_t(std::min<int>(x.a, 0));
  x.v = int8_t(std::min<int>(x.v, 0));
  return x;
}

}  // namespace dt::detail
