// What a play costs in actions once the modifiers of its player's cards count (StaticMod::play_price,
// docs/effects.md "Action prices"): PALANQUIN AIRVESSEL on a Tribal PATRIARCH makes RITUALs one action cheaper.
#pragma once

#include "dt/state.hpp"

namespace dt::detail {

struct ActionPrice {
  int actions = 1;        // actions the play spends (0: none)
  bool any_time = false;  // left at 0 actions by a modifier that frees it: playable at any time
};

// A play of `card` by `seat` made as an action: its own actions (at least one), changed by the
// `play_price` modifiers of seat's cards in play whose `who` holds, never below 0.
ActionPrice play_action_price(const State& s, int seat, CardId card);

}  // namespace dt::detail
