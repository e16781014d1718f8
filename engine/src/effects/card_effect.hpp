// A card's effect of one operation, wherever the card's text holds it.
#pragma once

#include "dt/cards.hpp"

namespace dt::detail {

// The first effect doing `op` in the card's play, then its abilities, then what it does as it is bestowed
// (a mechanism whose card has one such effect reads its parameters there: SHARE_RATINGS, MASS_ATTACK).
inline const Effect* card_effect(const CardDef& d, Op op) {
  auto in = [op](const std::vector<Effect>& fx) -> const Effect* {
    for (const Effect& e : fx)
      if (e.op == op) return &e;
    return nullptr;
  };
  if (d.play)
    if (const Effect* e = in(d.play->effects)) return e;
  for (const Ability& a : d.abilities)
    if (const Effect* e = in(a.effects)) return e;
  return in(d.on_attach);
}

}  // namespace dt::detail
