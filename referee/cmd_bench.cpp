// dtref bench: every speed figure of docs/performance.md in one run, so their
// ratios are taken side by side on one machine in one moment. It wraps the
// Google Benchmark program (dt_bench, the engine), times whole matches through
// the referee library over each transport (bench/referee_overhead.hpp), times
// whole commands (`dtref tournament -j1/-j2`) against fastchess with an
// equal player (random C players on both sides, bench/uci/), when fastchess
// is found, times the start of a process (dtref, the example bot) and counts
// the engine's instructions per decision under callgrind (when valgrind is
// installed). Medians of --runs runs; the load average is recorded. Prints a
// table, or with --json one object. Never fails on a figure: it measures, it
// does not judge.
#include <fcntl.h>
#include <fmt/core.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "dtref/tournament/record.hpp"
#include "dtref/tournament/store.hpp"
#include "referee_overhead.hpp"

#ifndef DTREF_BENCH_DIR
#define DTREF_BENCH_DIR ""
#endif
#ifndef DTREF_BOTS_DIR
#define DTREF_BOTS_DIR ""
#endif
#ifndef DTREF_SOURCE_DIR
#define DTREF_SOURCE_DIR ""
#endif

namespace dtref {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

struct BenchOptions {
  bool json = false;
  bool quick = false;  // a smoke run: every figure, tiny samples (the test suite's)
  int runs = 3;
  std::string programs = DTREF_BENCH_DIR;  // dt_bench, dt_grpc_bench, dtbot-trivial
  std::string bots = DTREF_BOTS_DIR;       // dtbot-random
  std::string fastchess = "fastchess";     // a path, or a name on PATH
  std::vector<std::string> only;           // sections to run; empty: all
  bool wants(const char* section) const {
    return only.empty() || std::find(only.begin(), only.end(), section) != only.end();
  }
};

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Runs a shell command; its stdout, or nullopt when it failed.
std::optional<std::string> run(const std::string& cmd) {
  std::unique_ptr<FILE, int (*)(FILE*)> p(::popen((cmd + " 2>/dev/null").c_str(), "r"), ::pclose);
  if (!p) return std::nullopt;
  std::string out;
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, p.get())) > 0;) out.append(buf, n);
  const int status = ::pclose(p.release());
  if (status != 0) return std::nullopt;
  return out;
}

bool on_path(const std::string& program) { return run("command -v " + program).has_value(); }

std::string self_exe() {
  std::error_code ec;
  return fs::read_symlink("/proc/self/exe", ec).string();
}

std::string tmp_dir() {
  const fs::path d = fs::temp_directory_path() / ("dtref-bench-" + std::to_string(::getpid()));
  fs::create_directories(d);
  return d.string();
}

// ---- the figures ------------------------------------------------------------

struct Figures {
  json values = json::object();
  std::vector<std::string> notes;  // skipped figures and why
  void set(const std::string& k, double v) { values[k] = std::round(v * 100) / 100; }
};

// Engine: dt_bench's random games; decisions/s gives the cost of legal
// options + apply averaged over every position, games/s the self-play rate.
void engine_figures(const BenchOptions& o, Figures* f) {
  const std::string prog = o.programs + "/dt_bench";
  const std::string cmd = fmt::format("{} --benchmark_filter='^BM_RandomGame$' --benchmark_format=json "
                                      "--benchmark_repetitions={} --benchmark_min_time={}",
                                      quote(prog), o.quick ? 1 : o.runs, o.quick ? "0.05" : "1");
  auto out = run(cmd);
  if (!out) {
    f->notes.push_back("engine: cannot run " + prog + " (build with DTREF_BUILD_BENCH=ON, or give --programs)");
    return;
  }
  std::vector<double> dps, gps;
  const json j = json::parse(*out, nullptr, false);
  if (j.is_object() && j.contains("benchmarks"))
    for (const json& b : j["benchmarks"]) {
      if (b.value("run_type", "") != "iteration") continue;
      dps.push_back(b.value("decisions/s", 0.0));
      gps.push_back(b.value("games/s", 0.0));
    }
  if (dps.empty() || median(dps) <= 0) {
    f->notes.push_back("engine: no figures in dt_bench's output");
    return;
  }
  f->set("decision_us", 1e6 / median(dps));
  f->set("games_per_s", median(gps));
  // Every pairing of the built-in decks: decks differ fourfold in cost, so
  // one pairing says little about the engine.
  const std::string all = fmt::format("{} --benchmark_filter='^BM_AllPairings$' --benchmark_format=json "
                                      "--benchmark_repetitions={} --benchmark_min_time={}",
                                      quote(prog), o.quick ? 1 : o.runs, o.quick ? "0.01" : "1");
  std::vector<double> mean, slowest, all_gps;
  const json a = json::parse(run(all).value_or(""), nullptr, false);
  if (a.is_object() && a.contains("benchmarks"))
    for (const json& b : a["benchmarks"]) {
      if (b.value("run_type", "") != "iteration") continue;
      mean.push_back(b.value("us_mean", 0.0));
      slowest.push_back(b.value("us_slowest", 0.0));
      all_gps.push_back(b.value("games/s", 0.0));
    }
  if (mean.empty() || median(mean) <= 0) {
    f->notes.push_back("engine: no all-pairings figures in dt_bench's output");
    return;
  }
  f->set("decision_all_pairings_us", median(mean));
  f->set("slowest_pairing_over_mean", median(slowest) / median(mean));
  f->set("games_per_s_all_pairings", median(all_gps));
}

