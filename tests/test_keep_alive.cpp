// Bots kept alive between matches (the "several_matches" feature,
// docs/protocol.md; referee/lib/include/dtref/kept_bots.hpp), through the
// tournament library as `dtref tournament` runs it: a kept bot is started once
// per worker, plays exactly the matches a fresh start would, is restarted after
// any fault, never plays two legs of one deal, and whatever it does wrong
// between matches is a recorded verdict of the next match, never a corrupt
// result.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "dtref/tournament/runner.hpp"
#include "dtref/tournament/store.hpp"

#include "test_util.hpp"

using namespace dtref::tour;

namespace {

// With a directory a/ for bot a's files and b/ for b's (the sandbox hides
// each bot's files from the other: docs/security.md), writable by all: as
// root, each sandboxed bot runs as a uid of its own.
struct TempDir : dtref_test::TempDir {
  TempDir() : dtref_test::TempDir("dtref_keep_") {
    for (const char* sub : {"a", "b"}) std::filesystem::create_directories(path / sub);
    for (const auto& p : {path, path / "a", path / "b"}) std::filesystem::permissions(p, std::filesystem::perms::all);
  }
};

std::string mock(const std::string& args) {
  return std::string("stdio:") + DTREF_PYTHON + " " + DTREF_MOCKBOTS_DIR + "/mockbot.py " + args;
}

// A mock that says several_matches, noting each start in `pidfile`.
std::string kept_mock(const std::string& mode, const std::string& pidfile) {
  return mock(mode + " --features several_matches --pidfile " + pidfile);
}

// Two players, `rounds` seat-swapped pairs, in the default sandbox; `dir` is
// writable inside it, for the mocks' pid files.
TournamentSetup two(const std::string& a, const std::string& b, int rounds, const TempDir& dir) {
  TournamentSetup t;
  t.rounds = rounds;
  t.seed = 29;
  t.players = {{"a", a, "corporate"}, {"b", b, "legion"}};
  // Roomy: a Python bot's start in the sandbox can take seconds on a busy machine.
  t.clocks = {8000, 2000, 5000, 50};
  t.sandbox.read_write = {dir.file("a"), dir.file("b")};
  return t;
}

// Each stored match's seats, by key.
std::map<std::string, MatchRecord> results(const TempDir& dir, const std::string& db, const TournamentSetup& t,
                                           bool keep_alive, int concurrency = 1) {
  Store store(dir.file(db));
  RunOptions opt;
  opt.keep_alive = keep_alive;
  opt.concurrency = concurrency;
  const RunSummary s = run_tournament(t, store, opt);
  EXPECT_TRUE(s.finished()) << s.completed << " of " << s.planned;
  std::map<std::string, MatchRecord> out;
  for (const MatchRecord& m : store.matches()) out[m.plan.key()] = m;
  return out;
}

size_t starts(const std::string& pidfile) { return dtref_test::read_lines(pidfile).size(); }

// A pid file every start of a bot may append to: as root, each start runs as
// a uid leased for it alone.
std::string pid_file(const TempDir& dir, const std::string& name) {
  const std::string path = dir.file(name);
  std::ofstream{path};
  std::filesystem::permissions(path, std::filesystem::perms::all);
  return path;
}

// The verdict of player a (seat 0 in leg 1, seat 1 in leg 2) in each match, in plan order.
std::vector<std::string> verdicts_of_a(const std::map<std::string, MatchRecord>& rs) {
  std::vector<std::string> out;
  for (const auto& [key, m] : rs) out.push_back(m.seats.at(m.plan.seat0 == 0 ? 0 : 1).verdict);
  return out;
}

}  // namespace

TEST(KeepAlive, AKeptBotIsStartedOncePerWorker) {
  TempDir dir;
  const std::string pa = pid_file(dir, "a/kept.pids"), pb = pid_file(dir, "b/kept.pids");
  // One worker, six matches: one start each.
  const auto kept = results(dir, "kept.db", two(kept_mock("good", pa), kept_mock("good", pb), 3, dir), true);
  ASSERT_EQ(kept.size(), 6u);
  for (const auto& [key, m] : kept)
    for (const SeatRecord& s : m.seats) EXPECT_EQ(s.verdict, "ok") << key << ": " << s.detail;
  EXPECT_EQ(starts(pa), 1u);
  EXPECT_EQ(starts(pb), 1u);
  // Told not to keep them: one start per match.
  const std::string qa = pid_file(dir, "a/fresh.pids"), qb = pid_file(dir, "b/fresh.pids");
  results(dir, "fresh.db", two(kept_mock("good", qa), kept_mock("good", qb), 3, dir), false);
  EXPECT_EQ(starts(qa), 6u);
  EXPECT_EQ(starts(qb), 6u);
  // Two workers, eight matches: at most one start per worker and player.
  const std::string ra = pid_file(dir, "a/two.pids"), rb = pid_file(dir, "b/two.pids");
  results(dir, "two.db", two(kept_mock("good", ra), kept_mock("good", rb), 4, dir), true, 2);
  EXPECT_GE(starts(ra), 1u);
  EXPECT_LE(starts(ra), 2u);
  EXPECT_LE(starts(rb), 2u);
}

TEST(KeepAlive, ABotThatDoesNotSayItIsStartedForEveryMatch) {
  TempDir dir;
  const std::string pa = pid_file(dir, "a/a.pids");
  results(dir, "t.db", two(mock("good --pidfile " + pa), "builtin:random", 2, dir), true);
  EXPECT_EQ(starts(pa), 4u);
}

