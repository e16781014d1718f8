// MYSTIC (mystic.hpp).
#include "effects/mystic.hpp"

#include <algorithm>

#include "internal.hpp"

namespace dt::detail {

int mystic_pays(State& s, const Option& o, int price) {
  if (o.d <= 0) return price;
  const CardId m = CardId(o.d - 1);
  if (size_t(m) >= s.cards.size() || !is_warrior_in_play(s, m) || m == o.c) return price;
  discard_from_play(s, m);
  return std::max(0, price - kMysticD);
}

}  // namespace dt::detail
