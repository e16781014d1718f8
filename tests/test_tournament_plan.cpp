// Tournament plans: round robin and gauntlet counts and seat swaps, Swiss and
// knockout pairings planned from earlier results.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <tuple>

#include "dtref/tournament/bot_arg.hpp"
#include "dtref/tournament/plan.hpp"
#include "dtref/tournament/runner.hpp"
#include "test_util.hpp"

using namespace dtref::tour;

namespace {

// Plays a planned round with a fixed rule: the lower player index wins, so
// standings separate and Swiss has something to pair by.
void play_round(const RoundPlan& rp, History& h) {
  for (const PlannedMatch& m : rp.matches) {
    PlayedMatch p{m.round, m.pairing, m.seat0, m.seat1, m.seat0 < m.seat1 ? 0 : 1, 0, 0};
    h.matches.push_back(p);
  }
  for (int b : rp.byes) h.byes.emplace_back(rp.round, b);
}

// Every pairing of a round: two legs, seats swapped, each dealt from a seed
// of its own (issue 26: the same deal would let a bot carry its hand across).
void expect_seat_swapped_pairs(const RoundPlan& rp) {
  std::map<int, std::vector<PlannedMatch>> by_pairing;
  for (const PlannedMatch& m : rp.matches) by_pairing[m.pairing].push_back(m);
  for (const auto& [pairing, legs] : by_pairing) {
    ASSERT_EQ(legs.size() % 2, 0u);
    for (size_t i = 0; i < legs.size(); i += 2) {
      EXPECT_EQ(legs[i].seat0, legs[i + 1].seat1);
      EXPECT_EQ(legs[i].seat1, legs[i + 1].seat0);
      EXPECT_NE(legs[i].seed, legs[i + 1].seed);
      EXPECT_NE(legs[i].seat0, legs[i].seat1) << "a player paired with itself";
    }
  }
}

}  // namespace

TEST(TournamentPlan, RoundRobinOfThreeBotsFiveRoundsIsThirtyMatches) {
  const PlanParams p{Format::RoundRobin, 3, 5, 42};
  std::set<std::string> keys;
  std::set<uint64_t> seeds;
  int total = 0;
  for (int r = 1; r <= total_rounds(p); ++r) {
    const RoundPlan rp = plan_round(p, r, {});
    expect_seat_swapped_pairs(rp);
    for (const PlannedMatch& m : rp.matches) {
      keys.insert(m.key());
      seeds.insert(m.seed);
      ++total;
    }
  }
  EXPECT_EQ(total, 30);
  EXPECT_EQ(keys.size(), 30u);
  EXPECT_EQ(seeds.size(), 30u);  // a deal of its own per leg (15 with duplicate deals)
  EXPECT_EQ(expected_matches(p), 30);
}

TEST(TournamentPlan, PlanIsAFunctionOfItsParameters) {
  const PlanParams p{Format::RoundRobin, 4, 2, 7};
  const RoundPlan a = plan_round(p, 2, {}), b = plan_round(p, 2, {});
  ASSERT_EQ(a.matches.size(), b.matches.size());
  for (size_t i = 0; i < a.matches.size(); ++i) {
    EXPECT_EQ(a.matches[i].key(), b.matches[i].key());
    EXPECT_EQ(a.matches[i].seed, b.matches[i].seed);
  }
  const RoundPlan c = plan_round({Format::RoundRobin, 4, 2, 8}, 2, {});
  EXPECT_NE(a.matches[0].seed, c.matches[0].seed) << "another tournament seed gives other deals";
  EXPECT_EQ(a.matches[0].key(), "r002-p001-l1");
}

TEST(TournamentPlan, GauntletPlaysTheFirstBotAgainstEachOther) {
  const PlanParams p{Format::Gauntlet, 4, 2, 1};
  const RoundPlan rp = plan_round(p, 1, {});
  expect_seat_swapped_pairs(rp);
  ASSERT_EQ(rp.matches.size(), 6u);
  std::set<int> opponents;
  for (const PlannedMatch& m : rp.matches) {
    EXPECT_TRUE(m.seat0 == 0 || m.seat1 == 0);
    opponents.insert(m.seat0 == 0 ? m.seat1 : m.seat0);
  }
  EXPECT_EQ(opponents, (std::set<int>{1, 2, 3}));
}

