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

// ---- Card effects (docs/effects.md): positions where one option is clearly
// best or clearly harmful, built through the public State fields. ----
namespace {

struct Position {
  dt::State s;
  explicit Position(const dt::Rules& rules = dt::preset_gengine()) : s(dt::blank_state(dt::builtin_cards(), rules, 2, 1)) {
    s.turn_number = 5;
    s.current = 0;
    for (int i = 0; i < s.num_seats(); ++i) s.seats[size_t(i)].turns_taken = 3, dt::destiny(s, i) = 10;
    // Non-empty draw piles: with both empty the game would end at once.
    for (int seat = 0; seat < 2; ++seat)
      for (int i = 0; i < 5; ++i) s.seats[size_t(seat)].draw.push_back(card("SEA LION", seat, dt::Zone::Draw));
  }
  dt::CardId card(const char* name, int seat, dt::Zone zone) {
    auto def = dt::builtin_cards().by_name(name);
    EXPECT_TRUE(def.has_value()) << name;
    dt::CardInst ci;
    ci.def = def.value_or(0);
    ci.owner = ci.controller = uint8_t(seat);
    ci.zone = zone;
    s.cards.push_back(ci);
    return dt::CardId(s.cards.size() - 1);
  }
  dt::CardId warrior(const char* name, int seat, dt::Area area = dt::Area::Squad) {
    const dt::CardId id = card(name, seat, dt::Zone::InPlay);
    s.card(id).area = area;
    s.seats[size_t(seat)].in_play.push_back(id);
    return id;
  }
  dt::CardId in_hand(const char* name, int seat) {
    const dt::CardId id = card(name, seat, dt::Zone::Hand);
    s.seats[size_t(seat)].hand.push_back(id);
    return id;
  }
  // Seat 0's attack has been announced: the combat-modify window is open.
  void combat(dt::CardId a, dt::CardId d, dt::Tactic t) {
    s.phase = dt::Phase::Window;
    s.step = dt::Step::Actions;
    s.actions_left = 0;
    s.tactical_used = true;
    s.combat = dt::Combat{};
    s.combat.active = true;
    s.combat.attacker = a, s.combat.defender = d, s.combat.tactic = t;
    s.window = dt::Window{dt::WindowKind::CombatModify, {0, 1}, 0, 0};
    dt::resume(s);
  }
  void actions() {
    s.phase = dt::Phase::Actions;
    s.step = dt::Step::Actions;
    s.actions_left = 3;
    dt::resume(s);
  }
  // What greedy picks for seat 0, as option text.
  std::string greedy_pick(uint64_t seed = 1) {
    EXPECT_FALSE(dt::game_over(s));
    EXPECT_EQ(dt::deciding_seat(s), 0);
    const auto opts = dt::legal_options(s);
    auto bot = dt::make_greedy_bot(seed);
    const size_t i = bot->choose(dt::observe(s, 0), opts);
    EXPECT_LT(i, opts.size());
    return i < opts.size() ? dt::to_text(opts[i]) : "";
  }
  std::vector<std::string> option_texts() {
    std::vector<std::string> out;
    for (const auto& o : dt::legal_options(s)) out.push_back(dt::to_text(o));
    return out;
  }
};

std::string cid(dt::CardId c) { return "c" + std::to_string(c); }
bool offered(const std::vector<std::string>& texts, const std::string& t) {
  return std::find(texts.begin(), texts.end(), t) != texts.end();
}

}  // namespace

// gEngine, "5) MODIFY COMBAT RATINGS": MITCH HUNTER's paid ability (F+1 S+1
// for every 3 D) turns a fight that misses (F4 against TEMPLAR's A5) into a
// wound; greedy buys it once, not more.
TEST(GreedyBotEffects, BuysTheCombatBonusThatTurnsAMissIntoAWound) {
  Position p;
  const dt::CardId mitch = p.warrior("MITCH HUNTER", 0);
  const dt::CardId templar = p.warrior("TEMPLAR", 1);
  p.combat(mitch, templar, dt::Tactic::Fight);
  const auto texts = p.option_texts();
  ASSERT_TRUE(offered(texts, "use " + cid(mitch) + " x1")) << "the engine should offer the ability once";
  ASSERT_TRUE(offered(texts, "use " + cid(mitch) + " x2"));
  for (uint64_t seed = 1; seed <= 5; ++seed) EXPECT_EQ(p.greedy_pick(seed), "use " + cid(mitch) + " x1") << seed;
}

