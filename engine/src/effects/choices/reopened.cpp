// Options of a decision brought back on a copy (reopened.hpp).
#include "effects/choices/reopened.hpp"

#include "effects/effects.hpp"
#include "internal.hpp"

namespace dt::detail {

void reopened_options(const State& s, int seat, const std::function<void(State&)>& reopen,
                      const std::function<bool(const Option&)>& keep, std::vector<Option>& out) {
  State c = s;
  reopen(c);
  if (c.phase == Phase::Choice || deciding_seat(c) != seat) return;
  std::vector<Option> all;
  effect_options(c, seat, all);
  for (const Option& o : all)
    if (keep(o)) out.push_back(o);
}

}  // namespace dt::detail
