// Issue 26: a ladder's hidden information and the service itself, attacked as
// a ladder's attacker and a careless operator would. Each test plays one
// attack (mostly a probe bot, tests/mockbots/probe.py, that looks before it
// plays) and checks that it now fails; where the attack needs the sandbox, a
// control without it shows the probe can see what it looks for.
// docs/security.md lists each guarantee with its test.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <grpcpp/grpcpp.h>
#include <httplib.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <thread>

#include "bot.grpc.pb.h"
#include "dtref/grpc_hub.hpp"
#include "dtref/ladder/http.hpp"
#include "dtref/ladder/schedule.hpp"
#include "dtref/ladder/service.hpp"
#include "dtref/ladder/store.hpp"
#include "dtref/sandbox.hpp"
#include "dtref/secrets.hpp"
#include "dtref/tournament/plan.hpp"
#include "test_util.hpp"

using dtref_test::contains;
using dtref_test::patient;
using dtref_test::slurp;
using dtref_test::spawn;
using dtref_test::wait_exit;
namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

struct TempDir : dtref_test::TempDir {
  TempDir() : dtref_test::TempDir("dtref_secrecy_") {}
};

// A directory outside /tmp (every bot's /tmp is private, which would hide
// anything there anyway), readable by every user, removed afterwards.
struct OpenDir {
  fs::path path;
  OpenDir() {
    path = fs::current_path() / ("secrecy-" + dtref::random_hex(6));
    fs::create_directories(path);
    ::chmod(path.c_str(), 0755);
  }
  ~OpenDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string file(const std::string& name) const { return (path / name).string(); }
};

bool have_namespaces() { return !dtref::sandbox_support().bwrap.empty(); }

#define NEED_NAMESPACES() \
  if (!have_namespaces()) GTEST_SKIP() << "no namespaces here: " << dtref::sandbox_support().bwrap_problem

std::string probe(const std::string& mode_and_args) {
  return std::string("stdio:") + DTREF_PYTHON + " " + DTREF_MOCKBOTS_DIR + "/probe.py " + mode_and_args + " -- " +
         DTBOT_RANDOM;
}

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

// Every PROBE line in the files of `dir` whose name ends with `suffix`.
std::vector<std::string> probe_lines(const std::string& dir, const std::string& suffix = ".stderr") {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().string();
    if (name.size() < suffix.size() || name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0) continue;
    for (const std::string& l : dtref_test::read_lines(name))
      if (l.rfind("PROBE ", 0) == 0) out.push_back(l);
  }
  return out;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string s;
  for (const std::string& l : lines) s += l + "\n";
  return s;
}

// Plays one `dtref match` of `bot` against a built-in bot; returns the PROBE
// lines of its stderr. `extra`: more options.
std::vector<std::string> match_probe(const TempDir& dir, const std::string& bot, std::vector<std::string> extra = {},
                                     const std::vector<std::string>& env = {}) {
  const std::string logs = dir.file("logs-" + dtref::random_hex(3));
  fs::create_directories(logs);
  std::vector<std::string> argv{DTREF_BIN, "match", "--bot", bot, "--bot", "builtin:random", "--stderr-dir", logs};
  argv.insert(argv.end(), extra.begin(), extra.end());
  const pid_t p = spawn(argv, dir.file("m.out"), dir.file("m.err"), env);
  EXPECT_EQ(wait_exit(p, patient(60s)), 0) << slurp(dir.file("m.err"));
  return probe_lines(logs);
}

}  // namespace

// ---- 1. The page serves no secret of a match in play ----------------------

