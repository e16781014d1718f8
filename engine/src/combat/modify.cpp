// Combat step 5 (gEngine "5) MODIFY COMBAT RATINGS"): the players take turns
// playing modifiers, starting with the attacker, until all pass in a row.
#include "internal.hpp"

namespace dt::detail {

void start_combat(State& s, CardId attacker, CardId defender, Tactic t, int seat) {
  s.combat = Combat{true, attacker, defender, uint8_t(seat), t, {}, 0, {}};
  // Attacker, defender, then the others, and around again.
  std::vector<uint8_t> order{uint8_t(seat), s.card(defender).controller};
  for (uint8_t x : seats_from(s, seat))
    if (x != order[0] && x != order[1]) order.push_back(x);
  open_window(s, WindowKind::CombatModify, std::move(order));
}

void end_modification_rounds(State& s, Log log) {
  resolve_combat(s, log);
  if (s.awards.empty()) open_response_window(s);
  else s.phase = Phase::Points;
}

}  // namespace dt::detail
