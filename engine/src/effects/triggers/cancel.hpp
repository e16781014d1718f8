// Cancelling a Special card just played (gEngine YOUNG GUARD: discarded at any
// time to negate a Special just played; what was paid for it is lost). When a
// Special is played and another player controls such a warrior, that player
// is asked at once (a Choice: `choose c12` discards that warrior and cancels the
// card, `choose done` lets it be). Meanwhile the card's one-shot effects wait (a
// marker in State::lasting holds its target and purchases); a cancelled card is
// discarded as usual with no effect, a combat modifier's bonus is taken back.
// A Special in hand may cancel so too (gEngine MISCOMMUNICATION); one that
// CANCELS ANY CARD JUST PLAYED (printed MISCOMMUNICATION) is asked after any
// card played from hand: a warrior mustered, equipment, a fortification, a
// gift, a spell, a mission (a cancelled card in play is discarded).
// Without such cards nothing changes.
#pragma once

#include "dt/state.hpp"
#include "effects/effects.hpp"
#include "events.hpp"
#include "markers.hpp"

namespace dt::detail {

// A Special was just played by `seat` (its costs paid, the card placed): asks the
// players who could cancel it. `waits`: its effects are held until they answer.
// True when someone was asked.
bool offer_cancel(State& s, int seat, CardId card, Target t, int times, bool waits);
// Is this pending choice such a question?
bool is_cancel_choice(const State& s, const PendingChoice& ch);
void cancel_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_cancel_choice(State& s, const Option& o, Log log);
// The question is over (the choice has left the queue): if nobody cancelled, the held effects run.
void cancel_choice_done(State& s, const PendingChoice& ch, Log log);

}  // namespace dt::detail