// A bot given the host's network reads the ladder page while its own match
// runs, finds the running keys and asks for their transcripts (which hold
// the seed, and with it every hand): refused until the match is over.
TEST(Secrecy, APageReaderGetsNoTranscriptOfARunningMatch) {
  TempDir dir;
  const std::string db = dir.file("l.db"), logs = dir.file("logs");
  const std::string url = "http://127.0.0.1:" + std::to_string(free_port()) + "/";
  const pid_t p = spawn({DTREF_BIN, "ladder", "--db", db, "--bot", "peek=" + probe("page " + url), "--bot",
                         "builtin:random", "--matches", "2", "--http", url.substr(7, url.size() - 8), "--bot-network",
                         "--transcripts", logs, "--quiet"},
                        dir.file("o"), dir.file("e"));
  ASSERT_EQ(wait_exit(p, patient(90s)), 0) << slurp(dir.file("e"));
  const std::string said = joined(probe_lines(logs));
  EXPECT_TRUE(contains(said, "PROBE page: running m")) << "the probe never saw its match running: " << said;
  EXPECT_TRUE(contains(said, "transcript refused 404")) << said;
  EXPECT_FALSE(std::regex_search(said, std::regex("seed [0-9]+"))) << "a running match's seed was served: " << said;
}

// The rule for finished matches: served once no match dealt from the same
// seed is still to be played. By default every leg has a seed of its own;
// with duplicate deals leg 1 waits for leg 2.
TEST(Secrecy, AFinishedLegIsServedOnlyOnceItsDealIsOver) {
  using namespace dtref::ladder;
  TempDir dir;
  for (const bool duplicate : {false, true}) {
    auto store = open_store(dir.file(duplicate ? "dup.db" : "own.db"), "", true);
    LadderBot a, b;
    a.player.name = "a";
    a.player.spec = "builtin:random";
    a.player.deck = "corporate";
    b.player = a.player;
    b.player.name = "b";
    a = store->add_bot(a);
    b = store->add_bot(b);
    const std::vector<uint64_t> deals = duplicate ? std::vector<uint64_t>{} : std::vector<uint64_t>{11, 12};
    store->schedule([&](const std::vector<LadderMatch>&) { return pair_legs(Pairing{a.id, b.id}, a, b, 1, 99, DeckRules{}, deals); });
    auto first = store->claim([](const LadderMatch& m) { return m.leg == 1; }, "w");
    ASSERT_TRUE(first);
    EXPECT_EQ(first->match().seed, duplicate ? 99u : 11u);
    LadderMatch done = first->match();
    done.results.resize(2);
    ASSERT_TRUE(first->finish(done));
    const std::string key = first->match().key();
    first.reset();
    LadderView v = compute_view(*store, "t", 10);
    EXPECT_EQ(v.servable.count(key), duplicate ? 0u : 1u) << (duplicate ? "duplicate" : "own") << " deals";
    auto second = store->claim([](const LadderMatch&) { return true; }, "w");
    ASSERT_TRUE(second);
    done = second->match();
    done.results.resize(2);
    ASSERT_TRUE(second->finish(done));
    v = compute_view(*store, "t", 10);
    EXPECT_EQ(v.servable.size(), 2u);
  }
}

// ---- 2. Deals and memory ----------------------------------------------------

TEST(Secrecy, EveryLegHasASeedOfItsOwnUnlessDealsAreDuplicated) {
  using namespace dtref::tour;
  PlanParams p;
  p.players = 3, p.rounds = 2, p.seed = 7;
  for (const RoundPlan& plan : {plan_round(p, 1, {}), plan_round(p, 2, {})}) {
    std::set<uint64_t> seeds;
    for (const PlannedMatch& m : plan.matches) seeds.insert(m.seed);
    EXPECT_EQ(seeds.size(), plan.matches.size()) << "two legs share a deal by default";
  }
  p.duplicate_deals = true;
  const RoundPlan dup = plan_round(p, 1, {});
  ASSERT_EQ(dup.matches.size() % 2, 0u);
  for (size_t i = 0; i + 1 < dup.matches.size(); i += 2) EXPECT_EQ(dup.matches[i].seed, dup.matches[i + 1].seed);
}

