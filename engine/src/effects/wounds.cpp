// A card's wound: see wounds.hpp.
#include "effects/wounds.hpp"

#include "internal.hpp"

namespace dt::detail {

bool wound_kills(State& s, CardId w) {
  if (s.card(w).wounded || (keywords(s, w) & kwDiesWhenWounded)) return true;
  if (!has_designation(s, w, "HEALS AT ONCE")) s.card(w).wounded = true;
  return false;
}

}  // namespace dt::detail