// Engine per decision at 2, 4 and 7 seats (issue 13): dt_bench's
// BM_DecisionByCardsInPlay plays random games at each table size in one run;
// its us_all is the mean cost of legal options + apply over every position.
// The ratios to two seats are the figures to read (the machine may be busy).
void seat_figures(const BenchOptions& o, Figures* f) {
  const std::string prog = o.programs + "/dt_bench";
  const std::string cmd = fmt::format("{} --benchmark_filter='^BM_DecisionByCardsInPlay/' --benchmark_format=json "
                                      "--benchmark_repetitions={} --benchmark_min_time={}",
                                      quote(prog), o.quick ? 1 : o.runs, o.quick ? "0.05" : "1");
  auto out = run(cmd);
  if (!out) {
    f->notes.push_back("seats: cannot run " + prog + " (build with DTREF_BUILD_BENCH=ON, or give --programs)");
    return;
  }
  std::map<int, std::vector<double>> us;  // seats -> us_all of each repetition
  const json j = json::parse(*out, nullptr, false);
  if (j.is_object() && j.contains("benchmarks"))
    for (const json& b : j["benchmarks"]) {
      if (b.value("run_type", "") != "iteration") continue;
      const std::string name = b.value("run_name", b.value("name", ""));
      const size_t slash = name.rfind('/');
      if (slash == std::string::npos) continue;
      us[std::atoi(name.c_str() + slash + 1)].push_back(b.value("us_all", 0.0));
    }
  const double two = median(us[2]);
  if (two <= 0) {
    f->notes.push_back("seats: no figures in dt_bench's output");
    return;
  }
  for (int n : {2, 4, 7}) {
    if (us[n].empty()) continue;
    f->set(fmt::format("decision_{}seats_us", n), median(us[n]));
    if (n != 2) f->set(fmt::format("seats{}_over_2", n), median(us[n]) / two);
  }
}

// The bytes of the requests the trivial bot is sent, from one match in which
// it notes them: the size of line the raw pipe figure is measured with.
size_t trivial_request_size(const std::string& trivial, const std::string& dir) {
  const std::string path = dir + "/sizes.txt";
  std::error_code ec;
  fs::remove(path, ec);
  bench::MatchTimings t;
  const std::string spec = "stdio:" + quote(trivial) + " " + quote(path);
  // Unsandboxed: in the sandbox (read-only filesystem, private /tmp, a uid of
  // its own) the bot's notes went nowhere and the pipe was timed with a 1-byte line.
  if (!bench::time_matches(spec, 1, &t, /*sandboxed=*/false)) return 0;
  std::vector<double> sizes;
  std::ifstream in(path);
  for (double v; in >> v;) sizes.push_back(v);
  return size_t(median(sizes));
}

// Per decision, whole matches with the same bot in both seats: the cycle's
// median over every decision of every match, then the median of the runs.
std::optional<bench::Stats> cycle(const std::string& spec, int matches, int runs, std::string* why) {
  std::vector<double> med, p99;
  for (int r = 0; r < runs; ++r) {
    bench::MatchTimings t;
    if (!bench::time_matches(spec, matches, &t)) {
      *why = "a match with " + spec + " did not finish cleanly";
      return std::nullopt;
    }
    const bench::Stats s = bench::stats(t.cycle);
    med.push_back(s.median);
    p99.push_back(s.p99);
  }
  bench::Stats s;
  s.median = median(med);
  s.p99 = median(p99);
  s.n = size_t(runs);
  return s;
}

// gRPC's own floor: dt_grpc_bench's link round trip with an empty request
// (a decision id only) and a bot that answers 0, so next to nothing is
// serialised, converted or parsed: HTTP/2 and the completion queues alone.
void grpc_floor(const BenchOptions& o, Figures* f, const std::string& grpc) {
  std::vector<double> floor;
  const std::string marker = "empty ";
  for (int r = 0; r < (o.quick ? 1 : o.runs); ++r) {
    const auto out = run(fmt::format("{} --matches 0 --trips {}", quote(grpc), o.quick ? 200 : 5000));
    const size_t at = out ? out->find(marker) : std::string::npos;
    const size_t med = out && at != std::string::npos ? out->find("median ", at) : std::string::npos;
    if (med == std::string::npos) {
      f->notes.push_back("grpc floor: dt_grpc_bench did not report an empty round trip");
      return;
    }
    floor.push_back(std::atof(out->c_str() + med + 7));
  }
  f->set("grpc_floor_us", median(floor));
  if (f->values.contains("pipe_us"))
    f->set("grpc_floor_over_pipe", median(floor) / std::max(0.01, f->values["pipe_us"].get<double>()));
}

