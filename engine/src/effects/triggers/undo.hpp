// Cancelling undoes (DAGGER OF SACRIFICE; every card that cancels a card's
// effects): a card just played keeps a record of what its one-shot effects
// changed (State::undo), so that cancelling it puts the game back: a changed
// Defender returns, a moved or discarded card goes back where it was, D and P
// taken or given are returned, its bonuses and markers end, its choices are
// dropped, and a card it left in play is discarded. A warrior its effects
// killed or discarded stays dead (its points were paid).
//
// The record is kept while the card may still be answered: until the next
// timing window closes (for a card played in combat's modification rounds,
// the rounds are one window). Answers that negate, reflect or redirect a card
// build on the same record: undo_card, then run the card's effects again on
// another target (effects.hpp run_effects).
#pragma once

#include <vector>

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// `card` was just played: it may be cancelled until the next window closes.
void note_played(State& s, CardId card);
// Was `card` played so recently that it may still be cancelled?
bool just_played(const State& s, CardId card);

// While one lives, what the game's cards, the seats' D and P and the combat's
// warriors change is recorded as `card`'s steps (the first change of each
// card only: putting it back restores it as it was before the card).
class UndoRecorder {
 public:
  UndoRecorder(State& s, CardId card);
  ~UndoRecorder();
  UndoRecorder(const UndoRecorder&) = delete;
  UndoRecorder& operator=(const UndoRecorder&) = delete;

 private:
  State& s_;
  CardId card_;
  std::vector<CardInst> cards_;
  std::vector<int16_t> index_;    // each card's place in its pile
  std::vector<int> pool_, promotion_;
  CardId attacker_, defender_;
  std::vector<uint8_t> table_;  // the turn order (NOTHING IS SACRED, CHANGE IN MOMENTUM)
  int8_t order_;
};

// Cancels `card`'s effects: everything its steps recorded is put back, its
// combat bonuses, markers and pending choices go, and the card leaves play if
// it stayed. Its record is used up.
void undo_card(State& s, CardId card, Log log);

// A window closed: the cards played before it may no longer be cancelled.
void forget_played(State& s);

}  // namespace dt::detail
