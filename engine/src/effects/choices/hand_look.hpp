// A hand looked at card by card drawn at random (LOOK_AT_HAND with an amount: SCOUT BAT, two actions and 1 D a
// card), shown to the looker alone; then, while the looker has in play a card that DISCARDS THE WARRIORS A LOOK
// PICKS (VENOM BAT), it is asked whether the warrior cards so picked are discarded (`choose a0`) or not
// (`choose done`).
#pragma once

#include <vector>

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

inline constexpr uint8_t kLookDiscard = 68;  // PendingChoice::fetch: the warrior cards a random look picked, discarded?

// `seat` looks at n cards drawn at random from player t's hand, with `source`'s effect.
void look_at_random(State& s, int seat, CardId source, int t, int n, Log log);
bool is_look_discard_choice(const State& s, const PendingChoice& ch);
void look_discard_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_look_discard(State& s, const Option& o, Log log);

}  // namespace dt::detail
