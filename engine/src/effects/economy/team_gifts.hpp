// D given between team-mates (handler `team_d_gifts`: CURRENCY EXCHANGE). Each member of the card's player's
// team, that player first and the others in seat order, is asked in turn: `choose s2` names a team-mate, then
// `choose aN` gives it N of its D (N from 1 to all it has); it may give again, to the same or another, until
// `choose done`. Team-mates sharing one pool (Rules::team_pool) have nothing to move.
#pragma once

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

void ask_team_d_gifts(State& s, int seat, CardId source);
bool is_team_gift_choice(const State& s, const PendingChoice& ch);
void team_gift_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_team_gift(State& s, const Option& o, Log log);

}  // namespace dt::detail
