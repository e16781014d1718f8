// Two warriors joined into one (gEngine PRETORIAN STALKER): see joined.cpp.
#pragma once

#include <vector>

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// Handler `join_namesake`, an ability of a warrior in play on another of its
// player's warriors: may `src` (used by `user`) join `t` into itself? Only a card
// of its own name (not one merely designated so), in its area, neither of them
// already holding one inside it. True for abilities without the handler.
bool join_target_ok(const State& s, CardId src, CardId user, const std::vector<Effect>& fx, CardId t);
// `guest` goes inside `host`: one warrior from then on, with both cards' ratings.
void join_warriors(State& s, int seat, CardId host, CardId guest, Log log);

}  // namespace dt::detail