// Two colluding bots in matches running at once: one holds a record lock on
// a byte of a file every sandbox sees (its value is the secret), the other
// looks for it. The seccomp filter refuses record locks; without the
// sandbox (the control) the channel works.
TEST(Secrecy, TwoColludingBotsCannotSignalThroughALock) {
  NEED_NAMESPACES();
  TempDir dir;
  auto run_pair = [&](const std::string& isolation) {
    const std::string send_logs = dir.file("send-" + isolation), recv_logs = dir.file("recv-" + isolation);
    fs::create_directories(send_logs);
    fs::create_directories(recv_logs);
    const pid_t s = spawn({DTREF_BIN, "match", "--bot", probe("lock_send 77 4"), "--bot", "builtin:random",
                           "--stderr-dir", send_logs, "--isolation", isolation},
                          dir.file("s.out"), dir.file("s.err"));
    std::this_thread::sleep_for(500ms);
    const pid_t r = spawn({DTREF_BIN, "match", "--bot", probe("lock_recv 3"), "--bot", "builtin:random",
                           "--stderr-dir", recv_logs, "--isolation", isolation},
                          dir.file("r.out"), dir.file("r.err"));
    EXPECT_EQ(wait_exit(s, patient(60s)), 0) << slurp(dir.file("s.err"));
    EXPECT_EQ(wait_exit(r, patient(60s)), 0) << slurp(dir.file("r.err"));
    return joined(probe_lines(send_logs)) + joined(probe_lines(recv_logs));
  };
  const std::string control = run_pair("off");
  EXPECT_TRUE(contains(control, "lock_recv: got 77")) << "the control's channel did not work: " << control;
  const std::string sandboxed = run_pair("auto");
  EXPECT_FALSE(contains(sandboxed, "got 77")) << sandboxed;
  EXPECT_TRUE(contains(sandboxed, "lock_send: refused")) << sandboxed;
}

// What a bot never needs: each refused inside the sandbox (the filter), each
// tried again without it to show the probe's calls work.
TEST(Secrecy, TheSeccompFilterRefusesNamespacesMountsTracingKeyringsAndLocks) {
  NEED_NAMESPACES();
  TempDir dir;
  const std::string said = joined(match_probe(dir, probe("syscalls")));
  for (const char* call : {"userns", "mount", "ptrace", "keyctl", "bpf", "perf_event_open", "flock", "inotify", "tiocsti"}) {
    EXPECT_TRUE(contains(said, std::string("syscalls ") + call + "=")) << call << " was not tried: " << said;
    if (std::string(call) == "ptrace" && !dtref::kSeccompRefusesPtrace) continue;  // an ASan build (sandbox.hpp)
    EXPECT_FALSE(contains(said, std::string("syscalls ") + call + "=ok")) << call << " was allowed: " << said;
  }
  const std::string control = joined(match_probe(dir, probe("syscalls"), {"--isolation", "off"}));
  EXPECT_TRUE(contains(control, "syscalls flock=ok")) << control;
  EXPECT_TRUE(contains(control, "syscalls inotify=ok")) << control;
  EXPECT_TRUE(contains(control, "syscalls userns=ok")) << control;
  // The bot shares the referee's session (no --new-session), so pushing
  // keystrokes into a terminal is refused by the filter itself, not merely
  // failing because stdin is a pipe, as it does without the sandbox.
  EXPECT_TRUE(contains(said, "syscalls tiocsti=EPERM")) << said;
  EXPECT_TRUE(contains(control, "syscalls tiocsti=ENOTTY")) << control;
}

// ---- 3. gRPC streams that never speak ---------------------------------------

