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
  // Built once and never destroyed: freeing two thousand 8 KB cards and their
  // strings at exit was a tenth of a short process's life (a bot started per
  // match, `dtref --version`; docs/performance.md, "Start-up"). It stays
  // reachable, so leak checkers do not report it.
  static const CardDb& db = *new CardDb([] {
    std::vector<std::pair<std::string, std::string_view>> files;
    for (size_t i = 0; i < embedded::kCompiledCardCount; ++i)
      files.emplace_back(embedded::kCompiledCards[i].name,
                         std::string_view(embedded::kCompiledCards[i].bytes, embedded::kCompiledCards[i].size));
    return load_compiled_cards(files, embedded::kCompiledCardVersion);
  }());
  return db;
}

}  // namespace dt
