// Card files -> dt::CardDb. The files are dtref.cards.CardSet messages in
// protobuf text format (schema: protocol/dtref/cards.proto); the built-in set
// is compiled into this library, so nothing is read from disk at run time.
#pragma once

#include <string>
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

// Keyword bit for one designation string (upper case, as in the card files);
// 0 when the designation has no core-rules meaning. FIRST STRIKE gives both
// FIRST STRIKE bits.
uint32_t keyword_for_designation(std::string_view designation);

}  // namespace dt