void referee_figures(const BenchOptions& o, Figures* f, const std::string& dir) {
  const std::string trivial = o.programs + "/dtbot-trivial";
  const int runs = o.quick ? 1 : o.runs, matches = o.quick ? 1 : 5;
  if (!fs::exists(trivial)) {
    f->notes.push_back("stdio, pipe: " + trivial + " not found");
  } else {
    const size_t size = trivial_request_size(trivial, dir);
    if (size == 0) f->notes.push_back("pipe: the trivial bot noted no request sizes; the pipe was timed with a 1-byte line");
    std::vector<double> raw;
    for (int r = 0; r < runs; ++r) raw.push_back(bench::stats(bench::raw_pipe_round_trips(size, o.quick ? 500 : 20000)).median);
    f->set("pipe_us", median(raw));
    f->set("pipe_line_bytes", double(size));
    std::string why;
    if (auto s = cycle("stdio:" + quote(trivial), matches, runs, &why)) {
      f->set("stdio_us", s->median);
      f->set("stdio_p99_us", s->p99);
      f->set("stdio_over_pipe", s->median / std::max(0.01, median(raw)));
    } else {
      f->notes.push_back("stdio: " + why);
    }
    // The same two on one CPU (bench::on_one_cpu): where the scheduler puts
    // the two ends of a round trip decides whether it pays cross-CPU wake-ups,
    // and it decides differently for `cat` and for the referee, and on an idle
    // machine and a busy one. Kept on one CPU, both are measured alike.
    std::vector<double> raw1;
    for (int r = 0; r < runs; ++r)
      raw1.push_back(bench::on_one_cpu([&] { return bench::stats(bench::raw_pipe_round_trips(size, o.quick ? 500 : 20000)); }).median);
    f->set("pipe_one_cpu_us", median(raw1));
    if (auto s = bench::on_one_cpu([&] { return cycle("stdio:" + quote(trivial), matches, runs, &why); })) {
      f->set("stdio_one_cpu_us", s->median);
      f->set("stdio_over_pipe_one_cpu", s->median / std::max(0.01, median(raw1)));
    } else {
      f->notes.push_back("stdio on one CPU: " + why);
    }
  }
  const std::string example = o.bots + "/dtbot-random";
  if (fs::exists(example)) {
    std::string why;
    // The example bot plays random games; the trivial bot answering 0 plays
    // other games (passing mostly: fewer cards in play, smaller requests, less
    // engine work), so against stdio_us the ratio mixed the bot's cost with the
    // referee's. The trivial bot's --random mode picks with dtbot-random's
    // generator and seeds: the same games, decision for decision, in the same
    // run; what is left between the two is the example bot's own work.
    const int n = o.quick ? 1 : 3;
    if (auto s = cycle("stdio:" + quote(example), n, runs, &why)) {
      f->set("example_bot_us", s->median);
      if (f->values.contains("stdio_us"))
        f->set("example_over_first_option", s->median / std::max(0.01, f->values["stdio_us"].get<double>()));
      if (fs::exists(trivial)) {
        if (auto t = cycle("stdio:" + quote(trivial) + " --random", n, runs, &why)) {
          f->set("trivial_random_us", t->median);
          f->set("example_over_trivial", s->median / std::max(0.01, t->median));
        } else {
          f->notes.push_back("trivial bot, --random: " + why);
        }
      }
    } else {
      f->notes.push_back("example bot: " + why);
    }
  } else {
    f->notes.push_back("example bot: " + example + " not found");
  }
  std::string why;
  if (auto s = cycle("builtin:random", matches, runs, &why)) f->set("builtin_us", s->median);
  const std::string grpc = o.programs + "/dt_grpc_bench";
  if (fs::exists(grpc)) {
    grpc_floor(o, f, grpc);
    if (auto s = cycle("grpc:" + quote(grpc) + " --as-bot", o.quick ? 1 : 3, runs, &why)) {
      f->set("grpc_us", s->median);
      f->set("grpc_p99_us", s->p99);
      if (f->values.contains("pipe_us"))
        f->set("grpc_over_pipe", s->median / std::max(0.01, f->values["pipe_us"].get<double>()));
      if (f->values.contains("grpc_floor_us"))
        f->set("grpc_over_floor", s->median / std::max(0.01, f->values["grpc_floor_us"].get<double>()));
    } else {
      f->notes.push_back("grpc: " + why);
    }
  } else {
    f->notes.push_back("grpc: " + grpc + " not found");
  }
}

// Seconds since the epoch of a stored finished_at ("2026-11-24T03:15:49.123Z");
// nullopt when it does not read as one.
std::optional<double> stored_time(const std::string& t) {
  std::tm tm{};
  double sec = 0;
  if (std::sscanf(t.c_str(), "%d-%d-%dT%d:%d:%lf", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour, &tm.tm_min,
                  &sec) != 6)
    return std::nullopt;
  tm.tm_year -= 1900, tm.tm_mon -= 1, tm.tm_sec = 0;
  return double(::timegm(&tm)) + sec;
}

// ---- per move: dtref against fastchess, equal players --------------------
//
// Both runners play the cheapest real player their protocol allows, in C: a
// random legal-move UCI engine (bench/uci/random_uci.c) under fastchess, the
// trivial bot picking uniformly at random (bench/trivial_bot.c --random,
// reading compact requests) under `dtref tournament`, the sandbox as a user
// gets it (--isolation auto), at -j1 and -j2. Three figures per move, each over
// the same runs:
//  - whole: the command's wall time, first exec to exit (fastchess's includes
//    its one-second poll at the end; dtref's its start-up and store);
//  - span: first start to last end: dtref from its store (each match's finish
//    less its wall time, which begins before the bots are launched), fastchess
//    from its engines' notes (the first engine's start, the last bestmove);
//  - cpu: CPU time of every process of the command's tree, bots and engines
//    included, from `perf stat -e task-clock` (the kernel's per-task clock,
//    inherited by every descendant whatever namespace or cgroup the sandbox
//    puts it in).
// The two runners alternate which goes first from run to run; every ratio is
// the median of the ratios of each run, taken seconds apart.

struct TreeTimes {
  double moves = 0, whole_s = 0, span_s = 0, cpu_s = -1;  // cpu_s < 0: not measured
};

bool perf_usable() { return run("perf stat -x, -e task-clock -o /dev/null -- true").has_value(); }

// Runs a shell command, timing it whole; with `perf`, its tree's CPU time too.
std::optional<std::string> run_timed(const std::string& cmd, const std::string& dir, bool perf, TreeTimes* t) {
  const std::string stat = dir + "/task-clock.txt";
  std::error_code ec;
  fs::remove(stat, ec);
  const std::string full =
      perf ? fmt::format("perf stat -x, -e task-clock -o {} -- sh -c {}", quote(stat), quote(cmd)) : cmd;
  const auto t0 = Clock::now();
  auto out = run(full);
  t->whole_s = seconds_since(t0);
  if (out && perf) {
    std::ifstream in(stat);
    for (std::string line; std::getline(in, line);)
      if (line.find(",task-clock") != std::string::npos && line.find("msec") != std::string::npos)
        t->cpu_s = std::atof(line.c_str()) / 1000;
  }
  return out;
}

