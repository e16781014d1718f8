// A question asked inside another decision of the same player (REVELATION's
// lent cast, SECRET MISSION's face-down assignment) offers part of what that
// decision offers. Both work it out the same way: on a copy of the State,
// close the question, bring the decision back, list its options and keep some.
#pragma once

#include <functional>
#include <vector>

#include "dt/game.hpp"

namespace dt::detail {

// The options `seat` has once `reopen` has brought its decision back on a
// copy of `s`, those `keep` accepts. None when the decision that comes back is
// another question or another player's: the question was not asked there.
void reopened_options(const State& s, int seat, const std::function<void(State&)>& reopen,
                      const std::function<bool(const Option&)>& keep, std::vector<Option>& out);

}  // namespace dt::detail
