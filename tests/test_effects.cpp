// The effect vocabulary under random play: decks made of every base-set card
// whose gEngine text is expressed, under the gEngine and the printed texts, random legal decisions, and after each one the engine's
// invariants, clone equality, hashing and option-text round trips.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "dt/card_loader.hpp"
#include "dt/game.hpp"
#include "dt/invariants.hpp"

namespace {

// 60 cards drawn (with a fixed seed) from the expressed base-set cards, a
// third of them warriors so that games have fights.
std::vector<uint16_t> random_deck(const dt::CardDb& db, dt::Rng& rng) {
  std::vector<uint16_t> warriors, others;
  for (size_t i = 0; i < db.size(); ++i) {
    const dt::CardDef& d = db[uint16_t(i)];
    if (!d.expressed || d.set != "unl") continue;  // its gEngine text (issue 12: printed too, later)
    (d.type == dt::CardType::Warrior ? warriors : others).push_back(uint16_t(i));
  }
  std::vector<uint16_t> deck;
  for (int i = 0; i < 60; ++i) {
    const auto& pool = i % 3 == 0 ? warriors : others;
    deck.push_back(pool[size_t(rng.below(pool.size()))]);
  }
  return deck;
}

TEST(Effects, RandomGamesWithEveryImplementedBaseCardKeepTheInvariants) {
  const dt::CardDb& db = dt::builtin_cards();
  int decisions = 0, plays = 0;
  for (uint64_t seed = 1; seed <= 100; ++seed) {
    dt::Rng pick(seed * 7919);
    dt::GameConfig cfg;
    cfg.seed = seed;
    cfg.rules = seed % 2 ? dt::preset_gengine() : dt::preset_second_edition();
    cfg.rules.turn_limit = 200;
    cfg.decks = {random_deck(db, pick), random_deck(db, pick)};
    dt::State s = dt::new_game(db, cfg);
    for (int step = 0; step < 4000 && !dt::game_over(s); ++step) {
      const std::vector<dt::Option> opts = dt::legal_options(s);
      ASSERT_FALSE(opts.empty());
      const dt::Option o = opts[size_t(pick.below(opts.size()))];
      const std::string text = dt::to_text(o);
      auto back = dt::parse_option(s, text);
      ASSERT_TRUE(back.has_value()) << text;
      ASSERT_EQ(dt::to_text(*back), text);
      if (o.kind == dt::OptKind::Play || o.kind == dt::OptKind::Use || o.kind == dt::OptKind::Bestow) ++plays;
      dt::State copy = s;
      dt::apply(s, o);
      dt::apply(copy, o);
      ASSERT_EQ(dt::state_hash(s), dt::state_hash(copy)) << "seed " << seed << " after " << text;
      const auto bad = dt::check_invariants(s);
      ASSERT_TRUE(bad.empty()) << "seed " << seed << " after " << text << ": " << bad.front();
      ++decisions;
    }
  }
  std::printf("%d decisions, %d effect options taken\n", decisions, plays);
  EXPECT_GT(decisions, 1000);
  EXPECT_GT(plays, 100);  // the vocabulary's options really are offered and taken
}

}  // namespace

// Event texts are for people: an effect names what it did, not an enum number.
TEST(Effects, EffectEventTextNamesTheOperation) {
  const dt::CardDb& db = dt::builtin_cards();
  dt::State s = dt::blank_state(db, dt::preset_gengine(), 2, 1);
  dt::Event e{dt::EventKind::Effect, 0, dt::kNoCard, dt::kNoCard, int(dt::Op::Wound), 1};
  const std::string text = dt::describe(s, e);
  EXPECT_NE(text.find("wound on s1"), std::string::npos) << text;
  e.x = int(dt::Op::GainP);
  EXPECT_NE(dt::describe(s, e).find("gain P"), std::string::npos) << dt::describe(s, e);
}
