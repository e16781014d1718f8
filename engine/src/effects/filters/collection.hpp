// Cards brought in from the collection: see collection.cpp.
#pragma once

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// Handler `attach_to_self`: the target card, from its owner's Side Board (the
// collection), goes onto the warrior whose ability this is (printed TRENCHER's FOXHOLE).
void attach_from_collection(State& s, int seat, CardId warrior, CardId card, Log log);

}  // namespace dt::detail
