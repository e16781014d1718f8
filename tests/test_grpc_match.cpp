// Whole matches through run_match with a gRPC seat: the verdicts the match
// runner gives a gRPC bot that misbehaves, and a clean match for one that
// does not. The bot is tests/grpc_mock_bot (modes listed there).
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "dt/card_loader.hpp"
#include "dt/deck.hpp"
#include "dt/rules.hpp"
#include "dtref/match.hpp"

namespace {

const std::string kMock = DT_GRPC_MOCK_BOT;

dtref::MatchOutcome play(const std::string& mode, int64_t startup_ms = 20000) {
  dtref::MatchSpec m;
  m.match_id = "grpc-" + mode;
  m.bots = {{"", "grpc:" + kMock + " " + mode}, {"", "builtin:random"}};
  m.decks = {dt::builtin_deck("corporate"), dt::builtin_deck("legion")};
  m.rules = *dt::preset_by_name("gengine");
  m.seed = 5;
  // Generous clocks for a loaded machine; what is asserted is the verdict.
  m.clocks.startup_ms = startup_ms;
  m.clocks.decision_ms = 5000;
  m.clocks.bank_ms = 60000;
  return dtref::run_match(m);
}

}  // namespace

TEST(GrpcMatch, WellBehavedBotPlaysToAResult) {
  const auto out = play("play");
  ASSERT_FALSE(out.voided) << out.void_reason;
  EXPECT_NE(out.reason, "forfeit");
  EXPECT_EQ(out.seats[0].name, "mock-play");
  EXPECT_EQ(out.seats[0].verdict, dtref::Verdict::Ok) << out.seats[0].detail;
  EXPECT_GT(out.decisions, 20);
}

TEST(GrpcMatch, BotStayingAfterMatchEndStillEndsTheMatch) {
  const auto out = play("ignore-end");
  ASSERT_FALSE(out.voided);
  EXPECT_EQ(out.seats[0].verdict, dtref::Verdict::Ok);
}

TEST(GrpcMatch, BotExitingMidMatchIsACrash) {
  const auto out = play("exit-after-ready 3");
  ASSERT_FALSE(out.voided);
  EXPECT_EQ(out.reason, "forfeit");
  EXPECT_EQ(out.winner, 1);
  EXPECT_EQ(out.seats[0].verdict, dtref::Verdict::Crash);
  EXPECT_NE(out.seats[0].detail.find("exit code 3"), std::string::npos) << out.seats[0].detail;
}

TEST(GrpcMatch, AnswerWithoutChoiceIsMalformed) {
  const auto out = play("no-choice");
  EXPECT_EQ(out.seats[0].verdict, dtref::Verdict::Malformed) << out.seats[0].detail;
  EXPECT_EQ(out.winner, 1);
}

TEST(GrpcMatch, BotThatNeverDialsIsAStartupFailure) {
  const auto out = play("never-dial", 1000);
  EXPECT_EQ(out.seats[0].verdict, dtref::Verdict::StartupFailure) << out.seats[0].detail;
  EXPECT_EQ(out.winner, 1);
}

TEST(GrpcMatch, BotWithAWrongTokenIsAStartupFailure) {
  const auto out = play("wrong-token");
  EXPECT_EQ(out.seats[0].verdict, dtref::Verdict::StartupFailure);
  EXPECT_NE(out.seats[0].detail.find("never dialled"), std::string::npos) << out.seats[0].detail;
}

// A tournament plays matches at once in threads; their gRPC seats share one
// server, and the tokens must keep every stream with its own seat.
TEST(GrpcMatch, ConcurrentMatchesShareTheServer) {
  std::vector<dtref::MatchOutcome> outs(4);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < outs.size(); ++i)
    threads.emplace_back([&, i] {
      dtref::MatchSpec m;
      m.match_id = "concurrent-" + std::to_string(i);
      m.bots = {{"", "grpc:" + kMock + " play"}, {"", "grpc:" + kMock + " play"}};
      m.decks = {dt::builtin_deck("corporate"), dt::builtin_deck("legion")};
      m.rules = *dt::preset_by_name("gengine");
      m.seed = 100 + i;
      m.clocks.startup_ms = 30000;
      m.clocks.decision_ms = 5000;
      m.clocks.bank_ms = 60000;
      outs[i] = dtref::run_match(m);
    });
  for (auto& t : threads) t.join();
  for (const auto& o : outs) {
    ASSERT_FALSE(o.voided) << o.void_reason;
    EXPECT_EQ(o.seats[0].verdict, dtref::Verdict::Ok) << o.seats[0].detail;
    EXPECT_EQ(o.seats[1].verdict, dtref::Verdict::Ok) << o.seats[1].detail;
    EXPECT_NE(o.reason, "forfeit");
  }
}
