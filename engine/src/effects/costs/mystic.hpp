// MYSTIC (gEngine): while another warrior casts a spell, its player may discard
// the MYSTIC to put its D (8, the card's `spell_fund`) into that spell, as if
// the caster spent them.
// - A MYSTIC of the caster's own player: the cast option names it
//   (`cast c40 by c12 paying c5`, Option::mystic); the spell's price is
//   paid from those 8 D first, the rest from the player's D.
// - A MYSTIC of another player (a team-mate, an opponent): as the spell is cast
//   (its price paid), each other player with such a warrior that could pay
//   (neither the caster nor the spell's target) is asked in turn: `choose c5`
//   discards it, `choose done` declines. Its D go first: a "for every X D"
//   spell takes as many more purchases as its D now buy, and the caster's
//   player gets back what the MYSTICs' D paid instead. The spell's effects
//   wait for the answers (a kMysticAsked marker holds the cast).
// Offered only while such a warrior is in play, so other games are unchanged.
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// The D warrior m gives toward `spell` when discarded as it is cast (0: none).
inline int spell_fund(const State& s, CardId m, CardId spell) {
  const SpellFund& f = s.def(m).spell_fund;
  return f.d > 0 && s.def(spell).type == f.kind ? f.d : 0;
}

inline void set_mystic(Option& o, CardId mystic) {
  o.mystic = mystic;
}
// The cast's price: the MYSTIC it names (if any) is discarded and its D go first;
// returns what the player still pays.
int mystic_pays(State& s, const Option& o, int price);
// The cast `o` by `seat` was just paid (`paid`: its player's own D): asks the
// next other player whose MYSTIC could give it D. True if asked (the effects wait).
bool offer_mystic(State& s, int seat, const Option& o, int paid);
bool is_mystic_choice(const State& s, const PendingChoice& ch);
void mystic_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_mystic_choice(State& s, const Option& o, Log log);
// An answer given: the next player is asked, or the spell's effects run.
void mystic_choice_done(State& s, const PendingChoice& ch, Log log);

}  // namespace dt::detail
