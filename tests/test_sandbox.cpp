// The attacks of a hostile bot, each played by a mock bot (tests/mockbots/
// mockbot.py) against the sandbox (docs/security.md), and each shown to
// fail. Where the attack is safe to play unsandboxed, a control run shows it
// would have worked there, so the test can fail.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "dt/deck.hpp"
#include "dtref/cgroup.hpp"
#include "dtref/match.hpp"
#include "dtref/sandbox.hpp"
#include "dtref/secrets.hpp"
#include "dtref/tournament/store.hpp"
#include "test_util.hpp"

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using dtref::Isolation;
using dtref::Verdict;
using dtref_test::read_lines;

const dtref::Clocks kRoomy{10000, 2000, 5000, 50};

std::string mock(const std::string& args) {
  return std::string("stdio:") + DTREF_PYTHON + " " + DTREF_MOCKBOTS_DIR + "/mockbot.py " + args;
}

dtref::MatchSpec spec_for(const std::string& seat0, const std::string& seat1) {
  dtref::MatchSpec s;
  s.bots = {{"", seat0}, {"", seat1}};
  s.decks = {dt::builtin_deck("corporate"), dt::builtin_deck("legion")};
  s.rules = dt::preset_gengine();
  s.seed = dtref::secure_seed();
  s.clocks = kRoomy;
  return s;
}

// Processes (seen from here) whose command line holds `tag`; with `program`,
// only those running it (their first word).
std::vector<pid_t> tagged(const std::string& tag, const std::string& program = "") {
  std::vector<pid_t> out;
  for (const auto& e : fs::directory_iterator("/proc")) {
    const std::string name = e.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos || std::stol(name) == ::getpid()) continue;
    std::ifstream in(e.path() / "cmdline", std::ios::binary);
    std::string cmd((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!program.empty() && cmd.compare(0, program.size() + 1, program + '\0') != 0) continue;
    for (char& c : cmd) c = c ? c : ' ';
    if (cmd.find(tag) != std::string::npos) out.push_back(pid_t(std::stol(name)));
  }
  return out;
}

