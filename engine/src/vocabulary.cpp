// The registry of the vocabulary (dt/vocabulary.hpp): the entries of the lists
// in dt/vocabulary/*.def, looked up by the card loader and listed for the docs.
#include "dt/vocabulary.hpp"

#include "dt/cards.hpp"
#include "dt/handlers.hpp"

#include <iterator>

namespace dt {
namespace {

using K = VocabKind;
using P = VocabParam;

constexpr VocabEntry kEntries[] = {
#define DT_KEYWORD(id, text, bits, file, meaning) {K::Keyword, text, P::None, "", file, meaning, bits},
#include "dt/vocabulary/keywords.def"
#undef DT_KEYWORD
#define DT_DESIGNATION(id, text, file, meaning) {K::Designation, text, P::None, "", file, meaning, 0},
#include "dt/vocabulary/designations.def"
#undef DT_DESIGNATION
#define DT_FAMILY(id, prefix, param, suffix, file, meaning) {K::Family, prefix, P::param, suffix, file, meaning, 0},
#include "dt/vocabulary/families.def"
#undef DT_FAMILY
#define DT_WORD(id, text, file, meaning) {K::Word, text, P::None, "", file, meaning, 0},
#include "dt/vocabulary/words.def"
#undef DT_WORD
#define DT_TAG(text, meaning) {K::Tag, text, P::None, "", "", meaning, 0},
#include "dt/vocabulary/tags.def"
#undef DT_TAG
#define DT_HANDLER(name, file, meaning) {K::Handler, #name, P::None, "", file, meaning, 0},
#include "dt/vocabulary/handlers.def"
#undef DT_HANDLER
};

constexpr std::string_view kHandlerNames[] = {
    "",
#define DT_HANDLER(name, file, meaning) #name,
#include "dt/vocabulary/handlers.def"
#undef DT_HANDLER
};
static_assert(std::size(kHandlerNames) == size_t(HandlerId::Count));

std::string escape_pipes(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

std::string_view param_name(P p) {
  switch (p) {
    case P::Apostle: return "<APOSTLE>";
    case P::Corporation: return "<CORPORATION>";
    case P::Card: return "<CARD>";
    case P::Number: return "<N>";
    default: return "";
  }
}

}  // namespace

std::span<const VocabEntry> vocabulary() { return kEntries; }

std::string_view handler_name(HandlerId h) {
  return size_t(h) < std::size(kHandlerNames) ? kHandlerNames[size_t(h)] : std::string_view{};
}

std::optional<HandlerId> handler_by_name(std::string_view name) {
  if (name.empty()) return std::nullopt;
  for (size_t i = 1; i < std::size(kHandlerNames); ++i)
    if (kHandlerNames[i] == name) return HandlerId(i);
  return std::nullopt;
}

uint32_t keyword_bits(std::string_view designation) {
  for (const VocabEntry& e : kEntries)
    if (e.kind == K::Keyword && e.text == designation) return e.keyword_bits;
  return 0;
}

std::string vocabulary_markdown() {
  struct Section {
    K kind;
    std::string_view title, head;
  };
  static constexpr Section kSections[] = {
      {K::Keyword, "Keywords (`keywords.def`: bits of `CardDef::keywords`)", "| keyword | what it does | where |"},
      {K::Designation, "Designations the rules act on (`designations.def`)", "| designation | what it does | where |"},
      {K::Family, "Designations with a parameter (`families.def`)", "| designation | what it does | where |"},
      {K::Word, "Words an effect's `designation` may carry (`words.def`)", "| word | what it means | where |"},
      {K::Tag, "Tags (`tags.def`: groups that cards and filters name; a card's name counts too)", "| tag | the group | |"},
      {K::Handler, "Handlers (`handlers.def`: `op: HANDLER handler: \"name\"`)", "| handler | what it does | where |"},
  };
  std::string out;
  for (const Section& sec : kSections) {
    out.append("#### ").append(sec.title).append("\n\n").append(sec.head).append("\n|---|---|---|\n");
    for (const VocabEntry& e : kEntries) {
      if (e.kind != sec.kind) continue;
      std::string name(e.text);
      if (e.kind == K::Family) name = std::string(e.text) + std::string(param_name(e.param)) + std::string(e.suffix);
      out.append("| ").append(e.kind == K::Handler ? "`" + name + "`" : escape_pipes(name)).append(" | ");
      out.append(escape_pipes(e.meaning)).append(" | ");
      if (!e.file.empty()) out.append("`").append(e.file).append("`");
      out.append(" |\n");
    }
    out.append("\n");
  }
  return out;
}

}  // namespace dt
