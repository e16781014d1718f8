// dtref tournament, standings and merge run as a user runs them: as child
// processes, killed with SIGKILL and restarted, interrupted with SIGINT,
// sharded and merged, and the HTML report rendered in headless Chromium.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <sstream>

#include "dtref/tournament/plan.hpp"
#include "dtref/tournament/store.hpp"

#include "test_util.hpp"

using namespace dtref::tour;
namespace fs = std::filesystem;

namespace {

struct TempDir : dtref_test::TempDir {
  TempDir() : dtref_test::TempDir("dtref_e2e_") {}
};

using dtref_test::slurp;
using dtref_test::spawn;

struct Result {
  int code = -1;
  std::string out, err;
};

Result run(const std::vector<std::string>& args, const TempDir& dir) {
  std::vector<std::string> argv{DTREF_BIN};
  argv.insert(argv.end(), args.begin(), args.end());
  const pid_t pid = spawn(argv, dir.file("out.txt"), dir.file("err.txt"));
  int status = 0;
  ::waitpid(pid, &status, 0);
  Result r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(dir.file("out.txt"));
  r.err = slurp(dir.file("err.txt"));
  return r;
}

// Two built-in bots and one stdio bot (a separate process per match).
std::vector<std::string> three_bot_round_robin(const std::string& db) {
  return {"tournament", "--bot", "builtin:random", "--bot", "builtin:greedy",
          "--bot", std::string("gamma=stdio:") + DTBOT_GREEDY_BIN + "@legion",
          "--rounds", "5", "--concurrency", "2", "--seed", "77", "--db", db};
}

// The keys of the finished matches in a store, each once, and how many rows.
std::pair<std::set<std::string>, int> done_in(const std::string& db) {
  Store s(db);
  std::set<std::string> keys;
  int rows = 0;
  for (const MatchRecord& m : s.matches())
    if (m.done) {
      keys.insert(m.plan.key());
      ++rows;
    }
  return {keys, rows};
}

std::set<std::string> planned_keys(int players, int rounds) {
  std::set<std::string> keys;
  const PlanParams p{Format::RoundRobin, players, rounds, 77};
  for (int r = 1; r <= rounds; ++r)
    for (const PlannedMatch& m : plan_round(p, r, {}).matches) keys.insert(m.key());
  return keys;
}

int json_int(const std::string& json, const std::string& key) {
  std::smatch m;
  if (!std::regex_search(json, m, std::regex("\"" + key + "\": *([0-9]+)"))) return -1;
  return std::stoi(m[1]);
}

// The key of leg `leg` of the first pairing of round `round`.
std::string fmt_key(int round, int leg) {
  PlannedMatch m;
  m.round = round;
  m.pairing = 1;
  m.leg = leg;
  return m.key();
}

// Starts the tournament with the fault hook that freezes it (SIGSTOP) right
// after it has stored `after` matches, and waits until it is frozen.
pid_t start_and_freeze(const std::vector<std::string>& args, const TempDir& dir, int after) {
  std::vector<std::string> argv{DTREF_BIN};
  argv.insert(argv.end(), args.begin(), args.end());
  const pid_t pid = spawn(argv, dir.file("frozen_out.txt"), dir.file("frozen_err.txt"),
                          {"DTREF_FAULT_STOP_AFTER=" + std::to_string(after)});
  int status = 0;
  ::waitpid(pid, &status, WUNTRACED);
  EXPECT_TRUE(WIFSTOPPED(status)) << "the tournament ended before it stored " << after << " matches: "
                                  << slurp(dir.file("frozen_err.txt"));
  return pid;
}

}  // namespace

