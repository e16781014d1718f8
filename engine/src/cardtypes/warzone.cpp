// Warzone cards (gEngine "ESTABLISH WARZONE" and combat step "3) ANNOUNCE
// WARZONE"; 2nd ed "WARZONES"; 002 and Info "WARZONES"): the defending
// warrior may defend from one of its player's Warzones in its area. The
// defender alone gains the card's ratings; its text is for both combatants;
// neither uses Fortification cards there.
#include <algorithm>

#include "dt/designations.hpp"
#include "effects/modifiers/suppress.hpp"
#include "effects/modifiers/text_off.hpp"
#include "internal.hpp"

namespace dt::detail {

bool in_warzone_combat(const State& s, CardId w) {
  return s.combat.active && s.combat.warzone != kNoCard && combat_opponent(s, w) != kNoCard &&
         !combat_suppressed(s, suppressWarzones);  // AIR ASSAULT
}

// Which of the Warzone's ratings an attacker takes as well (BACK DOOR: all; TERRITORIAL ADVANTAGE: the gains
// or the penalties), as the 1 + WarzonePart a SHARE_WARZONE left on it; 0: none.
static uint8_t shared_part(const State& s, CardId w) {
  uint8_t part = 0;
  for (const CombatMod& m : s.combat.mods)
    if (m.share && m.target == w) part = part == 0 || part == m.share ? m.share : 1;  // gains and penalties: all
  return part;
}

// Which of a Warzone's rating changes reach w, as the bounds each change is held to.
struct WarzoneBounds {
  int floor = -128, cap = 127;
  int operator()(int r) const { return std::clamp(r, floor, std::max(floor, cap)); }
};

// JET PACK: w's opponent carries a card by which it DENIES WARZONE GAINS. An attachment's grant, read
// without the modifiers: a modifier's filter may ask for ratings, which are being worked out here.
static bool gains_denied(const State& s, CardId w) {
  const CardId opp = combat_opponent(s, w);
  if (opp != kNoCard && has_designation(s, opp, desig::DeniesWarzoneGains)) return true;
  return (s.families & famTextOff) && plus_modifiers_denied(s, w);  // OUR ENEMY'S WEAKNESS IS EXPOSED
}

void apply_warzone(const State& s, CardId w, Stats& st) {
  if (!in_warzone_combat(s, w)) return;
  WarzoneBounds b;
  if (s.combat.defender == w) {
    // HOME TURF: a defender that IGNORES WARZONE PENALTIES takes only the Warzone's gains.
    if (has_ability(s, w, desig::IgnoresWarzonePenalties)) b.floor = 0;
  } else {
    const uint8_t part = shared_part(s, w);
    if (part == 0) return;
    if (part == 2) b.floor = 0;  // the gains alone
    if (part == 3) b.cap = 0;    // the penalties alone
  }
  if (gains_denied(s, w)) b.cap = 0;
  const CardDef& z = s.def(s.combat.warzone);
  st.f += b(z.f.value_or(0));
  st.s += b(z.s.value_or(0));
  st.a += b(z.a);
  st.v += b(z.v);
}

StatBonus warzone_mod_bonus(const State& s, CardId w, const StatBonus& bonus) {
  if (!gains_denied(s, w)) return bonus;
  auto loss = [](int8_t r) { return int8_t(std::min<int>(r, 0)); };
  return {loss(bonus.f), loss(bonus.s), loss(bonus.a), loss(bonus.v)};
}

void warzone_equip_options(const State& s, int seat, std::vector<Option>& out) {
  const CardId d = s.combat.defender;
  if (!in_warzone_combat(s, d) || s.card(d).controller != seat) return;
  if (!s.def(s.combat.warzone).has_designation(desig::ItsDefendersEquipInCombat)) return;
  for (CardId c : s.seats[size_t(seat)].hand) equip_option(s, c, d, out);
}

bool warzone_ends_combat(const State& s) {
  if (!s.combat.active || s.combat.warzone == kNoCard) return false;
  if (!s.def(s.combat.warzone).has_designation(desig::EndsCombatsOfVehicles)) return false;
  auto vehicle = [&](CardId w) { return s.def(w).type == CardType::Warrior && (keywords(s, w) & kwVehicle); };
  return vehicle(s.combat.attacker) || vehicle(s.combat.defender);
}

bool may_defend_from(const State& s, CardId defender, CardId zone) {
  const CardDef& z = s.def(zone);
  const CardInst& zi = s.card(zone);
  const CardInst& di = s.card(defender);
  if (z.type != CardType::Warzone || zi.zone != Zone::InPlay || zi.attached_to != kNoCard) return false;
  // gEngine IMPERIAL: any Warzone but a Dark Legion one, whatever affiliation it asks of its defenders.
  const bool free = warzone_limits_waived(s, defender);
  if (free && (z.affil & bit(Affil::Legion))) return false;
  // KI TELEPORTATION: a warrior that DEFENDS FROM ANY WARZONE takes one in any area, any player's.
  const bool anywhere = free || has_designation(s, defender, desig::DefendsFromAnyWarzone);
  if (!anywhere && (zi.controller != di.controller || zi.area != di.area)) return false;
  if (!anywhere && zi.controller == s.combat.attacking_seat) return false;  // attackers never use their own
  // AUTOGYRO: the attacker DENIES WARZONES to its opponents.
  if (s.combat.active && has_ability(s, s.combat.attacker, desig::DeniesWarzones)) return false;
  if (z.warzone_defenders && !filter_matches(s, free ? without_affiliation(*z.warzone_defenders) : *z.warzone_defenders,
                                             defender, di.controller))
    return false;
  return true;
}

bool warzone_limits_waived(const State& s, CardId w) {
  return (s.families & famWarzoneFree) && has_ability(s, w, desig::DefendsFromAnyWarzoneWhateverItsAffiliation);
}

WarriorFilter without_affiliation(WarriorFilter f) {
  f.affil = 0;
  f.not_affil = 0;
  return f;
}

}  // namespace dt::detail
