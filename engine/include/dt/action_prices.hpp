// What a play made as an action costs in actions, once its player's cards that change it count
// (StaticMod::play_price, docs/effects.md "Action prices"): for a checker counting a turn's actions.
#pragma once

#include "dt/state.hpp"

namespace dt {

// The actions `seat` spends playing `card` as an action now: its own (at least one), changed by
// PALANQUIN AIRVESSEL and the like, never below 0; 0 also for a play not made as an action.
int play_actions_now(const State& s, int seat, CardId card);
// The actions a card pick of the card's own Choice now pending costs its chooser (Choice.pick_actions: SURVEILLANCE
// SHIP); 0 with no such choice.
int choice_pick_actions(const State& s);
// The actions of their own (turn/own_actions.hpp: printed BOOK OF LAW, NOMURA'S QUICKENED STEP) that `seat`'s
// warriors took in its current or last turn, beside the turn's actions.
int own_actions_taken(const State& s, int seat);
// The actions the deciding player spends bestowing `gift` on `w` now: none in a window, nor for a gift a card makes
// free (ALAKHAI THE CUNNING, STIGMATA, ILIAN-MISTRESS OF THE VOID), else one.
int bestow_actions_now(const State& s, CardId gift, CardId w);

}  // namespace dt
