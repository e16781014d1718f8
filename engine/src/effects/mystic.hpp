// MYSTIC (gEngine): while another warrior casts a spell, its player may discard
// the MYSTIC to put 8 D into that spell, as if the caster spent them. The cast
// option names it (`cast c40 by c12 paying c5`, Option::d = its id + 1); the
// spell's price is paid from those 8 D first, the rest from the player's D.
// Offered only while the player has such a warrior in play.
#pragma once

#include "dt/game.hpp"
#include "dt/state.hpp"

namespace dt::detail {

inline constexpr DesigKey kGivesSpellD("DISCARDED FOR 8 D TO A SPELL");
constexpr int kMysticD = 8;

inline void set_mystic(Option& o, CardId mystic) {
  if (mystic != kNoCard) o.d = int16_t(mystic + 1);
}
// The cast's price: the MYSTIC it names (if any) is discarded and its D go first;
// returns what the player still pays.
int mystic_pays(State& s, const Option& o, int price);

}  // namespace dt::detail