TEST(TournamentPlan, SwissNeverRepeatsAPairingWhileAvoidable) {
  // Six players, five rounds: every round can (and must) bring new opponents.
  const PlanParams p{Format::Swiss, 6, 5, 3};
  History h;
  std::set<std::pair<int, int>> met;
  for (int r = 1; r <= 5; ++r) {
    const RoundPlan rp = plan_round(p, r, h);
    expect_seat_swapped_pairs(rp);
    EXPECT_TRUE(rp.byes.empty());
    std::multiset<int> seen;
    for (const PlannedMatch& m : rp.matches)
      if (m.leg == 1) {
        seen.insert(m.seat0);
        seen.insert(m.seat1);
        EXPECT_TRUE(met.insert({std::min(m.seat0, m.seat1), std::max(m.seat0, m.seat1)}).second)
            << "round " << r << " repeats " << m.seat0 << "-" << m.seat1;
      }
    EXPECT_EQ(seen, (std::multiset<int>{0, 1, 2, 3, 4, 5})) << "round " << r;
    play_round(rp, h);
  }
  EXPECT_EQ(met.size(), 15u);  // five rounds of three new pairings: a full round robin
}

TEST(TournamentPlan, SwissOddFieldGivesEachByeOnce) {
  const PlanParams p{Format::Swiss, 7, 6, 5};
  History h;
  std::set<int> had_bye;
  for (int r = 1; r <= 6; ++r) {
    const RoundPlan rp = plan_round(p, r, h);
    ASSERT_EQ(rp.byes.size(), 1u);
    EXPECT_TRUE(had_bye.insert(rp.byes[0]).second) << "second bye for player " << rp.byes[0];
    std::set<int> seen{rp.byes[0]};
    for (const PlannedMatch& m : rp.matches) {
      EXPECT_NE(m.seat0, rp.byes[0]);
      EXPECT_NE(m.seat1, rp.byes[0]);
      seen.insert(m.seat0);
      seen.insert(m.seat1);
    }
    EXPECT_EQ(seen.size(), 7u);
    EXPECT_EQ(rp.matches.size(), 6u);
    play_round(rp, h);
  }
  // The bye goes to the lowest-ranked player still without one; player 6 loses
  // every game here, so it sits out first.
  EXPECT_TRUE(had_bye.count(6));
}

TEST(TournamentPlan, SwissWithMoreRoundsThanOpponentsStillPairsEveryone) {
  const PlanParams p{Format::Swiss, 4, 5, 1};
  History h;
  for (int r = 1; r <= 5; ++r) {
    const RoundPlan rp = plan_round(p, r, h);
    EXPECT_EQ(rp.matches.size(), 4u) << "round " << r;
    expect_seat_swapped_pairs(rp);
    play_round(rp, h);
  }
}

TEST(TournamentPlan, KnockoutHalvesTheFieldEachRound) {
  const PlanParams p{Format::Knockout, 8, 1, 1};
  ASSERT_EQ(total_rounds(p), 3);
  History h;
  const size_t expected_pairings[] = {4, 2, 1};
  for (int r = 1; r <= 3; ++r) {
    const RoundPlan rp = plan_round(p, r, h);
    expect_seat_swapped_pairs(rp);
    EXPECT_EQ(rp.matches.size(), 2 * expected_pairings[r - 1]) << "round " << r;
    EXPECT_EQ(knockout_survivors(p, r - 1, h).size(), 2 * expected_pairings[r - 1]);
    play_round(rp, h);
  }
  EXPECT_EQ(knockout_survivors(p, 3, h), std::vector<int>{0});  // the lower index won every tie
  EXPECT_EQ(expected_matches(p), 14);
}

TEST(TournamentPlan, KnockoutOddFieldGivesTheTopSeedABye) {
  const PlanParams p{Format::Knockout, 5, 1, 1};
  ASSERT_EQ(total_rounds(p), 3);  // 5 -> 3 -> 2 -> 1
  History h;
  RoundPlan r1 = plan_round(p, 1, h);
  EXPECT_EQ(r1.byes, std::vector<int>{0});
  EXPECT_EQ(r1.matches.size(), 4u);
  // Best remaining seed meets the worst: 1-4, 2-3.
  EXPECT_EQ(std::make_pair(r1.matches[0].seat0, r1.matches[0].seat1), std::make_pair(1, 4));
  EXPECT_EQ(std::make_pair(r1.matches[2].seat0, r1.matches[2].seat1), std::make_pair(2, 3));
  // Player 4 upsets player 1 in both legs.
  for (const PlannedMatch& m : r1.matches) {
    const bool one_vs_four = (m.seat0 == 1 && m.seat1 == 4) || (m.seat0 == 4 && m.seat1 == 1);
    const int winner = one_vs_four ? 4 : std::min(m.seat0, m.seat1);
    h.matches.push_back({1, m.pairing, m.seat0, m.seat1, m.seat0 == winner ? 0 : 1, 0, 0});
  }
  EXPECT_EQ(knockout_survivors(p, 1, h), (std::vector<int>{0, 2, 4}));
  const RoundPlan r2 = plan_round(p, 2, h);
  EXPECT_EQ(r2.byes, std::vector<int>{0});
  ASSERT_EQ(r2.matches.size(), 2u);
  EXPECT_EQ(std::make_pair(r2.matches[0].seat0, r2.matches[0].seat1), std::make_pair(2, 4));
}

