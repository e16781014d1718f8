// A warrior giving its life to kill another (handler `mutual_kill`: SHADOW MASTER's ability). The warrior using the
// ability is annihilated and the target killed at once; as in a combat where both die, each one's V (modified, as
// they were) is earned by the other's player.
#pragma once

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

void mutual_kill(State& s, CardId user, CardId target, Log log);

}  // namespace dt::detail
