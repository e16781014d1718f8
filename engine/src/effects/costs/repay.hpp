// A price paid twice (handler `repay_or_discard`, docs/effects.md "Prices paid again": FOOL'S GOLD): right after a
// warrior is mustered for D, a card played on it (designated PLAYED ON A WARRIOR JUST PAID FOR) makes its player pay
// that D again or lose the warrior. The D paid is the `count` of a kJustPaidFor marker, set only while some hand
// holds such a card and gone as the window closes. The player is asked: `choose a0` pays, `choose done` discards it
// (no kill, no points); with too little D it is discarded at once.
#pragma once

#include <vector>

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// A Muster just paid `paid` D for warrior w.
void note_paid_for(State& s, CardId w, int paid);
// The handler: the question put to w's controller.
void repay_or_discard(State& s, CardId source, CardId w, Log log);

bool is_repay_choice(const State& s, const PendingChoice& ch);
void repay_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_repay(State& s, const Option& o, Log log);

}  // namespace dt::detail