TEST(TournamentPlan, KnockoutTieBrokenByPromotionPoints) {
  const PlanParams p{Format::Knockout, 2, 1, 1};
  History h;
  const RoundPlan rp = plan_round(p, 1, h);
  ASSERT_EQ(rp.matches.size(), 2u);
  // Each wins once; player 1 scores more P over the pair and goes through.
  h.matches.push_back({1, 1, rp.matches[0].seat0, rp.matches[0].seat1, 0, 25, 20});
  h.matches.push_back({1, 1, rp.matches[1].seat0, rp.matches[1].seat1, 0, 25, 3});
  EXPECT_EQ(knockout_survivors(p, 1, h), std::vector<int>{1});
}

TEST(TournamentBotArg, NameSpecAndDeck) {
  Player p = parse_bot_arg("alpha=builtin:greedy@legion", "corporate");
  EXPECT_EQ(p.name, "alpha");
  EXPECT_EQ(p.spec, "builtin:greedy");
  EXPECT_EQ(p.deck, "legion");
  p = parse_bot_arg("builtin:random", "corporate");
  EXPECT_EQ(p.name, "random");
  EXPECT_EQ(p.deck, "corporate");
  // A command line passes through untouched; '=' inside it is not a name.
  p = parse_bot_arg("stdio:python3 bots/my_bot.py --level=3", "corporate");
  EXPECT_EQ(p.spec, "stdio:python3 bots/my_bot.py --level=3");
  EXPECT_EQ(p.name, "my_bot");
  p = parse_bot_arg("b=stdio:python3 bot.py@decks/my.deck", "corporate");
  EXPECT_EQ(p.name, "b");
  EXPECT_EQ(p.spec, "stdio:python3 bot.py");
  EXPECT_EQ(p.deck, "decks/my.deck");
  EXPECT_EQ(default_bot_name("stdio:python3 bots/foo.py"), "foo");
}

TEST(TournamentDeckPool, APairPlaysTwoDifferentDecksDrawnFromItsSeed) {
  std::set<int> seen;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    const auto [a, b] = pool_pairing(seed, 4);
    EXPECT_NE(a, b);
    EXPECT_GE(a, 0);
    EXPECT_LT(b, 4);
    EXPECT_EQ(pool_pairing(seed, 4), std::make_pair(a, b));  // a pure function of the seed
    seen.insert(a);
    seen.insert(b);
  }
  EXPECT_EQ(seen.size(), 4u);  // every deck of the pool gets played
  EXPECT_EQ(pool_pairing(9, 1), std::make_pair(0, 0));
}

TEST(TournamentDeckPool, BothLegsKeepTheDecksInTheirSeatsAndTheBotsSwap) {
  TournamentSetup t;
  t.seed = 5;
  t.rounds = 3;
  t.players = {{"a", "builtin:random", "corporate"}, {"b", "builtin:greedy", "corporate"}, {"c", "builtin:greedy", "corporate"}};
  t.deck_pool = {"corporate", "legion", "brotherhood"};
  std::map<std::tuple<int, int, int>, std::vector<std::pair<PlannedMatch, std::vector<std::string>>>> pairs;
  for (int r = 1; r <= t.rounds; ++r)
    for (const PlannedMatch& m : plan_round(t.plan_params(), r, {}).matches)
      pairs[{m.round, m.pairing, (m.leg - 1) / 2}].push_back({m, seat_decks(t, m)});
  ASSERT_EQ(pairs.size(), 9u);
  std::set<std::pair<std::string, std::string>> pairings;
  for (const auto& [key, legs] : pairs) {
    ASSERT_EQ(legs.size(), 2u);
    const auto& [m1, d1] = legs[0];
    const auto& [m2, d2] = legs[1];
    EXPECT_NE(m1.seed, m2.seed);                             // a deal of its own each
    EXPECT_EQ(d1, d2);                                       // the same deck in each seat
    EXPECT_NE(d1[0], d1[1]);                                 // two decks of the pool
    EXPECT_EQ(m1.seat0, m2.seat1);                           // the bots swap seats,
    EXPECT_EQ(m1.seat1, m2.seat0);                           // so each plays each deck once
    pairings.insert({d1[0], d1[1]});
  }
  EXPECT_GT(pairings.size(), 1u);  // pairs draw different pairings
  // With duplicate deals both legs share the shuffles too, and the decks do not move.
  t.duplicate_deals = true;
  const RoundPlan dup = plan_round(t.plan_params(), 1, {});
  ASSERT_GE(dup.matches.size(), 2u);
  EXPECT_EQ(dup.matches[0].seed, dup.matches[1].seed);
  EXPECT_EQ(seat_decks(t, dup.matches[0]), seat_decks(t, dup.matches[1]));
  EXPECT_EQ(seat_decks(t, dup.matches[0]), pairs.begin()->second[0].second);
}

