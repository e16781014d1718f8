// End-to-end: real matches through run_match against mock bots that misbehave
// on purpose (tests/mockbots/mockbot.py). Each must get its verdict, the match
// must end within its clocks plus a generous margin, and no process a bot
// started may be left running.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <sys/wait.h>
#include <vector>

#include <nlohmann/json.hpp>

#include "dt/deck.hpp"
#include "dt/rules.hpp"
#include "dtref/match.hpp"
#include "dtref/stdio_link.hpp"
#include "dtref/transcript.hpp"
#include "test_util.hpp"

namespace {

namespace fs = std::filesystem;
using dtref::Verdict;
using dtref_test::read_lines;
using dtref_test::temp_path;

// Small clocks so faults are found fast; the margin is for a loaded machine.
// Starting a Python process can take seconds on a busy machine: startup is roomy.
constexpr int64_t kStartup = 5000, kDecision = 300, kBank = 500, kGrace = 50;
constexpr double kMarginMs = 3000;
// Whole matches that should end well get roomy clocks: a loaded machine must not turn them into timeouts.
const dtref::Clocks kRoomy{kStartup * 2, 2000, 5000, kGrace};

std::string mock(const std::string& args) {
  return std::string("stdio:") + DTREF_PYTHON + " " + DTREF_MOCKBOTS_DIR + "/mockbot.py " + args;
}

dtref::MatchSpec spec_for(const std::string& seat0, const std::string& seat1, uint64_t seed = 1) {
  dtref::MatchSpec s;
  s.match_id = "e2e";
  s.bots = {{"", seat0}, {"", seat1}};
  s.decks = {dt::builtin_deck("corporate"), dt::builtin_deck("legion")};
  s.rules = dt::preset_gengine();
  s.seed = seed;
  s.clocks = {kStartup, kDecision, kBank, kGrace};
  // These tests watch the process mechanics from outside (the mocks write
  // their pids to files the test reads), so the bots run unsandboxed here;
  // test_sandbox.cpp plays the same and worse inside the sandbox.
  s.sandbox.isolation = dtref::Isolation::Off;
  return s;
}

std::vector<pid_t> read_pids(const std::string& path) {
  std::vector<pid_t> out;
  std::ifstream in(path);
  for (long p; in >> p;) out.push_back(pid_t(p));
  return out;
}

struct Played {
  dtref::MatchOutcome out;
  double wall_ms = 0;
  std::vector<pid_t> pids;
};

// Plays mock MODE (seat 0) against built-in random (seat 1).
Played play_mock(const std::string& mode, int at = 3, dtref::Policy policy = dtref::Policy::Ladder,
                 const std::string& transcript = "", dtref::Clocks clocks = {kStartup, kDecision, kBank, kGrace}) {
  const std::string pidfile = temp_path(mode + ".pids");
  dtref::MatchSpec s = spec_for(mock(mode + " --at " + std::to_string(at) + " --pidfile " + pidfile), "builtin:random");
  s.policy = policy;
  s.clocks = clocks;
  s.transcript_path = transcript;
  const auto t0 = std::chrono::steady_clock::now();
  Played p;
  p.out = dtref::run_match(s);
  p.wall_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  p.pids = read_pids(pidfile);
  return p;
}

void expect_nothing_left(const Played& p) {
  EXPECT_FALSE(p.pids.empty()) << "the mock did not record its pids";
  for (pid_t pid : p.pids) {
    errno = 0;
    EXPECT_EQ(::kill(pid, 0), -1) << "process " << pid << " is still there";
    EXPECT_EQ(errno, ESRCH) << "process " << pid;
  }
}

// A fault under the ladder policy forfeits: the other seat wins, reason "forfeit".
void expect_forfeit(const std::string& mode, Verdict v, const std::string& detail_part = "") {
  SCOPED_TRACE(mode);
  const Played p = play_mock(mode);
  ASSERT_FALSE(p.out.voided) << p.out.void_reason;
  EXPECT_EQ(dtref::to_string(p.out.seats[0].verdict), dtref::to_string(v)) << p.out.seats[0].detail;
  EXPECT_EQ(p.out.seats[1].verdict, Verdict::Ok);
  EXPECT_EQ(p.out.winner, 1);
  EXPECT_EQ(p.out.reason, "forfeit");
  if (!detail_part.empty()) {
    EXPECT_NE(p.out.seats[0].detail.find(detail_part), std::string::npos) << p.out.seats[0].detail;
  }
  EXPECT_LT(p.wall_ms, kStartup + kDecision + kBank + kGrace + kMarginMs);
  expect_nothing_left(p);
}

TEST(RefereeE2E, WellBehavedMockPlaysAFullMatch) {
  const Played p = play_mock("good", 3, dtref::Policy::Ladder, "", kRoomy);
  EXPECT_FALSE(p.out.voided);
  EXPECT_NE(p.out.reason, "forfeit");
  EXPECT_EQ(p.out.seats[0].verdict, Verdict::Ok);
  EXPECT_EQ(p.out.seats[0].name, "mock-good");
  EXPECT_GT(p.out.decisions, 20);
  expect_nothing_left(p);
}

TEST(RefereeE2E, HangIsATimeout) { expect_forfeit("hang", Verdict::Timeout, "no answer"); }
// A bot that is alive but whose stdout stays empty is told what that usually is.
TEST(RefereeE2E, AnUnflushedAnswerIsATimeoutThatSuggestsFlushing) {
  expect_forfeit("no_flush", Verdict::Timeout, "nothing at all came on its stdout");
  const Played p = play_mock("no_flush");
  EXPECT_NE(p.out.seats[0].detail.find("print(..., flush=True)"), std::string::npos) << p.out.seats[0].detail;
}
TEST(RefereeE2E, AnAnswerWithoutItsNewlineIsQuotedInTheTimeout) {
  expect_forfeit("no_newline", Verdict::Timeout, "never ended the line");
}
TEST(RefereeE2E, CrashGivesItsExitCode) { expect_forfeit("crash", Verdict::Crash, "exit code 3"); }
TEST(RefereeE2E, SignalIsACrash) { expect_forfeit("kill", Verdict::Crash, "signal 11"); }
TEST(RefereeE2E, EarlyExitIsACrash) { expect_forfeit("exit", Verdict::Crash, "exit code 0"); }
TEST(RefereeE2E, GarbageIsMalformed) { expect_forfeit("garbage", Verdict::Malformed, "this is not json"); }
TEST(RefereeE2E, EndlessLineIsMalformed) { expect_forfeit("flood_stdout", Verdict::Malformed, "longer than"); }
TEST(RefereeE2E, UnknownDecisionId) { expect_forfeit("wrong_id", Verdict::StaleDecisionId, "decision_id"); }
TEST(RefereeE2E, StaleDecisionId) { expect_forfeit("stale_id", Verdict::StaleDecisionId, "decision_id"); }
TEST(RefereeE2E, DeeplyNestedJsonIsMalformedAtOnce) {
  expect_forfeit("deep_json", Verdict::Malformed, "JSON nested deeper than 32 levels");
}
TEST(RefereeE2E, IllegalIndex) { expect_forfeit("illegal", Verdict::IllegalChoice, "not an option index"); }
TEST(RefereeE2E, IllegalText) { expect_forfeit("bad_text", Verdict::IllegalChoice, "not the text of a legal option"); }
TEST(RefereeE2E, NeverReadyIsAStartupFailure) { expect_forfeit("no_ready", Verdict::StartupFailure, "startup window"); }
TEST(RefereeE2E, GrandchildHoldingPipesDiesWithItsCrashingParent) {
  expect_forfeit("grandchild_crash", Verdict::Crash, "exit code 3");
}

TEST(RefereeE2E, MissingProgramIsAStartupFailure) {
  const Played p = [] {
    Played r;
    r.out = dtref::run_match(spec_for("stdio:/nonexistent/bot --flag", "builtin:random"));
    return r;
  }();
  EXPECT_EQ(p.out.seats[0].verdict, Verdict::StartupFailure);
  EXPECT_NE(p.out.seats[0].detail.find("not found"), std::string::npos) << p.out.seats[0].detail;
  EXPECT_EQ(p.out.winner, 1);
}

TEST(RefereeE2E, StderrFloodNeverBlocks) {
  for (const char* mode : {"flood_stderr", "flood_stderr_forever"}) {
    SCOPED_TRACE(mode);
    const Played p = play_mock(mode, 3, dtref::Policy::Ladder, "", kRoomy);
    EXPECT_EQ(p.out.seats[0].verdict, Verdict::Ok) << p.out.seats[0].detail;
    EXPECT_NE(p.out.reason, "forfeit");
    expect_nothing_left(p);
  }
}

TEST(RefereeE2E, GrandchildHoldingPipesDoesNotHangAFinishedMatch) {
  const Played p = play_mock("grandchild", 3, dtref::Policy::Ladder, "", kRoomy);
  EXPECT_EQ(p.out.seats[0].verdict, Verdict::Ok) << p.out.seats[0].detail;
  EXPECT_NE(p.out.reason, "forfeit");
  ASSERT_EQ(p.pids.size(), 2u);
  expect_nothing_left(p);
}

TEST(RefereeE2E, DevPolicyRetriesIllegalAnswersOnTheSameClock) {
  // The mock answers illegally on every request from the 3rd on, so under dev
  // it is told and asked again until its clock runs out: a timeout, with the
  // refusals counted.
  const Played p = play_mock("illegal", 3, dtref::Policy::Dev);
  EXPECT_EQ(p.out.seats[0].verdict, Verdict::Timeout) << p.out.seats[0].detail;
  EXPECT_GT(p.out.seats[0].illegal, 1);
  EXPECT_LT(p.wall_ms, kStartup + kDecision + kBank + kGrace + kMarginMs);
  expect_nothing_left(p);
}

TEST(RefereeE2E, DevPolicyRecoversFromOneGarbageLine) {
  // garbage at request 3: the line is refused, the request re-sent, and the
  // mock (which answers re-sent requests normally) plays on to a result.
  const Played p = play_mock("garbage_once", 3, dtref::Policy::Dev, "", kRoomy);
  EXPECT_EQ(p.out.seats[0].verdict, Verdict::Ok) << p.out.seats[0].detail;
  EXPECT_GE(p.out.seats[0].malformed, 1);
  EXPECT_NE(p.out.reason, "forfeit");
}

TEST(RefereeE2E, DevPolicyRefusesADuplicateAnswerOnceAndStaysInStep) {
  // Request 3 answered twice: the second line is an answer to a settled
  // decision. It is refused once; the open request is not sent again, so the
  // bot is never left a request behind (which would refuse every answer after).
  const Played p = play_mock("twice_once", 3, dtref::Policy::Dev, "", kRoomy);
  EXPECT_EQ(p.out.seats[0].verdict, Verdict::Ok) << p.out.seats[0].detail;
  EXPECT_EQ(p.out.seats[0].illegal, 1);
  EXPECT_NE(p.out.reason, "forfeit");
}

TEST(RefereeE2E, TrainingPolicyPlaysTheDefaultAndCounts) {
  const std::string t = temp_path("training.jsonl");
  const Played p = play_mock("illegal", 3, dtref::Policy::Training, t, kRoomy);
  EXPECT_EQ(p.out.seats[0].verdict, Verdict::Ok);
  EXPECT_GT(p.out.seats[0].illegal, 3);
  EXPECT_NE(p.out.reason, "forfeit");
  // The defaults are recorded as decisions like any other, so the game replays.
  EXPECT_TRUE(dtref::replay_transcript(t, false).verified);
}

TEST(RefereeE2E, TrainingPolicyOutlastsAHangWithDefaults) {
  // Short clocks: every later decision waits out its whole clock.
  const Played p = play_mock("hang", 3, dtref::Policy::Training, "", {kStartup, 20, 0, 10});
  EXPECT_EQ(p.out.seats[0].verdict, Verdict::Ok);
  EXPECT_GT(p.out.seats[0].timeouts, 0);
  expect_nothing_left(p);
}

TEST(RefereeE2E, StdioGreedyPlaysExactlyLikeTheBuiltInGreedy) {
  // Same seeds, same decisions: the stdio bot rebuilt the engine's view exactly.
  const std::string a = temp_path("builtin.jsonl"), b = temp_path("stdio.jsonl");
  dtref::MatchSpec s1 = spec_for("builtin:greedy", "builtin:greedy", 1);
  s1.transcript_path = a;
  dtref::MatchSpec s2 = spec_for(std::string("stdio:") + DTBOT_GREEDY + " 1", std::string("stdio:") + DTBOT_GREEDY + " 1", 1);
  s2.clocks.decision_ms = 2000;
  s2.transcript_path = b;
  const auto o1 = dtref::run_match(s1), o2 = dtref::run_match(s2);
  EXPECT_EQ(o2.seats[0].verdict, Verdict::Ok) << o2.seats[0].detail;
  EXPECT_EQ(o1.winner, o2.winner);
  EXPECT_EQ(o1.decisions, o2.decisions);
  auto hashes = [](const std::string& path) {
    std::vector<std::string> out;
    for (const std::string& l : read_lines(path))
      if (l.find("\"type\":\"decision\"") != std::string::npos) out.push_back(l.substr(l.find("\"hash\"")));
    return out;
  };
  const auto h1 = hashes(a), h2 = hashes(b);
  EXPECT_GT(h1.size(), 50u);
  EXPECT_EQ(h1, h2);
}

TEST(RefereeStdioLink, KeepsOnlyTheTailOfStderr) {
  dtref::StdioLink link("head -c 100000 /dev/zero | tr '\\0' e >&2; echo last >&2; exit 3");
  ASSERT_FALSE(link.start(dtref::Clock::now() + std::chrono::seconds(5)));
  const auto r = link.receive(dtref::Clock::now() + std::chrono::seconds(5));
  EXPECT_EQ(r.kind, dtref::Received::Kind::Closed);
  EXPECT_EQ(r.exit_detail, "exit code 3");
  link.shutdown(std::chrono::milliseconds(100));
  const std::string tail = link.stderr_tail();
  EXPECT_EQ(tail.size(), 8192u);
  EXPECT_EQ(tail.substr(tail.size() - 5), "last\n");
}

TEST(RefereeStdioLink, ABotThatNeverReadsCannotBlockTheReferee) {
  // 4 MiB to a bot that never reads its stdin: send() must return at once.
  dtref::StdioLink link("sleep 30");
  ASSERT_FALSE(link.start(dtref::Clock::now() + std::chrono::seconds(5)));
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < 64; ++i) EXPECT_TRUE(link.send_line(std::string(65536, 'x')));
  const auto r = link.receive(dtref::Clock::now() + std::chrono::milliseconds(200));
  EXPECT_EQ(r.kind, dtref::Received::Kind::Timeout);
  link.shutdown(std::chrono::milliseconds(0));
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 3.0);
  errno = 0;
  EXPECT_EQ(::kill(link.pid(), 0), -1);
}