// `dtref tournament` of two random trivial bots with `flags` (the isolation,
// limits and keep-alive settings); moves are the decisions the bots were asked for.
std::optional<TreeTimes> dtref_tree(const BenchOptions& o, const std::string& dir, int j, int rounds,
                                    const std::string& flags, bool perf, std::string* why) {
  const std::string trivial = o.programs + "/dtbot-trivial";
  const std::string db = fmt::format("{}/per-move-j{}.db", dir, j);
  std::error_code ec;
  for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(db + suffix, ec);
  const std::string bot = quote("stdio:" + quote(trivial) + " --random");
  const std::string cmd =
      fmt::format("{} tournament --bot a={} --bot b={} --rounds {} -j {} {} --db {} -q", quote(self_exe()), bot, bot,
                  rounds, j, flags, quote(db));
  TreeTimes t;
  if (!run_timed(cmd, dir, perf, &t)) {
    *why = "`dtref tournament` of two trivial bots failed";
    return std::nullopt;
  }
  try {
    tour::Store store(db);
    double first = 0, last = 0;
    bool any = false;
    for (const tour::MatchRecord& m : store.matches()) {
      const auto end = m.done ? stored_time(m.finished_at) : std::nullopt;
      if (!end) continue;
      const double start = *end - m.wall_ms / 1000;
      first = any ? std::min(first, start) : start, last = any ? std::max(last, *end) : *end;
      any = true;
      t.moves += double(m.decisions);
    }
    t.span_s = last - first;
  } catch (const std::exception& e) {
    *why = std::string("the tournament's store: ") + e.what();
    return std::nullopt;
  }
  if (t.moves <= 0) {
    *why = "the tournament stored no decisions";
    return std::nullopt;
  }
  return t;
}

// The plies fastchess played: the sum of its PGN's PlyCount tags.
double pgn_plies(const std::string& path) {
  std::ifstream in(path);
  double plies = 0;
  const std::string tag = "[PlyCount \"";
  for (std::string line; std::getline(in, line);)
    if (line.rfind(tag, 0) == 0) plies += std::atof(line.c_str() + tag.size());
  return plies;
}

// fastchess playing the C random-move engine against itself.
std::optional<TreeTimes> fastchess_tree(const BenchOptions& o, const std::string& dir, int j, int rounds, bool perf,
                                        std::string* why) {
  const std::string engine = o.programs + "/random_uci";
  const std::string pgn = fmt::format("{}/fastchess-j{}.pgn", dir, j), notes = fmt::format("{}/notes-j{}.txt", dir, j);
  std::error_code ec;
  fs::remove(pgn, ec);
  fs::remove(notes, ec);
  const std::string cmd = fmt::format(
      "cd {} && {} -engine name=a cmd={} -engine name=b cmd={} -each proto=uci tc=1000+10 option.Notes={} "
      "-rounds {} -games 2 -concurrency {} -pgnout file={}",
      quote(dir), quote(o.fastchess), quote(engine), quote(engine), quote(notes), rounds, j, quote(pgn));
  TreeTimes t;
  if (!run_timed(cmd, dir, perf, &t)) {
    *why = "fastchess failed";
    return std::nullopt;
  }
  t.moves = pgn_plies(pgn);
  std::ifstream in(notes);
  double first = 0, last = 0;
  bool any = false;
  for (double start, end; in >> start >> end;) {
    first = any ? std::min(first, start) : start, last = any ? std::max(last, end) : end;
    any = true;
  }
  t.span_s = any ? last - first : 0;
  if (t.moves <= 0 || t.span_s <= 0) {
    *why = "fastchess wrote no games or its engines no notes";
    return std::nullopt;
  }
  return t;
}

double load_average() {
  std::ifstream in("/proc/loadavg");
  double l = 0;
  in >> l;
  return l;
}

