// Engine speed: clone, legal options, apply, whole random games.
// Run: build/bench/dt_bench  (ratios between rows of one run are what to compare)
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <string>

#include "bot.hpp"
#include "dt/card_loader.hpp"
#include "dt/deck.hpp"
#include "dt/game.hpp"
#include "dt/observation.hpp"

namespace {

// The decks are read once: a game's cost is the engine's, not the deck parser's.
dt::GameConfig config(uint64_t seed) {
  static const dt::GameConfig base = [] {
    dt::GameConfig cfg;
    cfg.decks.push_back(dt::builtin_deck("corporate").cards);
    cfg.decks.push_back(dt::builtin_deck("legion").cards);
    return cfg;
  }();
  dt::GameConfig cfg = base;
  cfg.seed = seed;
  return cfg;
}

// A mid-game position: 150 decisions into a seeded random game.
dt::State midgame() {
  dt::State s = dt::new_game(dt::builtin_cards(), config(3));
  dt::Rng r(5);
  for (int i = 0; i < 150 && !dt::game_over(s); ++i) {
    auto o = dt::legal_options(s);
    dt::apply(s, o[r.below(o.size())]);
  }
  return s;
}

void BM_Clone(benchmark::State& st) {
  const dt::State s = midgame();
  for (auto _ : st) {
    dt::State c = s;
    benchmark::DoNotOptimize(c);
  }
}
BENCHMARK(BM_Clone);

void BM_LegalOptions(benchmark::State& st) {
  const dt::State s = midgame();
  for (auto _ : st) benchmark::DoNotOptimize(dt::legal_options(s));
}
BENCHMARK(BM_LegalOptions);

void BM_StateHash(benchmark::State& st) {
  const dt::State s = midgame();
  for (auto _ : st) benchmark::DoNotOptimize(dt::state_hash(s));
}
BENCHMARK(BM_StateHash);

void BM_Observe(benchmark::State& st) {
  const dt::State s = midgame();
  for (auto _ : st) benchmark::DoNotOptimize(dt::observe(s, 0));
}
BENCHMARK(BM_Observe);

void BM_RandomGame(benchmark::State& st) {
  uint64_t seed = 1;
  int64_t decisions = 0;
  for (auto _ : st) {
    dt::State s = dt::new_game(dt::builtin_cards(), config(seed++));
    auto bot = dt::make_random_bot(seed);
    while (!dt::game_over(s)) {
      auto o = dt::legal_options(s);
      dt::apply(s, o[bot->choose(dt::Observation{}, o)]);
      ++decisions;
    }
  }
  // decisions/s: legal options + apply (and the random pick) averaged over every
  // position of the games; `dtref bench` reports its inverse as decision_us.
  st.counters["decisions/s"] = benchmark::Counter(double(decisions), benchmark::Counter::kIsRate);
  st.counters["games/s"] = benchmark::Counter(double(st.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RandomGame)->Unit(benchmark::kMillisecond);

// How the cost of a decision (legal options + apply) grows with the cards in
// play (warriors, fortifications and attachments, all seats): each position of
// random games is timed and put in a bucket of ten cards; the counters are the
// mean microseconds per decision in each bucket, us_all over every position.
// The argument is the number of seats (2, 4, 7: corporate, legion, corporate,
// ...); `dtref bench` reports us_all at each and its ratio to two seats.
void BM_DecisionByCardsInPlay(benchmark::State& st) {
  const size_t seats = size_t(st.range(0));
  std::vector<double> sum(6, 0), n(6, 0);
  uint64_t seed = 1;
  for (auto _ : st) {
    dt::GameConfig cfg = config(seed++);
    while (cfg.decks.size() < seats) cfg.decks.push_back(cfg.decks[cfg.decks.size() % 2]);
    dt::State s = dt::new_game(dt::builtin_cards(), cfg);
    dt::Rng r(seed);
    while (!dt::game_over(s)) {
      size_t in_play = s.attached.size();
      for (const auto& seat : s.seats) in_play += seat.in_play.size();
      const auto t0 = std::chrono::steady_clock::now();
      auto o = dt::legal_options(s);
      dt::apply(s, o[r.below(o.size())]);
      const double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
      const size_t b = std::min<size_t>(in_play / 10, 5);
      sum[b] += us, n[b] += 1;
    }
  }
  for (size_t b = 0; b < sum.size(); ++b)
    if (n[b] > 0) st.counters["us_" + std::to_string(b * 10) + (b == 5 ? "+" : "-" + std::to_string(b * 10 + 9))] = sum[b] / n[b];
  double all = 0, count = 0;
  for (size_t b = 0; b < sum.size(); ++b) all += sum[b], count += n[b];
  st.counters["us_all"] = count ? all / count : 0;
}
BENCHMARK(BM_DecisionByCardsInPlay)->Arg(2)->Arg(4)->Arg(7)->Unit(benchmark::kMillisecond);

// Every pairing of the built-in decks (each unordered pair and each mirror),
// one random game of each per iteration: the engine's mean cost per decision
// over the pairings (each pairing's mean counts once, however long its games),
// the slowest pairing against that mean, and games/s over them all. One
// pairing (BM_RandomGame's) says little: decks differ fourfold in cost.
void BM_AllPairings(benchmark::State& st) {
  static const std::vector<std::vector<uint16_t>> decks = [] {
    std::vector<std::vector<uint16_t>> d;
    for (const std::string& name : dt::builtin_deck_names()) d.push_back(dt::builtin_deck(name).cards);
    return d;
  }();
  std::vector<std::pair<size_t, size_t>> pairings;
  for (size_t a = 0; a < decks.size(); ++a)
    for (size_t b = a; b < decks.size(); ++b) pairings.emplace_back(a, b);
  std::vector<double> seconds(pairings.size(), 0), decisions(pairings.size(), 0);
  uint64_t seed = 1;
  int64_t games = 0;
  for (auto _ : st) {
    for (size_t p = 0; p < pairings.size(); ++p) {
      dt::GameConfig cfg;
      cfg.decks = {decks[pairings[p].first], decks[pairings[p].second]};
      cfg.seed = seed++;
      dt::State s = dt::new_game(dt::builtin_cards(), cfg);
      dt::Rng r(cfg.seed);
      const auto t0 = std::chrono::steady_clock::now();
      int64_t n = 0;
      while (!dt::game_over(s)) {
        auto o = dt::legal_options(s);
        dt::apply(s, o[r.below(o.size())]);
        ++n;
      }
      seconds[p] += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      decisions[p] += double(n);
      ++games;
    }
  }
  double mean = 0, slowest = 0;
  for (size_t p = 0; p < pairings.size(); ++p) {
    const double us = decisions[p] > 0 ? seconds[p] * 1e6 / decisions[p] : 0;
    mean += us / double(pairings.size());
    slowest = std::max(slowest, us);
  }
  st.counters["us_mean"] = mean;
  st.counters["us_slowest"] = slowest;
  st.counters["pairings"] = double(pairings.size());
  st.counters["games/s"] = benchmark::Counter(double(games), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_AllPairings)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
