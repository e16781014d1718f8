// Matches of three to seven seats through the referee: every style plays to a
// ranked result whose transcript replays exactly, a seat that forfeits leaves
// and the others play on, and hello tells each seat the table it sits at.
// The rules of the styles are checked by the scenarios (180-199); here, what
// the referee does with them.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "dt/deck.hpp"
#include "dt/rules.hpp"
#include "dtref/bot_start.hpp"
#include "dtref/match.hpp"
#include "dtref/transcript.hpp"
#include "test_util.hpp"

namespace {

using dtref_test::read_lines;
using dtref_test::temp_path;

// A table of built-in bots (greedy and random taking turns) playing `style`.
dtref::MatchSpec table(int seats, dt::Style style, uint64_t seed, const std::string& transcript = "") {
  dtref::MatchSpec s;
  s.match_id = "multi";
  const char* decks[] = {"corporate", "legion", "capitol", "mishima", "bauhaus", "imperial", "cybertronic"};
  if (style == dt::Style::CartelVsLegion) {
    for (const char* d : {"bauhaus", "capitol", "cybertronic", "imperial", "mishima", "brotherhood", "legion"})
      s.decks.push_back(dt::builtin_deck(d));
  } else {
    for (int i = 0; i < seats; ++i) s.decks.push_back(dt::builtin_deck(decks[i]));
  }
  for (int i = 0; i < seats; ++i) s.bots.push_back({"", (i + int(seed)) % 2 ? "builtin:random" : "builtin:greedy"});
  s.rules = dt::preset_gengine();
  EXPECT_EQ(dt::apply_style(s.rules, style, seats), "");
  s.seed = seed;
  s.transcript_path = transcript;
  s.sandbox.isolation = dtref::Isolation::Off;
  return s;
}

// Places are 1..n, the best place is taken, and a seat with more P (on a
// side of its own) never ranks below one with less.
void expect_ranked(const dtref::MatchOutcome& out) {
  ASSERT_FALSE(out.voided) << out.void_reason;
  int best = 99;
  for (const auto& so : out.seats) {
    EXPECT_GE(so.place, 1);
    EXPECT_LE(so.place, int(out.seats.size()));
    best = std::min(best, so.place);
  }
  EXPECT_EQ(best, 1);
}

TEST(MultiplayerMatch, EveryStyleAtEachSeatCountPlaysToAVerifiedTranscript) {
  struct Case {
    int seats;
    dt::Style style;
  };
  const Case cases[] = {{3, dt::Style::FreeForAll},     {4, dt::Style::FreeForAll}, {5, dt::Style::PrimaryTargets},
                        {4, dt::Style::Teams},          {6, dt::Style::Teams},      {7, dt::Style::CartelVsLegion}};
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(dt::to_string(c.style)) + " at " + std::to_string(c.seats));
    const std::string p = temp_path("style" + std::to_string(c.seats) + std::string(dt::to_string(c.style)) + ".jsonl");
    const dtref::MatchOutcome out = dtref::run_match(table(c.seats, c.style, 3, p));
    ASSERT_EQ(out.seats.size(), size_t(c.seats));
    expect_ranked(out);
    EXPECT_NE(out.reason, "forfeit");
    const auto rep = dtref::replay_transcript(p, false);
    EXPECT_TRUE(rep.verified) << rep.problem;
    EXPECT_TRUE(rep.complete);
    EXPECT_EQ(rep.decisions, out.decisions);
  }
}

TEST(MultiplayerMatch, AWinningTeamSharesFirstPlace) {
  // gEngine "Multi-Player Games", option 3: the team wins together.
  int team_wins = 0;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    const dtref::MatchOutcome out = dtref::run_match(table(4, dt::Style::Teams, seed));
    expect_ranked(out);
    EXPECT_EQ(out.seats[0].team, out.seats[1].team);
    EXPECT_NE(out.seats[0].team, out.seats[2].team);
    if (out.winning_team < 0) continue;
    ++team_wins;
    EXPECT_EQ(out.winner, -1) << "a team of two won: no single winning seat";
    for (const auto& so : out.seats) EXPECT_EQ(so.place == 1, so.team == out.winning_team) << so.name;
  }
  EXPECT_GT(team_wins, 0);
}

