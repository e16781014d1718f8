// Relic cards (gEngine "EQUIP", the Relic card type; 1st ed additions
// "RELICS"; 2nd ed "RELICS"): equipped to a warrior as one action, like
// Equipment but not Equipment, and unique: never two identical Relics in play.
#include "dt/designations.hpp"
#include "actions/storage.hpp"
#include "internal.hpp"

namespace dt::detail {

bool is_weapon_card(const CardDef& d) {
  return (d.type == CardType::Equipment || d.type == CardType::Relic) && d.weapon != WeaponKind::None;
}

bool relic_in_play(const State& s, CardId relic) {
  const std::string& name = s.def(relic).name;
  for (CardId a : s.attached)
    if (a != relic && s.def(a).type == CardType::Relic && s.def(a).name == name) return true;
  for (const SeatState& st : s.seats)
    for (CardId c : st.in_play)
      if (c != relic && s.def(c).type == CardType::Relic && s.def(c).name == name) return true;
  return copy_kept_under(s, relic);  // MUSEUM: still in play under it
}

// 1st ed as printed: the player has a NOTED COLLECTOR card before it.
bool is_noted_collector(const State& s, int seat) {
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (!is_warrior_in_play(s, c) && s.def(c).has_designation(desig::NotedCollector)) return true;
  return false;
}

// Not Equipment: a NO EQUIPMENT warrior may hold one. ARMOR is ARMOR whatever
// its card type: one suit per warrior.
bool can_equip_relic(const State& s, CardId r, CardId w, bool any_affiliation) {
  const CardDef& rd = s.def(r);
  if (rd.type != CardType::Relic) return false;
  if (has_designation(s, w, desig::NoAttachments) || has_designation(s, w, desig::NoRelics)) return false;  // AQUABEAST
  if (!any_affiliation && !gives_to(s, r, w)) return false;  // WHAT HAVE WE HERE?: whatever its affiliations
  if (relic_in_play(s, r)) return false;
  if (s.rules.relics_need_collector && !is_noted_collector(s, s.card(w).controller)) return false;
  if (rd.has(kwArmor))
    for (CardId a : attachments_of(s, w))
      if (s.def(a).has(kwArmor)) return false;
  return true;
}

}  // namespace dt::detail