void per_move_figures(const BenchOptions& o, Figures* f, const std::string& dir) {
  const bool perf = perf_usable();
  if (!perf) f->notes.push_back("per move: `perf stat` cannot count task-clock here; the CPU figures are left out");
  bool have_fastchess = fs::exists(o.fastchess) || on_path(o.fastchess);
  if (!have_fastchess)
    f->notes.push_back("fastchess: '" + o.fastchess + "' not found, comparison skipped (docs/performance.md says how to build it)");
  if (!fs::exists(o.programs + "/dtbot-trivial") || !fs::exists(o.programs + "/random_uci")) {
    f->notes.push_back("per move: dtbot-trivial or random_uci not found in " + o.programs);
    return;
  }
  const int runs = o.quick ? 1 : o.runs;
  // About the same number of moves on each side: ~450 decisions a dtref round
  // (two matches), ~600 plies a fastchess round (two games).
  const int dtref_rounds = o.quick ? 1 : 16, fastchess_rounds = o.quick ? 1 : 12;
  for (int j : {1, 2}) {
    std::map<std::string, std::vector<double>> v;  // key -> one value per run
    for (int r = 0; r < runs; ++r) {
      std::optional<TreeTimes> d, fc, off, kept;
      std::string why;
      // Every bot started for each match (--keep-alive off), as a bot that
      // does not say "several_matches" is.
      auto dtref_run = [&] {
        d = dtref_tree(o, dir, j, dtref_rounds, "--isolation auto --keep-alive off", perf, &why);
        // No sandbox and no CPU cgroup: the bots stay in the referee's
        // scheduling group, as fastchess's engines stay in fastchess's.
        if (d && j == 1)
          off = dtref_tree(o, dir, j, dtref_rounds, "--isolation off --limit cpus=0 --keep-alive off", false, &why);
      };
      // The same bots kept alive across each worker's matches (they say
      // "several_matches"), the sandbox on: issue 28's second lever.
      auto kept_run = [&] {
        if (j == 1) kept = dtref_tree(o, dir, j, dtref_rounds, "--isolation auto --keep-alive on", perf, &why);
      };
      auto fastchess_run = [&] {
        if (have_fastchess) fc = fastchess_tree(o, dir, j, fastchess_rounds, perf, &why);
      };
      // Alternated from run to run: started, kept, fastchess; then the reverse.
      if (r % 2 == 0) dtref_run(), kept_run(), fastchess_run();
      else fastchess_run(), kept_run(), dtref_run();
      if (!d) {
        f->notes.push_back(fmt::format("per move, -j{}: {}", j, why));
        return;
      }
      if (have_fastchess && !fc) {
        f->notes.push_back(fmt::format("per move, -j{}: {}; the comparison is left out", j, why));
        have_fastchess = false;
      }
      const std::string sfx = j == 1 ? "" : "_j2";
      v["dtref_move_us" + sfx].push_back(d->span_s * 1e6 / d->moves);
      v["dtref_whole_move_us" + sfx].push_back(d->whole_s * 1e6 / d->moves);
      if (d->cpu_s >= 0) v["dtref_cpu_move_us" + sfx].push_back(d->cpu_s * 1e6 / d->moves);
      if (off) v["dtref_unsandboxed_move_us"].push_back(off->span_s * 1e6 / off->moves);
      if (kept) {
        v["dtref_kept_move_us"].push_back(kept->span_s * 1e6 / kept->moves);
        v["dtref_kept_whole_move_us"].push_back(kept->whole_s * 1e6 / kept->moves);
        if (kept->cpu_s >= 0) v["dtref_kept_cpu_move_us"].push_back(kept->cpu_s * 1e6 / kept->moves);
        // Before / after, side by side in this run: kept over started per match.
        v["kept_over_started"].push_back((kept->span_s / kept->moves) / (d->span_s / d->moves));
        if (kept->cpu_s >= 0 && d->cpu_s >= 0)
          v["kept_over_started_cpu"].push_back((kept->cpu_s / kept->moves) / (d->cpu_s / d->moves));
      }
      if (!fc) continue;
      if (kept) {
        v["kept_over_fastchess"].push_back((kept->span_s / kept->moves) / (fc->span_s / fc->moves));
        v["kept_over_fastchess_whole"].push_back((kept->whole_s / kept->moves) / (fc->whole_s / fc->moves));
        if (kept->cpu_s >= 0 && fc->cpu_s >= 0)
          v["kept_over_fastchess_cpu"].push_back((kept->cpu_s / kept->moves) / (fc->cpu_s / fc->moves));
      }
      v["fastchess_move_us" + sfx].push_back(fc->span_s * 1e6 / fc->moves);
      v["fastchess_whole_move_us" + sfx].push_back(fc->whole_s * 1e6 / fc->moves);
      v["dtref_over_fastchess" + sfx].push_back((d->span_s / d->moves) / (fc->span_s / fc->moves));
      v["dtref_over_fastchess_whole" + sfx].push_back((d->whole_s / d->moves) / (fc->whole_s / fc->moves));
      if (fc->cpu_s >= 0 && d->cpu_s >= 0) {
        v["fastchess_cpu_move_us" + sfx].push_back(fc->cpu_s * 1e6 / fc->moves);
        v["dtref_over_fastchess_cpu" + sfx].push_back((d->cpu_s / d->moves) / (fc->cpu_s / fc->moves));
      }
      if (off) v["unsandboxed_over_fastchess"].push_back((off->span_s / off->moves) / (fc->span_s / fc->moves));
    }
    for (const auto& [key, values] : v) f->set(key, median(values));
  }
  f->set("load_per_move", load_average());
}

// What a second core gives right now, for work that shares nothing: two
// `dtref selfplay` processes at once against one, the same games each, as
// work done per second (2 x one's time / the pair's time). The tournament's
// -j2/-j1 is to be read against it: on this machine the kernel groups a
// session's threads and processes (sched_autogroup) and shares the cores
// between sessions, so under other sessions' load a second thread of one
// command gets little or no more CPU. Both take their CPU from the session
// `dtref bench` runs in.
void scaling_control(const BenchOptions& o, Figures* f) {
  const int games = o.quick ? 5 : 300;
  std::vector<double> ratios;
  for (int r = 0; r < (o.quick ? 1 : o.runs); ++r) {
    const std::string one = fmt::format("{} selfplay --games {} --no-checks -q --seed {}", quote(self_exe()), games, r + 1);
    const std::string other = fmt::format("{} selfplay --games {} --no-checks -q --seed {}", quote(self_exe()), games, r + 101);
    auto t0 = Clock::now();
    if (!run(one + " >/dev/null")) {
      f->notes.push_back("scaling control: `dtref selfplay` failed");
      return;
    }
    const double t1 = seconds_since(t0);
    t0 = Clock::now();
    if (!run(fmt::format("{} >/dev/null & {} >/dev/null; wait", other, one))) {
      f->notes.push_back("scaling control: `dtref selfplay` failed");
      return;
    }
    const double t2 = seconds_since(t0);
    if (t2 > 0) ratios.push_back(2 * t1 / t2);
  }
  f->set("scaling_control_j2_j1", median(ratios));
  if (f->values.contains("scaling_j2_j1") && median(ratios) > 0)
    f->set("scaling_over_control", f->values["scaling_j2_j1"].get<double>() / median(ratios));
}

