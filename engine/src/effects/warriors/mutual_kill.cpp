// See mutual_kill.hpp.
#include "effects/warriors/mutual_kill.hpp"

#include "effects/economy/awards.hpp"
#include "internal.hpp"

namespace dt::detail {

void mutual_kill(State& s, CardId user, CardId t, Log log) {
  if (user == t || !is_warrior_in_play(s, user) || !is_warrior_in_play(s, t)) return;
  const int uv = stats(s, user).v;
  const int user_seat = s.card(user).controller, t_seat = s.card(t).controller;
  // The target's death pays the user's player, as a kill in combat (its rules: own warriors, FREELANCERs, cards).
  award_kills(s, {Kill{t, user, stats(s, t).v}}, true, log);
  if (!is_warrior_in_play(s, user)) return;
  emit(log, {EventKind::Kill, int8_t(user_seat), user, t, uv});
  annihilate_from_play(s, user);
  if (t_seat == user_seat) return;  // one's own warrior earns nothing back
  queue_changed_award(s, t_seat, uv, false, user, Earning::Kills, t, user, user_seat);
}

}  // namespace dt::detail
