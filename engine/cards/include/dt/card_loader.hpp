// Card files -> dt::CardDb. The files are dtref.cards.CardSet messages in
// protobuf text format (schema: protocol/dtref/cards.proto); the built-in set
// is compiled into this library, so nothing is read from disk at run time.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dt/cards.hpp"

namespace dt {

// The cards compiled into the binary: parsed once, then cached. version is a
// stable hash of the embedded card text.
const CardDb& builtin_cards();

// Parses card files given as (file name, content) pairs, in order. Throws
// std::runtime_error("file:line: message") on a syntax error, an unknown
// field or enum value, a duplicate code or a missing name/code.
CardDb load_card_text(const std::vector<std::pair<std::string, std::string>>& files);

// The build's card compiler (engine/cards/tools/cardc.cpp): card files given as
// text, every check of load_card_text passed, each file's CardSet in protobuf
// binary form with the text's version. At run time the built-in cards are
// read from that form (load_compiled_cards), which skips the text parser, the
// field locations and the name checks: a process starts faster.
struct CompiledCards {
  std::vector<std::pair<std::string, std::string>> files;  // (file name, binary CardSet)
  std::string version;                                     // load_card_text's version of the text
};
CompiledCards compile_card_text(const std::vector<std::pair<std::string, std::string>>& files);
CardDb load_compiled_cards(const std::vector<std::pair<std::string, std::string_view>>& files,
                           const std::string& version);

// Every field a card sets, for each of its two texts, flattened for checks that
// read the data as written (tests/test_card_lint.cpp): one (path, value) per
// leaf, e.g. ("ability.effect.amount", "2"), enum values by name, flags as
// "true". fields[0] is the gEngine card, fields[1] the printed card (the
// gEngine one with the `printed` block's changes and clears).
struct CardFieldList {
  std::string code;
  std::vector<std::pair<std::string, std::string>> fields[2];
};
std::vector<CardFieldList> card_fields(const std::vector<std::pair<std::string, std::string>>& files);
// The same for the cards compiled into the binary.
std::vector<CardFieldList> builtin_card_fields();

// Keyword bit for one designation string (upper case, as in the card files);
// 0 when the designation has no core-rules meaning. FIRST STRIKE gives both
// FIRST STRIKE bits.
uint32_t keyword_for_designation(std::string_view designation);

}  // namespace dt