bool none_left(const std::string& tag) {
  for (int i = 0; i < 100 * dtref_test::kSlowdown; ++i) {
    if (tagged(tag).empty()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

// The first comment seat `seat` gave in a transcript.
std::string first_comment(const std::string& transcript, int seat) {
  for (const std::string& l : read_lines(transcript)) {
    const json j = json::parse(l);
    if (j["type"] == "decision" && j["seat"] == seat && j.contains("comment")) return j["comment"];
  }
  return "";
}

bool namespaces() { return !dtref::sandbox_support().bwrap.empty(); }

#define NEED_NAMESPACES()                                                                                          \
  if (!namespaces()) GTEST_SKIP() << "no namespaces on this machine: " << dtref::sandbox_support().bwrap_problem

TEST(Sandbox, ABotCannotKillTheOtherSeat) {
  NEED_NAMESPACES();
  dtref_test::TempDir dir("dtref_sandbox_");
  const std::string victim = "victim-" + dtref::random_hex(6);
  for (Isolation iso : {Isolation::Auto, Isolation::Off}) {
    SCOPED_TRACE(dtref::to_string(iso));
    auto s = spec_for(mock("kill_sibling --at 1 --target " + victim), mock("good --tag " + victim));
    s.sandbox.isolation = iso;
    s.transcript_path = dir.file(dtref::to_string(iso) + ".jsonl");
    const auto out = dtref::run_match(s);
    if (iso == Isolation::Auto) {
      EXPECT_EQ(out.seats[1].verdict, Verdict::Ok) << out.seats[1].detail;
      EXPECT_NE(out.reason, "forfeit");
      EXPECT_EQ(first_comment(s.transcript_path, 0), "killed 0");
    } else {
      // The control: unsandboxed, the same bot wins by its victim's "crash".
      EXPECT_EQ(out.seats[1].verdict, Verdict::Crash) << out.seats[1].detail;
      EXPECT_EQ(out.winner, 0);
    }
    EXPECT_TRUE(none_left(victim));
  }
}

TEST(Sandbox, ABotCannotReadAnotherSeatsToken) {
  NEED_NAMESPACES();
  dtref_test::TempDir dir("dtref_sandbox_");
  for (Isolation iso : {Isolation::Auto, Isolation::Off}) {
    SCOPED_TRACE(dtref::to_string(iso));
    auto s = spec_for(mock("steal_token --at 1"), std::string("grpc:") + DT_GRPC_MOCK_BOT + " play");
    s.sandbox.isolation = iso;
    s.transcript_path = dir.file(dtref::to_string(iso) + ".jsonl");
    const auto out = dtref::run_match(s);
    ASSERT_FALSE(out.voided) << out.void_reason;
    const std::string said = first_comment(s.transcript_path, 0);
    if (iso == Isolation::Auto) {
      EXPECT_EQ(said, "stolen: none");
    } else if (::geteuid() == 0) {  // the control: root reads any environ
      EXPECT_EQ(said.rfind("stolen: ", 0), 0u) << said;
      EXPECT_NE(said, "stolen: none");
    }
  }
}

TEST(Sandbox, ABotCannotKillTheRefereeAndTheTournamentCompletes) {
  NEED_NAMESPACES();
  dtref_test::TempDir dir("dtref_sandbox_");
  const std::string cmd = std::string(DTREF_BIN) + " tournament --quiet --bot 'killer=" + mock("kill_parent --at 1") +
                          "' --bot builtin:random --rounds 2 --db " + dir.file("t.db") + " --transcripts " + dir.file("logs") +
                          " >" + dir.file("out") + " 2>&1";
  const int st = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(st)) << "the tournament was killed";
  EXPECT_EQ(WEXITSTATUS(st), 0);
  int matches = 0;
  for (const auto& e : fs::directory_iterator(dir.file("logs")))
    if (e.path().extension() == ".jsonl") {
      ++matches;
      const int seat = json::parse(read_lines(e.path()).at(0))["bots"][0]["name"] == "killer" ? 0 : 1;
      EXPECT_EQ(first_comment(e.path(), seat), "killed 0") << e.path();
    }
  EXPECT_EQ(matches, 4);
}

TEST(Sandbox, DescendantsThatLeaveTheProcessGroupDieWithTheBot) {
  NEED_NAMESPACES();
  const std::string tag = "escape-" + dtref::random_hex(6);
  auto s = spec_for(mock("setsid_escape --tag " + tag), "builtin:random");
  const auto out = dtref::run_match(s);
  EXPECT_EQ(out.seats[0].verdict, Verdict::Ok) << out.seats[0].detail;
  EXPECT_TRUE(none_left(tag)) << "an escaped descendant outlived its bot";
}

TEST(Sandbox, BotsDieWithAKilledReferee) {
  NEED_NAMESPACES();
  dtref_test::TempDir dir("dtref_sandbox_");
  const std::string tag = "orphan-" + dtref::random_hex(6);
  const std::string bot = mock("hang --at 5 --tag " + tag);
  const pid_t ref = ::fork();
  ASSERT_GE(ref, 0);
  if (ref == 0) {
    ::execl(DTREF_EXE, DTREF_EXE, "match", "--bot", bot.c_str(), "--bot", "builtin:random", "--decision-ms", "60000",
            static_cast<char*>(nullptr));
    ::_exit(127);
  }
  // The mock bot itself, not the referee or the sandbox's launcher (their command lines hold the tag too):
  // a referee killed before it has launched its bot tests nothing.
  for (int i = 0; i < 300 * dtref_test::kSlowdown && tagged(tag, DTREF_PYTHON).empty(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_FALSE(tagged(tag, DTREF_PYTHON).empty()) << "the bot never started";
  ::kill(ref, SIGKILL);
  ::waitpid(ref, nullptr, 0);
  EXPECT_TRUE(none_left(tag)) << "the bot outlived the referee";
  for (pid_t p : tagged(tag)) ::kill(p, SIGKILL);
}

TEST(Sandbox, AMemoryHogGetsAResourceVerdict) {
  auto s = spec_for(mock("memory_hog --at 2"), "builtin:random");
  s.sandbox.limits.apply("memory=128M");
  dtref_test::TempDir dir("dtref_sandbox_");
  s.transcript_path = dir.file("hog.jsonl");
  const auto out = dtref::run_match(s);
  std::string why;
  if (dtref::BotCgroup::support(&why).find("memory") == std::string::npos) {
    // rlimits only: the allocation fails inside the bot instead.
    const std::string said = first_comment(s.transcript_path, 0);
    EXPECT_EQ(said.rfind("held ", 0), 0u) << said;
    EXPECT_LE(std::stoi(said.substr(5)), 128);
    return;
  }
  EXPECT_EQ(out.seats[0].verdict, Verdict::Resource) << out.seats[0].detail;
  EXPECT_NE(out.seats[0].detail.find("memory limit (128 MiB)"), std::string::npos) << out.seats[0].detail;
  EXPECT_EQ(out.seats[1].verdict, Verdict::Ok);
  EXPECT_EQ(out.winner, 1);
}

TEST(Sandbox, AForkStormGetsAResourceVerdict) {
  std::string why;
  const std::string cg = dtref::BotCgroup::support(&why);
  if (cg.find("pids") == std::string::npos) GTEST_SKIP() << "no pids cgroup here: a fork storm would not be contained";
  const std::string tag = "storm-" + dtref::random_hex(6);
  auto s = spec_for(mock("fork_storm --at 2 --tag " + tag), "builtin:random");
  // Time enough for the storm to reach the limit on a loaded machine: a clock that runs out
  // first gives a timeout verdict instead (the storm never answers either way).
  s.clocks = {10000, 1500, 500, 50};
  s.sandbox.limits.apply("processes=32");
  const auto out = dtref::run_match(s);
  EXPECT_EQ(out.seats[0].verdict, Verdict::Resource) << out.seats[0].detail;
  EXPECT_NE(out.seats[0].detail.find("process limit (32"), std::string::npos) << out.seats[0].detail;
  EXPECT_EQ(out.winner, 1);
  EXPECT_TRUE(none_left(tag));
}

TEST(Sandbox, ATournamentWithAForkStormAndAMemoryHogCompletesWithVerdictsForBoth) {
  std::string why;
  const std::string cg = dtref::BotCgroup::support(&why);
  if (cg.find("pids") == std::string::npos || cg.find("memory") == std::string::npos)
    GTEST_SKIP() << "no memory and pids cgroups here (" << why << "): the storm and the hog would not be contained";
  dtref_test::TempDir dir("dtref_sandbox_");
  const std::string db = dir.file("t.db");
  // The storm never answers, so each of its matches waits out its clock; 2 s
  // lets it reach the process limit even on a loaded machine (at 0.65 s it
  // sometimes timed out first, without a limit hit); more under a sanitizer.
  const std::string clock = std::to_string(1000 * dtref_test::kSlowdown);
  const std::string cmd = std::string(DTREF_BIN) + " tournament --quiet --bot 'storm=" + mock("fork_storm --at 1") +
                          "' --bot 'hog=" + mock("memory_hog --at 1") + "' --bot builtin:random --limit memory=256M" +
                          " --limit processes=64 --decision-ms " + clock + " --bank-ms " + clock + " --db " + db + " >" + dir.file("out") + " 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << read_lines(dir.file("out")).size();
  dtref::tour::Store store(db);
  int storm = 0, hog = 0;
  for (const dtref::tour::MatchRecord& m : store.matches()) {
    ASSERT_TRUE(m.done);
    for (int seat : {0, 1}) {
      const int player = seat == 0 ? m.plan.seat0 : m.plan.seat1;
      const dtref::tour::SeatRecord& r = m.seats[size_t(seat)];
      if (player == 2) {
        EXPECT_EQ(r.verdict, "ok");
        continue;
      }
      // Against each other, whichever attacks first loses and the other never gets to.
      const bool mutual = (m.plan.seat0 == 2) == (m.plan.seat1 == 2);
      if (mutual && r.verdict == "ok") continue;
      EXPECT_EQ(r.verdict, "resource") << r.detail;
      const char* limit = player == 0 ? "process limit (64" : "memory limit (256 MiB)";
      EXPECT_NE(r.detail.find(limit), std::string::npos) << r.detail;
      (player == 0 ? storm : hog)++;
    }
  }
  EXPECT_GE(storm, 2);  // both legs against builtin:random at least
  EXPECT_GE(hog, 2);
  EXPECT_EQ(storm + hog, 6);
}

TEST(Sandbox, StderrLogsStopAtTheirCap) {
  dtref_test::TempDir dir("dtref_sandbox_");
  auto s = spec_for(mock("flood_stderr_forever"), "builtin:random");
  s.stderr_dir = dir.path.string();
  s.stderr_log_bytes = 1 << 20;
  s.key = "flood";
  const auto out = dtref::run_match(s);
  EXPECT_EQ(out.seats[0].verdict, Verdict::Ok) << out.seats[0].detail;
  const std::string log = dir.file("flood-s0.stderr");
  ASSERT_TRUE(fs::exists(log));
  EXPECT_LE(fs::file_size(log), (1u << 20) + 200);
  EXPECT_GE(fs::file_size(log), 1u << 20) << "the bot wrote more than the cap";
  EXPECT_NE(read_lines(log).back().find("log size limit reached"), std::string::npos);
  struct stat st {};
  ASSERT_EQ(::stat(log.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
}

TEST(Sandbox, CommentsAreCutAndCapped) {
  dtref_test::TempDir dir("dtref_sandbox_");
  auto s = spec_for(mock("comment_flood"), "builtin:random");
  s.transcript_path = dir.file("c.jsonl");
  s.comment_total_bytes = 32 << 10;  // reached after ~32 answers
  const auto out = dtref::run_match(s);
  EXPECT_EQ(out.seats[0].verdict, Verdict::Ok) << out.seats[0].detail;
  size_t total = 0, decisions = 0;
  bool capped = false;
  for (const std::string& l : read_lines(s.transcript_path)) {
    const json j = json::parse(l);
    if (j["type"] != "decision" || j["seat"] != 0) continue;
    ++decisions;
    if (!j.contains("comment")) continue;
    const std::string c = j["comment"];
    EXPECT_LE(c.size(), s.comment_bytes + 10);
    total += c.size();
    capped = capped || c.find("later ones are dropped") != std::string::npos;
  }
  EXPECT_GT(decisions * s.comment_bytes, s.comment_total_bytes) << "too short a match to reach the cap";
  EXPECT_TRUE(capped);
  EXPECT_LE(total, s.comment_total_bytes + 200);
  EXPECT_LT(fs::file_size(s.transcript_path), 2u << 20) << "a 512 KiB comment per answer would make tens of MB";
}

// A directory for one test outside /tmp (which is private to every bot anyway),
// readable by everyone, so only the sandbox's view stands in a bot's way.
struct OpenDir {
  fs::path path = fs::current_path() / ("sandbox-test-" + dtref::random_hex(6));
  OpenDir() {
    fs::create_directories(path);
    ::chmod(path.c_str(), 0755);
  }
  ~OpenDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string file(const std::string& name) const { return (path / name).string(); }
};

TEST(Sandbox, ABotSeesNeitherLogsNorNetworkNorOtherProcesses) {
  NEED_NAMESPACES();
  const OpenDir dir;
  const std::string secret = dir.file("other-bot.py");
  std::ofstream(secret) << "# another bot's secret strategy\n";
  ::chmod(secret.c_str(), 0644);
  // A listener on the host's loopback, which the bot must not reach.
  const int lsock = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::bind(lsock, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
  ASSERT_EQ(::listen(lsock, 1), 0);
  socklen_t len = sizeof a;
  ::getsockname(lsock, reinterpret_cast<sockaddr*>(&a), &len);
  const int port = ntohs(a.sin_port);
  // The bot learns the other bot's path at run time (an assignment is not a path of its own command).
  const std::string probe = "(S=" + secret + "; cat " + dir.file("t.jsonl") + " | head -c 40; echo; cat \"$S\"; ls /proc | grep -c '^[0-9]'; " +
                            DTREF_PYTHON + " -c \"import socket; socket.create_connection(('127.0.0.1', " +
                            std::to_string(port) + "), 1); print('NET-OPEN')\" 2>&1 | tail -1; echo x > /tmp/probe-$$ && echo TMP-OK; " +
                            "touch " + dir.file("planted") + " 2>&1) >&2; exec " + DTREF_PYTHON + " " + DTREF_MOCKBOTS_DIR +
                            "/mockbot.py crash --at 1";
  auto s = spec_for("stdio:" + probe, mock("good --tag " + secret));  // the secret is seat 1's file
  s.transcript_path = dir.file("t.jsonl");
  const auto out = dtref::run_match(s);
  const std::string& said = out.seats[0].detail;
  EXPECT_EQ(said.find("\"type\":\"header\""), std::string::npos) << "read the transcript: " << said;
  EXPECT_EQ(said.find("secret strategy"), std::string::npos) << "read another bot's file: " << said;
  EXPECT_EQ(said.find("NET-OPEN"), std::string::npos) << said;
  EXPECT_NE(said.find("TMP-OK"), std::string::npos) << "a private /tmp must be writable: [" << said << "]";
  EXPECT_FALSE(fs::exists(dir.file("planted"))) << "wrote outside its sandbox";
  // Its own processes only: bwrap's init, the shell, the bot's pipeline.
  std::istringstream lines(said);
  bool counted = false;
  for (std::string l; std::getline(lines, l);)
    if (!l.empty() && l.find_first_not_of("0123456789") == std::string::npos) {
      EXPECT_LT(std::stoi(l), 10) << "sees other processes";
      counted = true;
    }
  EXPECT_TRUE(counted) << said;
  ::close(lsock);
}

TEST(Sandbox, ResourceLimitsParseAndDescribe) {
  dtref::ResourceLimits l;
  l.apply("memory=512M, processes=64,cpus=0.5");
  EXPECT_EQ(l.memory_bytes, int64_t(512) << 20);
  EXPECT_EQ(l.processes, 64);
  EXPECT_DOUBLE_EQ(l.cpus, 0.5);
  l.apply("file-size=0,cpu-seconds=unlimited,open-files=32");
  EXPECT_EQ(l.file_bytes, 0);
  EXPECT_EQ(l.cpu_seconds, 0);
  EXPECT_EQ(l.describe(), "memory 512 MiB, processes 64, cpus 0.5, cpu-seconds unlimited, open-files 32, file-size unlimited");
  EXPECT_NE(dtref_test::error_of([&] { l.apply("memroy=1G"); }).find("unknown limit 'memroy'"), std::string::npos);
  EXPECT_NE(dtref_test::error_of([&] { l.apply("memory=lots"); }).find("give a size"), std::string::npos);
  EXPECT_NE(dtref_test::error_of([&] { l.apply("processes=-3"); }).find("whole number"), std::string::npos);
}

TEST(Sandbox, ACgroupLimitsAndKillsItsTree) {
  std::string why;
  auto g = dtref::BotCgroup::create([] {
    dtref::ResourceLimits l;
    l.apply("memory=64M,processes=16,cpus=0.5");
    return l;
  }(), &why);
  if (!g) GTEST_SKIP() << "no cgroups here: " << why;
  // The child says when it has joined: on a loaded machine a fixed wait can
  // end before it ran, and the kill then found an empty group.
  int joined[2];
  ASSERT_EQ(::pipe(joined), 0);
  const pid_t child = ::fork();
  if (child == 0) {
    ::close(joined[0]);
    for (int fd : g->join_fds())
      if (::write(fd, "0", 1) != 1) ::_exit(1);
    if (::write(joined[1], "j", 1) != 1) ::_exit(1);
    ::close(joined[1]);
    ::execl("/bin/sleep", "sleep", "1000", static_cast<char*>(nullptr));
    ::_exit(1);
  }
  ::close(joined[1]);
  char said = 0;
  ASSERT_EQ(::read(joined[0], &said, 1), 1) << "the child could not join the cgroup";
  ::close(joined[0]);
  EXPECT_EQ(g->limit_hit(), "");
  g->kill_all();
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
  g.reset();  // removes the cgroup
}

TEST(Sandbox, IsolationIsStatedForLaunchedBots) {
  dtref_test::TempDir dir("dtref_sandbox_");
  const std::string cmd = std::string(DTREF_BIN) + " match --bot 'stdio:" + DTBOT_RANDOM + "' >" + dir.file("out") + " 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  std::string out;
  for (const std::string& l : read_lines(dir.file("out"))) out += l + "\n";
  const dtref::Support& sup = dtref::sandbox_support();
  if (sup.bwrap.empty()) EXPECT_NE(out.find("isolation DEGRADED"), std::string::npos) << out;
  else EXPECT_NE(out.find("isolation: bubblewrap"), std::string::npos) << out;
  EXPECT_NE(out.find("limits: memory 1 GiB"), std::string::npos) << out;
  const std::string off = std::string(DTREF_BIN) + " match --isolation off --bot 'stdio:" + DTBOT_RANDOM + "' >" +
                          dir.file("off") + " 2>&1";
  ASSERT_EQ(std::system(off.c_str()), 0);
  EXPECT_NE(read_lines(dir.file("off")).at(2).find("isolation OFF"), std::string::npos);
}

}  // namespace

namespace {

// The directories under which this process's bots get their cgroups, or
// nothing (with `why`) where the machine gives the referee no memory cgroup.
std::vector<std::string> cgroup_parents(std::string* why) {
  auto probe = dtref::BotCgroup::create(dtref::ResourceLimits{}, why);
  std::vector<std::string> out;
  if (!probe || !probe->limits_memory()) return out;
  for (const std::string& d : probe->dirs()) out.push_back(fs::path(d).parent_path());
  return out;
}

// Entries under `parents` whose name starts with `prefix`.
std::vector<std::string> entries_named(const std::vector<std::string>& parents, const std::string& prefix) {
  std::vector<std::string> out;
  for (const std::string& p : parents)
    for (const auto& e : fs::directory_iterator(p))
      if (e.path().filename().string().rfind(prefix, 0) == 0) out.push_back(e.path());
  return out;
}

// Starts `argv` (argv[0] a path) with its output in `out_file` once something
// is written to the returned descriptor: the caller may prepare for the pid first.
pid_t start_held(const std::vector<std::string>& argv, const std::string& out_file, int* release) {
  // Made before the fork: the child of a process that may have threads allocates nothing.
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  int go[2];
  if (::pipe(go) != 0) return -1;
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(go[1]);
    char c;
    if (::read(go[0], &c, 1) != 1) ::_exit(126);
    const int fd = ::open(out_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(fd, 1);
    ::dup2(fd, 2);
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  ::close(go[0]);
  *release = go[1];
  return pid;
}

}  // namespace

TEST(Sandbox, ALeftoverCgroupUnderAReusedPidDoesNotCostANewRefereeItsLimits) {
  // A referee killed before it removed its bots' cgroups leaves them behind.
  // pid_max is often 32768, so a later referee gets the same pid; it must
  // still get cgroups of its own (under an old name scheme it lost them and
  // fell back to rlimits, which an AddressSanitizer bot cannot even start under).
  std::string why;
  const std::vector<std::string> parents = cgroup_parents(&why);
  if (parents.empty()) GTEST_SKIP() << "no memory cgroup here: " << why;
  dtref_test::TempDir dir("dtref_sandbox_");
  int release = -1;
  const pid_t ref = start_held({DTREF_BIN, "match", "--isolation", "off", "--limit", "memory=128M", "--bot",
                                mock("memory_hog --at 2"), "--bot", "builtin:random"},
                               dir.file("out"), &release);
  ASSERT_GT(ref, 0);
  std::vector<std::string> planted;  // what an earlier referee with this pid left, named as referees named them before
  for (const std::string& p : parents)
    for (int n = 0; n < 4; ++n) {
      const std::string leftover = p + "/dtref-" + std::to_string(ref) + "-" + std::to_string(n);
      ASSERT_EQ(::mkdir(leftover.c_str(), 0755), 0) << leftover << ": " << std::strerror(errno);
      planted.push_back(leftover);
    }
  ASSERT_EQ(::write(release, "x", 1), 1);
  ::close(release);
  int status = 0;
  ASSERT_EQ(::waitpid(ref, &status, 0), ref);
  for (const std::string& d : planted) ::rmdir(d.c_str());
  const std::string out = dtref_test::slurp(dir.file("out"));
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << out;
  EXPECT_NE(out.find("memory limit (128 MiB) exceeded"), std::string::npos) << out;
}

TEST(Sandbox, AKilledRefereesCgroupsAreRemovedByTheNextReferee) {
  // SIGKILL gives a referee no chance to remove its bots' cgroups (its bots
  // die with it); the next referee on the machine removes them, so a ladder
  // host whose referees get killed does not pile them up.
  std::string why;
  const std::vector<std::string> parents = cgroup_parents(&why);
  if (parents.empty()) GTEST_SKIP() << "no memory cgroup here: " << why;
  dtref_test::TempDir dir("dtref_sandbox_");
  const std::string pidfile = dir.file("pids");
  int release = -1;
  const pid_t ref = start_held({DTREF_BIN, "match", "--isolation", "off", "--decision-ms", "60000", "--bot",
                                mock("hang --at 3 --pidfile " + pidfile), "--bot", "builtin:random"},
                               dir.file("out"), &release);
  ASSERT_GT(ref, 0);
  ASSERT_EQ(::write(release, "x", 1), 1);
  ::close(release);
  const std::string prefix = "dtref-" + std::to_string(ref) + "-";
  const auto until = std::chrono::steady_clock::now() + dtref_test::patient(std::chrono::seconds(20));
  while (read_lines(pidfile).empty() && std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_FALSE(read_lines(pidfile).empty()) << dtref_test::slurp(dir.file("out"));
  ASSERT_FALSE(entries_named(parents, prefix).empty());
  ::kill(ref, SIGKILL);
  ::waitpid(ref, nullptr, 0);
  const pid_t bot = std::stoi(read_lines(pidfile).front());
  // PR_SET_PDEATHSIG reaches it; reaped here if this process is its subreaper.
  while (::waitpid(bot, nullptr, WNOHANG) <= 0 && ::kill(bot, 0) == 0 && std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  // Not checked here that the leftovers are still there: any referee that
  // starts meanwhile (another test running beside this one) may remove them.

  const std::string next = std::string(DTREF_BIN) + " match --isolation off --bot 'stdio:" + DTBOT_RANDOM + "' >" +
                           dir.file("next") + " 2>&1";
  ASSERT_EQ(std::system(next.c_str()), 0) << dtref_test::slurp(dir.file("next"));
  EXPECT_EQ(entries_named(parents, prefix), std::vector<std::string>{});
}