// Streams that send nothing are cancelled at the first-message deadline, and
// past the cap new ones are refused at once; the hub ends with none open.
TEST(Secrecy, SilentGrpcStreamsAreCutOffAndCapped) {
  dtref::GrpcLimits l;
  l.first_message_ms = 400;
  l.max_streams = 24;
  l.streams_per_connection = 8;
  dtref::GrpcHub::set_limits(l);
  std::string err;
  auto hub = dtref::GrpcHub::get("127.0.0.1:0", &err);
  ASSERT_TRUE(hub) << err;
  constexpr int kStreams = 40;
  std::vector<std::thread> threads;
  std::atomic<int> exhausted{0}, cut{0};
  const auto t0 = std::chrono::steady_clock::now();
  for (int c = 0; c < kStreams / 8; ++c) {
    grpc::ChannelArguments args;
    args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);  // a connection of its own
    auto channel = grpc::CreateCustomChannel(hub->address(), grpc::InsecureChannelCredentials(), args);
    for (int k = 0; k < 8; ++k)
      threads.emplace_back([channel, &exhausted, &cut] {
        auto stub = dtref::protocol::BotLink::NewStub(channel);
        grpc::ClientContext ctx;
        ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
        auto stream = stub->Play(&ctx);
        dtref::protocol::RefereeMessage m;
        while (stream->Read(&m)) {
        }
        const grpc::Status st = stream->Finish();
        if (st.error_code() == grpc::StatusCode::RESOURCE_EXHAUSTED) ++exhausted;
        else if (st.error_code() == grpc::StatusCode::CANCELLED) ++cut;
      });
  }
  for (std::thread& t : threads) t.join();
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(exhausted + cut, kStreams);
  EXPECT_GE(exhausted.load(), 1) << "no stream was refused past the cap";
  EXPECT_LT(secs, 20) << "silent streams were not cut off at the deadline";
  // The server side ends each stream a moment after the client saw it end.
  const auto until = std::chrono::steady_clock::now() + patient(5s);
  while (hub->open_streams() > 0 && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(20ms);
  EXPECT_EQ(hub->open_streams(), 0);
}

// ---- 4. Hidden means hidden ---------------------------------------------------

// The victim is given as `spec='stdio:sh bot.sh' dir=...` (a bare program
// name in its own directory, the docs' own form); the probe lists and reads
// that directory and file in a tournament.
TEST(Secrecy, AnotherBotsDirectoryIsHiddenHoweverItsSpecIsWritten) {
  NEED_NAMESPACES();
  TempDir dir;
  OpenDir victim;
  { std::ofstream(victim.file("bot.sh")) << "exec " << DTBOT_RANDOM << "\n"; }
  { std::ofstream(victim.file("secret.txt")) << "the victim's opening book\n"; }
  ::chmod(victim.file("bot.sh").c_str(), 0755);
  ::chmod(victim.file("secret.txt").c_str(), 0644);
  const std::string logs = dir.file("logs");
  // The probe is told what to read in its environment: paths on its own
  // command line would be its own files, which it may see.
  const pid_t p = spawn({DTREF_BIN, "tournament", "--db", dir.file("t.db"), "--transcripts", logs, "--quiet",
                         "--engine", "name=victim", "spec=stdio:sh bot.sh", "dir=" + victim.path.string(), "--engine",
                         "name=probe", "spec=" + probe("read"),
                         "env=PROBE_READ=" + victim.path.string() + ":" + victim.file("secret.txt"), "--rounds", "1"},
                        dir.file("o"), dir.file("e"));
  ASSERT_EQ(wait_exit(p, patient(90s)), 0) << slurp(dir.file("e"));
  const std::string said = joined(probe_lines(logs));
  EXPECT_TRUE(contains(said, "PROBE read " + victim.path.string() + ": hidden")) << said;
  EXPECT_TRUE(contains(said, "PROBE read " + victim.file("secret.txt") + ": hidden")) << said;
  EXPECT_FALSE(contains(said, "listed")) << said;
  EXPECT_FALSE(contains(said, "bytes")) << said;
}

// ---- 5. Zombies ------------------------------------------------------------------

