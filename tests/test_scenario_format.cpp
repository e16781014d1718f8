// The scenario parser and runner, through their public API (dt/scenario.hpp):
// they must report malformed files precisely and must be able to fail.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "dt/card_loader.hpp"
#include "dt/scenario.hpp"

namespace {

using dt::scenario::ParseError;

const dt::CardDb& db() { return dt::builtin_cards(); }

const char* kGood = R"(# gEngine, "MEDITATE": one Destiny Point per meditate action
seat s0 d=2
squad s0 SEA LION as @sl
kohort s1 NECROMUTANT as @nec
hand s0 FIELD MARSHAL JOHNSTONE
draw s0 SEA LION x3
draw s1 NECROMUTANT x3
do meditate
expect d s0 3
expect legal attack @sl @nec shoot
)";

TEST(ScenarioFormat, GoodScenarioPasses) {
  auto sc = dt::scenario::parse(kGood, db(), "good.scn");
  EXPECT_EQ(sc.title, "gEngine, \"MEDITATE\": one Destiny Point per meditate action");
  auto r = dt::scenario::run(sc, db());
  EXPECT_TRUE(r.passed) << r.message;
}

TEST(ScenarioFormat, ParseErrorReportsTheLine) {
  const char* text = "# gEngine, \"MEDITATE\"\n"
                     "seat s0 d=2\n"
                     "\n"
                     "squad s0 SEA LION as @sl\n"
                     "frobnicate the warrior\n";
  try {
    dt::scenario::parse(text, db(), "bad.scn");
    FAIL() << "expected a ParseError";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.line(), 5);
    EXPECT_EQ(e.file(), "bad.scn");
    EXPECT_NE(std::string(e.what()).find("bad.scn:5:"), std::string::npos) << e.what();
    EXPECT_NE(e.message().find("frobnicate"), std::string::npos) << e.message();
  }
}

TEST(ScenarioFormat, BadSeatAndUnknownLabelAreParseErrors) {
  EXPECT_THROW(dt::scenario::parse("# t\nsquad s7 SEA LION\n", db()), ParseError);
  EXPECT_THROW(dt::scenario::parse("# t\nsquad s0 SEA LION as @sl\ndo attack @nope @sl fight\n", db()),
               ParseError);
  EXPECT_THROW(dt::scenario::parse("# t\nsquad s0 SEA LION as @sl\nsquad s1 CHEMIMAN as @sl\n", db()),
               ParseError);
}

TEST(ScenarioFormat, FirstLineMustCiteTheRulebook) {
  try {
    dt::scenario::parse("squad s0 SEA LION\n", db(), "x.scn");
    FAIL() << "expected a ParseError";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.line(), 1);
  }
}

TEST(ScenarioFormat, UnknownCardNameIsAnError) {
  const char* text = "# gEngine, \"MUSTER WARRIOR\"\n"
                     "hand s0 SEA LION\n"
                     "squad s1 NO SUCH WARRIOR as @x\n";
  try {
    dt::scenario::parse(text, db(), "cards.scn");
    FAIL() << "expected a ParseError";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.line(), 3);
    EXPECT_NE(e.message().find("NO SUCH WARRIOR"), std::string::npos) << e.message();
  }
}

TEST(ScenarioFormat, CardsByCode) {
  // 01273 is SEA LION's DoomtrooperDB code.
  auto sc = dt::scenario::parse("# t\nsquad s0 01273 as @sl\nexpect stat @sl a 4\n", db());
  auto r = dt::scenario::run(sc, db());
  EXPECT_TRUE(r.passed) << r.message;
}

TEST(ScenarioFormat, WrongExpectationFails) {
  std::string text = kGood;
  text += "expect d s0 99\n";  // line 11: deliberately wrong
  auto r = dt::scenario::run(dt::scenario::parse(text, db()), db());
  EXPECT_FALSE(r.passed);
  EXPECT_EQ(r.line, 11);
  EXPECT_EQ(r.message, "line 11: expected D of s0 = 99, got 3");
}

TEST(ScenarioFormat, IllegalDecisionFails) {
  std::string text = kGood;
  text += "do attack @nec @sl fight\n";  // s1's warrior on s0's turn
  auto r = dt::scenario::run(dt::scenario::parse(text, db()), db());
  EXPECT_FALSE(r.passed);
  EXPECT_EQ(r.line, 11);
  EXPECT_NE(r.message.find("expected 'attack @nec @sl fight' to be legal"), std::string::npos) << r.message;
}

TEST(ScenarioFormat, WrongLegalityFails) {
  std::string text = kGood;
  text += "expect illegal meditate\n";
  auto r = dt::scenario::run(dt::scenario::parse(text, db()), db());
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.message.find("to be illegal"), std::string::npos) << r.message;
}

TEST(ScenarioFormat, RunFileReportsParseErrors) {
  auto r = dt::scenario::run_file("/nonexistent/dir/none.scn", db());
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.message.find("parse error"), std::string::npos) << r.message;
}

TEST(ScenarioFormat, EveryShippedScenarioParses) {
  namespace fs = std::filesystem;
  int n = 0;
  for (const auto& e : fs::directory_iterator(DT_SCENARIO_DIR)) {
    if (e.path().extension() != ".scn") continue;
    ++n;
    EXPECT_NO_THROW(dt::scenario::parse_file(e.path().string(), db())) << e.path();
  }
  EXPECT_GE(n, 45);
}

}  // namespace

namespace {

// Issue 27: set-up that the preset forbids is no position of its game: a
// malformed scenario, with the line and the rule that forbids it.
std::string preset_error(const std::string& body) {
  try {
    dt::scenario::parse("# gEngine, \"SETTING UP\": a position\n" + body, db(), "x.scn");
  } catch (const ParseError& e) {
    return std::to_string(e.line()) + ": " + e.what();
  }
  return "";
}

TEST(ScenarioFormat, SetUpThePresetForbidsIsMalformed) {
  // 2nd ed plays its core book: no Outposts
  EXPECT_NE(preset_error("rules second-edition\noutpost s0 SEA LION\ndo pass\n").find("3: "), std::string::npos);
  EXPECT_NE(preset_error("rules second-edition\noutpost s0 SEA LION\ndo pass\n").find("no Outposts"), std::string::npos);
  EXPECT_NE(preset_error("rules first-edition\noutpost-opened\ndo pass\n").find("no Outposts"), std::string::npos);
  // 1st ed has no Cardinal's Gift, and its base set no Warzones
  EXPECT_NE(preset_error("rules first-edition\ngift\ndo keep\n").find("no Cardinal's Gift"), std::string::npos);
  EXPECT_NE(preset_error("rules first-edition\nsquad s0 VICTORIA\ndo pass\n").find("no Warzones"), std::string::npos);
  // a `set` line that turns the rule on makes it a position again; gEngine has them all
  EXPECT_EQ(preset_error("rules second-edition\nset outposts yes\noutpost s0 SEA LION\ndo pass\n"), "");
  EXPECT_EQ(preset_error("outpost s0 SEA LION\ngift\ndo keep\n"), "");
}

}  // namespace
