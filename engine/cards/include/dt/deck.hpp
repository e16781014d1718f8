// Deck lists: a text format for decks, validation against the rules preset,
// and the decks built into the binary (cards/decks/*.deck).
//
// Format: one entry per line, "<quantity> <card name or code>"; the quantity
// may carry an x ("3x SEA LION") and defaults to 1. '#' starts a comment;
// blank lines are ignored. Names are matched case-insensitively.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "dt/cards.hpp"
#include "dt/rules.hpp"

namespace dt {

struct DeckEntry {
  uint16_t def;  // index into the CardDb
  int count;
  int line;      // 1-based line in the deck text
};

struct Deck {
  std::string name;
  std::vector<uint16_t> cards;     // expanded: one def index per card
  std::vector<DeckEntry> entries;  // as listed
};

// Throws std::runtime_error("line N: ...") on a malformed line or an unknown
// card, suggesting the nearest card name ("did you mean 'Y'?").
Deck parse_deck(std::string_view text, const CardDb& db, std::string name);

// Human-readable problems; empty when the deck is legal: too few cards
// (rules.min_deck_size), too many copies (rules.max_copies, or when that is 0
// the card's own deck limit), cards the engine has not implemented (unless
// allow_unimplemented).
std::vector<std::string> validate_deck(const Deck& deck, const CardDb& db, const Rules& rules,
                                       bool allow_unimplemented);

// Decks compiled into the binary, by file name without ".deck".
std::vector<std::string> builtin_deck_names();
// Parsed against builtin_cards(); throws listing the known names if unknown.
Deck builtin_deck(std::string_view name);

}  // namespace dt
