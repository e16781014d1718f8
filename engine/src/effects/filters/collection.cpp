// The collection (gEngine "Side Board Pile"): a card text that reaches into a
// player's whole collection reaches its Side Board, the 25 cards a deck list
// names after its deck (docs/decks.md), under every preset: the classic
// rulebooks' COLLECTION has no bounds a program can hold, and the gEngine book
// defines the Side Board as the collection's stand-in.
#include "effects/filters/collection.hpp"

#include "internal.hpp"

namespace dt::detail {

void attach_from_collection(State& s, int seat, CardId warrior, CardId card, Log log) {
  if (card == kNoCard || s.card(card).zone != Zone::SideBoard || !is_warrior_in_play(s, warrior)) return;
  take_out(s, card);
  put_attached(s, card, warrior, seat);
  emit(log, {EventKind::Effect, int8_t(seat), warrior, card, int(Op::EnterPlay), -1});
}

}  // namespace dt::detail
