// The vocabulary card files may name, in one registry: keywords, designations
// the rules act on, designations with a parameter, words an effect's
// `designation` may carry, tags, and handlers. Each is one line of a list in
// dt/vocabulary/*.def (name, parameter, the file that implements it, what it
// does); docs/effects.md's list is generated from them, the card loader refuses
// a card that names anything else, and engine code names an entry through the
// constants of dt/designations.hpp and dt/handlers.hpp, never by its text (a
// test greps for it).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>


namespace dt {

enum class HandlerId : uint8_t;  // dt/handlers.hpp

enum class VocabKind : uint8_t { Keyword, Designation, Family, Word, Tag, Handler };
// A family's parameter: what the loader accepts between its prefix and suffix.
enum class VocabParam : uint8_t { None, Apostle, Corporation, Card, Number };

struct VocabEntry {
  VocabKind kind;
  std::string_view text;     // as card files write it; a family's prefix; a handler's name
  VocabParam param = VocabParam::None;
  std::string_view suffix;   // a family's text after the parameter
  std::string_view file;     // the file under engine/src/ that implements it ("" for a tag)
  std::string_view meaning;  // one line
  uint32_t keyword_bits = 0; // a keyword's bits of CardDef::keywords
};

// Every entry, keywords first, then designations, families, words, tags and handlers.
std::span<const VocabEntry> vocabulary();

std::string_view handler_name(HandlerId h);
std::optional<HandlerId> handler_by_name(std::string_view name);

// The keyword bits of a designation (upper case, trimmed); 0 when it is no keyword.
uint32_t keyword_bits(std::string_view designation);

// docs/effects.md's list of the vocabulary, as Markdown (a test holds the document to it).
std::string vocabulary_markdown();

}  // namespace dt
