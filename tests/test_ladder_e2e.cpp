// dtref ladder as an operator runs it: four local bots (two built-in, two
// stdio) and one remote gRPC bot that registers while the service runs and
// dials in with its key; the service is killed with SIGKILL mid-run and
// restarted, carries on, and serves its standings page, checked in headless
// Chromium with the links to transcripts and replay pages followed.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <thread>

#include "dtref/ladder/store.hpp"
#include "dtref/sandbox.hpp"
#include "test_util.hpp"

using dtref_test::contains;
using dtref_test::slurp;
using dtref_test::spawn;
namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

struct TempDir : dtref_test::TempDir {
  TempDir() : dtref_test::TempDir("dtref_ladder_") {}
};

int free_port() {
  const int s = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a);
  socklen_t len = sizeof a;
  ::getsockname(s, reinterpret_cast<sockaddr*>(&a), &len);
  ::close(s);
  return ntohs(a.sin_port);
}

// Kills (SIGKILL, whole process group when it has one) whatever is still running at the end.
struct Children {
  std::vector<pid_t> pids;
  ~Children() {
    for (pid_t p : pids) {
      ::kill(-p, SIGKILL);
      ::kill(p, SIGKILL);
      ::waitpid(p, nullptr, 0);
    }
  }
};

// Waits until `pred` holds, up to `limit`.
bool eventually(const std::function<bool()>& pred, std::chrono::seconds limit) {
  const auto until = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < until) {
    if (pred()) return true;
    std::this_thread::sleep_for(100ms);
  }
  return pred();
}

std::string grab(const std::string& text, const std::string& re) {
  std::smatch m;
  return std::regex_search(text, m, std::regex(re)) ? std::string(m[1]) : std::string();
}

std::set<int64_t> finished_ids(const std::string& db) {
  auto store = dtref::ladder::open_store(db, "", false);
  std::set<int64_t> ids;
  for (const auto& m : store->matches(true)) ids.insert(m.id);
  return ids;
}

}  // namespace