// 200 ladder matches of a launched bot; the ladder stops itself after the
// 200th and its zombie children are counted (each launch used to leave one).
TEST(Secrecy, NoZombiesPileUpOver200LadderMatches) {
  TempDir dir;
  const pid_t p = spawn({DTREF_BIN, "ladder", "--db", dir.file("l.db"), "--bot", std::string("r=stdio:") + DTBOT_RANDOM,
                         "--bot", "builtin:random", "--matches", "210", "-j", "2", "--no-http", "--quiet"},
                        dir.file("o"), dir.file("e"), {"DTREF_FAULT_STOP_AFTER=200"});
  ASSERT_TRUE(dtref_test::wait_stopped(p, patient(300s))) << slurp(dir.file("e"));
  int zombies = 0, children = 0;
  for (const auto& e : fs::directory_iterator("/proc")) {
    const std::string stat = slurp(e.path().string() + "/stat");
    const size_t close = stat.rfind(')');
    if (close == std::string::npos) continue;
    char state = 0;
    int ppid = 0;
    if (std::sscanf(stat.c_str() + close + 1, " %c %d", &state, &ppid) != 2 || ppid != p) continue;
    ++children;
    if (state == 'Z') ++zombies;
  }
  ::kill(p, SIGKILL);
  ::waitpid(p, nullptr, 0);
  EXPECT_LE(zombies, 2) << zombies << " zombies among " << children << " children after 200 matches";
}

// ---- 6. Leftovers of a killed referee ----------------------------------------

TEST(Secrecy, AKilledLaddersSocketDirectoryIsRemovedByTheNextStart) {
  TempDir dir;
  auto socket_dirs = [] {
    std::set<std::string> out;
    for (const auto& e : fs::directory_iterator("/tmp"))
      if (e.path().filename().string().rfind("dtref-grpc-", 0) == 0) out.insert(e.path().string());
    return out;
  };
  const std::set<std::string> before = socket_dirs();
  const pid_t first = spawn({DTREF_BIN, "ladder", "--db", dir.file("a.db"), "--bot", "builtin:random", "--bot",
                             "builtin:greedy", "--no-http", "--progress-interval", "1"},
                            dir.file("o1"), dir.file("e1"));
  std::set<std::string> mine;
  const auto until = std::chrono::steady_clock::now() + patient(30s);
  while (mine.empty() && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(100ms);
    for (const std::string& d : socket_dirs())
      if (!before.count(d)) mine.insert(d);
  }
  ASSERT_FALSE(mine.empty()) << "the ladder made no socket directory: " << slurp(dir.file("e1"));
  std::this_thread::sleep_for(300ms);
  ::kill(first, SIGKILL);
  ::waitpid(first, nullptr, 0);
  // Tests running alongside make and remove directories of their own: the killed ladder's is
  // the new one still there whose socket no server answers.
  auto refused = [](const std::string& d) {
    const std::string sock = d + "/grpc.sock";
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un a{};
    a.sun_family = AF_UNIX;
    bool out = false;
    if (fd >= 0 && sock.size() < sizeof a.sun_path) {
      std::memcpy(a.sun_path, sock.c_str(), sock.size() + 1);
      out = ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 && errno == ECONNREFUSED;
    }
    if (fd >= 0) ::close(fd);
    return out;
  };
  std::erase_if(mine, [&](const std::string& d) { return !fs::exists(d) || !refused(d); });
  ASSERT_FALSE(mine.empty()) << "SIGKILL left nothing to clean";
  const pid_t second = spawn({DTREF_BIN, "ladder", "--db", dir.file("b.db"), "--bot", "builtin:random", "--bot",
                              "builtin:greedy", "--no-http", "--matches", "2", "--quiet"},
                             dir.file("o2"), dir.file("e2"));
  ASSERT_EQ(wait_exit(second, patient(60s)), 0) << slurp(dir.file("e2"));
  for (const std::string& d : mine) EXPECT_FALSE(fs::exists(d)) << "left behind: " << d;
}

