// Prices in D: a fixed cost and "for every X D", bought several times over.
#include <algorithm>

#include "internal.hpp"

namespace dt::detail {

// How many times a "for every X D" price can be bought (1 when there is none).
// gEngine "THE ART": unless the card sets a limit (`cap`), a player may spend
// as many D as it has; nothing else bounds the purchases.
int value_price(const State& s, const ValuePrice& v, CardId c) {
  if (c == kNoCard) return 0;
  const int base = v.modified && s.card(c).zone == Zone::InPlay ? stats(s, c).v : s.def(c).v;
  const int d = std::max(0, base) * v.times;
  return v.half_up ? (d + 1) / 2 : d;
}

int max_times(const State& s, int seat, int cost_d, int per_d, int cap) {
  const int d = destiny(s, seat) - cost_d;
  if (d < 0) return 0;
  if (per_d <= 0) return 1;
  const int n = d / per_d;
  return cap > 0 ? std::min(n, cap) : n;
}

void push_times(std::vector<Option>& out, Option o, int per_d, int n, bool zero) {
  if (per_d <= 0) {
    out.push_back(o);
    return;
  }
  if (zero) {  // bought no times at all (GREATER DOMINATION: a look without a discard)
    o.n = 0;
    out.push_back(o);
  }
  for (int i = 1; i <= n; ++i) {
    o.n = int16_t(i);
    out.push_back(o);
  }
}

}  // namespace dt::detail
