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
// GRAND ASSAULT, HIDDEN (handler `tactical_at_once`, fetch kTacticalAtOnce): one
// Tactical action (gEngine: an attack, a Tactical sabotage, an ability that is a
// Tactical action or an attack; printed: an attack) by one of the player's
// warriors, or by the effect's target alone (HIDDEN's warrior), lent the same
// way and costing the turn nothing, in any decision outside a combat. An attack
// is fought at once: its combat takes the place of the decision it interrupted
// and, once its response window closes, play goes on in the step it interrupted
// (the Draw or Discard step's window opened again: turn/windows.cpp).
// GREATER MANIPULATION: below.
#pragma once

#include <vector>

#include "dt/designations.hpp"
#include "dt/game.hpp"
#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

inline constexpr DesigKey kTakesActionsAtOnce(desig::TakesActionsAtOnce);

void queue_inspired(State& s, int seat, CardId source, int actions);
inline constexpr uint8_t kTacticalAtOnce = 75;  // PendingChoice::fetch: one Tactical action at once (target: the warrior)
void queue_tactical_at_once(State& s, int seat, CardId source, CardId warrior);
// GREATER MANIPULATION (handler `manipulate`, fetch kManipulate): up to `actions` actions at once with another player's
// warrior (the choice's target), taken under `seat`'s control, lent the same way: only what that warrior does itself
// (turn/own_actions.hpp actor_of), the last of them a Tactical action if any; an attack is fought at once, the warrior
// given back once it is over (the points it earned `seat`'s), any other action's warrior at once.
inline constexpr uint8_t kManipulate = 121;
void queue_manipulated(State& s, int seat, CardId source, CardId warrior, int actions);
bool inspired_choice(const State& s);
void inspired_options(const State& s, std::vector<Option>& out);
// Applies an action picked from those options (not a `choose`).
void apply_inspired(State& s, const Option& o, Log log);

}  // namespace dt::detail
