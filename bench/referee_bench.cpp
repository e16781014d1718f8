// Referee overhead per decision, next to the raw pipe round trip on the same
// machine. Usage:
//   build/bench/dt_referee_bench [--matches N] [--bot SPEC]...
// Default bots: builtin:random (no transport: the referee's own work per
// decision), stdio:dtbot-random (C++), stdio:python3 mockbot.py good.
// For each, both seats run that bot; every decision's cycle (request built ..
// choice applied and recorded) is timed. The raw round trip writes a line of
// the median request size to `cat` and reads it back. On a busy machine the
// "own work" share also holds time the bot ran on the referee's CPU right
// after being woken; the CPU time line (getrusage, this process only) does not.
#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "dtref/jsonl.hpp"
#include "referee_overhead.hpp"

namespace {

// CPU time (user + system) of this process so far, in microseconds; bots are
// other processes, so this is the referee's own work only.
double cpu_us() {
  rusage ru{};
  ::getrusage(RUSAGE_SELF, &ru);
  return double(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e6 + double(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
}

}  // namespace

int main(int argc, char** argv) {
  int matches = 20;
  std::vector<std::string> bots;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--matches" && i + 1 < argc) matches = std::atoi(argv[++i]);
    else if (a == "--bot" && i + 1 < argc) bots.push_back(argv[++i]);
    else {
      std::fprintf(stderr, "usage: %s [--matches N] [--bot SPEC]...\n", argv[0]);
      return 2;
    }
  }
  if (bots.empty())
    bots = {"builtin:random", std::string("stdio:") + DTBOT_RANDOM,
            std::string("stdio:python3 ") + DTREF_MOCKBOTS_DIR + "/mockbot.py good"};
  const size_t size = bench::median_request_size();
  const bench::Stats raw = bench::stats(bench::raw_pipe_round_trips(size, 20000));
  std::printf("raw pipe round trip through cat, %zu-byte line: median %.1f us, p99 %.1f us (%zu trips)\n", size,
              raw.median, raw.p99, raw.n);
  for (const std::string& b : bots) {
    bench::MatchTimings t;
    const double cpu0 = cpu_us();
    if (!bench::time_matches(b, matches, &t)) return 1;
    bench::print_match_timings(b, t);
    std::printf("  referee CPU time (user + system) per decision, mean: %.1f us\n",
                (cpu_us() - cpu0) / double(t.decisions));
  }
  return 0;
}
