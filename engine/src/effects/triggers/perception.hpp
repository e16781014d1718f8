// A card taken out of a pile by a search, and the cards that answer it
// (POWER OF PERCEPTION): see perception.cpp.
#pragma once

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// A card left its owner's Side Board (the collection): every such move is a search.
void note_collection_search(State& s, CardId c);
// A card's effect picked `c` out of its owner's draw or discard pile (it was in
// `before` and is no longer there): a pick, not an ordinary draw.
void note_pile_pick(State& s, CardId c, Zone before);
// May `seat` use the abilities of card `d` now? Only a card that ANSWERS A
// COLLECTION SEARCH / ANSWERS AN OPPONENT'S PILE PICK needs such a card taken
// since the last window closed.
bool search_answer_open(const State& s, int seat, const CardDef& d);
// A card taken is marked (some card in play could answer it): a window is due.
bool taken_card_waits(const State& s);
// OH YEAH?! (ANSWERS A PILE SEARCH): has a card just been picked out of its owner's draw or discard pile into that
// owner's hand? Such a pick is marked only while some hand holds such a Special.
bool pile_search_answerable(const State& s);
// Handler `swap_searched`: that card goes to the bottom of its pile, and a card of the pile drawn at random goes to
// the hand in its place.
void swap_searched(State& s, CardId source, Log log);
// Handler `annihilate_searched`: the card last taken that `source` answers is
// annihilated, wherever it went, and no one is shown which it was.
void annihilate_searched(State& s, int seat, CardId source, Log log);

}  // namespace dt::detail