// The same ability when the fight already goes our way (F4 wounds
// NECROMUTANT's A4, its F4 cannot wound A7): no D is spent for nothing.
TEST(GreedyBotEffects, KeepsItsDestinyWhenTheBonusChangesNothing) {
  Position p;
  const dt::CardId mitch = p.warrior("MITCH HUNTER", 0);
  const dt::CardId necro = p.warrior("NECROMUTANT", 1);
  p.combat(mitch, necro, dt::Tactic::Fight);
  ASSERT_TRUE(offered(p.option_texts(), "use " + cid(mitch) + " x1"));
  for (uint64_t seed = 1; seed <= 5; ++seed) EXPECT_EQ(p.greedy_pick(seed), "pass") << seed;
}

// FRAMED! takes P from its target player: on its own seat it only hurts, and
// with the opponent at 0 P it gains nothing, so greedy never plays it here.
TEST(GreedyBotEffects, NeverPlaysACardThatHurtsItself) {
  Position p;
  p.s.seats[0].promotion = 6;
  p.s.seats[1].promotion = 0;
  const dt::CardId mitch = p.warrior("MITCH HUNTER", 0);
  const dt::CardId necro = p.warrior("NECROMUTANT", 1);
  const dt::CardId framed = p.in_hand("FRAMED!", 0);
  p.combat(mitch, necro, dt::Tactic::Fight);
  ASSERT_TRUE(offered(p.option_texts(), "play " + cid(framed) + " on s0 x1"));
  for (uint64_t seed = 1; seed <= 5; ++seed) EXPECT_EQ(p.greedy_pick(seed), "pass") << seed;
}

// ... but against an opponent with P it is worth its 5 D.
TEST(GreedyBotEffects, PlaysAHarmfulCardOnTheOpponent) {
  Position p;
  dt::destiny(p.s, 0) = 20;
  p.s.seats[1].promotion = 8;
  const dt::CardId mitch = p.warrior("MITCH HUNTER", 0);
  const dt::CardId necro = p.warrior("NECROMUTANT", 1);
  const dt::CardId framed = p.in_hand("FRAMED!", 0);
  p.combat(mitch, necro, dt::Tactic::Fight);
  const std::string pick = p.greedy_pick();
  EXPECT_EQ(pick.rfind("play " + cid(framed) + " on s1", 0), 0u) << pick;
}

// gEngine "BESTOW DARK SYMMETRY GIFT": greedy gives DARK FIRE (F+1) to its
// better warrior, as it would equip a weapon.
TEST(GreedyBotEffects, BestowsAGiftOnItsBestWarrior) {
  Position p;
  p.warrior("NECROMUTANT", 0);
  const dt::CardId templar = p.warrior("TEMPLAR", 0);
  p.warrior("MITCH HUNTER", 1);
  const dt::CardId fire = p.in_hand("DARK FIRE", 0);
  p.actions();
  EXPECT_EQ(p.greedy_pick(), "bestow " + cid(fire) + " " + cid(templar));
}

// gEngine "SEEK COVER" gives a warrior in cover +3 A, the first edition +5
// (`cover_armor_bonus`): greedy weighs cover as the match's rules do. MITCH
// HUNTER (F4) against a wounded NECROMUTANT in cover: at +3 (A7) three purchases
// of his F+1 ability (9 of his 10 D) make the hit that kills; at +5 (A9) no
// purchase he can pay does. (The kill: greedy spends 9 of 10 D only for more
// than a first wound on a V4 warrior is worth to it.)
TEST(GreedyBotEffects, WeighsCoverAsTheRulesDo) {
  for (const int cover : {3, 5}) {
    Position p;
    p.s.rules.cover_armor_bonus = cover;
    const dt::CardId mitch = p.warrior("MITCH HUNTER", 0);
    const dt::CardId necro = p.warrior("NECROMUTANT", 1);
    p.s.card(necro).cover = true;
    p.s.card(necro).wounded = true;
    p.combat(mitch, necro, dt::Tactic::Fight);
    const auto opts = dt::legal_options(p.s);
    auto bot = dt::make_greedy_bot(1);
    const size_t i = bot->choose_in_game(p.s, 0, opts);
    ASSERT_LT(i, opts.size());
    EXPECT_EQ(dt::to_text(opts[i]), cover == 3 ? "use " + cid(mitch) + " x3" : "pass") << "cover +" << cover;
  }
}

