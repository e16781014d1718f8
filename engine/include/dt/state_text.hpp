// A game position as one seat may know it, as text: how a search bot outside
// the referee's process gets the engine's state (the "state" feature of the
// bot protocol, docs/protocol.md).
//
// The text holds every field of the State (rules, cards, piles, the window,
// the combat, pending awards, lasting bonuses) except what the seat must not
// learn: the random stream is left out, every draw pile is listed in card id
// order (ids say nothing about the cards: the deal numbers them at random),
// and the card behind every id the seat's Knowledge does not know is left out
// ("?"). So it tells the seat no more than dt::determinize would use of the
// true state for that seat; the one thing it lacks is the other seats' deck
// lists, which a bot supplies itself (fill_unknown_cards).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dt/determinize.hpp"

namespace dt {

std::string state_to_text(const State& s, const Knowledge& k);

// What a seat gets back from the text: the position with each unknown card's
// def set to kUnknownDef, and the Knowledge it was written with.
inline constexpr uint16_t kUnknownDef = 0xFFFF;
struct SeatPosition {
  State state;
  Knowledge knowledge;
};
// Nullopt (and a reason in *error) for text that is malformed, out of bounds
// or names cards `db` does not have; never throws.
std::optional<SeatPosition> state_from_text(std::string_view text, const CardDb& db, std::string* error);

// Gives every unknown card of seat j a def drawn from decks[j] (card defs,
// one entry a copy) less the cards of j already known; a face-down card in
// play gets a warrior. When the list runs short (a guessed deck), copies of
// its cards are used again. After this the position is a complete State for
// dt::determinize, which then redraws the unknown cards as it does for any
// state. decks[j] may be empty for a seat with no unknown cards.
void fill_unknown_cards(State& s, const std::vector<std::vector<uint16_t>>& decks, Rng& rng);

}  // namespace dt
