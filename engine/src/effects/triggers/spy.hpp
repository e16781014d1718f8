// SPY IN THE RANKS: played when an opposing warrior completes a mission, it
// takes that mission's reward for its player and discards the warrior. A
// mission on a warrior whose completion an opponent could answer so (such a
// card in hand) holds its reward: each such opponent is asked at once (a
// Choice: `choose c40` plays the card, `choose done`), and the reward is paid,
// to the spy's player or to its own, once answered. The mission, its trigger,
// the victim and the kill's facts wait in a State::lasting marker.
#pragma once

#include "dt/state.hpp"
#include "effects/effects.hpp"
#include "events.hpp"
#include "markers.hpp"

namespace dt::detail {

// A mission on a warrior is completed by `seat`'s warrior: true when its reward waits for a spy.
bool offer_spy(State& s, CardId mission, int seat, CardId victim, int trigger, const KillContext& ctx);
bool is_spy_choice(const State& s, const PendingChoice& ch);
void spy_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_spy_choice(State& s, const Option& o, Log log);
// The question is over: unless a spy took it, the reward goes to its player and the mission is done.
void spy_choice_done(State& s, const PendingChoice& ch, Log log);

}  // namespace dt::detail
