// Consistency checks that must hold at every decision point. Self-play and
// tests run them after every decision.
#pragma once

#include <string>
#include <vector>

#include "dt/state.hpp"

namespace dt {

// Empty when all hold; otherwise one line per violation.
std::vector<std::string> check_invariants(const State& s);

}  // namespace dt