// Matches per second while a tournament played: its matches after the first
// over the time between the first and the last match stored (the store keeps
// each one's finishing time to the millisecond), so the command's start-up and
// shutdown are not in it. 0 when the store cannot say.
double stored_match_rate(const std::string& db) {
  try {
    tour::Store store(db);
    double first = 0, last = 0;
    int done = 0;
    for (const tour::MatchRecord& m : store.matches()) {
      const auto t = m.done ? stored_time(m.finished_at) : std::nullopt;
      if (!t) continue;
      first = done ? std::min(first, *t) : *t, last = done ? std::max(last, *t) : *t;
      ++done;
    }
    return done > 1 && last > first ? (done - 1) / (last - first) : 0;
  } catch (const std::exception&) {
    return 0;
  }
}

// Matches per minute of a tournament of built-in bots at -j2 over -j1 (the
// same plan both times): how well concurrent matches use a second core.
// Matches of built-in bots take about a millisecond each, so a whole command
// is mostly its start (loading the card database, creating the store). The
// figure is the rate of the matches alone, read from the store: the matches
// after the first over the time from the first stored to the last. (It used
// to be the time of a 3n-round command less that of an n-round one: a
// difference of two short wall times, each with its own start-up noise, which
// ranged from 0.9 to 2.5 for one binary on one machine.) The two concurrencies
// alternate which runs first. The whole-command ratio of the same runs is
// reported beside it (scaling_whole_j2_j1).
void scaling_figure(const BenchOptions& o, Figures* f, const std::string& dir) {
  std::vector<double> ratios, whole;
  const int rounds = o.quick ? 4 : 200;
  for (int r = 0; r < (o.quick ? 1 : o.runs); ++r) {
    double wall[2] = {0, 0}, rate[2] = {0, 0};  // [concurrency - 1]
    for (int j : r % 2 ? std::vector<int>{2, 1} : std::vector<int>{1, 2}) {
      const std::string db = fmt::format("{}/t{}-{}.db", dir, j, r);
      std::error_code ec;
      for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(db + suffix, ec);
      const std::string cmd =
          fmt::format("{} tournament --bot a=builtin:random --bot b=builtin:random --rounds {} -j {} --db {} -q",
                      quote(self_exe()), rounds, j, quote(db));
      const auto t0 = Clock::now();
      if (!run(cmd)) {
        f->notes.push_back("scaling: `dtref tournament` failed");
        return;
      }
      wall[j - 1] = seconds_since(t0);
      rate[j - 1] = stored_match_rate(db);
    }
    if (rate[0] > 0 && rate[1] > 0) ratios.push_back(rate[1] / rate[0]);
    if (wall[1] > 0) whole.push_back(wall[0] / wall[1]);
  }
  if (ratios.empty()) {
    // The store gave no usable times (tiny --quick samples finish within one
    // millisecond): the whole-command ratio stands in, and says so.
    f->notes.push_back("scaling: no match rate from the store; scaling_j2_j1 is the whole-command ratio");
    ratios = whole;
  }
  f->set("scaling_j2_j1", median(ratios));
  f->set("scaling_whole_j2_j1", median(whole));
  scaling_control(o, f);
}

// ---- start-up and instructions per decision ----------------------------------

struct ProcessTimes {
  double wall_ms = 0, cpu_ms = 0;
};

// Starts `argv` with stdin, stdout and stderr on /dev/null and waits for it:
// its wall time exec to exit, and its own CPU time (user + system, from
// wait4's rusage of that one child). nullopt when it could not be started or
// did not exit 0.
std::optional<ProcessTimes> time_process(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  for (int fd : {0, 1, 2}) posix_spawn_file_actions_addopen(&fa, fd, "/dev/null", fd ? O_WRONLY : O_RDONLY, 0);
  pid_t pid = 0;
  const auto t0 = Clock::now();
  const int err = ::posix_spawn(&pid, args[0], &fa, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  if (err != 0) return std::nullopt;
  int status = 0;
  struct rusage ru {};
  if (::wait4(pid, &status, 0, &ru) != pid) return std::nullopt;
  ProcessTimes t;
  t.wall_ms = seconds_since(t0) * 1e3;
  auto ms = [](const timeval& tv) { return double(tv.tv_sec) * 1e3 + double(tv.tv_usec) / 1e3; };
  t.cpu_ms = ms(ru.ru_utime) + ms(ru.ru_stime);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
  return t;
}

// Start-up (issue 28, part 5): how long a process takes from exec to exit when
// it does nothing but start: `dtref --version` (which loads the card database)
// and the C++ example bot `dtbot-random` with no input (it loads the cards,
// reads end of input and leaves), as a bot started for every match does before
// its first line. The two alternate, one run after the other; medians.
void startup_figures(const BenchOptions& o, Figures* f) {
  const std::string example = o.bots + "/dtbot-random";
  const bool bot = fs::exists(example);
  if (!bot) f->notes.push_back("start-up: " + example + " not found; the example bot's start-up is left out");
  const int n = o.quick ? 3 : 21;
  std::vector<double> wall, cpu, bot_wall, bot_cpu;
  for (int r = 0; r < n; ++r) {
    if (auto t = time_process({self_exe(), "--version"})) wall.push_back(t->wall_ms), cpu.push_back(t->cpu_ms);
    if (!bot) continue;
    if (auto t = time_process({example})) bot_wall.push_back(t->wall_ms), bot_cpu.push_back(t->cpu_ms);
  }
  if (wall.empty()) {
    f->notes.push_back("start-up: `dtref --version` did not run");
  } else {
    f->set("startup_ms", median(wall));
    f->set("startup_cpu_ms", median(cpu));
  }
  if (bot && bot_wall.empty()) f->notes.push_back("start-up: " + example + " did not exit cleanly on empty input");
  if (!bot_wall.empty()) {
    f->set("bot_startup_ms", median(bot_wall));
    f->set("bot_startup_cpu_ms", median(bot_cpu));
  }
}

// Instructions per decision (issue 28, part 3: flat within 3 % while the card
// pool lands): callgrind's instruction count inside `dt::legal_options` and
// `dt::apply` over the fixed bench games (`dtref selfplay --games 30 --no-checks
// --seed 1`, corporate against legion), over the decisions those games took.
// Deterministic for one binary: the figure the guard test `perf.ir_per_decision`
// compares with bench/ir_baseline.txt. Left out (and said) without valgrind.
void ir_figures(const BenchOptions& o, Figures* f, const std::string& dir) {
  if (!on_path("valgrind")) {
    f->notes.push_back("instructions per decision: valgrind is not installed (apt-get install valgrind); ir_per_decision left out");
    return;
  }
  const int games = o.quick ? 2 : 30;
  const std::string out = dir + "/callgrind.out";
  std::error_code ec;
  fs::remove(out, ec);
  const std::string cmd = fmt::format(
      "valgrind --tool=callgrind --callgrind-out-file={} '--toggle-collect=dt::legal_options(*' "
      "'--toggle-collect=dt::apply(*' {} selfplay --games {} --no-checks --seed 1",
      quote(out), quote(self_exe()), games);
  const auto printed = run(cmd);
  // selfplay prints "  decisions N (..."; callgrind's file ends with "totals: N".
  const size_t at = printed ? printed->find("decisions ") : std::string::npos;
  const double decisions = at == std::string::npos ? 0 : std::atof(printed->c_str() + at + 10);
  double ir = 0;
  std::ifstream in(out);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("totals: ", 0) == 0 || line.rfind("summary: ", 0) == 0) ir = std::atof(line.c_str() + line.find(' ') + 1);
  if (decisions <= 0 || ir <= 0) {
    f->notes.push_back("instructions per decision: callgrind gave no count (valgrind failed, or selfplay printed no decisions)");
    return;
  }
  f->values["ir_per_decision"] = std::round(ir / decisions);
  f->values["ir_decisions"] = decisions;
  f->values["ir_games"] = games;
}

