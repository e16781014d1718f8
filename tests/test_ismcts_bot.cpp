// builtin:ismcts (bots/ismcts_bot.cpp): its settings, and legal play in real matches.
#include <gtest/gtest.h>

#include "test_games.hpp"

#include "bot.hpp"
#include "dt/card_loader.hpp"
#include "dt/determinize.hpp"
#include "dt/deck.hpp"
#include "dt/rules.hpp"
#include "dtref/match.hpp"
#include "dtref/transcript.hpp"
#include "test_util.hpp"

namespace {

using dtref_test::corporate_vs_legion;

TEST(IsmctsBot, SettingsAreReadOrRefused) {
  auto s = dt::parse_ismcts_settings("ms=50,c=0.3,horizon=3");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->ms, 50);
  EXPECT_DOUBLE_EQ(s->c, 0.3);
  EXPECT_EQ(s->horizon, 3);
  EXPECT_EQ(dt::parse_ismcts_settings("")->ms, 100);
  EXPECT_EQ(dt::parse_ismcts_settings("iters=20")->iters, 20);
  for (const char* bad : {"ms=", "ms=-5", "depth=3", "ms=10x", "iters"}) EXPECT_FALSE(dt::parse_ismcts_settings(bad)) << bad;
  EXPECT_TRUE(dt::make_builtin_bot("ismcts:iters=5", 1));
  EXPECT_FALSE(dt::make_builtin_bot("ismcts:bogus=1", 1));
}

// The search keeps to its seat's information set: two positions that seat
// cannot tell apart (the true one and one with the other seat's hidden cards
// drawn afresh) get the same choice from bots seeded alike. A bot that read
// the true hand would choose differently in some of them.
TEST(IsmctsBot, PositionsTheSeatCannotTellApartGetTheSameChoice) {
  using namespace dt;
  GameConfig cfg = corporate_vs_legion(5);
  State s = new_game(builtin_cards(), cfg);
  Rng pick(9), draw(3);
  int compared = 0, hands_differed = 0;
  for (int n = 0; n < 400 && !game_over(s) && compared < 16; ++n) {
    const auto opts = legal_options(s);
    const int seat = deciding_seat(s);
    if (opts.size() > 2 && n % 3 == 0) {
      Knowledge k(seat);
      k.see(observe(s, seat));
      const State other = determinize(s, k, draw);
      ASSERT_EQ(legal_options(other), opts);
      for (CardId c : s.seats[size_t(1 - seat)].hand)
        if (other.cards[size_t(c)].def != s.cards[size_t(c)].def) {
          ++hands_differed;
          break;
        }
      auto a = make_builtin_bot("ismcts:iters=300", 7), b = make_builtin_bot("ismcts:iters=300", 7);
      EXPECT_EQ(a->choose_in_game(s, seat, opts), b->choose_in_game(other, seat, opts)) << "decision " << n;
      ++compared;
    }
    apply(s, opts[size_t(pick.below(opts.size()))]);
  }
  EXPECT_GE(compared, 12);
  EXPECT_GE(hands_differed, 4);
}

dtref::MatchSpec spec(const std::string& a, const std::string& b, uint64_t seed) {
  dtref::MatchSpec s;
  s.match_id = "ismcts";
  s.bots = {{"", a}, {"", b}};
  s.decks = {dt::builtin_deck("corporate"), dt::builtin_deck("legion")};
  s.rules = dt::preset_gengine();
  s.seed = seed;
  s.clocks = {10000, 5000, 60000, 50};
  return s;
}

TEST(IsmctsBot, PlaysWholeMatchesLegallyAndBeatsRandom) {
  int wins = 0;
  for (uint64_t seed : {1, 2}) {
    auto s = spec("builtin:ismcts:iters=40", "builtin:random", seed);
    s.transcript_path = dtref_test::temp_path("ismcts-" + std::to_string(seed) + ".jsonl");
    const auto out = dtref::run_match(s);
    ASSERT_FALSE(out.voided) << out.void_reason;
    EXPECT_EQ(out.seats[0].verdict, dtref::Verdict::Ok);
    EXPECT_TRUE(dtref::replay_transcript(s.transcript_path, false).verified);
    wins += out.winner == 0;
  }
  EXPECT_EQ(wins, 2);
}

}  // namespace
