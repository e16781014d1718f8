// dtref check-bot (referee/lib/check_bot.cpp): each check passes for a bot
// that keeps the protocol, and fails, quoting the bot, for one that does not.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "dt/deck.hpp"
#include "dt/rules.hpp"
#include "dtref/check_bot.hpp"
#include "test_util.hpp"

namespace {

using dtref::CheckBotReport;
using dtref::CheckResult;
using dtref_test::contains;

CheckBotReport check(const std::string& spec, int64_t startup_ms = 10000, int64_t decision_ms = 3000, int64_t bank_ms = 10000) {
  dtref::CheckBotOptions o;
  o.rules = dt::preset_gengine();
  o.deck = dt::builtin_deck("corporate");
  o.opponent_deck = dt::builtin_deck("legion");
  o.clocks = {startup_ms, decision_ms, bank_ms, 50};
  return dtref::check_bot({"", spec}, o);
}

std::map<std::string, CheckResult> by_name(const CheckBotReport& r) {
  std::map<std::string, CheckResult> out;
  for (const CheckResult& c : r.checks) out[c.name] = c;
  return out;
}

std::string mock(const std::string& mode) {
  return std::string("stdio:") + DTREF_PYTHON + " " + DTREF_MOCKBOTS_DIR + "/mockbot.py " + mode;
}

TEST(CheckBot, AStdioBotThatKeepsTheProtocolPassesEveryCheck) {
  const auto r = check(std::string("stdio:") + DTBOT_RANDOM);
  const auto c = by_name(r);
  // dtbot-random says several_matches: it must answer a second hello after match_end.
  for (const char* name : {"ready", "answer", "dev-error", "pass-only", "unknown-field", "match-end", "several-matches",
                           "short-match"}) {
    ASSERT_TRUE(c.count(name)) << name;
    EXPECT_TRUE(c.at(name).passed) << name << ": " << c.at(name).detail << " / " << c.at(name).offending;
  }
  EXPECT_TRUE(r.passed());
  EXPECT_TRUE(contains(c.at("pass-only").detail, "'pass'")) << c.at("pass-only").detail;
  EXPECT_TRUE(contains(c.at("match-end").detail, "exit code 0")) << c.at("match-end").detail;
}

TEST(CheckBot, ABotThatDiesOnAnErrorFailsThatCheckOnly) {
  const auto c = by_name(check(mock("die_on_error")));
  EXPECT_TRUE(c.at("answer").passed) << c.at("answer").detail;
  EXPECT_FALSE(c.at("dev-error").passed);
  EXPECT_TRUE(contains(c.at("dev-error").offending, "exit code 5")) << c.at("dev-error").offending;
}

TEST(CheckBot, AnIllegalAnswerIsQuoted) {
  // Small clocks: under the dev policy an always-illegal bot is asked again until its time runs out.
  const auto r = check(mock("illegal --at 1"), 10000, 700, 300);
  const auto c = by_name(r);
  EXPECT_FALSE(r.passed());
  EXPECT_FALSE(c.at("answer").passed);
  EXPECT_TRUE(contains(c.at("answer").offending, "\"choice\"")) << c.at("answer").offending;
  EXPECT_FALSE(c.at("short-match").passed);
  EXPECT_TRUE(contains(c.at("short-match").offending, "illegal_choice")) << c.at("short-match").offending;
}

// check-bot quotes the bot's own bytes (its spacing, as json.dumps wrote them), not a reformatted line.
TEST(CheckBot, TheQuotedLineIsTheBotsOwn) {
  const auto c = by_name(check(mock("illegal --at 1"), 10000, 700, 300));
  EXPECT_TRUE(contains(c.at("answer").offending, "\"decision_id\": 3, \"choice\": ")) << c.at("answer").offending;
}

// A bot that never flushes: the first unanswered request ends the run (one
// clock's wait, not one per check), with the hint and what was read.
TEST(CheckBot, ABotThatDoesNotFlushStopsAtTheFirstTimeoutWithTheHint) {
  const auto r = check(mock("no_flush --at 1"), 10000, 300, 0);
  ASSERT_EQ(r.checks.size(), 7u);
  const auto c = by_name(r);
  EXPECT_TRUE(c.at("ready").passed) << c.at("ready").detail;
  EXPECT_FALSE(c.at("answer").passed);
  EXPECT_TRUE(contains(c.at("answer").offending, "nothing at all came on its stdout")) << c.at("answer").offending;
  EXPECT_TRUE(contains(c.at("answer").offending, "flush")) << c.at("answer").offending;
  for (const char* name : {"dev-error", "pass-only", "unknown-field", "match-end", "short-match"}) {
    EXPECT_FALSE(c.at(name).passed) << name;
    EXPECT_TRUE(contains(c.at(name).detail, "not run")) << name << ": " << c.at(name).detail;
  }
  EXPECT_FALSE(r.passed());
}

TEST(CheckBot, ABotThatStaysAfterTheMatchFailsMatchEnd) {
  const auto c = by_name(check(mock("linger")));
  EXPECT_TRUE(c.at("answer").passed);
  EXPECT_FALSE(c.at("match-end").passed);
  EXPECT_TRUE(contains(c.at("match-end").offending, "signal 9")) << c.at("match-end").offending;
}

// It says several_matches, then stops reading after match_end: the check that
// plays a second hello fails, and only a bot that says it gets that check.
TEST(CheckBot, ABotThatSaysSeveralMatchesMustAnswerTheNextHello) {
  const auto r = check(mock("hang_between --features several_matches"), 4000);
  const auto c = by_name(r);
  ASSERT_TRUE(c.count("several-matches"));
  EXPECT_FALSE(c.at("several-matches").passed);
  EXPECT_TRUE(contains(c.at("several-matches").detail, "no ready")) << c.at("several-matches").detail;
  EXPECT_TRUE(c.at("answer").passed) << c.at("answer").detail;
  EXPECT_FALSE(by_name(check(mock("good"))).count("several-matches"));
}

TEST(CheckBot, ABotThatNeverSaysReadyStopsAtTheFirstCheck) {
  const auto r = check(mock("no_ready"), 1500);
  ASSERT_EQ(r.checks.size(), 1u);
  EXPECT_EQ(r.checks[0].name, "ready");
  EXPECT_FALSE(r.checks[0].passed);
  EXPECT_TRUE(contains(r.checks[0].detail, "1500 ms")) << r.checks[0].detail;
}

TEST(CheckBot, BuiltInAndGrpcBotsSkipWhatDoesNotApply) {
  const auto b = by_name(check("builtin:greedy"));
  EXPECT_TRUE(b.at("answer").passed);
  EXPECT_TRUE(b.at("dev-error").skipped);
  EXPECT_TRUE(b.at("match-end").skipped);
  EXPECT_TRUE(b.at("short-match").passed) << b.at("short-match").detail;
  const auto g = by_name(check(std::string("grpc:") + DT_GRPC_MOCK_BOT + " play"));
  EXPECT_TRUE(g.at("answer").passed) << g.at("answer").detail << g.at("answer").offending;
  EXPECT_TRUE(g.at("dev-error").passed) << g.at("dev-error").detail << g.at("dev-error").offending;
  EXPECT_TRUE(g.at("unknown-field").skipped);
  EXPECT_TRUE(g.at("match-end").passed) << g.at("match-end").detail << g.at("match-end").offending;
}

}  // namespace
