// See coin_duel.hpp.
#include "effects/warriors/coin_duel.hpp"

#include "dt/handlers.hpp"
#include "internal.hpp"

namespace dt::detail {

static bool same_v_pair(const State& s, CardId t, CardId x) {
  if (t == kNoCard || x == t || !is_warrior_in_play(s, t) || !is_warrior_in_play(s, x)) return false;
  return stats(s, x).v == stats(s, t).v;
}

bool coin_duel_pick_ok(const State& s, const std::vector<Effect>& on_pick, CardId t, CardId x) {
  return !has_handler(on_pick, HandlerId::coin_duel) || same_v_pair(s, t, x);
}

void coin_duel(State& s, int seat, CardId source, CardId picked, Log log) {
  if (s.choices.empty() || s.choices.front().source != source) return;
  const CardId t = s.choices.front().target;
  if (!same_v_pair(s, t, picked)) return;
  Effect lose_picked, lose_target, flip;
  lose_picked.op = lose_target.op = Op::Discard;
  lose_picked.who = Who::Picked;
  lose_target.who = Who::Target;
  flip.op = Op::CoinFlip;
  flip.if_heads = {lose_picked};
  flip.if_tails = {lose_target};
  const std::vector<Effect> fx{flip};
  run_effects(s, seat, source, kNoCard, Target{t, -1, -1, kNoCard}, 1, fx, log, nullptr, picked);
}

}  // namespace dt::detail