// ---- 7. Secrets never reach a bot -----------------------------------------------

TEST(Secrecy, ABotGetsOnlyTheAllowListedEnvironment) {
  TempDir dir;
  const std::string said = joined(match_probe(dir, probe("env"), {}, {"DTREF_PG=host=db password=hunter2",
                                                                      "AWS_SECRET_ACCESS_KEY=abc123secret"}));
  EXPECT_TRUE(contains(said, "PROBE env PATH=")) << "the probe printed nothing: " << said;
  EXPECT_FALSE(contains(said, "hunter2")) << said;
  EXPECT_FALSE(contains(said, "abc123secret")) << said;
  EXPECT_FALSE(contains(said, "DTREF_PG")) << said;
}

// ---- 8. The page survives idle and slow clients -----------------------------------

TEST(Secrecy, ThePageAnswersThrough500IdleAnd50SlowConnections) {
  rlimit nofile{};
  ::getrlimit(RLIMIT_NOFILE, &nofile);
  if (nofile.rlim_cur < 4096 && nofile.rlim_max >= 4096) {
    nofile.rlim_cur = 4096;
    ::setrlimit(RLIMIT_NOFILE, &nofile);
  }
  if (nofile.rlim_cur < 2048) GTEST_SKIP() << "needs 2,048 open files";
  auto view = std::make_shared<dtref::ladder::LadderView>();
  view->title = "survivor";
  dtref::ladder::HttpServer server([view] { return view; }, "", "127.0.0.1:0");
  const std::string url = server.url();
  const int port = std::stoi(url.substr(url.rfind(':') + 1));
  auto connect_one = [port] {
    const int s = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(uint16_t(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
      ::close(s);
      return -1;
    }
    return s;
  };
  std::vector<int> idle, slow;
  for (int i = 0; i < 500; ++i) idle.push_back(connect_one());
  for (int i = 0; i < 50; ++i) {
    slow.push_back(connect_one());
    if (slow.back() >= 0) (void)!::write(slow.back(), "GET / HTTP/1.1\r\n", 16);
  }
  std::atomic<bool> dripping{true};
  std::thread drip([&] {  // a header byte every 100 ms on every slow connection
    while (dripping) {
      for (int s : slow)
        if (s >= 0) (void)!::send(s, "X", 1, MSG_NOSIGNAL);
      std::this_thread::sleep_for(100ms);
    }
  });
  std::this_thread::sleep_for(200ms);
  httplib::Client cli("127.0.0.1", port);
  cli.set_connection_timeout(patient(15s));
  cli.set_read_timeout(patient(15s));
  const auto t0 = std::chrono::steady_clock::now();
  auto res = cli.Get("/standings.json");
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  dripping = false;
  drip.join();
  for (int s : idle)
    if (s >= 0) ::close(s);
  for (int s : slow)
    if (s >= 0) ::close(s);
  ASSERT_TRUE(res) << "the page did not answer: " << httplib::to_string(res.error());
  EXPECT_EQ(res->status, 200);
  EXPECT_TRUE(contains(res->body, "survivor"));
  RecordProperty("seconds_to_answer", std::to_string(secs));
}

// ---- 9. Other bots' cgroups ----------------------------------------------------------

TEST(Secrecy, ABotSeesNoCgroupOfAnotherBot) {
  NEED_NAMESPACES();
  TempDir dir;
  const std::string logs = dir.file("logs");
  fs::create_directories(logs);
  // Two probes at once: each looks for the other's cgroup.
  const pid_t p = spawn({DTREF_BIN, "match", "--bot", probe("cgroup"), "--bot", probe("cgroup"), "--stderr-dir", logs},
                        dir.file("o"), dir.file("e"));
  ASSERT_EQ(wait_exit(p, patient(60s)), 0) << slurp(dir.file("e"));
  const std::string said = joined(probe_lines(logs));
  EXPECT_TRUE(contains(said, "PROBE cgroup: 0 visible")) << said;
  EXPECT_FALSE(std::regex_search(said, std::regex("cgroup: [1-9][0-9]* visible"))) << said;
  EXPECT_FALSE(contains(said, "dtref-")) << "a cgroup's name (with the referee's pid) was seen: " << said;
  if (dtref::sandbox_support().cgroup.empty()) return;  // the control needs cgroups
  const std::string control = joined(match_probe(dir, probe("cgroup"), {"--isolation", "off"}));
  EXPECT_TRUE(std::regex_search(control, std::regex("cgroup: [1-9][0-9]* visible"))) << control;
}

// ---- 10. Every input bounded ------------------------------------------------------------

TEST(Secrecy, ABotsReadyNameIsCut) {
  TempDir dir;
  const std::string bot = std::string("loud=stdio:") + DTREF_PYTHON + " " + DTREF_MOCKBOTS_DIR +
                          "/mockbot.py good --name-bytes 900000";
  const pid_t p = spawn({DTREF_BIN, "tournament", "--db", dir.file("t.db"), "--bot", bot, "--bot", "builtin:random",
                         "--rounds", "1", "--quiet"},
                        dir.file("o"), dir.file("e"));
  ASSERT_EQ(wait_exit(p, patient(90s)), 0) << slurp(dir.file("e"));
  const pid_t s = spawn({DTREF_BIN, "standings", "--db", dir.file("t.db"), "--json"}, dir.file("j"), dir.file("je"));
  ASSERT_EQ(wait_exit(s, patient(30s)), 0) << slurp(dir.file("je"));
  const std::string json = slurp(dir.file("j"));
  EXPECT_LT(json.size(), 100000u) << "the name reached the standings whole";
  EXPECT_TRUE(contains(json, "NNNN")) << "the bot's name is not shown at all";
  EXPECT_FALSE(contains(json, std::string(257, 'N')));
}

TEST(Secrecy, FilesHandedInAreBoundedAndDevicesAndDirectoriesRefused) {
  TempDir dir;
  { std::ofstream(dir.file("huge.scn")) << std::string(2u << 20, '#'); }
  { std::ofstream(dir.file("huge.toml")) << "# " << std::string(2u << 20, 'x') << "\n"; }
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{DTREF_BIN, "scenario", "/dev/zero"}, "not a regular file"},
      {{DTREF_BIN, "scenario", dir.file("huge.scn")}, "larger than 1 MiB"},
      {{DTREF_BIN, "replay", "--verify", "/dev/zero"}, "not a regular file"},
      {{DTREF_BIN, "replay", "--verify", dir.path.string()}, "not a regular file"},
      {{DTREF_BIN, "ladder", "--config", "/dev/zero", "--db", dir.file("l.db")}, "not a regular file"},
      {{DTREF_BIN, "ladder", "--config", dir.file("huge.toml"), "--db", dir.file("l.db")}, "larger than 1 MiB"},
      {{DTREF_BIN, "tournament", "--config", "/dev/zero", "--db", dir.file("t.db")}, "not a regular file"},
      {{DTREF_BIN, "deck", "/dev/zero"}, "not a regular file"},
  };
  for (const auto& [argv, message] : cases) {
    const pid_t p = spawn(argv, dir.file("o"), dir.file("e"));
    const int rc = wait_exit(p, patient(20s));
    std::string cmd;
    for (const std::string& a : argv) cmd += a + " ";
    EXPECT_NE(rc, 0) << cmd;
    EXPECT_NE(rc, -2) << cmd << "hung";
    EXPECT_TRUE(contains(slurp(dir.file("e")) + slurp(dir.file("o")), message))
        << cmd << ": " << slurp(dir.file("e")) << slurp(dir.file("o"));
  }
}

