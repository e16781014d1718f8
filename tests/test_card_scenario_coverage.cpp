// Issue 3's bar: every implemented card is exercised by at least one scenario.
// A card counts as exercised when a scenario file names it (by name or code) as
// a whole word, so "NECROMUTANT" is not satisfied by "NECROMUTANT CAPTAIN".
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "dt/card_loader.hpp"

namespace {

std::string upper(std::string s) {
  for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// All scenario text, upper case, one file after another.
std::string all_scenarios() {
  std::string text;
  for (const auto& e : std::filesystem::directory_iterator(DT_SCENARIO_DIR)) {
    if (e.path().extension() != ".scn") continue;
    std::ifstream in(e.path());
    std::stringstream ss;
    ss << in.rdbuf();
    text += upper(ss.str()) + "\n";
  }
  return text;
}

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-'; }

bool names_whole(const std::string& text, const std::string& word) {
  for (size_t p = text.find(word); p != std::string::npos; p = text.find(word, p + 1)) {
    const bool left = p == 0 || !is_word_char(text[p - 1]);
    const size_t end = p + word.size();
    const bool right = end >= text.size() || !is_word_char(text[end]);
    if (left && right) return true;
  }
  return false;
}

TEST(CardScenarioCoverage, WholeWordMatchIgnoresLongerNames) {
  EXPECT_TRUE(names_whole("KOHORT S0 NECROMUTANT AS @N", "NECROMUTANT"));
  EXPECT_FALSE(names_whole("KOHORT S0 NECROMUTANT-X AS @N", "NECROMUTANT"));
  EXPECT_FALSE(names_whole("SQUAD S0 SEA LIONS", "SEA LION"));
}

TEST(CardScenarioCoverage, EveryImplementedCardHasAScenario) {
  const std::string text = all_scenarios();
  ASSERT_FALSE(text.empty()) << "no scenario files in " << DT_SCENARIO_DIR;
  std::vector<std::string> missing;
  int implemented = 0;
  for (const dt::CardDef& d : dt::builtin_cards().all()) {
    if (!d.implemented) continue;
    ++implemented;
    if (!names_whole(text, upper(d.name)) && !names_whole(text, d.code)) missing.push_back(d.code + " " + d.name);
  }
  EXPECT_GT(implemented, 0);
  std::string list;
  for (const auto& m : missing) list += "\n  " + m;
  EXPECT_TRUE(missing.empty()) << missing.size() << " implemented card(s) appear in no scenario file:" << list;
}

}  // namespace