TEST(LadderE2E, FourLocalBotsAndARemoteOneSurviveSigkillAndServeTheirPage) {
  TempDir dir;
  Children kids;
  const std::string db = dir.file("ladder.db"), logs = dir.file("logs");
  const std::string grpc = "127.0.0.1:" + std::to_string(free_port());
  const std::vector<std::string> service = {DTREF_BIN, "ladder", "--db", db,
                                            "--bot", "random=builtin:random", "--bot", "greedy=builtin:greedy",
                                            "--bot", std::string("gamma=stdio:") + DTBOT_GREEDY,
                                            "--bot", std::string("delta=stdio:") + DTBOT_RANDOM,
                                            "-j", "2", "--http", "127.0.0.1:0", "--grpc-listen", grpc,
                                            "--transcripts", logs, "--progress-interval", "1"};
  // First run: frozen (SIGSTOP) right after it stored its 8th match, then killed outright.
  const pid_t first = spawn(service, dir.file("run1.out"), dir.file("run1.err"), {"DTREF_FAULT_STOP_AFTER=8"});
  kids.pids.push_back(first);
  ASSERT_TRUE(eventually([&] { return contains(slurp(dir.file("run1.err")), "standings at http://"); }, dtref_test::patient(20s)))
      << slurp(dir.file("run1.err"));

  // A remote bot registers while the ladder runs and dials in with its key, again and again.
  std::vector<std::string> reg{DTREF_BIN, "ladder", "register", "--db", db, "--remote", "far"};
  const pid_t r = spawn(reg, dir.file("reg.out"), dir.file("reg.err"));
  int status = 0;
  ASSERT_EQ(dtref_test::wait_exit(r, dtref_test::patient(30s)), 0) << slurp(dir.file("reg.err"));
  const std::string key = grab(slurp(dir.file("reg.out")), "(dtl-[0-9a-f]+)");
  ASSERT_FALSE(key.empty()) << slurp(dir.file("reg.out"));
  const pid_t remote = spawn({"/bin/sh", "-c",
                              std::string("exec setsid sh -c 'while :; do DTREF_GRPC_ADDRESS=") + grpc + " DTREF_TOKEN=" +
                                  key + " " + DT_GRPC_MOCK_BOT + " play; sleep 0.05; done'"},
                             dir.file("remote.out"), dir.file("remote.err"));
  kids.pids.push_back(remote);

  ASSERT_TRUE(dtref_test::wait_stopped(first, dtref_test::patient(60s))) << slurp(dir.file("run1.err"));
  ASSERT_EQ(::kill(first, SIGKILL), 0);
  ::waitpid(first, &status, 0);
  kids.pids.erase(kids.pids.begin());
  const std::set<int64_t> before = finished_ids(db);
  EXPECT_GE(before.size(), 8u);

  // Restarted with the same command: it carries on where it was.
  const pid_t second = spawn(service, dir.file("run2.out"), dir.file("run2.err"));
  kids.pids.push_back(second);
  std::string url;
  ASSERT_TRUE(eventually([&] { return !(url = grab(slurp(dir.file("run2.err")), "standings at (http://[0-9.:]+/)")).empty(); }, dtref_test::patient(20s)))
      << slurp(dir.file("run2.err"));
  httplib::Client client(grab(url, "(http://[0-9.:]+)"));
  // A replay page is rendered on demand: a sanitized build on a loaded machine needs more than the default 5 s.
  client.set_read_timeout(dtref_test::patient(5s));
  nlohmann::json standings;
  auto far_games = [&] {
    for (const auto& b : standings["bots"])
      if (b["name"] == "far") return b["games"].get<int>();
    return -1;
  };
  ASSERT_TRUE(eventually(
      [&] {
        auto res = client.Get("/standings.json");
        if (!res || res->status != 200) return false;
        standings = nlohmann::json::parse(res->body, nullptr, false);
        return standings.is_object() && standings["finished"].get<int>() >= int(before.size()) + 6 && far_games() >= 2;
      },
      dtref_test::patient(45s)))
      << standings.dump() << slurp(dir.file("run2.err")) << slurp(dir.file("remote.err"));
  ASSERT_EQ(standings["bots"].size(), 5u);
  // The progress line (plain output on stdout; the log has stderr) says which count is whose.
  EXPECT_TRUE(contains(slurp(dir.file("run2.out")), "played by this process since it started; the whole ladder at the last refresh: "))
      << slurp(dir.file("run2.out"));

  // The page, as a browser renders it.
  if (dtref_test::have_chromium()) {
    const pid_t c = spawn({"/bin/sh", "-c", dtref_test::chromium_dump_dom_command(url, dir.file("profile"))},
                          dir.file("dom.html"), dir.file("chromium.err"));
    ::waitpid(c, &status, 0);
    const std::string dom = slurp(dir.file("dom.html"));
    ASSERT_FALSE(dom.empty()) << slurp(dir.file("chromium.err"));
    for (const char* name : {"random", "greedy", "gamma", "delta", "far"})
      EXPECT_TRUE(contains(dom, std::string("<td class=\"name\">") + name + "</td>")) << name;
    std::ptrdiff_t rows = 0;
    for (size_t p = 0; (p = dom.find("<tr class=\"bot\">", p)) != std::string::npos; ++p) ++rows;
    EXPECT_EQ(rows, 5);
    EXPECT_TRUE(contains(dom, "remote, connected") || contains(dom, "remote, away")) << "the remote bot's status";
    EXPECT_TRUE(contains(dom, "<svg id=\"elo-chart\"")) << "the chart is inline SVG";
    EXPECT_FALSE(contains(dom, "<script")) << "the page needs no JavaScript";
    EXPECT_TRUE(contains(dom, "class=\"rating\">")) << "ratings with their errors";
    // Relative to the page (served at /), so a saved copy does not point at this machine's root.
    const std::string transcript = "/" + grab(dom, "href=\"(matches/m[0-9]+/transcript)\"");
    const std::string replay = "/" + grab(dom, "href=\"(matches/m[0-9]+/replay)\"");
    ASSERT_NE(transcript, "/") << "recent matches link their transcripts";
    ASSERT_NE(replay, "/");
    // The links work.
    auto t = client.Get(transcript);
    ASSERT_TRUE(t);
    EXPECT_EQ(t->status, 200);
    EXPECT_TRUE(contains(t->body, "\"type\":\"header\"")) << t->body.substr(0, 200);
    auto p = client.Get(replay);
    ASSERT_TRUE(p);
    EXPECT_EQ(p->status, 200);
    EXPECT_TRUE(contains(p->body, "<!DOCTYPE html>")) << p->body.substr(0, 200);
    EXPECT_EQ(client.Get("/matches/..%2Fladder.db/transcript")->status, 404) << "only match keys reach the disk";
  } else {
    ADD_FAILURE() << "chromium is not installed (Debian package 'chromium', scripts/install-deps.sh): the page was not rendered";
  }

  // Stopped with SIGTERM: it says so, and every match finished before the kill is still there.
  ::kill(second, SIGTERM);
  const int code = dtref_test::wait_exit(second, dtref_test::patient(20s));
  kids.pids.erase(std::find(kids.pids.begin(), kids.pids.end(), second));
  EXPECT_EQ(code, 130) << slurp(dir.file("run2.err"));
  const std::set<int64_t> after = finished_ids(db);
  for (int64_t id : before) EXPECT_TRUE(after.count(id)) << id;
  EXPECT_GT(after.size(), before.size());
  // Both legs of a pair are the same deal with the seats swapped, and every finished match has its transcript.
  auto store = dtref::ladder::open_store(db, "", false);
  for (const auto& m : store->matches(true)) EXPECT_TRUE(fs::exists(m.transcript)) << m.transcript;
}