// Deterministic bots (each re-seeded by its hello) play the same matches
// whether their processes are kept or started afresh.
TEST(KeepAlive, ResultsWithAndWithoutKeepAliveAgree) {
  TempDir dir;
  const TournamentSetup t = two(std::string("stdio:") + DTBOT_RANDOM, std::string("stdio:") + DTBOT_GREEDY, 3, dir);
  const auto kept = results(dir, "kept.db", t, true);
  const auto fresh = results(dir, "fresh.db", t, false);
  ASSERT_EQ(kept.size(), 6u);
  ASSERT_EQ(fresh.size(), kept.size());
  for (const auto& [key, k] : kept) {
    const MatchRecord& f = fresh.at(key);
    EXPECT_EQ(k.winner_seat, f.winner_seat) << key;
    EXPECT_EQ(k.reason, f.reason) << key;
    EXPECT_EQ(k.decisions, f.decisions) << key;
    EXPECT_EQ(k.turns, f.turns) << key;
    ASSERT_EQ(k.seats.size(), f.seats.size());
    for (size_t s = 0; s < k.seats.size(); ++s) {
      EXPECT_EQ(k.seats[s].verdict, "ok") << key << ": " << k.seats[s].detail;
      EXPECT_EQ(k.seats[s].promotion, f.seats[s].promotion) << key;
      EXPECT_EQ(k.seats[s].destiny, f.seats[s].destiny) << key;
    }
  }
}

// With duplicate deals both legs of a pair are dealt alike, and with a deck
// pool they draw the same decks: a process that played one leg would know the
// other's hidden cards (or decks), so the second leg always gets a fresh one.
TEST(KeepAlive, AKeptBotNeverPlaysTwoLegsOfOneDeal) {
  TempDir dir;
  {
    const std::string pa = pid_file(dir, "a/dup.pids");
    TournamentSetup t = two(kept_mock("good", pa), "builtin:random", 2, dir);
    t.duplicate_deals = true;
    results(dir, "dup.db", t, true);
    // Deal 1: a start, a restart for its second leg; deal 2: kept, then a restart.
    EXPECT_EQ(starts(pa), 3u);
  }
  {
    const std::string pa = pid_file(dir, "a/pool.pids");
    TournamentSetup t = two(kept_mock("good", pa), "builtin:random", 2, dir);
    t.deck_pool = {"corporate", "legion", "capitol"};
    results(dir, "pool.db", t, true);
    EXPECT_EQ(starts(pa), 3u);
  }
}

// Its CPU time limit is per process and counts every match a kept process
// plays: a bot that has used half of it is started afresh rather than kept,
// so it is not killed by a limit its earlier matches used up.
TEST(KeepAlive, ABotThatUsedHalfItsCpuTimeIsStartedAfresh) {
  TempDir dir;
  const std::string pa = pid_file(dir, "a/a.pids");
  // Each process spins 1.2 s of CPU at its first request; the limit is 2 s.
  TournamentSetup t = two(kept_mock("burn", pa), "builtin:random", 1, dir);
  t.players[0].limits = "cpu-seconds=2";
  const auto rs = results(dir, "t.db", t, true);
  ASSERT_EQ(rs.size(), 2u);
  EXPECT_EQ(verdicts_of_a(rs), (std::vector<std::string>{"ok", "ok"}));
  EXPECT_EQ(starts(pa), 2u) << "the process that spun 1.2 s of its 2 s was not kept";
}

// A bot that says several_matches and then misbehaves between matches: the
// next match records a startup_failure for it (its opponent wins by forfeit),
// the one after gets a fresh process that plays normally, and no result is
// taken from a line of the wrong match.
// (Plain tests, not parameterized ones: a parameter's name holds a '/',
// which would make TempDir a directory inside another.)
static void misbehaves_between_matches(const std::string& mode) {
  TempDir dir;
  const std::string pa = pid_file(dir, "a/a.pids");
  TournamentSetup t = two(kept_mock(mode, pa), "builtin:random", 2, dir);
  if (mode == "hang_between") t.clocks.startup_ms = 3000;  // each hang costs one startup window
  const auto rs = results(dir, "t.db", t, true);
  ASSERT_EQ(rs.size(), 4u);
  EXPECT_EQ(verdicts_of_a(rs), (std::vector<std::string>{"ok", "startup_failure", "ok", "startup_failure"}));
  for (const auto& [key, m] : rs) {
    const int a_seat = m.plan.seat0 == 0 ? 0 : 1;
    if (m.seats[size_t(a_seat)].verdict == "ok") continue;
    EXPECT_EQ(m.winner_seat, 1 - a_seat) << key;  // the opponent wins by forfeit
    EXPECT_EQ(m.reason, "forfeit") << key;
    EXPECT_EQ(m.decisions, 0) << key;  // nothing of it was played
    EXPECT_EQ(m.seats[size_t(1 - a_seat)].verdict, "ok") << key;
  }
  EXPECT_EQ(starts(pa), 2u) << "started for match 1, again for match 3 after the fault of match 2";
}

TEST(KeepAliveHostile, HangsBetweenMatches) { misbehaves_between_matches("hang_between"); }
TEST(KeepAliveHostile, ExitsBetweenMatches) { misbehaves_between_matches("exit_between"); }
TEST(KeepAliveHostile, FloodsBetweenMatches) { misbehaves_between_matches("flood_between"); }
TEST(KeepAliveHostile, AnswersAStaleDecisionBetweenMatches) { misbehaves_between_matches("stale_between"); }
