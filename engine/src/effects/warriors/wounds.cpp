// A card's wound: see wounds.hpp.
#include "dt/designations.hpp"
#include "effects/warriors/wounds.hpp"

#include "internal.hpp"

namespace dt::detail {

bool wound_kills(State& s, CardId w) {
  if (s.card(w).wounded) return true;
  // DIES WHEN WOUNDED kills outright, which NO AUTOMATIC KILL (TRY AND STOP ME!) turns into a wound.
  if ((keywords(s, w) & kwDiesWhenWounded) && !has_ability(s, w, desig::NoAutomaticKill)) return true;
  if (!has_designation(s, w, desig::HealsAtOnce)) take_wound(s, w);
  return false;
}

void take_wound(State& s, CardId w) {
  if (s.card(w).wounded) return;
  s.card(w).wounded = true;
  if (s.combat.active) s.combat.wounded_in_it.push_back(w);
}

CardId card_killer(const State& s, CardId source, CardId user, CardId victim, bool always_pays) {
  if (source == kNoCard || !(always_pays || s.def(source).has_designation(desig::ItsKillsEarnPoints))) return kNoCard;
  return user != kNoCard && user != victim && is_warrior_in_play(s, user) ? user : source;
}

}  // namespace dt::detail
