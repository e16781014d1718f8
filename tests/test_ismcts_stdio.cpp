// dtbot-ismcts: the search bot as a stdio program. It asks for the protocol's
// "state" feature, rebuilds the engine's position from each request and
// searches it; its answer's comment says how it decided ("search", or
// "observation: <why not>").
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "dt/deck.hpp"
#include "dt/rules.hpp"
#include "dtref/match.hpp"
#include "test_util.hpp"

namespace {

struct Played {
  dtref::MatchOutcome out;
  int searched = 0, other = 0;
  std::string first_other;
};

Played play(const dt::Rules& rules, const std::string& deck0, const std::string& deck1, uint64_t seed) {
  dtref::MatchSpec s;
  s.match_id = "ismcts-stdio";
  // Few iterations: this checks that the search runs over the wire, not its strength.
  s.bots = {{"", std::string("stdio:") + DTBOT_ISMCTS_BIN + " 7 iters=20"}, {"", "builtin:greedy"}};
  s.decks = {dt::builtin_deck(deck0), dt::builtin_deck(deck1)};
  s.rules = rules;
  s.seed = seed;
  s.policy = dtref::Policy::Dev;
  s.transcript_path = dtref_test::temp_path("ismcts_stdio.jsonl");
  s.sandbox.isolation = dtref::Isolation::Off;
  Played p;
  p.out = dtref::run_match(s);
  for (const std::string& line : dtref_test::read_lines(s.transcript_path)) {
    const auto j = nlohmann::json::parse(line, nullptr, false);
    if (!j.is_object() || j.value("type", "") != "decision" || j.value("seat", -1) != 0) continue;
    const std::string comment = j.value("comment", "");
    if (comment == "search") {
      ++p.searched;
    } else {
      ++p.other;
      if (p.first_other.empty()) p.first_other = comment;
    }
  }
  return p;
}

void expect_searched_throughout(const Played& p) {
  ASSERT_FALSE(p.out.voided) << p.out.void_reason;
  EXPECT_EQ(p.out.seats[0].verdict, dtref::Verdict::Ok) << p.out.seats[0].detail;
  EXPECT_NE(p.out.reason, "forfeit");
  EXPECT_GT(p.searched, 30);
  EXPECT_EQ(p.other, 0) << "decided without the search: " << p.first_other;
}

TEST(IsmctsStdio, PlaysAWholeMatchSearchingThePositionItRebuilds) {
  expect_searched_throughout(play(dt::preset_gengine(), "corporate", "legion", 11));
}

TEST(IsmctsStdio, RebuildsPositionsUnderSecondEditionRulesToo) {
  // Printed card texts and warriors mustered face down into cover.
  expect_searched_throughout(play(dt::preset_second_edition(), "brotherhood", "capitol", 12));
}

}  // namespace