TEST(TournamentE2E, SigkillMidRunThenRerunGivesExactlyThirtyMatches) {
  TempDir dir;
  const std::string db = dir.file("rr.db");
  const auto args = three_bot_round_robin(db);
  const pid_t pid = start_and_freeze(args, dir, 7);
  // Frozen with the second worker possibly mid-match: kill it outright.
  ASSERT_EQ(::kill(pid, SIGKILL), 0);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status));
  const auto [before, rows_before] = done_in(db);
  EXPECT_GE(before.size(), 7u);
  EXPECT_LT(before.size(), 30u) << "the kill came too late to test a resume";

  const Result again = run(args, dir);
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_NE(again.out.find("30 of 30 matches"), std::string::npos) << again.out;
  const auto [after, rows_after] = done_in(db);
  EXPECT_EQ(rows_after, 30);
  EXPECT_EQ(after, planned_keys(3, 5));  // every planned key, each once
  for (const std::string& k : before) EXPECT_TRUE(after.count(k));

  const Result st = run({"standings", "--db", db, "--json"}, dir);
  ASSERT_EQ(st.code, 0) << st.err;
  EXPECT_EQ(json_int(st.out, "matches_completed"), 30);
  // Every player took part in 20 of the 30 matches.
  std::smatch m;
  std::string rest = st.out.substr(0, st.out.find("\"crosstable\""));
  int players = 0;
  while (std::regex_search(rest, m, std::regex("\"games\": *([0-9]+)"))) {
    EXPECT_EQ(std::stoi(m[1]), 20);
    ++players;
    rest = m.suffix();
  }
  EXPECT_EQ(players, 3);
}

TEST(TournamentE2E, SigintStopsCleanlyAndSaysHowToResume) {
  TempDir dir;
  const std::string db = dir.file("rr.db");
  const auto args = three_bot_round_robin(db);
  const pid_t pid = start_and_freeze(args, dir, 3);
  ::kill(pid, SIGINT);
  ::kill(pid, SIGCONT);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130);
  const std::string err = slurp(dir.file("frozen_err.txt"));
  EXPECT_NE(err.find("Run the same command again to resume"), std::string::npos) << err;
  EXPECT_LT(done_in(db).second, 30);
  const Result again = run(args, dir);
  EXPECT_EQ(again.code, 0) << again.err;
  EXPECT_EQ(done_in(db).second, 30);
}

TEST(TournamentE2E, RefusesADifferentTournamentInTheSameDb) {
  TempDir dir;
  const std::string db = dir.file("rr.db");
  ASSERT_EQ(run(three_bot_round_robin(db), dir).code, 0);
  auto other = three_bot_round_robin(db);
  other[other.size() - 3] = "78";  // --seed
  const Result r = run(other, dir);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("different tournament"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("seed"), std::string::npos) << r.err;
}

TEST(TournamentE2E, ThreeShardsMergedEqualOneMachine) {
  TempDir dir;
  const auto base = three_bot_round_robin(dir.file("single.db"));
  ASSERT_EQ(run(base, dir).code, 0);
  std::vector<std::string> merge_args{"merge", dir.file("merged.db")};
  for (int i = 0; i < 3; ++i) {
    auto args = three_bot_round_robin(dir.file("shard" + std::to_string(i) + ".db"));
    args.push_back("--shard");
    args.push_back(std::to_string(i) + "/3");
    const Result r = run(args, dir);
    ASSERT_EQ(r.code, 0) << r.err;
    merge_args.push_back(dir.file("shard" + std::to_string(i) + ".db"));
  }
  const Result m = run(merge_args, dir);
  ASSERT_EQ(m.code, 0) << m.err;
  EXPECT_NE(m.out.find("30 of 30"), std::string::npos) << m.out;
  const Result single = run({"standings", "--db", dir.file("single.db"), "--json"}, dir);
  const Result merged = run({"standings", "--db", dir.file("merged.db"), "--json"}, dir);
  EXPECT_EQ(single.out, merged.out);
  EXPECT_EQ(json_int(merged.out, "matches_completed"), 30);
  // A shard db cannot be resumed as another shard.
  auto wrong = three_bot_round_robin(dir.file("shard0.db"));
  wrong.insert(wrong.end(), {"--shard", "1/3"});
  EXPECT_EQ(run(wrong, dir).code, 2);
}

TEST(TournamentE2E, ConfigFileExampleRuns) {
  TempDir dir;
  const Result r = run({"tournament", "--config", std::string(DTREF_SOURCE_DIR) + "/examples/tournaments/round-robin.toml",
                        "--db", dir.file("cfg.db"), "--rounds", "1"},
                       dir);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("6 of 6 matches"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("greedy-legion"), std::string::npos) << r.out;
}