struct Row {
  const char* key;
  const char* what;
  const char* target;
};

const Row kRows[] = {
    {"decision_us", "engine: legal options + apply, per decision, corporate vs legion (us)", "<= 0.7 (all pairings)"},
    {"games_per_s", "random self-play, one core, no checks (games/s)", ">= 4000"},
    {"decision_all_pairings_us", "engine per decision, mean over every pairing of the built-in decks (us)", "<= 0.7"},
    {"slowest_pairing_over_mean", "  the slowest pairing / that mean", "<= 2"},
    {"games_per_s_all_pairings", "  random games/s over every pairing, one core", ">= 4000"},
    {"ir_per_decision", "engine: instructions per decision, fixed games (callgrind, legal options + apply)", "<= bench/ir_baseline.txt + 3 %"},
    {"decision_2seats_us", "engine per decision, random games at 2 seats (us, wall)", "reference"},
    {"decision_4seats_us", "  the same at 4 seats (us)", ""},
    {"seats4_over_2", "  4 seats / 2 seats", "<= 1.5"},
    {"decision_7seats_us", "  the same at 7 seats (us)", ""},
    {"seats7_over_2", "  7 seats / 2 seats", ""},
    {"pipe_us", "raw pipe round trip through cat, a request-sized line (us)", "reference"},
    {"stdio_us", "stdio round trip per decision, referee + trivial C bot (us, median)", ""},
    {"stdio_p99_us", "  the same, p99 (us)", ""},
    {"stdio_over_pipe", "  stdio / pipe", ""},
    {"pipe_one_cpu_us", "  raw pipe round trip, both ends kept on one CPU (us)", "reference"},
    {"stdio_one_cpu_us", "  stdio round trip, referee and bots kept on one CPU (us)", ""},
    {"stdio_over_pipe_one_cpu", "  stdio / pipe, both on one CPU", "<= 2"},
    {"grpc_us", "gRPC round trip per decision (us, median)", "<= 1.5x its floor"},
    {"grpc_over_pipe", "  gRPC / pipe", ""},
    {"grpc_floor_us", "  gRPC's floor: link round trip of an empty request, bot answers 0 (us)", ""},
    {"grpc_floor_over_pipe", "  gRPC floor / pipe", ""},
    {"grpc_over_floor", "  gRPC / its floor", "<= 1.5"},
    {"builtin_us", "in-process bots: the referee's cycle per decision (us)", ""},
    {"dtref_move_us", "per move, -j1, sandbox on: dtref tournament, random C bots started per match, first start to last end (us)", "<= 0.8x fastchess"},
    {"fastchess_move_us", "  the same for fastchess, random C UCI engine (us)", "reference"},
    {"dtref_over_fastchess", "  dtref / fastchess, first start to last end", "<= 0.8"},
    {"dtref_whole_move_us", "  dtref, whole command (us)", ""},
    {"fastchess_whole_move_us", "  fastchess, whole command (us)", ""},
    {"dtref_over_fastchess_whole", "  dtref / fastchess, whole command", "<= 0.8"},
    {"dtref_cpu_move_us", "  dtref, CPU of the process tree (us)", ""},
    {"fastchess_cpu_move_us", "  fastchess, CPU of the process tree (us)", ""},
    {"dtref_over_fastchess_cpu", "  dtref / fastchess, CPU per move", "<= 0.8"},
    {"dtref_unsandboxed_move_us", "  dtref, --isolation off --limit cpus=0, first start to last end (us)", ""},
    {"unsandboxed_over_fastchess", "  dtref unsandboxed, bots in its scheduling group / fastchess", ""},
    {"dtref_kept_move_us", "per move, -j1, sandbox on, bots kept alive (several_matches): dtref, first start to last end (us)", "<= 0.5x fastchess"},
    {"kept_over_fastchess", "  dtref kept alive / fastchess, first start to last end", "<= 0.5"},
    {"dtref_kept_whole_move_us", "  dtref kept alive, whole command (us)", ""},
    {"kept_over_fastchess_whole", "  dtref kept alive / fastchess, whole command", "<= 0.5"},
    {"dtref_kept_cpu_move_us", "  dtref kept alive, CPU of the process tree (us)", ""},
    {"kept_over_fastchess_cpu", "  dtref kept alive / fastchess, CPU per move", "<= 0.5"},
    {"kept_over_started", "  kept alive / started per match, first start to last end (same run)", ""},
    {"kept_over_started_cpu", "  kept alive / started per match, CPU per move (same run)", ""},
    {"dtref_over_fastchess_j2", "per move, -j2: dtref / fastchess, first start to last end", "<= 0.8"},
    {"dtref_over_fastchess_whole_j2", "  dtref / fastchess, whole command", ""},
    {"dtref_over_fastchess_cpu_j2", "  dtref / fastchess, CPU per move", ""},
    {"load_per_move", "load average (1 min) after the per-move runs", ""},
    {"scaling_j2_j1", "matches per minute, tournament -j2 / -j1, built-in bots (start-up left out)", ">= 1.9"},
    {"scaling_whole_j2_j1", "  the same over whole commands (start-up included)", ""},
    {"scaling_control_j2_j1", "  control: two independent selfplay processes / one (what the machine gives now)", ""},
    {"scaling_over_control", "  tournament scaling / control", ""},
    {"startup_ms", "start-up: `dtref --version`, exec to exit, wall (ms, median)", "< 5"},
    {"startup_cpu_ms", "  the same, CPU (user + system, ms)", "< 5"},
    {"bot_startup_ms", "  the C++ example bot dtbot-random, no input, exec to exit, wall (ms)", "< 5"},
    {"bot_startup_cpu_ms", "  the same, CPU (ms)", "< 5"},
    {"example_bot_us", "the C++ example bot (dtbot-random) per decision (us)", "<= 2x trivial"},
    {"trivial_random_us", "  the trivial C bot picking as dtbot-random does: the same games (us)", ""},
    {"example_over_trivial", "  example / trivial, the same games", "<= 2"},
    {"example_over_first_option", "  example / stdio_us (the trivial bot answering 0: other games)", ""},
};

