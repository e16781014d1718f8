// Combat step 3 (gEngine "3) ANNOUNCE WARZONE"; 2nd ed and 002 "WARZONES",
// after the Battle Tactic): the defending player names one of its Warzones in
// the defender's area to defend from, or none (`pass`). TRANSFER, played later
// in the combat, puts the same question to the attacking player.
#include "dt/designations.hpp"
#include "internal.hpp"

namespace dt::detail {

// The seats whose Warzones the defender may use: its own player's, or every
// player's when it DEFENDS FROM ANY WARZONE (KI TELEPORTATION, gEngine IMPERIAL).
static std::vector<int> warzone_seats(const State& s, CardId d) {
  if (!has_designation(s, d, desig::DefendsFromAnyWarzone) && !warzone_limits_waived(s, d)) return {s.card(d).controller};
  std::vector<int> out;
  for (int t = 0; t < s.num_seats(); ++t) out.push_back(t);
  return out;
}

void warzone_options(const State& s, std::vector<Option>& out) {
  out.push_back({OptKind::Pass});
  const CardId d = s.combat.defender;
  for (int t : warzone_seats(s, d))
    for (CardId c : s.seats[size_t(t)].in_play)
      if (may_defend_from(s, d, c)) out.push_back({OptKind::DefendFrom, c});
}

bool warzone_to_choose(const State& s) {
  const CardId d = s.combat.defender;
  for (int t : warzone_seats(s, d))
    for (CardId c : s.seats[size_t(t)].in_play)
      if (may_defend_from(s, d, c)) return true;
  return false;
}

void reannounce_warzone(State& s) {
  if (!s.combat.active) return;
  s.combat.warzone = kNoCard;  // none, unless the attacking player names one
  if (warzone_to_choose(s)) open_window(s, WindowKind::AnnounceWarzone, {s.combat.attacking_seat});
}

void apply_defend_from(State& s, const Option& o, Log log) {
  s.combat.warzone = o.a;
  emit(log, {EventKind::DefendFrom, int8_t(deciding_seat(s)), o.a, s.combat.defender});
  s.window.passes = uint8_t(s.window.order.size());  // the choice closes the step
}

}  // namespace dt::detail