TEST(TournamentE2E, TranscriptsAndStderrLogsAreNamedByMatchKey) {
  TempDir dir;
  const Result r = run({"tournament", "--bot", "builtin:random", "--bot", std::string("stdio:") + DTBOT_GREEDY_BIN,
                        "--db", dir.file("t.db"), "--transcripts", dir.file("logs")},
                       dir);
  ASSERT_EQ(r.code, 0) << r.err;
  Store s(dir.file("t.db"));
  const auto matches = s.matches();
  ASSERT_EQ(matches.size(), 2u);
  for (const MatchRecord& m : matches) {
    EXPECT_EQ(m.transcript, dir.file("logs/" + m.plan.key() + ".jsonl"));
    EXPECT_TRUE(fs::exists(m.transcript)) << m.transcript;
    EXPECT_NE(slurp(m.transcript).find(m.plan.key()), std::string::npos);
    // The stdio bot's stderr log sits beside it, named by key and seat.
    const int stdio_seat = m.plan.seat0 == 1 ? 0 : 1;
    const std::string log = dir.file("logs/" + m.plan.key() + "-s" + std::to_string(stdio_seat) + ".stderr");
    EXPECT_TRUE(fs::exists(log)) << log;
  }
}

TEST(TournamentE2E, HtmlReportRendersInHeadlessChromium) {
  if (!dtref_test::have_chromium())
    GTEST_SKIP() << "chromium is not installed (Debian package 'chromium'); the HTML report was not rendered";
  TempDir dir;
  const std::string db = dir.file("rr.db");
  auto args = three_bot_round_robin(db);
  args.insert(args.end(), {"--transcripts", dir.file("logs")});
  ASSERT_EQ(run(args, dir).code, 0);
  const std::string html = dir.file("report.html");
  const Result w = run({"standings", "--db", db, "--html", html, "--replay-pages"}, dir);
  ASSERT_EQ(w.code, 0) << w.err;
  EXPECT_TRUE(fs::exists(dir.file("logs/r001-p001-l1.html"))) << w.err;
  const std::string page = slurp(html);
  EXPECT_EQ(page.find("http://"), page.find("http://www.w3.org/2000/svg")) << "the report must not load anything";
  EXPECT_EQ(page.find("https://"), std::string::npos);
  EXPECT_EQ(page.find("<script"), std::string::npos) << "the chart is inline SVG, no JavaScript";
  const Result json = run({"standings", "--db", db, "--json"}, dir);

  const pid_t pid = spawn({"/bin/sh", "-c", dtref_test::chromium_dump_dom_command("file://" + html, dir.file("profile"))},
                          dir.file("dom.html"), dir.file("chromium_err.txt"));
  int status = 0;
  ::waitpid(pid, &status, 0);
  const std::string dom = slurp(dir.file("dom.html"));
  ASSERT_FALSE(dom.empty()) << slurp(dir.file("chromium_err.txt"));
  EXPECT_NE(dom.find("<svg id=\"elo-chart\""), std::string::npos);
  for (const char* name : {"random", "greedy", "gamma"}) {
    EXPECT_NE(dom.find(std::string("data-name=\"") + name + "\""), std::string::npos) << name;
    EXPECT_NE(dom.find(std::string("<td class=\"name\">") + name + "</td>"), std::string::npos) << name;
  }
  auto count = [&](const std::string& what) {
    std::ptrdiff_t n = 0;
    for (size_t p = 0; (p = dom.find(what, p)) != std::string::npos; ++p) ++n;
    return n;
  };
  EXPECT_EQ(count("class=\"bar\""), 3);
  // Each bot has an error bar, or an arrow for a one-sided bound (a 100% or 0% score).
  EXPECT_EQ(count("class=\"errbar\"") + count("class=\"bound\""), 3);
  EXPECT_NE(dom.find("30 of 30 matches completed"), std::string::npos);
  // Each player's Elo from --json appears in the rendered chart.
  std::smatch m;
  std::string rest = json.out.substr(0, json.out.find("\"crosstable\""));
  int found = 0;
  while (std::regex_search(rest, m, std::regex("\"elo\": *(-?[0-9.]+)"))) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "data-elo=\"%g\"", std::stod(m[1]));
    EXPECT_NE(dom.find(buf), std::string::npos) << buf;
    ++found;
    rest = m.suffix();
  }
  EXPECT_EQ(found, 3);
  EXPECT_NE(dom.find("id=\"crosstable\""), std::string::npos);
  // The settings that define the run, and every match with a link to its transcript.
  EXPECT_NE(dom.find("id=\"settings\""), std::string::npos);
  EXPECT_NE(dom.find("round-robin"), std::string::npos);
  EXPECT_NE(dom.find(std::string("gamma</td><td class=\"name\">stdio:") + DTBOT_GREEDY_BIN), std::string::npos);
  EXPECT_EQ(count("<tr class=\"match\">"), 30);
  EXPECT_NE(dom.find("<a href=\"logs/r001-p001-l1.jsonl\">transcript</a> <a href=\"logs/r001-p001-l1.html\">replay</a>"),
            std::string::npos);
}