TEST(MultiplayerMatch, AFaultingSeatLeavesAndTheOthersPlayOn) {
  const std::string p = temp_path("leave3.jsonl");
  dtref::MatchSpec s = table(3, dt::Style::FreeForAll, 5, p);
  s.bots[1] = {"", std::string("stdio:") + DTREF_PYTHON + " " + DTREF_MOCKBOTS_DIR + "/mockbot.py crash --at 3"};
  s.clocks = {10000, 2000, 5000, 50};
  const dtref::MatchOutcome out = dtref::run_match(s);
  expect_ranked(out);
  EXPECT_EQ(out.seats[1].verdict, dtref::Verdict::Crash);
  EXPECT_TRUE(out.seats[1].left);
  EXPECT_EQ(out.seats[1].place, 3) << "the seat that left ranks below those who played on";
  EXPECT_FALSE(out.seats[0].left);
  EXPECT_FALSE(out.seats[2].left);
  EXPECT_NE(out.reason, "forfeit") << "two seats were still in: the game went on to a result of the rules";
  EXPECT_GT(out.decisions, 20);
  const auto lines = read_lines(p);
  EXPECT_EQ(std::count_if(lines.begin(), lines.end(),
                          [](const std::string& l) { return l.find("\"type\":\"leave\"") != std::string::npos; }),
            1);
  const auto rep = dtref::replay_transcript(p, false);
  EXPECT_TRUE(rep.verified) << rep.problem;
  EXPECT_EQ(rep.leaves, 1);
}

TEST(MultiplayerMatch, TheLastSeatInWinsWhenTheOthersLeave) {
  dtref::MatchSpec s = table(3, dt::Style::FreeForAll, 6);
  const std::string crash = std::string("stdio:") + DTREF_PYTHON + " " + DTREF_MOCKBOTS_DIR + "/mockbot.py crash --at 2";
  s.bots[0] = {"", crash};
  s.bots[2] = {"", crash};
  s.clocks = {10000, 2000, 5000, 50};
  const dtref::MatchOutcome out = dtref::run_match(s);
  expect_ranked(out);
  EXPECT_EQ(out.reason, "forfeit");
  EXPECT_EQ(out.winner, 1);
  EXPECT_EQ(out.seats[1].place, 1);
  EXPECT_GT(out.seats[0].place, 1);
  EXPECT_GT(out.seats[2].place, 1);
}

TEST(MultiplayerMatch, TablesOfWrongSizeAreRefused) {
  dtref::MatchSpec eight = table(7, dt::Style::FreeForAll, 1);
  eight.bots.push_back({"", "builtin:random"});
  eight.decks.push_back(dt::builtin_deck("corporate"));
  EXPECT_THROW(dtref::run_match(eight), std::invalid_argument);
  // Rules set up for seven players, a match of four.
  dtref::MatchSpec four = table(4, dt::Style::FreeForAll, 1);
  ASSERT_EQ(dt::apply_style(four.rules, dt::Style::CartelVsLegion, 7), "");
  EXPECT_THROW(dtref::run_match(four), std::invalid_argument);
}

TEST(MultiplayerMatch, HelloTellsEachSeatTheTable) {
  const dtref::MatchSpec s = table(4, dt::Style::Teams, 1);
  const auto hello = dtref::hello_for(s, 2).hello();
  EXPECT_EQ(hello.seat(), 2);
  EXPECT_EQ(hello.style(), "teams");
  ASSERT_EQ(hello.turn_order_size(), 4);
  ASSERT_EQ(hello.seat_rules_size(), 4);
  EXPECT_EQ(hello.seat_rules(0).team(), hello.seat_rules(1).team());
  EXPECT_NE(hello.seat_rules(1).team(), hello.seat_rules(2).team());
  EXPECT_TRUE(hello.team_pool());
  EXPECT_EQ(hello.promotion_target(), 50);  // option 3's team target
  EXPECT_EQ(hello.seat_rules(0).starting_destiny(), 10);  // the team pool
  const dtref::MatchSpec c = table(7, dt::Style::CartelVsLegion, 1);
  const auto h7 = dtref::hello_for(c, 0).hello();
  ASSERT_EQ(h7.seat_rules_size(), 7);
  EXPECT_GT(h7.seat_rules(6).actions_per_turn(), h7.seat_rules(0).actions_per_turn());
  EXPECT_TRUE(h7.seat_rules(6).free_attacks());
  EXPECT_FALSE(h7.seat_rules(0).free_attacks());
  ASSERT_EQ(h7.seat_rules(0).muster_only_size(), 1);
  // A two-seat match tells its bots the plain table.
  const auto h2 = dtref::hello_for(table(2, dt::Style::FreeForAll, 1), 1).hello();
  EXPECT_EQ(h2.style(), "free-for-all");
  EXPECT_EQ(h2.seat_rules_size(), 2);
  EXPECT_FALSE(h2.seat_rules(0).has_team());
}

}  // namespace
