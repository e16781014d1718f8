// A combat called off as if it had never begun (handler `cancel_combat_cards`: ATTACK PREDICTION): see cancelled.cpp.
#pragma once

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// Every card played in the combat under way that may still be cancelled (its undo record, effects/triggers/undo.hpp:
// the modification rounds are one window) is cancelled, `source` aside.
void cancel_combat_cards(State& s, CardId source, Log log);

}  // namespace dt::detail
