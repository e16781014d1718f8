// A card's wound: see wounds.hpp.
#include "effects/warriors/wounds.hpp"

#include "internal.hpp"

namespace dt::detail {

bool wound_kills(State& s, CardId w) {
  if (s.card(w).wounded || (keywords(s, w) & kwDiesWhenWounded)) return true;
  if (!has_designation(s, w, "HEALS AT ONCE")) take_wound(s, w);
  return false;
}

void take_wound(State& s, CardId w) {
  if (s.card(w).wounded) return;
  s.card(w).wounded = true;
  if (s.combat.active) s.combat.wounded_in_it.push_back(w);
}

}  // namespace dt::detail
