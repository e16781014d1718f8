// Crafted files once crashed the readers (a transcript header with no decks
// divided by zero; more than 32,767 cards overflowed the 16-bit card ids;
// replay printed the JSON library's own exceptions). Each must now be a clear
// error naming its line, never a signal or a raw exception.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "dt/card_loader.hpp"
#include "dt/deck.hpp"
#include "dt/game.hpp"
#include "dt/scenario.hpp"
#include "dtref/transcript.hpp"
#include "test_util.hpp"

namespace {

dtref::ReplayReport replay(const std::string& text) {
  std::istringstream in(text);
  return dtref::replay_transcript(in, false);
}

std::string header(const std::string& decks, const std::string& rules = R"({"name":"gengine"})") {
  return R"({"type":"header","seed":1,"rules":)" + rules + R"(,"decks":)" + decks + "}\n";
}

std::string deck_of(size_t n) {
  std::string d = R"({"cards":[)";
  for (size_t i = 0; i < n; ++i) d += std::string(i ? "," : "") + "\"01273\"";
  return d + "]}";
}

TEST(Readers, ATranscriptHeaderWithoutDecksIsAnError) {
  for (const std::string& decks : {std::string("[]"), std::string("[") + deck_of(3) + "]"}) {
    const auto r = replay(header(decks) + "{}\n");
    EXPECT_FALSE(r.readable);
    EXPECT_EQ(r.problem, "line 1: \"decks\" must list 2 to 7 decks, one per seat");
  }
}

TEST(Readers, ATranscriptWithMoreCardsThanIdsIsAnError) {
  const auto r = replay(header("[" + deck_of(20000) + "," + deck_of(20000) + "]") + "{}\n");
  EXPECT_FALSE(r.readable);
  EXPECT_EQ(r.problem, "line 1: the decks hold more than 32767 cards, more than a game can");
}

TEST(Readers, WrongTypesInATranscriptAreNamedNotThrown) {
  const std::string decks = "[" + deck_of(60) + "," + deck_of(60) + "]";
  EXPECT_EQ(replay(R"({"type":"header","seed":"one","rules":{},"decks":[]})" "\n{}\n").problem,
            "line 1: \"seed\" must be a whole number of 0 or more");
  EXPECT_EQ(replay(header(decks, R"({"name":"gengine","opening_hand":"seven"})") + "{}\n").problem,
            "line 1: rules: \"opening_hand\" must be a whole number");
  EXPECT_EQ(replay(header(decks, R"({"name":"gengine","opening_hand":1000000000})") + "{}\n").problem,
            "line 1: rules: \"opening_hand\" must be from 0 to 1000");
  EXPECT_EQ(replay(header(decks, R"({"name":7})") + "{}\n").problem, "line 1: rules: \"name\" must be a string");
  EXPECT_EQ(replay(R"({"type":7})" "\n{}\n").problem, "line 1: \"type\" must be a string");
  const auto r = replay(header(decks) + R"({"type":"decision","seat":"zero","choice":0,"options":1})" "\n{}\n");
  EXPECT_TRUE(r.readable);
  EXPECT_EQ(r.problem, "line 2: \"seat\" must be a whole number");
  EXPECT_EQ(replay(header(decks) + R"({"type":"result","winner":[1]})" "\n{}\n").problem,
            "line 2: \"winner\" must be a whole number");
}

TEST(Readers, DeepOrHugeTranscriptLinesAreRefused) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_EQ(replay(deep + "\n{}\n").problem, "line 1: JSON nested deeper than 64 levels (at byte 64)");
  const std::string huge(17u << 20, 'x');
  EXPECT_EQ(replay(huge + "\n").problem, "line 1: longer than 16 MiB; not a transcript line");
}

TEST(Readers, TheEngineRefusesConfigurationsItCannotHold) {
  dt::GameConfig cfg;
  cfg.rules = dt::preset_gengine();
  EXPECT_NE(dtref_test::error_of([&] { dt::new_game(dt::builtin_cards(), cfg); }).find("2 to 7 decks"),
            std::string::npos);
  cfg.decks.assign(size_t(dt::kMaxSeats) + 1, std::vector<uint16_t>{0});  // one seat more than any table
  EXPECT_NE(dtref_test::error_of([&] { dt::new_game(dt::builtin_cards(), cfg); }).find("2 to 7 decks"),
            std::string::npos);
  cfg.decks = {std::vector<uint16_t>(20000, 0), std::vector<uint16_t>(20000, 0)};
  EXPECT_NE(dtref_test::error_of([&] { dt::new_game(dt::builtin_cards(), cfg); }).find("at most 32767"),
            std::string::npos);
  cfg.decks = {{0, 1}, {uint16_t(dt::builtin_cards().size())}};
  EXPECT_NE(dtref_test::error_of([&] { dt::new_game(dt::builtin_cards(), cfg); }).find("does not have"),
            std::string::npos);
}

TEST(Readers, AScenarioWithMoreCardsThanIdsIsAnError) {
  std::string text = "# too many cards\n";
  for (int i = 0; i < 2; ++i) text += "hand s0 SEA LION x30000\n";
  text += "expect p s0 0\n";
  const auto r = dt::scenario::run(dt::scenario::parse(text, dt::builtin_cards(), "big.scn"), dt::builtin_cards());
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.message.find("more than 32767 cards"), std::string::npos) << r.message;
  EXPECT_NE(dtref_test::error_of([&] { dt::scenario::parse("# too many\nhand s0 SEA LION x40000\n", dt::builtin_cards()); })
                .find("expected a count from x1 to x32767"),
            std::string::npos);
}

TEST(Readers, ADeckListOfMoreThanTwoThousandCardsIsAnError) {
  std::string text;
  for (int i = 0; i < 5; ++i) text += "1000 SEA LION\n";
  const std::string why = dtref_test::error_of([&] { dt::parse_deck(text, dt::builtin_cards(), "big"); });
  EXPECT_NE(why.find("line 3: the deck would hold more than 2000 cards"), std::string::npos) << why;
}

}  // namespace
