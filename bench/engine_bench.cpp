// Engine speed: clone, legal options, apply, whole random games.
// Run: build/bench/dt_bench  (ratios between rows of one run are what to compare)
#include <benchmark/benchmark.h>

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

}  // namespace

BENCHMARK_MAIN();
