// Warzone cards (gEngine "ESTABLISH WARZONE" and combat step "3) ANNOUNCE
// WARZONE"; 2nd ed "WARZONES"; 002 and Info "WARZONES"): the defending
// warrior may defend from one of its player's Warzones in its area. The
// defender alone gains the card's ratings; its text is for both combatants;
// neither uses Fortification cards there.
#include <algorithm>

#include "dt/designations.hpp"
#include "effects/modifiers/suppress.hpp"
#include "internal.hpp"

namespace dt::detail {

bool in_warzone_combat(const State& s, CardId w) {
  return s.combat.active && s.combat.warzone != kNoCard && combat_opponent(s, w) != kNoCard &&
         !combat_suppressed(s, suppressWarzones);  // AIR ASSAULT
}

void apply_warzone(const State& s, CardId w, Stats& st) {
  if (!in_warzone_combat(s, w) || s.combat.defender != w) return;
  const CardDef& z = s.def(s.combat.warzone);
  // HOME TURF: a defender that IGNORES WARZONE PENALTIES takes only the Warzone's gains.
  const int floor = has_ability(s, w, desig::IgnoresWarzonePenalties) ? 0 : -128;
  st.f += std::max<int>(floor, z.f.value_or(0));
  st.s += std::max<int>(floor, z.s.value_or(0));
  st.a += std::max<int>(floor, z.a);
  st.v += std::max<int>(floor, z.v);
}

bool may_defend_from(const State& s, CardId defender, CardId zone) {
  const CardDef& z = s.def(zone);
  const CardInst& zi = s.card(zone);
  const CardInst& di = s.card(defender);
  if (z.type != CardType::Warzone || zi.zone != Zone::InPlay || zi.attached_to != kNoCard) return false;
  // KI TELEPORTATION: a warrior that DEFENDS FROM ANY WARZONE takes one in any area, any player's.
  const bool anywhere = has_designation(s, defender, desig::DefendsFromAnyWarzone);
  if (!anywhere && (zi.controller != di.controller || zi.area != di.area)) return false;
  if (!anywhere && zi.controller == s.combat.attacking_seat) return false;  // attackers never use their own
  // AUTOGYRO: the attacker DENIES WARZONES to its opponents.
  if (s.combat.active && has_ability(s, s.combat.attacker, desig::DeniesWarzones)) return false;
  if (z.warzone_defenders && !filter_matches(s, *z.warzone_defenders, defender, di.controller)) return false;
  return true;
}

}  // namespace dt::detail