TEST(TournamentDeckPool, OwnDecksOnlyWhereAllowed) {
  TournamentSetup t;
  t.players = {{"a", "builtin:random", "corporate"}, {"b", "builtin:greedy", "legion", true}};
  t.deck_pool = {"corporate", "brotherhood"};
  EXPECT_TRUE(dtref_test::contains(dtref_test::error_of([&] { validate_setup(t); }), "brings its own deck 'legion'"));
  t.own_decks = true;
  EXPECT_EQ(dtref_test::error_of([&] { validate_setup(t); }), "");
  const PlannedMatch m = plan_round(t.plan_params(), 1, {}).matches[0];
  const auto decks = seat_decks(t, m);
  EXPECT_EQ(decks[m.seat0 == 1 ? 0 : 1], "legion");  // b brings its own
  EXPECT_NE(decks[m.seat0 == 0 ? 0 : 1], "legion");  // a plays the pool's
}

TEST(TournamentSetupCheck, NamesDifferingOnlyByCaseAreRefused) {
  TournamentSetup t;
  t.players = {{"Alpha", "builtin:random", "corporate"}, {"alpha", "builtin:greedy", "corporate"}};
  EXPECT_TRUE(dtref_test::contains(dtref_test::error_of([&] { validate_setup(t); }), "differ only by case"));
  t.players[1].name = "beta";
  EXPECT_EQ(dtref_test::error_of([&] { validate_setup(t); }), "");
}

// Issue 13: tables of `seats` players; every bot in every seat of each table
// it sits at, every two bots at as many tables.
TEST(TournamentPlan, TablesSeatEveryBotInEverySeatAndPairBotsEvenly) {
  PlanParams p{Format::RoundRobin, 5, 1, 3};
  p.seats = 4;
  const RoundPlan plan = plan_round(p, 1, {});
  ASSERT_EQ(int(plan.matches.size()), expected_matches(p));
  EXPECT_EQ(plan.matches.size(), 20u);  // C(5,4) tables x 4 rotations
  std::map<std::pair<int, int>, int> in_seat;  // (player, seat) -> matches
  std::map<std::pair<int, int>, int> together;
  std::map<int, uint64_t> seed_of_table;
  for (const PlannedMatch& m : plan.matches) {
    ASSERT_EQ(m.table.size(), 4u);
    EXPECT_EQ(m.players(), m.table);
    EXPECT_EQ(m.seat0, m.table[0]);
    for (size_t s = 0; s < 4; ++s) {
      ++in_seat[{m.table[s], int(s)}];
      for (size_t o = s + 1; o < 4; ++o) ++together[{std::min(m.table[s], m.table[o]), std::max(m.table[s], m.table[o])}];
    }
    // Each rotation of a table is dealt from a seed of its own.
    const auto [it, fresh] = seed_of_table.emplace(m.pairing, m.seed);
    if (!fresh) EXPECT_NE(it->second, m.seed);
  }
  for (int pl = 0; pl < 5; ++pl)
    for (int s = 0; s < 4; ++s) EXPECT_EQ((in_seat[{pl, s}]), 4) << "player " << pl << " seat " << s;
  EXPECT_EQ(together.size(), 10u);
  for (const auto& [pair, n] : together) EXPECT_EQ(n, 3 * 4) << pair.first << "-" << pair.second;
  EXPECT_EQ(seed_of_table.size(), 5u);
  // Not a format that plans from results; not more seats than bots.
  p.format = Format::Swiss;
  EXPECT_THROW(plan_round(p, 1, {}), std::invalid_argument);
  p.format = Format::RoundRobin;
  p.seats = 6;
  EXPECT_THROW(plan_round(p, 1, {}), std::invalid_argument);
}

TEST(TournamentPlan, PoolTableKeepsDecksBySeatAndApart) {
  const std::vector<int> a = pool_table(42, 7, 4), b = pool_table(42, 7, 4);
  EXPECT_EQ(a, b);
  ASSERT_EQ(a.size(), 4u);
  std::set<int> distinct(a.begin(), a.end());
  EXPECT_EQ(distinct.size(), 4u);
  for (int d : a) EXPECT_LT(d, 7);
}