// ---- 11. The smaller ones --------------------------------------------------------------------

TEST(Secrecy, WireLogsAreOwnerOnly) {
  TempDir dir;
  const std::string logs = dir.file("wire");
  const pid_t p = spawn({DTREF_BIN, "match", "--bot", std::string("stdio:") + DTBOT_RANDOM, "--bot", "builtin:random",
                         "--wire-log", logs},
                        dir.file("o"), dir.file("e"));
  ASSERT_EQ(wait_exit(p, patient(60s)), 0) << slurp(dir.file("e"));
  int files = 0;
  for (const auto& e : fs::directory_iterator(logs)) {
    struct stat st {};
    ASSERT_EQ(::stat(e.path().c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600u) << e.path();
    ++files;
  }
  EXPECT_GE(files, 1);
}

TEST(Secrecy, AMissingStderrDirIsAnError) {
  TempDir dir;
  const pid_t p = spawn({DTREF_BIN, "match", "--bot", std::string("stdio:") + DTBOT_RANDOM, "--bot", "builtin:random",
                         "--stderr-dir", dir.file("nowhere")},
                        dir.file("o"), dir.file("e"));
  EXPECT_EQ(wait_exit(p, patient(30s)), 2);
  EXPECT_TRUE(contains(slurp(dir.file("e")), "no such directory")) << slurp(dir.file("e"));
}

// A path under /tmp (which the sandbox replaces with a private one) given to
// --bot-writable is the host's own, writable by the bot; one the bot's own
// uid may not write is refused with the reason instead of EACCES inside.
TEST(Secrecy, BotWritablePathsUnderTmpAreWritable) {
  NEED_NAMESPACES();
  TempDir dir;
  const std::string out = dir.file("out");
  fs::create_directories(out);
  const std::string bot = "stdio:echo written > " + out + "/note; exec " + DTBOT_RANDOM;
  ::chmod(out.c_str(), 01777);
  const pid_t p = spawn({DTREF_BIN, "match", "--bot", bot, "--bot", "builtin:random", "--bot-writable", out},
                        dir.file("o"), dir.file("e"));
  ASSERT_EQ(wait_exit(p, patient(60s)), 0) << slurp(dir.file("e"));
  EXPECT_EQ(slurp(out + "/note"), "written\n") << slurp(dir.file("o"));
  if (!dtref::sandbox_support().own_uid) return;  // same uid as the referee: its own directory is writable
  ::chmod(out.c_str(), 0755);
  const pid_t q = spawn({DTREF_BIN, "match", "--bot", bot, "--bot", "builtin:random", "--bot-writable", out},
                        dir.file("o2"), dir.file("e2"));
  wait_exit(q, patient(60s));
  EXPECT_TRUE(contains(slurp(dir.file("o2")) + slurp(dir.file("e2")), "make it writable by other users"))
      << slurp(dir.file("o2")) << slurp(dir.file("e2"));
}

// A referee that is not root and has no pids cgroup cannot apply the process
// limit: the isolation line says so instead of printing "processes 128".
TEST(Secrecy, TheIsolationLineSaysWhenTheProcessLimitIsNotEnforced) {
  dtref::SandboxSettings s;
  dtref::Support unprivileged;
  unprivileged.bwrap = "/usr/bin/bwrap";
  unprivileged.cgroup = "";
  unprivileged.cgroup_problem = "no writable cgroup";
  unprivileged.own_uid = false;
  EXPECT_TRUE(contains(unprivileged.summary(s), "process limit is NOT enforced")) << unprivileged.summary(s);
  dtref::Support root = unprivileged;
  root.own_uid = true;
  EXPECT_FALSE(contains(root.summary(s), "NOT enforced")) << root.summary(s);
  dtref::Support delegated = unprivileged;
  delegated.cgroup = "cgroup v2 (memory, pids, cpu)";
  EXPECT_FALSE(contains(delegated.summary(s), "NOT enforced")) << delegated.summary(s);
}
