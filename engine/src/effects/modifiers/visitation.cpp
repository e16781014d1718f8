// gEngine DARK VISITATION lies before its player with a count of markers (a
// kVisitation marker on the card itself, its markers in `count`, gone with the
// card). While it lies there, every Doomtrooper whose current V is below the
// count is also a HERETIC of the Dark Legion (effects/filters/queries.cpp asks
// visitation_markers; being Dark Legion lets it take minor gifts, being a
// HERETIC minor heretic gifts). The count falls by 3 at each of its player's
// Draw steps, and the card is discarded when none is left.
#include "effects/modifiers/visitation.hpp"

#include <algorithm>

#include "markers.hpp"
#include "internal.hpp"

namespace dt::detail {

constexpr int kVisitationMarkers = 9, kVisitationStep = 3;

int visitation_markers(const State& s) {
  int n = 0;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kVisitation) n = std::max<int>(n, m.count);
  return n;
}

void put_visitation_markers(State& s, CardId card) {
  if (card == kNoCard || s.card(card).zone != Zone::InPlay) return;
  LastingMod m{card, card, {}, kNoTurnEnds, kNoCard, 0, kVisitation};
  m.count = kVisitationMarkers;
  s.lasting.push_back(m);
}

void visitation_countdown(State& s, CardId card) {
  for (LastingMod& m : s.lasting)
    if (m.lock == kVisitation && m.source == card) {
      m.count = int16_t(std::max(0, m.count - kVisitationStep));
      if (m.count == 0) discard_from_play(s, card);  // its marker goes with it (zones.cpp)
      return;
    }
}

}  // namespace dt::detail
