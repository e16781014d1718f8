// Warriors brought back into play or turned to another side. Each card's text
// names where the warrior goes, who controls it then and what it is from then
// on; the rules of a Muster (PERSONALITY, the Tribal ones) still hold
// (enter_play_ok).
#include "effects/raise.hpp"

#include "internal.hpp"

namespace dt::detail {

Area entering_area(const State& s, CardId w, CardId user, const Effect& e) {
  if (e.designation == "USER'S AREA" && user != kNoCard && is_warrior_in_play(s, user)) return s.card(user).area;
  return muster_area(s, w);
}

bool enter_value_ok(const State& s, const Effect& e, CardId w) {
  return e.amount <= 0 || s.def(w).v <= e.amount;
}

}  // namespace dt::detail
