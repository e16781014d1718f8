// ATTACK PREDICTION (gEngine "5) MODIFY COMBAT RATINGS"): the cards played so far in the combat have no effect.
// Each one's undo record (kept until the modification rounds close) puts back what it changed; the card's
// END_COMBAT then ends the combat itself.
#include "combat/cancelled.hpp"

#include <algorithm>
#include <vector>

#include "effects/triggers/undo.hpp"
#include "internal.hpp"

namespace dt::detail {

void cancel_combat_cards(State& s, CardId source, Log log) {
  if (!s.combat.active) return;
  std::vector<CardId> played;
  for (const UndoStep& u : s.undo)
    if (u.source != kNoCard && u.source != source && std::find(played.begin(), played.end(), u.source) == played.end())
      played.push_back(u.source);
  for (auto it = played.rbegin(); it != played.rend(); ++it) undo_card(s, *it, log);  // the last played first
}

}  // namespace dt::detail
