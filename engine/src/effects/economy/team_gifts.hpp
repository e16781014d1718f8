// D given between team-mates (handler `team_d_gifts`: CURRENCY EXCHANGE). Each member of the card's player's
// team, that player first and the others in seat order, is asked in turn: `choose s2` names a team-mate, then
// `choose aN` gives it N of its D (N from 1 to all it has); it may give again, to the same or another, until
// `choose done`. Team-mates sharing one pool (Rules::team_pool) have nothing to move.
// Cards of the hand between team-mates (handler `team_card_gifts`: SUMMIT MEETING; rulings.md 3, a trade played
// through ordinary decisions): the members offer in turn from the card's player, each as long as it wishes:
// `choose s2` names a team-mate, `choose c7` a card of its hand (`choose done` takes the offer back); that
// team-mate accepts (`choose a0`) or refuses (`choose a1`), and a card accepted is its own from then on (owner
// and holder). Each card is offered once a meeting, so that the trade ends. A member's `choose done` passes; the trade is over once every member has passed in a row.
// PLAYED ONCE PER TEAM: a marker kTeamPlayed remembers the team that played such a card.
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

void ask_team_d_gifts(State& s, int seat, CardId source);
bool is_team_gift_choice(const State& s, const PendingChoice& ch);
void team_gift_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_team_gift(State& s, const Option& o, Log log);

inline constexpr uint8_t kTradeAnswer = 77;  // PendingChoice::fetch: a team-mate accepts or refuses a card offered

void ask_team_card_gifts(State& s, int seat, CardId source);
bool is_trade_answer(const State& s, const PendingChoice& ch);
void trade_answer_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_trade_answer(State& s, const Option& o, Log log);
// Has `seat`'s team played a card of c's name that is PLAYED ONCE PER TEAM?
bool played_by_team(const State& s, int seat, CardId c);

}  // namespace dt::detail
