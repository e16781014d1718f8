// The wire log (--wire-log): every line both ways with timestamps, for stdio
// and gRPC bots, bounded and rotated.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>

#include "dt/deck.hpp"
#include "dt/rules.hpp"
#include "dtref/match.hpp"
#include "dtref/wire_log.hpp"
#include "test_util.hpp"

namespace {

namespace fs = std::filesystem;
using dtref::WireLog;
using dtref_test::contains;
using dtref_test::read_lines;

dtref::MatchSpec spec_for(const std::string& seat0, const std::string& dir) {
  dtref::MatchSpec s;
  s.match_id = "wl";
  s.bots = {{"", seat0}, {"", "builtin:random"}};
  s.decks = {dt::builtin_deck("corporate"), dt::builtin_deck("legion")};
  s.rules = dt::preset_gengine();
  s.seed = 3;
  s.clocks = {20000, 3000, 10000, 50};
  s.wire_log_dir = dir;
  return s;
}

// Lines of a given direction ('>' to the bot, '<' from it), without their time columns.
std::vector<std::string> payloads(const std::vector<std::string>& lines, char dir) {
  static const std::regex row(R"(^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z \d+\.\d{3} ([<>#]) (.*)$)");
  std::vector<std::string> out;
  for (const std::string& l : lines) {
    std::smatch m;
    EXPECT_TRUE(std::regex_match(l, m, row)) << "not a wire log row: " << l;
    if (m.size() == 3 && m[1].str()[0] == dir) out.push_back(m[2]);
  }
  return out;
}

TEST(WireLog, AStdioSeatsLinesAreLoggedVerbatimBothWays) {
  dtref_test::TempDir dir("dtref_wire_");
  const auto spec = spec_for(std::string("stdio:") + DTREF_PYTHON + " " + DTREF_MOCKBOTS_DIR + "/mockbot.py garbage_once --at 3",
                             dir.file("logs"));
  fs::create_directories(dir.file("logs"));
  dtref::MatchSpec dev = spec;
  dev.policy = dtref::Policy::Dev;
  const auto out = dtref::run_match(dev);
  ASSERT_FALSE(out.voided) << out.void_reason;
  const auto lines = read_lines(dir.file("logs/wl-s0.wire"));
  ASSERT_GT(lines.size(), 10u);
  const auto to_bot = payloads(lines, '>'), from_bot = payloads(lines, '<');
  ASSERT_FALSE(to_bot.empty());
  ASSERT_FALSE(from_bot.empty());
  EXPECT_TRUE(to_bot.front().rfind("{\"type\":\"hello\"", 0) == 0) << to_bot.front();
  EXPECT_TRUE(contains(from_bot.front(), "\"ready\"")) << from_bot.front();
  EXPECT_TRUE(to_bot.back().rfind("{\"type\":\"match_end\"", 0) == 0) << to_bot.back();
  // The bot's broken line is there exactly as it was written, and the referee's error after it.
  size_t garbage = 0, errors = 0;
  for (const auto& l : from_bot) garbage += !l.empty() && l[0] != '{';
  for (const auto& l : to_bot) errors += l.rfind("{\"type\":\"error\"", 0) == 0;
  EXPECT_EQ(garbage, 1u);
  EXPECT_EQ(errors, 1u);
  // Every request got exactly one answer line (the refused one repeated).
  size_t requests = 0;
  for (const auto& l : to_bot) requests += l.rfind("{\"type\":\"request\"", 0) == 0;
  EXPECT_EQ(requests + 1, from_bot.size());  // + ready, and the garbage line answers a request that is sent again
  // The built-in seat has no wire to log.
  EXPECT_FALSE(fs::exists(dir.file("logs/wl-s1.wire")));
}

TEST(WireLog, AGrpcSeatsMessagesAreLoggedAsJson) {
  dtref_test::TempDir dir("dtref_wire_");
  const auto out = dtref::run_match(spec_for(std::string("grpc:") + DT_GRPC_MOCK_BOT + " play", dir.path.string()));
  ASSERT_FALSE(out.voided) << out.void_reason;
  ASSERT_EQ(out.seats[0].verdict, dtref::Verdict::Ok) << out.seats[0].detail;
  const auto lines = read_lines(dir.file("wl-s0.wire"));
  const auto to_bot = payloads(lines, '>'), from_bot = payloads(lines, '<');
  ASSERT_GE(to_bot.size(), 3u);
  EXPECT_TRUE(to_bot.front().rfind("{\"type\":\"hello\"", 0) == 0) << to_bot.front();
  EXPECT_TRUE(to_bot.back().rfind("{\"type\":\"match_end\"", 0) == 0) << to_bot.back();
  ASSERT_FALSE(from_bot.empty());
  EXPECT_TRUE(contains(from_bot.front(), "ready")) << from_bot.front();
  EXPECT_TRUE(contains(from_bot.back(), "\"choice\"")) << from_bot.back();
}

TEST(WireLog, FilesAreRotatedAndBounded) {
  dtref_test::TempDir dir("dtref_wire_");
  dtref::WireLogOptions opt;
  opt.max_bytes = 4096;
  opt.keep = 2;
  opt.max_line = 300;
  auto log = WireLog::open(dir.file("x.wire"), "test", opt);
  ASSERT_TRUE(log);
  const std::string payload(200, 'a');
  for (int i = 0; i < 200; ++i) log->write(WireLog::Dir::ToBot, std::to_string(i) + payload);
  log->write(WireLog::Dir::FromBot, std::string(5000, 'b'));  // cut at max_line
  log.reset();
  for (const char* f : {"x.wire", "x.wire.1", "x.wire.2"}) {
    ASSERT_TRUE(fs::exists(dir.file(f))) << f;
    EXPECT_LE(fs::file_size(dir.file(f)), opt.max_bytes) << f;
  }
  EXPECT_FALSE(fs::exists(dir.file("x.wire.3")));
  // Oldest to newest, the kept files hold the last lines in order, without a gap.
  std::vector<std::string> kept;
  for (const char* f : {"x.wire.2", "x.wire.1", "x.wire"})
    for (const std::string& l : read_lines(dir.file(f))) kept.push_back(l);
  ASSERT_GT(kept.size(), 3u);
  EXPECT_TRUE(contains(kept.back(), "[4700 more bytes not logged]")) << kept.back().substr(0, 80);
  kept.pop_back();
  int expect = 199;
  for (auto it = kept.rbegin(); it != kept.rend() && contains(*it, " > "); ++it, --expect)
    EXPECT_EQ(it->substr(it->find(" > ") + 3, std::to_string(expect).size() + 3), std::to_string(expect) + "aaa");
  EXPECT_LT(expect, 199 - 20);  // a good many lines were kept
}

TEST(WireLog, AnUnwritableDirectoryDoesNotStopTheMatch) {
  const auto out = dtref::run_match(spec_for(std::string("stdio:") + DTBOT_RANDOM, "/nonexistent/dir"));
  EXPECT_FALSE(out.voided) << out.void_reason;
  EXPECT_EQ(out.seats[0].verdict, dtref::Verdict::Ok);
}

}  // namespace