TEST(TournamentE2E, RefusesAConcurrencyTheFileLimitCannotHold) {
  TempDir dir;
  const pid_t pid = spawn({"/bin/sh", "-c",
                           std::string("ulimit -n 100 && exec ") + DTREF_BIN +
                               " tournament --bot builtin:random --bot builtin:greedy --concurrency 50 --db " +
                               dir.file("t.db")},
                          dir.file("out.txt"), dir.file("err.txt"));
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 2);
  EXPECT_NE(slurp(dir.file("err.txt")).find("lower --concurrency"), std::string::npos) << slurp(dir.file("err.txt"));
}

TEST(TournamentE2E, ACrashingBotIsCountedAndItsLogsAreListed) {
  TempDir dir;
  const Result r = run({"tournament", "--bot", "builtin:random", "--bot",
                        "bad=stdio:/bin/sh -c 'echo oops-from-bad >&2; exit 3'", "--startup-ms", "5000", "--allow-broken", "--db",
                        dir.file("t.db"), "--transcripts", dir.file("logs")},
                       dir);
  ASSERT_EQ(r.code, 0) << r.err;
  const Result st = run({"standings", "--db", dir.file("t.db"), "--json"}, dir);
  ASSERT_EQ(st.code, 0) << st.err;
  EXPECT_NE(st.out.find("\"crashes\": 2"), std::string::npos) << st.out;
  const Result text = run({"standings", "--db", dir.file("t.db")}, dir);
  EXPECT_NE(text.out.find("2 faults"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("r001-p001-l1 bad startup_failure"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find(dir.file("logs/r001-p001-l1.jsonl")), std::string::npos) << text.out;
  // The bot's stderr is in its log, found by the match key and seat.
  EXPECT_NE(slurp(dir.file("logs/r001-p001-l1-s1.stderr")).find("oops-from-bad"), std::string::npos);
}

TEST(TournamentE2E, SprtVerdictFromTheCommandLine) {
  TempDir dir;
  // Greedy against random is lopsided: a 0-vs-100 Elo test decides long before 200 rounds.
  // A fixed seed and one match at a time make the run repeatable: with a secret seed and two matches in flight, the
  // match finishing after the crossing could, rarely, pull the stored LLR back inside the bounds that standings check.
  const Result r = run({"tournament", "--bot", "builtin:greedy", "--bot", "builtin:random", "--rounds", "200", "--db",
                        dir.file("t.db"), "--seed", "77", "--concurrency", "1", "--sprt",
                        "elo0=0,elo1=100,alpha=0.05,beta=0.05"},
                       dir);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("-> H1"), std::string::npos) << r.out;
  const Result st = run({"standings", "--db", dir.file("t.db"), "--sprt", "elo0=0", "elo1=100"}, dir);
  ASSERT_EQ(st.code, 0) << st.err;
  EXPECT_NE(st.out.find("SPRT greedy vs random"), std::string::npos) << st.out;
  EXPECT_NE(st.out.find("H1 accepted"), std::string::npos) << st.out;
  EXPECT_LT(json_int(run({"standings", "--db", dir.file("t.db"), "--json"}, dir).out, "matches_completed"), 400);
}

TEST(TournamentE2E, DeckPoolPairsPlayTheSameDecksWithTheBotsSwapped) {
  TempDir dir;
  const Result r = run({"tournament", "--bot", "builtin:random", "--bot", "builtin:greedy", "--rounds", "3",
                        "--deck-pool", "corporate,legion,brotherhood", "--seed", "4", "--db", dir.file("t.db"),
                        "--transcripts", dir.file("logs"), "--quiet", "--duplicate-deals"},
                       dir);
  ASSERT_EQ(r.code, 0) << r.err;
  // From the transcripts as played: the header names each seat's bot and deck.
  auto header = [&](const std::string& key) {
    std::ifstream in(dir.file("logs/" + key + ".jsonl"));
    std::string line;
    std::getline(in, line);
    return line;
  };
  auto field = [](const std::string& line, const std::string& re) {
    std::smatch m;
    return std::regex_search(line, m, std::regex(re)) ? std::string(m[1]) + "|" + std::string(m[2]) : std::string();
  };
  std::set<std::string> pairings;
  for (int round = 1; round <= 3; ++round) {
    const std::string a = header(fmt_key(round, 1)), b = header(fmt_key(round, 2));
    const std::string decks_re = "\"decks\":\\[\\{\"name\":\"([a-z]+)\".*?\\{\"name\":\"([a-z]+)\"";
    const std::string bots_re = "\"bots\":\\[\\{\"name\":\"([a-z]+)\".*?\\{\"name\":\"([a-z]+)\"";
    ASSERT_FALSE(field(a, decks_re).empty()) << a;
    EXPECT_EQ(field(a, decks_re), field(b, decks_re)) << "the same deck in each seat in both legs";
    EXPECT_EQ(field(a, "\"seed\":([0-9]+)(),"), field(b, "\"seed\":([0-9]+)(),")) << "--duplicate-deals: one deal";
    const std::string bots_a = field(a, bots_re), bots_b = field(b, bots_re);
    EXPECT_EQ(bots_a.substr(bots_a.find('|') + 1) + "|" + bots_a.substr(0, bots_a.find('|')), bots_b) << "bots swap";
    const std::string d = field(a, decks_re);
    EXPECT_NE(d.substr(0, d.find('|')), d.substr(d.find('|') + 1));
    pairings.insert(d);
  }
  EXPECT_GE(pairings.size(), 1u);
  // A bot that brings its own deck is refused unless own decks are allowed.
  const Result own = run({"tournament", "--bot", "builtin:random@legion", "--bot", "builtin:greedy", "--deck-pool",
                          "corporate,brotherhood", "--db", dir.file("own.db")},
                         dir);
  EXPECT_EQ(own.code, 2);
  EXPECT_NE(own.err.find("--own-decks"), std::string::npos) << own.err;
  EXPECT_FALSE(fs::exists(dir.file("own.db")));
}

TEST(TournamentE2E, PreflightKeepsABrokenSpecOutOfTheDatabase) {
  TempDir dir;
  const Result r = run({"tournament", "--bot", "builtin:random", "--bot", "typo=stdio:/nonexistent/bot", "--db",
                        dir.file("t.db")},
                       dir);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("bot 'typo' (stdio:/nonexistent/bot) cannot start"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--allow-broken"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir.file("t.db"))) << "nothing may be written before every bot has started once";
  const Result anyway = run({"tournament", "--bot", "builtin:random", "--bot", "typo=stdio:/nonexistent/bot",
                             "--allow-broken", "--quiet", "--db", dir.file("t.db")},
                            dir);
  EXPECT_EQ(anyway.code, 0) << anyway.err;
  EXPECT_TRUE(fs::exists(dir.file("t.db")));
}

TEST(TournamentE2E, EngineSettingsReachTheBotAndItsReadyNameIsRecorded) {
  TempDir dir;
  // The bot names itself after its argument and environment, so the standings show they arrived.
  // It says ready itself, then hands the rest of the match to dtbot-greedy
  // (whose own ready line it drops; the hello it already read is not needed).
  std::ofstream(dir.file("named.sh")) << "printf '{\"type\":\"ready\",\"name\":\"%s-%s\"}\\n' \"$1\" \"$LEVEL\"\n"
                                          "exec " DTBOT_GREEDY_BIN " | sed -u 1d\n";
  const Result r = run({"tournament", "--bot", "builtin:random", "--engine", "name=named",
                        "spec=stdio:/bin/sh ./named.sh", "dir=" + dir.path.string(), "arg=first", "env=LEVEL=7",
                        "decision_ms=2000", "--quiet", "--db", dir.file("t.db")},
                       dir);
  ASSERT_EQ(r.code, 0) << r.err;
  const Result st = run({"standings", "--db", dir.file("t.db")}, dir);
  EXPECT_NE(st.out.find("named calls itself 'first-7'"), std::string::npos) << st.out;
  const Result bad = run({"tournament", "--bot", "builtin:random", "--engine", "name=x", "spec=builtin:greedy",
                          "decison_ms=5", "--db", dir.file("u.db")},
                         dir);
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("did you mean 'decision_ms'?"), std::string::npos) << bad.err;
}

TEST(TournamentE2E, ConfigRefusesUnknownKeysWithTheirLine) {
  TempDir dir;
  std::ofstream(dir.file("t.toml")) << "rounds = 1\nformt = \"swiss\"\n";
  const Result r = run({"tournament", "--config", dir.file("t.toml"), "--db", dir.file("t.db")}, dir);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("line 2: unknown key 'formt' (did you mean 'format'?)"), std::string::npos) << r.err;
  std::ofstream(dir.file("b.toml")) << "[[bots]]\nspec = \"builtin:random\"\n\n[[bots]]\nspec = \"builtin:greedy\"\n"
                                       "args = [\"--x\"]\ndekc = \"legion\"\n";
  const Result b = run({"tournament", "--config", dir.file("b.toml"), "--db", dir.file("b.db")}, dir);
  EXPECT_EQ(b.code, 2);
  EXPECT_NE(b.err.find("line 7: unknown key 'dekc' in [[bots]] (did you mean 'deck'?)"), std::string::npos) << b.err;
}

