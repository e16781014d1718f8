// Two `dtref ladder --worker` processes on one PostgreSQL database play a
// planned number of matches exactly once each, one of them killed with
// SIGKILL mid-run. The test starts a real, throwaway PostgreSQL cluster in a
// temporary directory (as the postgres user when run as root: the server
// refuses to run as root) and stops it afterwards.
#include <glob.h>
#include <gtest/gtest.h>
#include <pwd.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <set>
#include <thread>

#include "dtref/ladder/store.hpp"
#include "test_util.hpp"

using dtref_test::contains;
using dtref_test::slurp;
using dtref_test::spawn;
using dtref_test::wait_exit;
namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

std::string pg_bin_dir() {
  glob_t g{};
  std::string out;
  if (::glob("/usr/lib/postgresql/*/bin/initdb", 0, nullptr, &g) == 0 && g.gl_pathc > 0)
    out = fs::path(g.gl_pathv[g.gl_pathc - 1]).parent_path().string();
  ::globfree(&g);
  return out;
}

int run_sh(const std::string& cmd) {
  const int st = std::system(cmd.c_str());
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

// A PostgreSQL server of its own in a temporary directory, on a free port.
class PgCluster {
 public:
  PgCluster() {
    bin_ = pg_bin_dir();
    if (bin_.empty()) {
      why_ = "PostgreSQL's server programs are not installed (Debian package 'postgresql', see scripts/install-deps.sh)";
      return;
    }
    dir_ = fs::temp_directory_path() / ("dtref_pg_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    // As root, everything runs as the postgres user, who must own the directory.
    if (::geteuid() == 0) {
      const passwd* pw = ::getpwnam("postgres");
      if (!pw) {
        why_ = "running as root and there is no 'postgres' user to run the server as";
        return;
      }
      as_ = "runuser -u postgres -- ";
      if (::chown(dir_.c_str(), pw->pw_uid, pw->pw_gid) != 0) {
        why_ = "cannot hand the cluster directory to the postgres user";
        return;
      }
    }
    port_ = 20000 + int(::getpid() % 20000);
    const std::string data = (dir_ / "data").string(), log = (dir_ / "log").string();
    if (run_sh(as_ + bin_ + "/initdb -D " + data + " -A trust -U postgres -E UTF8 --no-sync >" + (dir_ / "initdb.out").string() +
               " 2>&1") != 0) {
      why_ = "initdb failed: " + slurp((dir_ / "initdb.out").string());
      return;
    }
    if (run_sh(as_ + bin_ + "/pg_ctl -D " + data + " -l " + log + " -w -t 30 -o \"-p " + std::to_string(port_) + " -k " +
               dir_.string() + " -c listen_addresses=127.0.0.1 -c fsync=off\" start >/dev/null 2>&1") != 0) {
      why_ = "the server did not start: " + slurp(log);
      return;
    }
    started_ = true;
  }
  ~PgCluster() {
    if (started_) run_sh(as_ + bin_ + "/pg_ctl -D " + (dir_ / "data").string() + " -m immediate stop >/dev/null 2>&1");
    std::error_code ec;
    if (!dir_.empty()) fs::remove_all(dir_, ec);
  }
  bool ok() const { return started_; }
  const std::string& why() const { return why_; }
  std::string conninfo() const { return "host=127.0.0.1 port=" + std::to_string(port_) + " user=postgres dbname=postgres"; }
  bool binaries_missing() const { return bin_.empty(); }

 private:
  std::string bin_, as_, why_;
  fs::path dir_;
  int port_ = 0;
  bool started_ = false;
};

}  // namespace

TEST(LadderPostgres, TwoWorkersPlayEveryPlannedMatchExactlyOnceThoughOneIsKilled) {
  PgCluster pg;
  if (pg.binaries_missing()) GTEST_SKIP() << "SKIPPED LOUDLY: " << pg.why();
  ASSERT_TRUE(pg.ok()) << pg.why();
  dtref_test::TempDir dir("dtref_ladder_pg_");
  const std::string conn = pg.conninfo();
  for (const std::string& bot : std::vector<std::string>{"a=builtin:random", "b=builtin:greedy", std::string("c=stdio:") + DTBOT_GREEDY}) {
    const pid_t r = spawn({DTREF_BIN, "ladder", "register", "--pg", conn, "--bot", bot}, dir.file("reg.out"), dir.file("reg.err"));
    ASSERT_EQ(wait_exit(r, dtref_test::patient(30s)), 0) << slurp(dir.file("reg.err"));
  }
  constexpr int kPlanned = 16;
  auto worker = [&](const std::string& name, const std::vector<std::string>& env) {
    return spawn({DTREF_BIN, "ladder", "--worker", "--pg", conn, "--matches", std::to_string(kPlanned), "-j", "2",
                  "--transcripts", dir.file(name), "--progress-interval", "1"},
                 dir.file(name + ".out"), dir.file(name + ".err"), env);
  };
  // w1 freezes right after storing its third match and is then killed: the
  // match its other thread was playing must go back to the queue, not be lost.
  const pid_t w1 = worker("w1", {"DTREF_FAULT_STOP_AFTER=3"});
  const pid_t w2 = worker("w2", {});
  ASSERT_TRUE(dtref_test::wait_stopped(w1, dtref_test::patient(60s))) << slurp(dir.file("w1.err"));
  int status = 0;
  ::kill(w1, SIGKILL);
  ::waitpid(w1, &status, 0);
  ASSERT_EQ(wait_exit(w2, dtref_test::patient(60s)), 0) << slurp(dir.file("w2.err"));

  auto store = dtref::ladder::open_store("", conn, false);
  const auto all = store->matches(false);
  const auto done = store->matches(true);
  EXPECT_EQ(all.size(), size_t(kPlanned)) << "exactly the planned number was scheduled";
  EXPECT_EQ(done.size(), size_t(kPlanned)) << "and every one of them finished";
  std::set<int64_t> ids;
  std::map<std::string, int> by_worker;
  for (const auto& m : done) {
    ids.insert(m.id);
    ++by_worker[m.worker.substr(0, m.worker.rfind(':'))];  // host:pid
  }
  EXPECT_EQ(ids.size(), size_t(kPlanned)) << "each once";
  ASSERT_EQ(by_worker.size(), 2u) << "both workers played";
  int w1_count = 0, w2_count = 0;
  for (const auto& [w, n] : by_worker) (contains(w, ":" + std::to_string(w1)) ? w1_count : w2_count) += n;
  EXPECT_GE(w1_count, 3);
  // What w2 says it stored is exactly what the store credits it with: nothing counted twice.
  EXPECT_TRUE(contains(slurp(dir.file("w2.err")), "stored " + std::to_string(w2_count) + " matches this run"))
      << slurp(dir.file("w2.err"));
  EXPECT_EQ(w1_count + w2_count, kPlanned);
}
