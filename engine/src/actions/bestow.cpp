// gEngine "BESTOW DARK SYMMETRY GIFT": one action puts a gift on one of your
// warriors that may have it (effects/symmetry.cpp says which).
#include "internal.hpp"

namespace dt::detail {

void bestow_options(const State& s, CardId c, const std::vector<CardId>& mine, std::vector<Option>& out) {
  if (s.def(c).type != CardType::Symmetry) return;
  for (CardId w : mine)
    if (can_bestow(s, c, w)) out.push_back({OptKind::Bestow, c, w});
}

void apply_bestow(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  destiny(s, me) -= bestow_cost(s, o.a, o.b);
  put_attached(s, o.a, o.b, me);
  --s.actions_left;
  emit(log, {EventKind::Bestow, int8_t(me), o.a, o.b});
  open_response_window(s);
}

}  // namespace dt::detail
