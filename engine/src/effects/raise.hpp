// Warriors brought back into play or turned to another side (docs/effects.md
// "Raised and converted warriors"): PORTAL OF UNDEATH, POSSESS, ANIMATE DEAD.
#pragma once

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// ENTER_PLAY of a pile's warrior: the area it enters. `designation: "USER'S AREA"`
// puts it beside the warrior using the card (gEngine PORTAL OF UNDEATH), when
// that warrior is still in play; otherwise the area a Muster would give it.
Area entering_area(const State& s, CardId w, CardId user, const Effect& e);

// ENTER_PLAY with an `amount`: only a warrior whose printed V is at most that.
bool enter_value_ok(const State& s, const Effect& e, CardId w);

}  // namespace dt::detail
