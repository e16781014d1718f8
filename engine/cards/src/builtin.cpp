// The cards compiled into the binary: read from the build's compiled form
// (embedded_cards.hpp, written by tools/cardc.cpp), the text kept for the
// checks that read the data as written.
#include "dt/card_loader.hpp"
#include "embedded.hpp"
#include "embedded_cards.hpp"

namespace dt {

std::vector<CardFieldList> builtin_card_fields() {
  std::vector<std::pair<std::string, std::string>> files;
  for (size_t i = 0; i < embedded::kCardFileCount; ++i)
    files.emplace_back(embedded::kCardFiles[i].name, embedded::kCardFiles[i].content);
  return card_fields(files);
}

const CardDb& builtin_cards() {
  static const CardDb db = [] {
    std::vector<std::pair<std::string, std::string_view>> files;
    for (size_t i = 0; i < embedded::kCompiledCardCount; ++i)
      files.emplace_back(embedded::kCompiledCards[i].name,
                         std::string_view(embedded::kCompiledCards[i].bytes, embedded::kCompiledCards[i].size));
    return load_compiled_cards(files, embedded::kCompiledCardVersion);
  }();
  return db;
}

}  // namespace dt
