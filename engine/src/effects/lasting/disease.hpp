// Diseases and one-use weapons (BACTERIA GRENADE): see disease.cpp.
#pragma once

#include <vector>

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// The weapons in use by the two combatants that are DISCARDED AFTER ONE USE,
// each with its bearer's opponent, read as the hits stand (before anyone leaves play).
struct OneUse {
  CardId weapon, opponent;
};
std::vector<OneUse> one_use_weapons(const State& s);
// After the kills of a resolved combat: each such weapon's disease reaches the
// opponent of its bearer if that opponent is still in play, and the weapon is
// discarded (if its bearer did not take it along).
void after_one_use(State& s, const std::vector<OneUse>& weapons, Log log);
// Turn edges: a gEngine disease waiting for its user's next turn now ends with
// it (at that turn's start); one whose turn is over is gone (at a turn's end).
void diseases_turn_start(State& s, int seat);
void diseases_turn_end(State& s, int seat);
// The printed disease at its player's Draw step: a -1 V marker, or 3 D paid
// (a question when the player has the D: `choose a0` pays, `choose a1` marks).
void disease_draw_step(State& s, int seat, Log log);
bool is_disease_choice(const State& s, const PendingChoice& ch);
void disease_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_disease_choice(State& s, const Option& o, Log log);

}  // namespace dt::detail
