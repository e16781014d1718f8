// Team-game cards' rules (docs/effects.md "Team games"), in a game holding such a card (famTeamRules):
// - a truce (handler `truce`): until its player's next turn begins, the warriors of two teams take no Tactical
//   action against one another (printed: no attack) and their players play no Special on one another's
//   warriors, cards or players. With two teams in the game they are the two; with more, the card's player names
//   them, one seat of each (`choose s1`, then `choose s2`). A marker kTruce keeps the pair.
// - moves between team-mates: while a card with MOVES WARRIORS (or EQUIPMENT) BETWEEN TEAM-MATES lies before a
//   member of a team, or for the turn a handler `team_moves_this_turn` names, that team's player in its Actions
//   step moves, one action each: one of its warriors into a team-mate's combat area of the same kind, that
//   team-mate controlling it from then on (`transfer c12 squad s2`), or an Equipment card off one of its warriors
//   onto another warrior of the team that may carry it, in any area (`equip c40 c31`).
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

inline constexpr uint8_t kTruceTeams = 76;  // PendingChoice::fetch: the teams TRUCE names, one seat of each

// Are seats a and b on two teams at peace (a truce between them)?
bool truce_between(const State& s, int a, int b);
// A Special `seat` would play, or a Tactical ability it would use, on `target` (a card in play) or on
// `target_seat`: barred by a truce?
bool truce_bars_target(const State& s, int seat, CardId target, int target_seat);
// Handler `truce`.
void start_truce(State& s, int seat, CardId source, Log log);
bool is_truce_choice(const State& s, const PendingChoice& ch);
void truce_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_truce_choice(State& s, const Option& o, Log log);

// Handler `team_moves_this_turn`: the moves its designations name are open to `seat` this turn.
void open_team_moves(State& s, int seat, CardId source, Log log);
// The moves `seat` may make in its Actions step (one action each).
void team_move_options(const State& s, int seat, std::vector<Option>& out);
// A Transfer naming a seat: a warrior moved to a team-mate.
void apply_team_warrior_move(State& s, const Option& o, Log log);
// An Equip of a card already in play: Equipment moved within the team.
void apply_team_equipment_move(State& s, const Option& o, Log log);

}  // namespace dt::detail