int run_bench(const BenchOptions& o) {
  const std::string dir = tmp_dir();
  Figures f;
  const auto t0 = Clock::now();
  f.set("load_start", load_average());  // the 1-minute load average: the machine is shared
  if (o.wants("engine")) engine_figures(o, &f);
  if (o.wants("seats")) seat_figures(o, &f);
  if (o.wants("transports")) referee_figures(o, &f, dir);
  if (o.wants("per-move")) per_move_figures(o, &f, dir);
  if (o.wants("scaling")) scaling_figure(o, &f, dir);
  if (o.wants("startup")) startup_figures(o, &f);
  if (o.wants("ir")) ir_figures(o, &f, dir);
  f.set("load_end", load_average());
  std::error_code ec;
  fs::remove_all(dir, ec);
  if (o.json) {
    json out = f.values;
    out["runs"] = o.quick ? 1 : o.runs;
    out["seconds"] = std::round(seconds_since(t0) * 10) / 10;
    out["skipped"] = f.notes;
    fmt::print("{}\n", out.dump());
    return 0;
  }
  fmt::print("{:<78} {:>10}  {}\n", "figure", "value", "target");
  for (const Row& r : kRows) {
    const std::string v = f.values.contains(r.key) ? fmt::format("{:.2f}", f.values[r.key].get<double>()) : "-";
    fmt::print("{:<78} {:>10}  {}\n", r.what, v, r.target);
  }
  for (const std::string& n : f.notes) fmt::print("skipped: {}\n", n);
  fmt::print("({} runs each, medians; {:.1f} s)\n", o.quick ? 1 : o.runs, seconds_since(t0));
  return 0;
}

}  // namespace

void add_bench_command(CLI::App& app, int& exit_code) {
  auto opt = std::make_shared<BenchOptions>();
  CLI::App* cmd = app.add_subcommand(
      "bench",
      "Measure every speed figure of docs/performance.md in one run: the engine per decision and "
      "games/s, its instructions per decision (callgrind, when valgrind is installed), start-up, the stdio and gRPC round trips against a raw pipe, per move against fastchess with equal C "
      "players (when fastchess is found), tournament scaling and the example bot. Medians of --runs.");
  cmd->add_flag("--json", opt->json, "one JSON object instead of the table");
  cmd->add_flag("--quick", opt->quick, "tiny samples, for checking that every figure can be taken");
  cmd->add_option("--runs", opt->runs, "runs per figure (the median is reported)")->check(CLI::Range(1, 99))->capture_default_str();
  cmd->add_option("--programs", opt->programs, "directory of dt_bench, dt_grpc_bench and dtbot-trivial")->capture_default_str();
  cmd->add_option("--bots", opt->bots, "directory of dtbot-random")->capture_default_str();
  cmd->add_option("--only", opt->only, "run only these sections: engine, ir, seats, transports, per-move, scaling, startup")
      ->check(CLI::IsMember({"engine", "ir", "seats", "transports", "per-move", "scaling", "startup"}));
  cmd->add_option("--fastchess", opt->fastchess, "the fastchess program to compare with (a path or a name on PATH)")
      ->capture_default_str();
  cmd->callback([opt, &exit_code] { exit_code = run_bench(*opt); });
}

}  // namespace dtref
