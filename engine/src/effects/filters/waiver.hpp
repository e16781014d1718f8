// MENTAL CONSTITUTION: immunity its player waives case by case; see waiver.cpp.
#pragma once

#include <vector>

#include "dt/state.hpp"
#include "effects/effects.hpp"
#include "events.hpp"

namespace dt::detail {

// Is w immune to this Art or Dark Symmetry card through a card that WAIVES
// IMMUNITY CASE BY CASE (not waived for that card)?
bool waivable_immunity(const State& s, CardId w, CardId source);
// The card `card` was just played or cast by `seat` on warrior t.card (costs
// paid, the card placed), or bestowed on it (`waits` false): when the warrior
// is immune only by such a card, that card's player is asked `choose a0`
// (keep: the card passes the warrior by) or `choose a1` (waive: it is
// affected). `waits`: the card's effects wait for the answer. True if asked.
bool offer_waiver(State& s, int seat, CardId card, Target t, int times, bool waits, CardId caster = kNoCard);
bool is_waiver_choice(const State& s, const PendingChoice& ch);
void waiver_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_waiver_choice(State& s, const Option& o, Log log);
// The question is over: on a waiver, the waiting effects run now.
void waiver_choice_done(State& s, const PendingChoice& ch, Log log);

}  // namespace dt::detail