// ---- Answers (engine effects/triggers/cancel.hpp; Observation::answering): a card just played that greedy
// could negate. Seat 1 plays FRAMED! on seat 0; seat 0 is asked whether to answer it. ----
namespace {

// Seat 1, in its Actions step, plays the option whose text is `text`; then seat 0 decides.
void opponent_plays(Position& p, const std::string& text) {
  p.s.current = 1;
  p.actions();
  ASSERT_EQ(dt::deciding_seat(p.s), 1);
  bool played = false;
  for (const auto& o : dt::legal_options(p.s))
    if (dt::to_text(o) == text) {
      dt::apply(p.s, o);
      played = true;
      break;
    }
  ASSERT_TRUE(played) << text << " is not offered";
}

}  // namespace

// gEngine MISCOMMUNICATION against FRAMED! x2 on itself with 8 P: 2 P lost outweigh the card spent, so greedy
// answers. The observation names the card answered.
TEST(GreedyBotAnswers, NegatesACardThatWouldHurtIt) {
  Position p;
  p.s.seats[0].promotion = 8;
  dt::destiny(p.s, 1) = 20;
  p.warrior("MITCH HUNTER", 0);
  p.warrior("NECROMUTANT", 1);
  const dt::CardId mis = p.in_hand("MISCOMMUNICATION", 0);
  const dt::CardId framed = p.in_hand("FRAMED!", 1);
  opponent_plays(p, "play " + cid(framed) + " on s0 x2");
  const dt::Observation o = dt::observe(p.s, 0);
  ASSERT_EQ(o.answering.step, dt::SeenAnswered::Step::Answer);
  EXPECT_EQ(o.answering.card, framed);
  EXPECT_EQ(o.answering.by, 1);
  EXPECT_EQ(o.answering.target_seat, 0);
  EXPECT_EQ(o.answering.times, 2);
  ASSERT_TRUE(offered(p.option_texts(), "choose " + cid(mis)));
  for (uint64_t seed = 1; seed <= 5; ++seed) EXPECT_EQ(p.greedy_pick(seed), "choose " + cid(mis)) << seed;
}

// The same FRAMED! on a player with no P takes nothing: greedy keeps its MISCOMMUNICATION.
TEST(GreedyBotAnswers, LetsAHarmlessCardPass) {
  Position p;
  p.s.seats[0].promotion = 0;
  dt::destiny(p.s, 1) = 20;
  p.warrior("MITCH HUNTER", 0);
  p.warrior("NECROMUTANT", 1);
  const dt::CardId mis = p.in_hand("MISCOMMUNICATION", 0);
  const dt::CardId framed = p.in_hand("FRAMED!", 1);
  opponent_plays(p, "play " + cid(framed) + " on s0 x2");
  ASSERT_TRUE(offered(p.option_texts(), "choose " + cid(mis)));
  for (uint64_t seed = 1; seed <= 5; ++seed) EXPECT_EQ(p.greedy_pick(seed), "choose done") << seed;
}

// YOUNG GUARD answers by being discarded: a warrior is worth more than the 1 P FRAMED! x1 takes, so greedy lets
// the card work and keeps its warrior.
TEST(GreedyBotAnswers, KeepsAnAnswerThatCostsMoreThanTheHarm) {
  Position p;
  p.s.seats[0].promotion = 8;
  dt::destiny(p.s, 1) = 20;
  const dt::CardId guard = p.warrior("YOUNG GUARD", 0);
  p.warrior("NECROMUTANT", 1);
  const dt::CardId framed = p.in_hand("FRAMED!", 1);
  opponent_plays(p, "play " + cid(framed) + " on s0 x1");
  ASSERT_TRUE(offered(p.option_texts(), "choose " + cid(guard)));
  for (uint64_t seed = 1; seed <= 5; ++seed) EXPECT_EQ(p.greedy_pick(seed), "choose done") << seed;
}

