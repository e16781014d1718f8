// docs/rules-for-bots.md ends with a bot written from the primer alone; it
// must play a whole match as the document says it does: develop, attack,
// take its points.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "dt/deck.hpp"
#include "dt/rules.hpp"
#include "dtref/match.hpp"
#include "test_util.hpp"

namespace {

TEST(RulesPrimer, ItsFirstBotPlaysAWholeMatch) {
  std::ifstream in(std::string(DTREF_DOCS_DIR) + "/rules-for-bots.md");
  std::stringstream doc;
  doc << in.rdbuf();
  const std::string text = doc.str();
  const size_t start = text.find("```python\n");
  ASSERT_NE(start, std::string::npos) << "the primer lost its example bot";
  const size_t end = text.find("```", start + 10);
  const std::string path = dtref_test::temp_path("primer_bot.py");
  std::ofstream(path) << text.substr(start + 10, end - start - 10);

  dtref::MatchSpec s;
  s.match_id = "primer";
  s.bots = {{"", std::string("stdio:") + DTREF_PYTHON + " " + path}, {"", "builtin:random"}};
  s.decks = {dt::builtin_deck("corporate"), dt::builtin_deck("legion")};
  s.rules = dt::preset_gengine();
  s.seed = 1;
  s.clocks = {20000, 3000, 20000, 50};
  s.transcript_path = dtref_test::temp_path("primer.jsonl");
  const auto out = dtref::run_match(s);
  ASSERT_EQ(out.seats[0].verdict, dtref::Verdict::Ok) << out.seats[0].detail;
  EXPECT_NE(out.reason, "forfeit");
  int musters = 0, tactical = 0, points = 0;
  for (const std::string& l : dtref_test::read_lines(s.transcript_path)) {
    if (l.find("\"type\":\"decision\",\"seat\":0") == std::string::npos) continue;
    musters += l.find("\"text\":\"muster ") != std::string::npos;
    tactical += l.find("\"text\":\"attack ") != std::string::npos || l.find("\"text\":\"sabotage ") != std::string::npos;
    points += l.find("\"text\":\"points p=") != std::string::npos;
  }
  EXPECT_GT(musters, 0);
  EXPECT_GT(tactical, 0);
  EXPECT_GT(points, 0);
}

}  // namespace
