// A warrior with another card's abilities (docs/effects.md "Borrowed abilities"): PLAGIARIZE's warrior has those
// printed on the warrior picked as it is bestowed, while the gift stays; PANIC BUTTON's combatant those of its
// reinforcement, for the combat; under THE FIRST AMENDMENT a warrior considered another card (a designation that is
// another warrior card's name) those of that card while a copy of it is in play; EMBASSY, a card lying before its
// player, takes a Fortification's effects (its protection too) as if its player had built it in that kind of area.
//
// What is lent is what a text switched off would take (effects/modifiers/text_off.hpp): keywords and designations
// but what says what the card is (its name, PERSONALITY, its side, BEAST ...), modifiers, abilities, triggers,
// spells, answers and the card's rules in play; never its ratings. The warrior's CardInst::def becomes a card made
// of its own text and the lent ones, made once in the game's own copy of the card table (State::local_db), so every
// rule reads it as one card; a marker kBorrowedText per lending keeps the warrior's own def. A lending that ends
// remakes the card from those left, or gives the warrior its own def back. Only a game holding such a card looks
// (fam2BorrowedText, fam2ConsideredAbilities).
#pragma once

#include "dt/state.hpp"

namespace dt::detail {

// How long a lending lasts (the marker's `times`).
enum class LentFor : int16_t { SourceInPlay = 0, Combat = 1, Considered = 2 };

// `w` has the abilities printed on `model`'s card, lent by `source`, for as long as `until` says.
void borrow_text(State& s, CardId source, CardId w, CardId model, LentFor until);
// `c` leaves play: a warrior is itself again, and what it lent as a source ends.
void borrowing_leaves_play(State& s, CardId c);
// The combat is over: what was lent for it ends.
void combat_lendings_over(State& s);
// THE FIRST AMENDMENT: each warrior in play has the abilities of the cards it is considered, while one is in play.
void refresh_considered(State& s);

}  // namespace dt::detail
