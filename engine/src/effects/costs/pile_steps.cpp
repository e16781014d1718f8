// Pile searches one step cheaper: see pile_steps.hpp.
#include "effects/costs/pile_steps.hpp"

#include <algorithm>

#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

void cheapen_piles(State& s, CardId source, CardId card) {
  if (card == kNoCard || piles_cheaper(s, card)) return;
  // Gone as its player's next turn begins: the spell's choice is long over by then.
  LastingMod m{card, kNoCard, {}, uint8_t(s.card(source).owner)};
  m.lock = kPilesCheaper;
  s.lasting.push_back(m);
}

bool piles_cheaper(const State& s, CardId card) {
  return std::any_of(s.lasting.begin(), s.lasting.end(),
                     [&](const LastingMod& m) { return m.lock == kPilesCheaper && m.source == card; });
}

}  // namespace dt::detail
