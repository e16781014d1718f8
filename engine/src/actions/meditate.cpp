// gEngine "MEDITATE": one action for one D.
#include "effects/economy/economy.hpp"
#include "effects/economy/ledger.hpp"
#include "internal.hpp"

namespace dt::detail {

void meditate_options(const State& s, std::vector<Option>& out) {
  // DESPERATE TIMES: a player that took D kept apart never Meditates again (effects/economy/ledger.hpp).
  if ((s.families & famKeptD) && meditate_barred(s, s.current)) return;
  out.push_back({OptKind::Meditate});
}

void apply_meditate(State& s, const Option&, Log log) {
  const int me = deciding_seat(s);
  destiny(s, me) += meditate_yield(s, me);  // RISING MARKET, FALLING MARKET
  --s.actions_left;
  emit(log, {EventKind::Meditate, int8_t(me)});
  open_response_window(s);
}

}  // namespace dt::detail
