// The turn order changed by cards: see order.hpp.
#include "turn/order.hpp"

#include <algorithm>

#include "internal.hpp"

namespace dt::detail {

void swap_seats(State& s, int seat, int other) {
  if (seat == other || other < 0 || other >= s.num_seats()) return;
  if (s.table.empty())
    for (int i = 0; i < s.num_seats(); ++i) s.table.push_back(uint8_t(i));
  auto a = std::find(s.table.begin(), s.table.end(), uint8_t(seat));
  auto b = std::find(s.table.begin(), s.table.end(), uint8_t(other));
  std::iter_swap(a, b);
}

void reverse_turn_order(State& s) {
  if (s.reversed_once) return;
  s.reversed_once = true;
  s.reverse_due = true;
}

// "Never in a two-player game": more than two seats still in.
bool seats_swappable(const State& s) {
  int in = 0;
  for (const SeatState& st : s.seats) in += !st.eliminated;
  return in > 2;
}

bool order_reversible(const State& s) { return !s.reversed_once; }

}  // namespace dt::detail
