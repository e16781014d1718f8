// dtref::preflight_bot: a bot started once the way a match starts it, with
// its per-bot settings (arguments, directory, environment, own clocks).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "dt/deck.hpp"
#include "dt/rules.hpp"
#include "dtref/match.hpp"
#include "dtref/preflight.hpp"
#include "test_util.hpp"

using namespace dtref;
using dtref_test::contains;

namespace {

PreflightOptions options() {
  PreflightOptions o;
  o.rules = *dt::preset_by_name("gengine");
  o.deck = dt::builtin_deck("corporate");
  o.clocks.startup_ms = 3000;
  return o;
}

// A shell bot that says ready with a name made of where it runs, an
// environment variable and its arguments.
std::string write_echo_bot(const dtref_test::TempDir& dir) {
  const std::string path = dir.file("echo_bot.sh");
  std::ofstream(path) << "read hello\n"
                         "printf '{\"type\":\"ready\",\"name\":\"%s|%s|%s/%s\",\"version\":\"v9\"}\\n' "
                         "\"$(pwd)\" \"$BOT_LEVEL\" \"$1\" \"$2\"\n"
                         "read end\n";
  return path;
}

}  // namespace

TEST(Preflight, BuiltinBotIsReady) {
  const PreflightReport r = preflight_bot({"g", "builtin:greedy"}, options());
  EXPECT_EQ(r.status, PreflightReport::Status::Ready) << r.problem;
  EXPECT_EQ(r.ready_name, "greedy");
  EXPECT_TRUE(contains(r.summary(), "ready as 'greedy'")) << r.summary();
}

TEST(Preflight, StdioBotGetsItsArgumentsDirectoryAndEnvironment) {
  dtref_test::TempDir dir("dtref_preflight_");
  write_echo_bot(dir);
  BotSpec b{"echo", "stdio:/bin/sh ./echo_bot.sh"};
  b.dir = dir.path.string();  // the relative script path only resolves there
  b.args = {"--level", "it's 3"};
  b.env = {{"BOT_LEVEL", "7"}};
  const PreflightReport r = preflight_bot(b, options());
  ASSERT_EQ(r.status, PreflightReport::Status::Ready) << r.problem << r.stderr_tail;
  EXPECT_EQ(r.ready_name, dir.path.string() + "|7|--level/it's 3");
  EXPECT_EQ(r.ready_version, "v9");
}

TEST(Preflight, AMissingProgramFailsWithItsStderr) {
  const PreflightReport r = preflight_bot({"x", "stdio:/nonexistent/bot --fast"}, options());
  EXPECT_EQ(r.status, PreflightReport::Status::Failed);
  EXPECT_TRUE(contains(r.problem, "exited before saying ready")) << r.problem;
  EXPECT_TRUE(contains(r.stderr_tail, "/nonexistent/bot")) << r.stderr_tail;
}

TEST(Preflight, AMissingWorkingDirectoryFails) {
  BotSpec b{"x", "stdio:true"};
  b.dir = "/nonexistent/dir";
  const PreflightReport r = preflight_bot(b, options());
  EXPECT_EQ(r.status, PreflightReport::Status::Failed);
  EXPECT_TRUE(contains(r.problem, "/nonexistent/dir") || contains(r.problem, "No such file")) << r.problem;
}

TEST(Preflight, TheBotsOwnStartupClockWins) {
  BotSpec b{"slow", "stdio:sleep 2"};
  Clocks own;
  own.startup_ms = 200;
  b.clocks = own;
  const PreflightReport r = preflight_bot(b, options());  // the match's window is 3000 ms
  EXPECT_EQ(r.status, PreflightReport::Status::Failed);
  EXPECT_TRUE(contains(r.problem, "startup window of 200 ms")) << r.problem;
  EXPECT_LT(r.startup_ms, 1500);
}

TEST(Preflight, SpecProblemsAndRemoteBots) {
  EXPECT_TRUE(contains(preflight_bot({"x", "stdoi:bot"}, options()).problem, "unknown bot spec"));
  EXPECT_TRUE(contains(preflight_bot({"x", "builtin:gredy"}, options()).problem, "unknown built-in bot"));
  BotSpec with_args{"x", "builtin:greedy"};
  with_args.args = {"--fast"};
  EXPECT_TRUE(contains(preflight_bot(with_args, options()).problem, "launched bots")) << preflight_bot(with_args, options()).problem;
  const PreflightReport remote = preflight_bot({"r", "grpc-remote"}, options());
  EXPECT_EQ(remote.status, PreflightReport::Status::Skipped);
  EXPECT_TRUE(remote.ok());
}

TEST(Preflight, ManyBotsAtOnceKeepTheirOrder) {
  const auto reports = preflight_bots({{"a", "builtin:random"}, {"b", "stdio:false"}, {"c", "builtin:greedy"}}, options());
  ASSERT_EQ(reports.size(), 3u);
  EXPECT_EQ(reports[0].ready_name, "random");
  EXPECT_FALSE(reports[1].ok());
  EXPECT_EQ(reports[2].ready_name, "greedy");
}
