// Action prices of plays (see action_price.hpp).
#include "effects/costs/action_price.hpp"
#include "dt/action_prices.hpp"

#include <algorithm>

#include "areas.hpp"
#include "internal.hpp"

namespace dt::detail {

ActionPrice play_action_price(const State& s, int seat, CardId card) {
  const CardDef& d = s.def(card);
  ActionPrice out{std::max<int>(1, d.play ? d.play->actions : 1), false};
  if (!(s.families & famPlayPrice)) return out;
  int change = 0;
  bool frees = false;
  // A modifier on a warrior's attachment reads that warrior (its BEARER); one on a warrior reads itself.
  auto look = [&](CardId src, CardId subject) {
    if (s.card(src).hidden) return;
    for (const StaticMod& m : s.def(src).mods) {
      if (!m.play_price || !d.has_designation_text(m.play_price->designation)) continue;
      if (subject == kNoCard || !mod_filter_matches(s, m.who, subject, seat)) continue;
      change += m.play_price->actions;
      frees = frees || m.play_price->free_any_time;
    }
  };
  for (CardId w : s.seats[size_t(seat)].in_play) {
    if (!is_warrior_in_play(s, w)) continue;
    look(w, w);
    for (CardId a : attachments_of(s, w))
      if (s.card(a).controller == seat) look(a, w);
  }
  out.actions = std::max(0, out.actions + change);
  out.any_time = frees && out.actions == 0;
  return out;
}

}  // namespace dt::detail

namespace dt {

int play_actions_now(const State& s, int seat, CardId card) {
  const CardDef& d = s.def(card);
  if (!d.play || d.play->timing != Timing::Action || s.phase != Phase::Actions) return 0;
  return detail::play_action_price(s, seat, card).actions;
}

}  // namespace dt
