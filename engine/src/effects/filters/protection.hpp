// Cards that protect others from being discarded (Card.protects, docs/effects.md
// "Protected cards"): while the protector is in play, no card's effect discards
// (or, when it says so, annihilates) a card it protects: the card on which it sits
// (DEFENSIVE BARRIER, SUPERIOR QUALITY, REACTIVE ARMOR PLATES) or the cards of its
// player's combat area it names (SYMMETRY STONE). Prices are not effects: a card
// discarded to be used still goes, and a card leaves play with its base.
#pragma once

#include "dt/state.hpp"

namespace dt::detail {

// Would a card's effect that discards (annihilate: annihilates) card c be stopped now?
bool discard_protected(const State& s, CardId c, bool annihilate);

}  // namespace dt::detail