TEST(LadderE2E, RegisterRefusesABotThatCannotStart) {
  TempDir dir;
  // A ladder that exists (created by a short run that plays nothing: no bots).
  const pid_t s = spawn({DTREF_BIN, "ladder", "standings", "--db", dir.file("none.db")}, dir.file("o"), dir.file("e"));
  int status = 0;
  ::waitpid(s, &status, 0);
  EXPECT_EQ(WEXITSTATUS(status), 2);
  EXPECT_TRUE(contains(slurp(dir.file("e")), "does not exist")) << slurp(dir.file("e"));
  { auto store = dtref::ladder::open_store(dir.file("l.db"), "", true); }
  const pid_t r = spawn({DTREF_BIN, "ladder", "register", "--db", dir.file("l.db"), "--bot", "typo=stdio:/nonexistent/bot"},
                        dir.file("o"), dir.file("e"));
  ::waitpid(r, &status, 0);
  EXPECT_EQ(WEXITSTATUS(status), 2);
  EXPECT_TRUE(contains(slurp(dir.file("e")), "cannot start")) << slurp(dir.file("e"));
  EXPECT_TRUE(dtref::ladder::open_store(dir.file("l.db"), "", false)->bots().empty()) << "nothing registered";
  const pid_t h = spawn({DTREF_BIN, "ladder", "--help"}, dir.file("o"), dir.file("e"));
  ::waitpid(h, &status, 0);
  EXPECT_TRUE(contains(slurp(dir.file("o")), "--pg")) << "the help names the PostgreSQL option";
}

TEST(LadderE2E, ConfigExampleRunsToItsPlannedEnd) {
  TempDir dir;
  const pid_t p = spawn({DTREF_BIN, "ladder", "--config", std::string(DTREF_SOURCE_DIR) + "/examples/ladder/ladder.toml",
                         "--db", dir.file("l.db"), "--matches", "6", "--no-http", "--grpc-listen", "127.0.0.1:0",
                         "--transcripts", dir.file("logs"), "--quiet"},
                        dir.file("o"), dir.file("e"));
  int status = 0;
  ::waitpid(p, &status, 0);
  ASSERT_EQ(WEXITSTATUS(status), 0) << slurp(dir.file("e"));
  EXPECT_TRUE(contains(slurp(dir.file("e")), "stored 6 matches this run")) << slurp(dir.file("e"));
  auto store = dtref::ladder::open_store(dir.file("l.db"), "", false);
  const auto done = store->matches(true);
  ASSERT_EQ(done.size(), 6u);
  // The example's deck pool: both legs of a pair, the same deck in each seat, the bots swapped.
  for (size_t i = 0; i + 1 < done.size(); i += 2) {
    ASSERT_EQ(done[i].pair_no, done[i + 1].pair_no);
    EXPECT_EQ(done[i].seats[0].deck, done[i + 1].seats[0].deck);
    EXPECT_EQ(done[i].seats[1].deck, done[i + 1].seats[1].deck);
    EXPECT_EQ(done[i].seats[0].bot, done[i + 1].seats[1].bot);
    EXPECT_EQ(done[i].results[0].deck, done[i].seats[0].deck) << "the deck as played";
  }
}

