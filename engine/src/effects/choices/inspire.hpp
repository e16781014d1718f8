// INSPIRED: played at any time, its player at once takes up to three actions
// (gEngine: Standard Actions, no Tactical one; printed: any but an attack),
// cards played as actions among them, in whatever decision it interrupted, in
// anyone's turn. The handler `inspired` queues a choice for that player (picks:
// the actions left); its options are that player's action options as its own
// Actions step would list them with that many actions (no Meditate, no pass),
// and `choose done`. An action picked is made in that Actions step, lent for
// the moment (whose turn, the step, the actions, the window are put back
// after), so it costs the choice's actions, never the turn's, and no response
// window follows it; choices it leaves are asked before the next action.
#pragma once

#include <vector>

#include "dt/designations.hpp"
#include "dt/game.hpp"
#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

inline constexpr DesigKey kTakesActionsAtOnce(desig::TakesActionsAtOnce);

void queue_inspired(State& s, int seat, CardId source, int actions);
bool inspired_choice(const State& s);
void inspired_options(const State& s, std::vector<Option>& out);
// Applies an action picked from those options (not a `choose`).
void apply_inspired(State& s, const Option& o, Log log);

}  // namespace dt::detail