TEST(TournamentE2E, ASecondWriterOnTheSameDbIsRefusedUntilTheFirstIsKilled) {
  TempDir dir;
  const std::string db = dir.file("rr.db");
  const auto args = three_bot_round_robin(db);
  const pid_t first = start_and_freeze(args, dir, 2);
  const Result second = run(args, dir);
  EXPECT_EQ(second.code, 2);
  EXPECT_NE(second.err.find("is in use: another dtref process is writing to it"), std::string::npos) << second.err;
  EXPECT_LT(done_in(db).second, 30) << "the refused run must not have played";
  // SIGKILL leaves no stale lock: the next run resumes and finishes.
  ASSERT_EQ(::kill(first, SIGKILL), 0);
  int status = 0;
  ::waitpid(first, &status, 0);
  const Result third = run(args, dir);
  ASSERT_EQ(third.code, 0) << third.err;
  EXPECT_EQ(done_in(db).second, 30);
}

// Issue 13: a tournament of four-seat tables with five bots, killed mid-run
// and resumed: exactly the planned matches, each once; ratings with errors.
TEST(TournamentE2E, FourSeatTablesOfFiveBotsResumeExactlyAfterSigkill) {
  TempDir dir;
  const std::string db = dir.file("tables.db");
  const std::vector<std::string> args{"tournament", "--seats", "4", "--bot", "a=builtin:random", "--bot",
                                      "b=builtin:greedy", "--bot", "c=builtin:random", "--bot", "d=builtin:greedy",
                                      "--bot", std::string("e=stdio:") + DTBOT_GREEDY_BIN, "--concurrency", "2",
                                      "--seed", "13", "--db", db};
  const pid_t pid = start_and_freeze(args, dir, 5);
  ASSERT_EQ(::kill(pid, SIGKILL), 0);
  int status = 0;
  ::waitpid(pid, &status, 0);
  const auto [before, rows_before] = done_in(db);
  EXPECT_GE(before.size(), 5u);
  EXPECT_LT(before.size(), 20u) << "the kill came too late to test a resume";

  const Result again = run(args, dir);
  ASSERT_EQ(again.code, 0) << again.err;
  // Five tables (every four of the five bots), each in its four rotations.
  EXPECT_NE(again.out.find("20 of 20 matches"), std::string::npos) << again.out;
  EXPECT_NE(again.out.find("+/-"), std::string::npos) << "ratings with their errors: " << again.out;
  const auto [after, rows_after] = done_in(db);
  EXPECT_EQ(rows_after, 20);
  std::set<std::string> planned;
  PlanParams p{Format::RoundRobin, 5, 1, 13};
  p.seats = 4;
  for (const PlannedMatch& m : plan_round(p, 1, {}).matches) planned.insert(m.key());
  EXPECT_EQ(after, planned);
  for (const std::string& k : before) EXPECT_TRUE(after.count(k));
  Store s(db);
  for (const MatchRecord& m : s.matches()) {
    ASSERT_EQ(m.plan.table.size(), 4u);
    ASSERT_EQ(m.seats.size(), 4u);
    int firsts = 0;
    for (const SeatRecord& r : m.seats) firsts += r.place == 1;
    EXPECT_GE(firsts, 1) << m.plan.key();
  }
  const Result st = run({"standings", "--db", db, "--json"}, dir);
  ASSERT_EQ(st.code, 0) << st.err;
  // Each bot sits at 4 tables x 4 rotations, meeting 3 others each time: 48 pairwise games.
  std::smatch m;
  std::string rest = st.out.substr(0, st.out.find("\"crosstable\""));
  int players = 0;
  while (std::regex_search(rest, m, std::regex("\"games\": *([0-9]+)"))) {
    EXPECT_EQ(std::stoi(m[1]), 48);
    ++players;
    rest = m.suffix();
  }
  EXPECT_EQ(players, 5);
}

