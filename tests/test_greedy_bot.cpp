// The built-in "greedy" bot: legal choices, and it beats the random bot.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>

#include "bot.hpp"
#include "dt/card_loader.hpp"
#include "dt/deck.hpp"
#include "dt/game.hpp"
#include "dt/observation.hpp"

namespace {

// Seat 0 plays "corporate", seat 1 "legion".
dt::GameConfig config(uint64_t seed) {
  dt::GameConfig cfg;
  cfg.rules = dt::preset_gengine();
  cfg.seed = seed;
  std::vector<uint16_t> corp = dt::builtin_deck("corporate").cards, legion = dt::builtin_deck("legion").cards;
  cfg.decks = {corp, legion};
  return cfg;
}

// Plays one game; returns the winning seat (-1: none). Checks every choice is a legal index.
int play(const dt::GameConfig& cfg, dt::Bot& s0, dt::Bot& s1) {
  dt::State s = dt::new_game(dt::builtin_cards(), cfg);
  dt::Bot* bots[2] = {&s0, &s1};
  for (int n = 0; !dt::game_over(s) && n < 100000; ++n) {
    const int seat = dt::deciding_seat(s);
    const auto opts = dt::legal_options(s);
    const size_t idx = bots[seat]->choose(dt::observe(s, seat), opts);
    EXPECT_LT(idx, opts.size());
    if (idx >= opts.size()) return -1;
    dt::apply(s, opts[idx]);
  }
  return s.winner;
}

TEST(GreedyBot, IsRegistered) {
  auto b = dt::make_builtin_bot("greedy", 1);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->name(), "greedy");
  const auto names = dt::builtin_bot_names();
  EXPECT_NE(std::find(names.begin(), names.end(), "greedy"), names.end());
}

TEST(GreedyBot, PicksLegalIndexAndIsDeterministic) {
  auto run = [](uint64_t seed) {
    auto a = dt::make_greedy_bot(seed), b = dt::make_greedy_bot(seed + 1);
    dt::State s = dt::new_game(dt::builtin_cards(), config(seed));
    std::vector<size_t> picks;
    while (!dt::game_over(s) && picks.size() < 100000) {
      const int seat = dt::deciding_seat(s);
      const auto opts = dt::legal_options(s);
      const size_t idx = (seat == 0 ? *a : *b).choose(dt::observe(s, seat), opts);
      EXPECT_LT(idx, opts.size());
      if (idx >= opts.size()) break;
      picks.push_back(idx);
      dt::apply(s, opts[idx]);
    }
    EXPECT_TRUE(dt::game_over(s));
    return picks;
  };
  EXPECT_EQ(run(7), run(7));
}

TEST(GreedyBot, BeatsRandom) {
  int greedy = 0, random = 0, undecided = 0;
  for (uint64_t seed = 1; seed <= 100; ++seed) {
    const bool swap = seed % 2 == 0;  // greedy takes seat 1 (and the legion deck) every other game
    auto g = dt::make_greedy_bot(seed * 7919);
    auto r = dt::make_random_bot(seed * 104729);
    const int w = swap ? play(config(seed), *r, *g) : play(config(seed), *g, *r);
    if (w < 0) ++undecided;
    else if ((w == 1) == swap) ++greedy;
    else ++random;
  }
  const int decided = greedy + random;
  std::printf("greedy %d, random %d, undecided %d (greedy wins %.0f%% of decided games)\n", greedy, random,
              undecided, decided ? 100.0 * greedy / decided : 0.0);
  ASSERT_GT(decided, 0);
  EXPECT_GT(double(greedy) / decided, 0.65);
}

}  // namespace
