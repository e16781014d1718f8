// gEngine "MEDITATE": one action for one D.
#include "effects/economy/economy.hpp"
#include "internal.hpp"

namespace dt::detail {

void meditate_options(const State&, std::vector<Option>& out) { out.push_back({OptKind::Meditate}); }

void apply_meditate(State& s, const Option&, Log log) {
  const int me = deciding_seat(s);
  destiny(s, me) += meditate_yield(s, me);  // RISING MARKET, FALLING MARKET
  --s.actions_left;
  emit(log, {EventKind::Meditate, int8_t(me)});
  open_response_window(s);
}

}  // namespace dt::detail
