// What dt_referee_bench (stdio, built-in) and dt_grpc_bench (gRPC) both
// measure, so their figures are taken and printed the same way and can sit
// side by side: the median and p99 of a set of timings, the requests a seat
// receives in a game (to size a round trip like a real one), and whole matches
// through run_match with every decision's cycle and the referee's own share.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "bot.hpp"
#include "dt/card_loader.hpp"
#include "dt/deck.hpp"
#include "dt/game.hpp"
#include "dtref/convert.hpp"
#include "dtref/jsonl.hpp"
#include "dtref/match.hpp"

namespace bench {

struct Stats {
  double median = 0, p99 = 0;
  size_t n = 0;
};

inline Stats stats(std::vector<double> v) {
  Stats s;
  s.n = v.size();
  if (v.empty()) return s;
  std::sort(v.begin(), v.end());
  s.median = v[v.size() / 2];
  s.p99 = v[std::min(v.size() - 1, size_t(double(v.size()) * 0.99))];
  return s;
}

// Every request (options and observation) the deciding seat receives in one
// game of built-in random bots, corporate vs legion, seed 1.
inline std::vector<dtref::protocol::RefereeMessage> requests_of_a_game() {
  const dt::CardDb& db = dt::builtin_cards();
  dt::GameConfig cfg;
  cfg.rules = dt::preset_gengine();
  cfg.seed = 1;
  cfg.decks = {dt::builtin_deck("corporate").cards, dt::builtin_deck("legion").cards};
  dt::State s = dt::new_game(db, cfg);
  auto bot = dt::make_random_bot(1);
  std::vector<dtref::protocol::RefereeMessage> all;
  while (!dt::game_over(s)) {
    const int seat = dt::deciding_seat(s);
    const auto opts = dt::legal_options(s);
    dtref::protocol::RefereeMessage m;
    for (size_t k = 0; k < opts.size(); ++k) *m.mutable_request()->add_options() = dtref::to_proto(opts[k], int(k));
    *m.mutable_request()->mutable_observation() = dtref::to_proto(s, dt::observe(s, seat));
    all.push_back(std::move(m));
    dt::apply(s, opts[bot->choose(dt::observe(s, seat), opts)]);
  }
  return all;
}

// The median length of the request lines a seat receives in a game.
inline size_t median_request_size() {
  std::vector<double> sizes;
  for (const auto& m : requests_of_a_game()) sizes.push_back(double(dtref::to_json_line(m).size()));
  return size_t(stats(sizes).median);
}

// Round trips of one line of `line_size` bytes through `cat` (the minimal echo
// child), in microseconds: the floor any stdio bot protocol stands on,
// measured on the same machine in the same run. Read as the referee's stdio
// link reads a bot (referee/lib/stdio_link.cpp): non-blocking pipes, `poll`
// for the answer, then `read`, so the two figures differ only in what the
// referee and the bot do, not in how they wait.
inline std::vector<double> raw_pipe_round_trips(size_t line_size, int n) {
  int to[2], from[2];
  if (::pipe(to) != 0) return {};
  if (::pipe(from) != 0) {
    ::close(to[0]), ::close(to[1]);
    return {};
  }
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(to[0], 0), ::dup2(from[1], 1);
    ::close(to[0]), ::close(to[1]), ::close(from[0]), ::close(from[1]);
    ::execlp("cat", "cat", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(to[0]), ::close(from[1]);
  ::fcntl(to[1], F_SETFL, ::fcntl(to[1], F_GETFL) | O_NONBLOCK);
  ::fcntl(from[0], F_SETFL, ::fcntl(from[0], F_GETFL) | O_NONBLOCK);
  std::string line(std::max<size_t>(line_size, 1), 'x');
  line.back() = '\n';
  std::vector<char> buf(line.size());
  std::vector<double> out;
  bool broken = false;
  for (int i = 0; i < n && pid > 0 && !broken; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    size_t w = 0, got = 0;
    while (got < line.size()) {
      if (w < line.size()) {  // a line longer than the pipe's buffer goes out as cat reads it
        const ssize_t k = ::write(to[1], line.data() + w, line.size() - w);
        if (k > 0) w += size_t(k);
        else if (k < 0 && errno != EAGAIN) break;
      }
      pollfd p[2] = {{from[0], POLLIN, 0}, {to[1], short(w < line.size() ? POLLOUT : 0), 0}};
      if (::poll(p, w < line.size() ? 2 : 1, 1000) <= 0) break;
      const ssize_t r = ::read(from[0], buf.data() + got, buf.size() - got);
      if (r > 0) got += size_t(r);
      else if (r == 0 || errno != EAGAIN) break;
    }
    if (got < line.size()) broken = true;
    else out.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
  }
  ::close(to[1]), ::close(from[0]);
  if (pid > 0) ::waitpid(pid, nullptr, 0);
  return out;
}

// Runs `fn` with this process (and every child it starts meanwhile) kept on
// one CPU, then restores the affinity it had. On a virtual machine whose idle
// vCPUs halt, a round trip between processes on two CPUs pays two cross-CPU
// wake-ups (tens of microseconds each), one on a single CPU pays none; where
// the scheduler puts the two ends differs between an idle and a busy machine
// and between `cat` and the referee. On one CPU both figures are taken alike.
template <class Fn>
auto on_one_cpu(Fn fn) {
  cpu_set_t old;
  CPU_ZERO(&old);
  const bool had = ::sched_getaffinity(0, sizeof old, &old) == 0;
  int cpu = ::sched_getcpu();
  if (cpu < 0 || (had && !CPU_ISSET(cpu, &old))) cpu = 0;
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(cpu, &one);
  ::sched_setaffinity(0, sizeof one, &one);
  auto result = fn();
  if (had) ::sched_setaffinity(0, sizeof old, &old);
  return result;
}

// Per-decision timings of whole matches, in microseconds.
struct MatchTimings {
  std::vector<double> cycle;  // request built .. choice applied and recorded
  std::vector<double> own;    // the cycle minus waiting for the bot's answer
  int64_t decisions = 0;
  int matches = 0;
};

// Plays `matches` matches with `bot_spec` in both seats. False, with the
// reason printed, when one does not finish cleanly. `sandboxed` false: the
// bots run as plain processes (one that writes a file of its own needs that:
// in the sandbox the filesystem is read-only and /tmp private).
inline bool time_matches(const std::string& bot_spec, int matches, MatchTimings* t, bool sandboxed = true) {
  for (int m = 0; m < matches; ++m) {
    dtref::MatchSpec spec;
    spec.bots = {{"", bot_spec}, {"", bot_spec}};
    spec.decks = {dt::builtin_deck("corporate"), dt::builtin_deck("legion")};
    spec.rules = dt::preset_gengine();
    spec.seed = uint64_t(m + 1);
    spec.record_timings = true;
    if (!sandboxed) spec.sandbox.isolation = dtref::Isolation::Off;
    const auto out = dtref::run_match(spec);
    if (out.voided || out.seats[0].verdict != dtref::Verdict::Ok || out.seats[1].verdict != dtref::Verdict::Ok) {
      std::fprintf(stderr, "%s: match %d did not finish cleanly (%s / %s)\n", bot_spec.c_str(), m,
                   out.seats[0].detail.c_str(), out.seats[1].detail.c_str());
      return false;
    }
    t->cycle.insert(t->cycle.end(), out.cycle_us.begin(), out.cycle_us.end());
    // The referee's own share: the cycle minus the wait for the answer (a
    // decision refused and re-asked would have two waits; none are here).
    for (size_t k = 0; k < out.cycle_us.size() && k < out.wait_us.size(); ++k)
      t->own.push_back(out.cycle_us[k] - out.wait_us[k]);
    t->decisions += out.decisions;
    ++t->matches;
  }
  return true;
}

inline void print_match_timings(const std::string& bot_spec, const MatchTimings& t) {
  const Stats c = stats(t.cycle), o = stats(t.own);
  std::printf("%s (%lld decisions, %d matches)\n  whole decision cycle: median %.1f us, p99 %.1f us\n"
              "  referee's own work (cycle minus waiting for the bot): median %.1f us, p99 %.1f us\n",
              bot_spec.c_str(), static_cast<long long>(t.decisions), t.matches, c.median, c.p99, o.median, o.p99);
}

}  // namespace bench
