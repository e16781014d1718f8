// Deck lists: a text format for decks, validation against the rules preset,
// and the decks built into the binary (cards/decks/*.deck).
//
// Format (docs/decks.md has the full list): one entry per line,
// "<quantity> <card name or DoomtrooperDB code>"; the quantity may be written
// "3", "3x", "3 x" or "x3" and defaults to 1. '#' and '//' start comments;
// blank lines are ignored. Names match case-insensitively and ignoring
// punctuation ("AC-40 JUSTIFIER" finds AC-40 "JUSTIFIER"). DoomtrooperDB's
// plain-text export reads as it is: its title and "Expansions:" lines, section
// headers ("Warriors", "Equipment (12)", "---- Inquisition ----") and the set
// names after card names ("3x SEA LION (Unlimited (Base Set))") are skipped.
// A "Side Board" header line starts the side board (gEngine: the 25-card pile
// that cards fetch from); "Main deck" goes back to the deck.
#pragma once

#include <cstdint>
#include <optional>
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
  bool side = false;  // listed in the side board
};

struct Deck {
  std::string name;
  std::string title;               // a DoomtrooperDB export's title line, if any
  std::vector<uint16_t> cards;     // expanded: one def index per card
  std::vector<DeckEntry> entries;  // as listed (deck and side board)
  std::vector<uint16_t> side_board;  // expanded; empty when the list has none
};

// One thing wrong with a deck list. line is 1-based; 0 means the deck as a
// whole (its size).
struct DeckProblem {
  int line = 0;
  std::string message;
  int unimplemented = 0;  // copies of a card the engine does not implement yet (0: another problem)
  std::string text() const;  // "line N: message", or just the message for line 0
};

// Reads a deck list, appending every malformed line and unknown card to
// `problems` (it does not stop at the first) and returning the cards it could
// read. Unknown names come with the nearest known name ("did you mean 'Y'?").
Deck read_deck(std::string_view text, const CardDb& db, std::string name,
               std::vector<DeckProblem>& problems);

// read_deck that throws std::runtime_error when any line is bad; the message
// lists every problem, one per line, each starting "line N: ".
Deck parse_deck(std::string_view text, const CardDb& db, std::string name);

// What makes a read deck illegal under `rules`, with the line of the entry
// at fault: too few cards (rules.min_deck_size), too many copies
// (rules.max_copies, or when that is 0 the card's own deck limit), cards the
// engine has not implemented (unless allow_unimplemented; a card whose printed
// text awaits the two-text audit is accepted, CardDef::audit_pending), Tribal
// warriors and Beasts under rules without Outposts, Warzones under rules
// without them, a side board that is not rules.side_board_size cards (deck
// limits apply to it on its own). Empty when the deck is legal.
std::vector<DeckProblem> deck_problems(const Deck& deck, const CardDb& db, const Rules& rules,
                                       bool allow_unimplemented);
// deck_problems as text (DeckProblem::text()).
std::vector<std::string> validate_deck(const Deck& deck, const CardDb& db, const Rules& rules,
                                       bool allow_unimplemented);

// A card by code, exact name (any case) or, failing those, by name ignoring
// punctuation and spacing. nullopt when nothing matches.
std::optional<uint16_t> lookup_card(std::string_view name_or_code, const CardDb& db);
// The known card name nearest to `query` by edit distance ("" when the
// database is empty or nothing is reasonably close).
std::string nearest_card_name(std::string_view query, const CardDb& db);
// Levenshtein distance (insertions, deletions, substitutions), for
// "did you mean" hints on card names, options and commands alike. With a
// `limit`, any distance beyond it comes back as limit + 1, and the work stops
// as soon as that is certain (a search for the nearest of many names passes
// the best distance so far, so long hopeless candidates cost little).
size_t edit_distance(std::string_view a, std::string_view b, size_t limit = SIZE_MAX);

// Decks compiled into the binary, by file name without ".deck".
std::vector<std::string> builtin_deck_names();
// The same names as one comma-separated list, for help texts and errors.
std::string builtin_deck_names_text();
// Parsed against builtin_cards(); throws listing the known names if unknown.
Deck builtin_deck(std::string_view name);

// The words load_deck_arg's message uses for the flag that accepts
// unimplemented cards; the Python module names its own keyword instead.
inline constexpr std::string_view kAllowUnimplementedFlag = "--allow-unimplemented";

// The problems as a person reads them: when cards are not implemented, one
// summary first ("32 of 60 cards, on 16 lines, are not implemented yet; 28
// would play") and the hint once; then every problem with its line (the
// first `shown`, and how many more).
std::string deck_problems_text(const std::vector<DeckProblem>& problems, const Deck& deck, size_t shown = 40);

// The one entry point for "--deck PRESET|FILE": a built-in deck name, else a
// path to a deck-list file. Reads it against `db` and validates it under
// `rules`; throws std::runtime_error naming the deck and listing every
// problem with its line (or the built-in names, for an unknown name).
Deck load_deck_arg(const std::string& preset_or_path, const CardDb& db, const Rules& rules,
                   bool allow_unimplemented);

}  // namespace dt
