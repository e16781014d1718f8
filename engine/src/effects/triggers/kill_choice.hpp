// A kill trigger's choice (Trigger.choice on a KILLS or KILLED trigger: NECROMAKINA, PLAGUE GUN): as the trigger
// fires, its Choice is queued for its player (or the victim's, with `target_player_chooses`), TARGET being the
// warrior killed, read while it is still in play (its V and its combat area as it dies). The question comes
// before the kill's points are split, so that a pick may still take them away (NO_KILL_AWARD on TARGET).
#pragma once

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

inline constexpr uint8_t kKillChoice = 67;  // PendingChoice::fetch: a kill trigger's choice, asked before the points

// Queues the choice of trigger `t` of `card` (its player `seat`, its user `user`) on the kill of `victim`;
// nothing when no candidate is left for it.
void queue_kill_choice(State& s, CardId card, const Trigger& t, int seat, CardId user, CardId victim, Log log);
// Is the front choice one that comes before the points waiting to be split?
bool kill_choice_first(const State& s);

}  // namespace dt::detail
