// A warrior's own actions (docs/effects.md "Turn rules"): actions of its player's turn that only that warrior
// takes, beside the turn's actions: so many each turn from a card on it (TurnRules::own_actions, printed BOOK OF
// LAW), or bought for this turn (Effect OWN_ACTIONS, NOMURA'S QUICKENED STEP). The warrior takes them before the
// turn's own, for anything it does itself (an attack, a Transfer, cover, a spell it casts, an ability it uses):
// one of them may be the turn's Tactical action, which still ends the Actions step. Looked for only in a game
// holding such a card (famOwnActions).
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "dt/state.hpp"

namespace dt::detail {

// The warrior that performs option `o` itself (kNoCard: its player does, or nobody).
CardId actor_of(const State& s, const Option& o);
// The actions of its own warrior `w` has left in this turn of its player.
int own_actions_left(const State& s, CardId w);
// OWN_ACTIONS: `n` more for `w` this turn.
void grant_own_actions(State& s, CardId w, int n);
// Does the current player's Actions step go on for its warriors' own actions alone (the turn's are spent)?
bool own_actions_pending(const State& s);
// The options those actions add: each such warrior's own options, worked out as if its actions were the turn's.
void own_action_options(const State& s, std::vector<Option>& out);

// Option `o` about to be applied in the Actions step: its warrior's own actions lent to the turn for it, and
// what was not spent taken back once it is applied.
struct OwnLoan {
  CardId w = kNoCard;
  int lent = 0, before = 0;
};
OwnLoan lend_own_actions(State& s, const Option& o);
void settle_own_actions(State& s, const OwnLoan& loan);

}  // namespace dt::detail
