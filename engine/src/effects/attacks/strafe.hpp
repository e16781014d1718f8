// A warrior strafed from the air (handlers `strafe`, `strafe_printed`: GREAT GREY): it goes into cover if it may;
// one already in cover (gEngine: or one that may never be) is killed instead, and that kill pays as any death a
// card causes whose kills earn points (the strafing warrior's player; effects/warriors/wounds.hpp card_killer).
#pragma once

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

void strafe(State& s, int seat, CardId source, CardId target, bool printed, Log log);

}  // namespace dt::detail
