// A card's effects doubled for a while: see doubling.hpp.
#include "effects/modifiers/doubling.hpp"

#include "markers.hpp"

namespace dt::detail {

void double_effects(State& s, int seat, CardId source, CardId card) {
  if (card == kNoCard || s.card(card).zone != Zone::InPlay) return;
  LastingMod m{card, kNoCard, {}, uint8_t(seat)};  // gone as `seat`'s next turn begins (turn.cpp)
  m.lock = kEffectsDoubled;
  m.other = source;
  s.lasting.push_back(m);
}

int effects_factor(const State& s, CardId card) {
  int k = 1;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kEffectsDoubled && m.source == card) k *= 2;
  return k;
}

}  // namespace dt::detail
