// gEngine "STEP TWO: ACTIONS": up to three actions, at most one of them
// Tactical and none in a player's first turn. The options are listed in a
// fixed order (bots that choose by index rely on it): pass, meditate, what
// each card in hand allows, cover, cards and abilities, then the Tactical
// actions.
#include "internal.hpp"

namespace dt::detail {

void action_options(const State& s, std::vector<Option>& out) {
  const std::vector<CardId> mine = own_warriors(s, s.current);
  if (forced_exit_cover(s, mine, out)) return;
  out.push_back({OptKind::Pass});
  meditate_options(s, out);
  for (CardId c : s.seats[s.current].hand) {
    muster_options(s, c, out);
    equip_options(s, c, mine, out);
    bestow_options(s, c, mine, out);
    build_options(s, c, out);
  }
  cover_options(s, mine, out);
  effect_options(s, s.current, out);
  // Tactical actions: none in a player's first turn, one per turn (the Dark
  // Legion player of 1st ed option 4 attacks as often as it has actions).
  if (s.seats[s.current].turns_taken <= 1) return;
  if (!s.tactical_used || free_attacks(s, s.current)) attack_options(s, mine, out);
  if (!s.tactical_used) sabotage_options(s, mine, out);
}

}  // namespace dt::detail