// A bot of the ladder reads neither its store nor the transcripts: both are
// hidden in its sandbox (docs/security.md). The directory is outside /tmp
// (private to every bot anyway) and readable by everyone, so only the
// sandbox's view stands in the probe's way.
TEST(LadderE2E, BotsCannotReadTheLadderStore) {
  if (dtref::sandbox_support().bwrap.empty())
    GTEST_SKIP() << "no namespaces on this machine: " << dtref::sandbox_support().bwrap_problem;
  const dtref_test::TempDir tmp("ladder-sandbox-", fs::current_path());
  const fs::path& dir = tmp.path;
  ::chmod(dir.c_str(), 0755);
  const std::string db = (dir / "l.db").string(), logs = (dir / "logs").string();
  std::ofstream(db).flush();  // SQLite keeps an existing file's mode: readable by everyone
  ::chmod(db.c_str(), 0644);
  const std::string probe = "probe=stdio:head -c 15 " + db + " >&2; echo PROBE-RAN >&2; exec " + DTBOT_GREEDY;
  const pid_t p = spawn({DTREF_BIN, "ladder", "--db", db, "--bot", probe, "--bot", "builtin:random", "--matches", "2",
                         "--no-http", "--transcripts", logs, "--quiet",
                         // Each leg in a process (and a sandbox) of its own: dtbot-greedy says
                         // several_matches, which a worker would otherwise keep for both.
                         "--keep-alive", "off"},
                        (dir / "o").string(), (dir / "e").string());
  ASSERT_EQ(dtref_test::wait_exit(p, dtref_test::patient(60s)), 0) << slurp((dir / "e").string());
  int probes = 0;
  for (const auto& e : fs::directory_iterator(logs)) {
    if (e.path().extension() != ".stderr") continue;
    const std::string said = slurp(e.path().string());
    if (!contains(said, "PROBE-RAN")) continue;
    ++probes;
    EXPECT_FALSE(contains(said, "SQLite format")) << "the bot read the ladder's store: " << said;
  }
  EXPECT_EQ(probes, 2) << "the probe played both legs";
}

// A ladder worker keeps a bot that says several_matches for its next matches
// against the same opponent (docs/protocol.md, "Several matches in one
// process"); --keep-alive off starts it for every match. The mock notes each
// start in a file every start may append to (each runs as a uid of its own).
TEST(LadderE2E, AWorkerKeepsABotThatPlaysSeveralMatches) {
  const dtref_test::TempDir tmp("ladder-keep-");
  const fs::path& dir = tmp.path;
  fs::permissions(dir, fs::perms::all);
  auto starts = [&](const std::string& keep) {
    const std::string pids = (dir / ("k-" + keep + ".pids")).string(), db = (dir / ("l-" + keep + ".db")).string();
    std::ofstream{pids};
    fs::permissions(pids, fs::perms::all);
    const std::string bot = std::string("k=stdio:") + DTREF_PYTHON + " " + DTREF_MOCKBOTS_DIR +
                            "/mockbot.py good --features several_matches --pidfile " + pids;
    // --allow-broken: registering checks the bot without --bot-writable, where it cannot note its start.
    const pid_t p = spawn({DTREF_BIN, "ladder", "--db", db, "--bot", bot, "--bot", "builtin:random", "--matches", "6",
                           "--no-http", "--quiet", "--bot-writable", dir.string(), "--allow-broken", "--keep-alive", keep},
                          (dir / "o").string(), (dir / "e").string());
    EXPECT_EQ(dtref_test::wait_exit(p, dtref_test::patient(60s)), 0) << slurp((dir / "e").string());
    return dtref_test::read_lines(pids).size();
  };
  EXPECT_EQ(starts("off"), 6u);
  // One worker: kept from match to match (started again only when it waited for the schedule).
  EXPECT_LT(starts("on"), 4u);
}
