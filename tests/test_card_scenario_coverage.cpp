// Issue 3's bar: every implemented card is exercised by at least one scenario
// (issue 12: under each of its texts).
// A card counts as exercised when a scenario file names it (by name or code) as
// a whole word, so "NECROMUTANT" is not satisfied by "NECROMUTANT CAPTAIN".
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "dt/card_loader.hpp"
#include "dt/scenario.hpp"

namespace {

std::string upper(std::string s) {
  for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// All scenario text, upper case, one file after another: [0] the files that
// play the gEngine texts, [1] those that play the printed texts.
std::array<std::string, 2> all_scenarios() {
  std::array<std::string, 2> text;
  for (const auto& e : std::filesystem::directory_iterator(DT_SCENARIO_DIR)) {
    if (e.path().extension() != ".scn") continue;
    std::ifstream in(e.path());
    std::stringstream ss;
    ss << in.rdbuf();
    const auto sc = dt::scenario::parse(ss.str(), dt::builtin_cards(), e.path().string());
    const bool printed = dt::scenario::scenario_rules(sc).card_text == dt::CardText::Printed;
    text[printed ? 1 : 0] += upper(ss.str()) + "\n";
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

// Issue 12: an implemented card is tested under each of its texts; one whose
// printed text plays differently needs a scenario under a classic preset too.
TEST(CardScenarioCoverage, EveryImplementedCardHasAScenario) {
  const auto text = all_scenarios();
  ASSERT_FALSE(text[0].empty()) << "no gEngine scenario files in " << DT_SCENARIO_DIR;
  std::vector<std::string> missing;
  int implemented = 0;
  auto named = [](const std::string& t, const dt::CardDef& d) {
    return names_whole(t, upper(d.name)) || names_whole(t, d.code);
  };
  for (const dt::CardDef& d : dt::builtin_cards().all()) {
    if (!d.implemented) continue;
    ++implemented;
    if (!named(text[0], d)) missing.push_back(d.code + " " + d.name + " (gEngine text)");
    if (d.texts_differ && !named(text[1], d)) missing.push_back(d.code + " " + d.name + " (printed text)");
  }
  EXPECT_GT(implemented, 0);
  std::string list;
  for (const auto& m : missing) list += "\n  " + m;
  EXPECT_TRUE(missing.empty()) << missing.size()
                               << " implemented card text(s) appear in no scenario file of that text "
                                  "(printed: a file with `rules second-edition` or `set card_text printed`):"
                               << list;
}

}  // namespace
