// A card's wound: see wounds.hpp.
#include "dt/designations.hpp"
#include "effects/warriors/wounds.hpp"

#include "effects/lasting/afflictions.hpp"
#include "effects/lasting/card_markers.hpp"
#include "internal.hpp"

namespace dt::detail {

bool absorbs_wound(State& s, CardId w, bool kill) {
  for (CardId a : attachments_of(s, w)) {
    if (!s.def(a).has_designation(desig::TakesItsWarriorsWounds)) continue;
    if (kill || markers_on(s, a) > 0) annihilate_from_play(s, a);  // its second wound, or a kill: never repaired
    else add_markers(s, a, 1);
    return true;
  }
  return false;
}

bool wound_kills(State& s, CardId w) {
  // DIES WHEN WOUNDED kills outright, which NO AUTOMATIC KILL (TRY AND STOP ME!) turns into a wound.
  const bool outright = (keywords(s, w) & kwDiesWhenWounded) && !has_ability(s, w, desig::NoAutomaticKill);
  if (absorbs_wound(s, w, outright)) return false;  // LIFEGUARD ARMOR takes it; a kill annihilates the Armor
  if (s.card(w).wounded || outright) return true;
  if (!has_ability(s, w, desig::HealsAtOnce)) take_wound(s, w);  // granted too (printed IMPERIAL)
  else count_heal(s, w);  // ADRENALINE IMPLANTS
  return false;
}

void take_wound(State& s, CardId w) {
  if (s.card(w).wounded) return;
  drop_healed_afflictions(s, w);  // BLACK VENOM: healed since, its paralysis is over for good
  s.card(w).wounded = true;
  if (s.combat.active) s.combat.wounded_in_it.push_back(w);
}

CardId card_killer(const State& s, CardId source, CardId user, CardId victim, bool always_pays) {
  if (source == kNoCard || !(always_pays || s.def(source).has_designation(desig::ItsKillsEarnPoints))) return kNoCard;
  return user != kNoCard && user != victim && is_warrior_in_play(s, user) ? user : source;
}

}  // namespace dt::detail