// Issue 13: a teams tournament lists standings per bot and per team (the
// bots that sat on one side).
TEST(TournamentE2E, TeamsTablesGiveStandingsPerTeam) {
  TempDir dir;
  const std::string db = dir.file("teams.db");
  const Result r = run({"tournament", "--seats", "4", "--style", "teams", "--bot", "a=builtin:random", "--bot",
                        "b=builtin:greedy", "--bot", "c=builtin:random", "--bot", "d=builtin:greedy", "--seed", "5",
                        "--db", db},
                       dir);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("4 of 4 matches"), std::string::npos) << r.out;
  const Result st = run({"standings", "--db", db}, dir);
  ASSERT_EQ(st.code, 0) << st.err;
  EXPECT_NE(st.out.find("+/-"), std::string::npos) << st.out;
  // Teams by seat order (0,0,1,1) over the four rotations of a, b, c, d: a+b, b+c, c+d and a+d,
  // each on one side twice.
  const size_t teams = st.out.find("\nteams (");
  ASSERT_NE(teams, std::string::npos) << st.out;
  for (const char* side : {"a\\+b", "b\\+c", "c\\+d", "a\\+d"})
    EXPECT_TRUE(std::regex_search(st.out.substr(teams), std::regex(std::string(" ") + side + " +2 "))) << side << "\n" << st.out;
  EXPECT_EQ(st.out.find("a+c"), std::string::npos) << st.out;
  const std::string html = dir.file("teams.html");
  ASSERT_EQ(run({"standings", "--db", db, "--html", html}, dir).code, 0);
  std::ifstream in(html);
  const std::string page((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(page.find("<table id=\"teams\">"), std::string::npos);
  EXPECT_NE(page.find(">b+c</td>"), std::string::npos);
}

TEST(TournamentE2E, TablesRefuseWhatTheyCannotPlay) {
  TempDir dir;
  const std::vector<std::string> bots{"--bot", "builtin:random", "--bot", "builtin:greedy", "--bot", "x=builtin:random"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> a{"tournament", "--db", dir.file("refuse.db")};
    a.insert(a.end(), bots.begin(), bots.end());
    a.insert(a.end(), extra.begin(), extra.end());
    return run(a, dir);
  };
  EXPECT_EQ(with({"--seats", "4"}).code, 2);  // three bots cannot fill a table of four
  EXPECT_EQ(with({"--seats", "3", "--format", "swiss"}).code, 2);
  EXPECT_EQ(with({"--seats", "3", "--sprt", "elo0=0,elo1=5"}).code, 2);
  EXPECT_EQ(with({"--seats", "3", "--style", "teams"}).code, 2);
  EXPECT_FALSE(fs::exists(dir.file("refuse.db")));
}
