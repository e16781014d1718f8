// The position as one seat may know it, as text (dt/state_text.hpp): it
// carries every field the engine plays from, and nothing the seat may not know.
#include <gtest/gtest.h>

#include "state_text_check.hpp"
#include "test_games.hpp"

#include "dt/card_loader.hpp"
#include "dt/deck.hpp"
#include "dt/game.hpp"
#include "dt/invariants.hpp"
#include "dt/state_text.hpp"

namespace {

using dtref_test::corporate_vs_legion;

using namespace dt;

// Random self-play; at every decision both seats' texts are checked.
void play_and_check(const Rules& rules, uint64_t seed, const char* deck0, const char* deck1, int* checked) {
  GameConfig cfg;
  cfg.rules = rules;
  cfg.seed = seed;
  cfg.decks = {builtin_deck(deck0).cards, builtin_deck(deck1).cards};
  dtref_test::play_checking_state_text(cfg, seed * 3 + 1, 600, checked);
}

TEST(StateText, CarriesThePositionAndHidesWhatTheSeatDoesNotKnow) {
  int checked = 0;
  play_and_check(preset_gengine(), 4, "corporate", "legion", &checked);
  if (HasFatalFailure()) return;
  // 2nd edition: warriors mustered face down into cover.
  play_and_check(preset_second_edition(), 5, "brotherhood", "capitol", &checked);
  if (HasFatalFailure()) return;
  EXPECT_GT(checked, 200);
}

TEST(StateText, NeverHoldsTheRandomStreamOrADrawPilesOrder) {
  const CardDb& db = builtin_cards();
  GameConfig cfg = corporate_vs_legion(1);
  const State a = new_game(db, cfg);
  cfg.seed = 2;
  State b = new_game(db, cfg);
  // Same position but another random stream and another order of the piles
  // the seat cannot see into: the texts are the same.
  State c = a;
  c.rng = b.rng;
  std::swap(c.seats[0].draw.front(), c.seats[0].draw.back());
  std::swap(c.seats[1].draw.front(), c.seats[1].draw.back());
  Knowledge k(0);
  k.see(observe(a, 0));
  EXPECT_EQ(state_to_text(a, k), state_to_text(c, k));
  EXPECT_NE(state_to_text(a, k), state_to_text(b, k));
}

TEST(StateText, MalformedTextIsRefusedWithAReason) {
  const CardDb& db = builtin_cards();
  GameConfig cfg = corporate_vs_legion(7);
  const State s = new_game(db, cfg);
  Knowledge k(1);
  k.see(observe(s, 1));
  const std::string good = state_to_text(s, k);
  ASSERT_TRUE(state_from_text(good, db, nullptr));
  for (const std::string& bad :
       {std::string(), std::string("dtstate4"), good.substr(0, good.size() / 2), "x" + good,
        good.substr(0, good.find("cards")) + "cards 99999999"}) {
    std::string error;
    EXPECT_FALSE(state_from_text(bad, db, &error)) << bad.substr(0, 40);
    EXPECT_FALSE(error.empty());
  }
  // A card listed in two piles.
  State twice = s;
  twice.seats[0].hand.push_back(twice.seats[0].draw.back());
  std::string error;
  EXPECT_FALSE(state_from_text(state_to_text(twice, k), db, &error));
  EXPECT_NE(error.find("two places"), std::string::npos) << error;
}

}  // namespace