TEST(RefereeE2E, ARefereeKilledMidMatchLeavesAReadablePrefix) {
  const std::string t = temp_path("killed.jsonl"), pidfile = temp_path("killed.pids");
  const std::string bot = mock("hang --at 40 --pidfile " + pidfile);
  const pid_t ref = ::fork();
  ASSERT_GE(ref, 0);
  if (ref == 0) {
    ::execl(DTREF_EXE, DTREF_EXE, "match", "--bot", bot.c_str(), "--bot", "builtin:random", "--decision-ms", "60000",
            "--transcript", t.c_str(), "--isolation", "off", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  // Wait until the bot hangs at its 40th request, then kill the referee outright.
  for (int i = 0; i < 200; ++i) {
    int n = 0;
    for (const std::string& l : read_lines(t)) n += l.find("\"type\":\"decision\"") != std::string::npos;
    if (n >= 60) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ::kill(ref, SIGKILL);
  int status = 0;
  ::waitpid(ref, &status, 0);
  for (pid_t pid : read_pids(pidfile)) {  // the orphaned bot: the test's to clean up
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
  }
  const auto rep = dtref::replay_transcript(t, false);
  EXPECT_TRUE(rep.readable) << rep.problem;
  EXPECT_TRUE(rep.verified) << rep.problem;
  EXPECT_FALSE(rep.complete);
  EXPECT_GE(rep.decisions, 60);
}

TEST(RefereeE2E, ConcurrentMatchesOnThreadsDoNotInterfere) {
  // Tournaments call run_match from several threads at once: launches, pipes
  // and reaping of one match must not touch another's.
  std::vector<dtref::MatchOutcome> outs(4);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < outs.size(); ++i)
    threads.emplace_back([&outs, i] {
      const std::string bot = i % 2 ? std::string("stdio:") + DTBOT_RANDOM : mock(i == 2 ? "crash --at 5" : "good");
      auto s = spec_for(bot, std::string("stdio:") + DTBOT_GREEDY, i + 1);
      s.clocks.decision_ms = 3000;
      outs[i] = dtref::run_match(s);
    });
  for (auto& t : threads) t.join();
  for (size_t i = 0; i < outs.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_FALSE(outs[i].voided);
    EXPECT_EQ(outs[i].seats[0].verdict, i == 2 ? Verdict::Crash : Verdict::Ok) << outs[i].seats[0].detail;
    EXPECT_EQ(outs[i].seats[1].verdict, Verdict::Ok) << outs[i].seats[1].detail;
  }
}

TEST(RefereeE2E, TheMinimalBotInTheProtocolDocPlaysFullMatches) {
  // docs/protocol.md promises a bot can be written from it alone; its own example must work.
  std::ifstream in(std::string(DTREF_DOCS_DIR) + "/protocol.md");
  std::stringstream doc;
  doc << in.rdbuf();
  const std::string text = doc.str();
  const size_t start = text.find("```python\n");
  ASSERT_NE(start, std::string::npos);
  const size_t end = text.find("```", start + 10);
  const std::string path = temp_path("tiny.py");
  std::ofstream(path) << text.substr(start + 10, end - start - 10);
  for (uint64_t seed : {1, 2}) {
    auto s = spec_for(std::string("stdio:") + DTREF_PYTHON + " " + path, "builtin:greedy", seed);
    s.clocks.decision_ms = 2000;
    const auto out = dtref::run_match(s);
    EXPECT_EQ(out.seats[0].verdict, Verdict::Ok) << out.seats[0].detail;
    EXPECT_NE(out.reason, "forfeit");
    EXPECT_GT(out.decisions, 20);
  }
}

TEST(RefereeE2E, AFaultyBotsStderrIsReportedAndKept) {
  const std::string dir = temp_path("stderr-dir");
  fs::create_directories(dir);
  auto s = spec_for("stdio:echo why-i-failed >&2; exit 3", "builtin:random");
  s.stderr_dir = dir;
  s.match_id = "errmatch";
  s.transcript_path = temp_path("stderr.jsonl");
  const auto out = dtref::run_match(s);
  EXPECT_EQ(out.seats[0].verdict, Verdict::StartupFailure);
  EXPECT_NE(out.seats[0].detail.find("why-i-failed"), std::string::npos) << out.seats[0].detail;
  std::ifstream saved(dir + "/errmatch-s0.stderr");
  std::string line;
  std::getline(saved, line);
  EXPECT_EQ(line, "why-i-failed");
  std::ifstream tr(s.transcript_path);
  std::stringstream all;
  all << tr.rdbuf();
  EXPECT_NE(all.str().find("\"stderr_tail\":\"why-i-failed\\n\""), std::string::npos) << all.str();
}

TEST(RefereeE2E, CommandLinesWorkAsInAShell) {
  // A leading variable assignment, quoting and redirection, as a user would type them.
  const auto out = dtref::run_match(spec_for("stdio:DTREF_GREETING='hello there' sh -c 'echo \"$DTREF_GREETING\" >&2; exit 4'",
                                             "builtin:random"));
  EXPECT_EQ(out.seats[0].verdict, Verdict::StartupFailure);
  EXPECT_NE(out.seats[0].detail.find("exit code 4"), std::string::npos) << out.seats[0].detail;
  EXPECT_NE(out.seats[0].detail.find("hello there"), std::string::npos) << out.seats[0].detail;
}

TEST(RefereeE2E, UnknownSpecIsAUsageError) {
  EXPECT_THROW(dtref::run_match(spec_for("python3 bot.py", "builtin:random")), std::invalid_argument);
  EXPECT_THROW(dtref::run_match(spec_for("builtin:nobody", "builtin:random")), std::invalid_argument);
}

TEST(RefereeE2E, GrpcWithoutTheTransportIsAStartupFailure) {
  const auto out = dtref::run_match(spec_for("builtin:random", "grpc-remote"));
  EXPECT_FALSE(out.voided);
  EXPECT_EQ(out.seats[1].verdict, Verdict::StartupFailure);
  EXPECT_EQ(out.winner, 0);
}

}  // namespace

namespace {

// docs/protocol.md, "compact": a bot that asks for it gets each card code's
// facts once per match, in request.cards, before or with the first request
// that shows the card; its cards carry only their code and what is theirs
// alone, and fields at their default are left out of the lines.
TEST(RefereeE2E, CompactBotsGetEachCardsFactsOncePerMatch) {
  const std::string record = temp_path("compact.jsonl");
  auto s = spec_for(mock("good --features compact --record " + record), "builtin:random", 5);
  s.clocks = kRoomy;
  const auto out = dtref::run_match(s);
  ASSERT_EQ(out.seats[0].verdict, Verdict::Ok) << out.seats[0].detail;
  std::set<std::string> known;
  int requests = 0, facts = 0, cards_shown = 0;
  for (const std::string& line : read_lines(record)) {
    const auto j = nlohmann::json::parse(line);
    if (j["type"] != "request") continue;
    ++requests;
    EXPECT_EQ(line.find("\"wounded\":false"), std::string::npos) << "a default was written: " << line;
    if (j.contains("cards"))
      for (const auto& c : j["cards"]) {
        EXPECT_TRUE(known.insert(c["code"].get<std::string>()).second) << "facts sent twice for " << c["code"];
        EXPECT_FALSE(c.value("name", "").empty());
        EXPECT_FALSE(c.value("card_type", "").empty());
        ++facts;
      }
    for (const auto& seat : j["observation"]["seats"])
      for (const char* zone : {"hand", "in_play"})
        if (seat.contains(zone))
          for (const auto& c : seat[zone]) {
            if (!c.contains("code")) continue;  // face down
            ++cards_shown;
            EXPECT_TRUE(known.count(c["code"].get<std::string>())) << "no facts yet for " << c["code"];
            EXPECT_FALSE(c.contains("name")) << "facts repeated in the card: " << c.dump();
          }
  }
  EXPECT_GT(requests, 10);
  EXPECT_GT(facts, 3);
  EXPECT_GT(cards_shown, facts) << "every card seen once only: the test shows nothing";
}

// A bot that does not ask keeps the full form: facts in every card, defaults written.
TEST(RefereeE2E, BotsThatDoNotAskForCompactGetTheFullForm) {
  const std::string record = temp_path("full.jsonl");
  auto s = spec_for(mock("good --record " + record), "builtin:random", 5);
  s.clocks = kRoomy;
  ASSERT_EQ(dtref::run_match(s).seats[0].verdict, Verdict::Ok);
  int with_names = 0;
  for (const std::string& line : read_lines(record)) {
    const auto j = nlohmann::json::parse(line);
    if (j["type"] != "request") continue;
    EXPECT_TRUE(j.value("cards", nlohmann::json::array()).empty());
    for (const auto& c : j["observation"]["seats"][0]["hand"]) {
      EXPECT_TRUE(c.contains("wounded"));
      with_names += !c["name"].get<std::string>().empty();
    }
  }
  EXPECT_GT(with_names, 10);
}

}  // namespace