// REPUDIATE answers a Special any player plays, its own player's too: greedy never undoes its own FRAMED!.
TEST(GreedyBotAnswers, NeverAnswersItsOwnCard) {
  Position p;
  p.s.seats[1].promotion = 8;
  dt::destiny(p.s, 0) = 20;
  p.warrior("INQUISITOR", 0);
  p.warrior("NECROMUTANT", 1);
  const dt::CardId rep = p.in_hand("REPUDIATE", 0);
  const dt::CardId framed = p.in_hand("FRAMED!", 0);
  p.actions();
  bool played = false;
  for (const auto& o : dt::legal_options(p.s))
    if (dt::to_text(o) == "play " + cid(framed) + " on s1 x2") dt::apply(p.s, o), played = true;
  ASSERT_TRUE(played);
  ASSERT_EQ(dt::deciding_seat(p.s), 0);
  ASSERT_TRUE(offered(p.option_texts(), "choose " + cid(rep)));
  for (uint64_t seed = 1; seed <= 5; ++seed) EXPECT_EQ(p.greedy_pick(seed), "choose done") << seed;
}

// The search bot (bots/ismcts_bot.cpp) reaches the same question through its determinizations (seat 1's hand
// and piles drawn afresh, the card answered kept as it was seen played, the question not skipped) and answers
// too: 2 P kept for a card of the hand.
TEST(IsmctsBotAnswers, NegatesACardThatWouldHurtIt) {
  Position p;
  p.s.seats[0].promotion = 8;
  dt::destiny(p.s, 1) = 20;
  p.warrior("MITCH HUNTER", 0);
  p.warrior("NECROMUTANT", 1);
  const dt::CardId mis = p.in_hand("MISCOMMUNICATION", 0);
  p.warrior("TEMPLAR", 1);
  p.warrior("TEMPLAR", 1);
  p.s.seats[1].promotion = 8;
  // Piles long enough that the game goes on past the search's horizon.
  for (int seat = 0; seat < 2; ++seat)
    for (int i = 0; i < 30; ++i) p.s.seats[size_t(seat)].draw.push_back(p.card("SEA LION", seat, dt::Zone::Draw));
  const dt::CardId framed = p.in_hand("FRAMED!", 1);
  p.in_hand("SEA LION", 1);
  opponent_plays(p, "play " + cid(framed) + " on s0 x2");
  const auto opts = dt::legal_options(p.s);
  ASSERT_TRUE(offered(p.option_texts(), "choose " + cid(mis)));
  for (uint64_t seed = 1; seed <= 2; ++seed) {
    auto bot = dt::make_builtin_bot("ismcts:iters=200", seed);
    const size_t i = bot->choose_in_game(p.s, 0, opts);
    ASSERT_LT(i, opts.size());
    EXPECT_EQ(dt::to_text(opts[i]), "choose " + cid(mis)) << seed;
  }
}

// Printed MISCOMMUNICATION (second edition) answers any card another player plays, a warrior mustered among them: a
// TEMPLAR joining the other side is worth more than the card spent, so greedy answers it.
TEST(GreedyBotAnswers, NegatesAWarriorMusteredUnderThePrintedText) {
  Position p(dt::preset_second_edition());
  p.warrior("MITCH HUNTER", 0);
  p.warrior("NECROMUTANT", 1);
  const dt::CardId mis = p.in_hand("MISCOMMUNICATION", 0);
  const dt::CardId templar = p.in_hand("TEMPLAR", 1);
  opponent_plays(p, "muster " + cid(templar));
  ASSERT_EQ(dt::observe(p.s, 0).answering.card, templar);
  ASSERT_TRUE(offered(p.option_texts(), "choose " + cid(mis)));
  for (uint64_t seed = 1; seed <= 5; ++seed) EXPECT_EQ(p.greedy_pick(seed), "choose " + cid(mis)) << seed;
}
