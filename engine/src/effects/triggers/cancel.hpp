// Answering a card just played (Card::answers; gEngine YOUNG GUARD, MISCOMMUNICATION,
// FIZZLE, FAULTY SUPPLIES). When a card is played from hand and another player
// holds a card whose `answers` fits it (a Special in hand, or a card in play:
// a warrior, an attachment), that player is asked at once (a Choice:
// `choose c12` answers with that card, `choose done` lets it be). Meanwhile the
// card's one-shot effects wait (a marker in State::lasting holds its target and
// purchases). A negated card is discarded as usual with no effect, a combat
// modifier's bonus is taken back, a card left in play is discarded; what was
// paid for it is lost. Without such cards nothing changes.
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
