// See strafe.hpp.
#include "effects/attacks/strafe.hpp"

#include <vector>

#include "internal.hpp"

namespace dt::detail {

void strafe(State& s, int seat, CardId source, CardId t, bool printed, Log log) {
  if (!is_warrior_in_play(s, t)) return;
  const bool never_in_cover = !s.rules.seek_cover || (keywords(s, t) & kwNoCover);
  Effect e;
  e.who = Who::Target;
  if (s.card(t).cover || (never_in_cover && !printed)) e.op = Op::KillAwarded;
  else if (!never_in_cover) e.op = Op::Cover;
  else return;  // printed: a warrior never in cover is not harmed
  const std::vector<Effect> fx{e};
  run_effects(s, seat, source, bearer_of(s, source), Target{t, -1, -1, kNoCard}, 1, fx, log, nullptr);
}

}  // namespace dt::detail
