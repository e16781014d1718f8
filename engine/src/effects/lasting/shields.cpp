// Shields over a player's warriors (shields.hpp).
#include "effects/lasting/shields.hpp"

#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

// STRENGTH OF WILL: the warriors a player controls now (mustered later too)
// are untouched by Dark Symmetry cards until its next turn; a warrior's own
// gifts (on it) still work for it, so a Dark Legion warrior uses them as ever.
bool shielded_from_symmetry(const State& s, CardId w, CardId source) {
  if (source == kNoCard || s.def(source).type != CardType::Symmetry) return false;
  if (s.card(source).zone == Zone::InPlay && s.card(source).attached_to == w) return false;
  const int seat = s.card(w).controller;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kShieldsFromSymmetry && m.player == seat && m.target == kNoCard) return true;
  return false;
}

}  // namespace dt::detail
