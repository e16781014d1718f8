// Combat step 4 (gEngine "4) DETERMINE COMBAT STANDING"): a warrior's ratings
// with everything that modifies them, in the order they apply.
#include <algorithm>

#include "dt/designations.hpp"
#include "internal.hpp"

namespace dt {

using namespace detail;

// HUNTER - SPECIAL FORCES BADASS: an attack made as two actions carries a
// marker (a combat modifier from him on himself, with no bonus) that doubles
// his modified F while he is the attacker of that Fight combat.
static bool doubled_fight(const State& s, CardId w) {
  if (s.combat.attacker != w || s.combat.tactic != Tactic::Fight) return false;
  if (!s.def(w).has_designation(desig::DoubledFightAttack)) return false;
  return std::any_of(s.combat.mods.begin(), s.combat.mods.end(),
                     [&](const CombatMod& m) { return m.source == w && m.target == w && m.immune == kNoCard; });
}

Stats stats(const State& s, CardId w) {
  const CardDef& d = s.def(w);
  const CardInst& wi = s.card(w);
  Stats st;
  st.f = d.f.value_or(0);
  st.s = d.s.value_or(0);
  st.a = d.a;
  st.v = d.v;
  st.can_fight = d.f.has_value();
  st.can_shoot = d.s.has_value();
  const bool forts = fortified(s, w);

  apply_beast(s, w, st);             // a Beast makes new base ratings, before anything else
  apply_vehicle_doubling(s, w, st);  // then doubled "base" ratings
  add_equipment(s, w, forts, st);
  apply_warzone(s, w, st);
  if (forts) add_fortifications(s, w, st);

  // Static modifiers of the vocabulary (own abilities, gifts, other warriors, the opponent's).
  for_each_mod(s, w, [&](const StaticMod& m, CardId) { add_bonus(st, m.bonus); }, ModWant::Ratings);

  for (const LastingMod& m : s.lasting)
    if (m.target == w) add_bonus(st, m.bonus);
  if (wi.cover) st.a += s.rules.cover_armor_bonus;
  if (combat_opponent(s, w) != kNoCard)
    for (const CombatMod& m : s.combat.mods)
      if (m.target == w && !effect_blocked(s, w, m.source)) add_bonus(st, m.bonus);
  if (s.combat.active && doubled_fight(s, w)) st.f *= 2;  // after every modifier
  st.v = std::max(0, st.v);  // V never below 0 (gEngine step 5)
  return st;
}

}  // namespace dt
