// Warriors swapped (docs/effects.md "Warriors swapped"): a PUT_INTO_PLAY whose
// `replace` names a warrior in play puts the warrior it fetches (from the draw
// pile, the hand, the collection: any pile a Choice or a target reaches) in
// that warrior's place: into its combat area when the new one may stand there
// (else where a Muster would put it), under the card's player; the one replaced
// is annihilated or discarded (no kill, no points), and with
// `keeps_attachments` the cards on it first move onto the new warrior where it
// may hold them, the rest going with it. TEKRON, TRANSFIGURATION, MASTER OF
// DISGUISE, IMMACULATE SPAWN. The price (the new warrior's V) is its pile's.
#pragma once

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// The warrior in play an effect's `replace` names (the card's target or its user), or kNoCard.
CardId replaced_warrior(const State& s, const Effect& e, CardId user, CardId target);
// Where warrior c, put into `seat`'s play in place of `old`, stands.
Area replacing_area(const State& s, int seat, CardId c, CardId old);
// Carries the swap out: c (not in play yet) takes old's place.
void swap_in(State& s, int seat, CardId source, CardId c, CardId old, const ReplaceSpec& r, Log log);
// Might warrior w hold card a, were a given to it anew (its GIVE TO, a gift's
// level, a Ki Power's Mishima, a Special's or mission's target)? The card is
// looked at as if it lay in its owner's hand, whatever it sits on now.
bool may_hold_anew(const State& s, CardId a, CardId w);

}  // namespace dt::detail
