// Every fuzz target's seed corpus and every input that once crashed it
// (fuzz/corpus/<target>/, fuzz/regressions/<target>/), replayed through the
// same entry as the fuzzer (fuzz/entries.hpp), so a fixed crash stays fixed
// in the normal suite, with or without sanitizers.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "entries.hpp"

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> inputs_of(const std::string& kind, const std::string& target) {
  std::vector<fs::path> out;
  const fs::path dir = fs::path(DTREF_FUZZ_DIR) / kind / target;
  if (fs::is_directory(dir))
    for (const auto& e : fs::directory_iterator(dir))
      if (e.is_regular_file()) out.push_back(e.path());
  return out;
}

void replay(const std::string& kind) {
  for (const auto& t : dtref::fuzz::targets()) {
    const auto files = inputs_of(kind, t.name);
    if (kind == "corpus") {
      EXPECT_FALSE(files.empty()) << "no seed corpus for " << t.name;
    }
    for (const fs::path& f : files) {
      SCOPED_TRACE(f.string());
      std::ifstream in(f, std::ios::binary);
      const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      EXPECT_NO_THROW(t.entry(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
    }
  }
}

TEST(FuzzInputs, SeedCorporaReadWithoutFault) { replay("corpus"); }
TEST(FuzzInputs, InputsThatOnceCrashedAreHandled) { replay("regressions"); }

}  // namespace
