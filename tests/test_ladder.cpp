// The ladder's parts on their own: pairing (close ratings meet more often,
// everyone plays), the legs of a pair (seats and decks swapped), the rating
// fit, and the SQLite store (claims, finishing once, registering, retiring).
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "dtref/ladder/retention.hpp"
#include "dtref/ladder/schedule.hpp"
#include "dtref/ladder/service.hpp"
#include "dtref/ladder/store.hpp"
#include "dtref/tournament/ratings.hpp"
#include "test_util.hpp"

using namespace dtref::ladder;
using dtref_test::contains;

namespace {

LadderBot bot(int64_t id, const std::string& name, const std::string& deck = "corporate", bool own = false) {
  LadderBot b;
  b.id = id;
  b.player.name = name;
  b.player.spec = "builtin:random";
  b.player.deck = deck;
  b.player.deck_given = own;
  return b;
}

}  // namespace

TEST(LadderSchedule, CloseRatingsMeetMoreOftenAndEveryonePlays) {
  // Two clusters far apart: 0, 20, 40 and 600, 620, 640 Elo.
  std::vector<SchedBot> bots;
  const double ratings[] = {0, 20, 40, 600, 620, 640};
  for (int i = 0; i < 6; ++i) bots.push_back({i + 1, ratings[i], 0, true});
  const auto pairs = choose_pairings(bots, 600, 42);
  ASSERT_EQ(pairs.size(), 600u);
  std::map<int64_t, int> games;
  int within = 0, across = 0;
  for (const Pairing& p : pairs) {
    EXPECT_NE(p.a, p.b);
    games[p.a] += 2;
    games[p.b] += 2;
    ((p.a <= 3) == (p.b <= 3) ? within : across)++;
  }
  // Within a cluster: 6 of the 15 possible pairings, yet most of the games.
  EXPECT_GT(within, 4 * across) << within << " within, " << across << " across";
  EXPECT_GT(across, 0) << "distant bots still meet now and then";
  // Every bot plays, and the least-played goes first: loads stay within one pair of each other.
  for (const auto& [id, g] : games) EXPECT_NEAR(g, 400, 8) << "bot " << id;  // 600 pairs * 4 games / 6 bots
}

TEST(LadderSchedule, UnavailableBotsAreLeftOutAndOneBotIsNoPair) {
  std::vector<SchedBot> bots{{1, 0, 0, true}, {2, 0, 0, false}, {3, 0, 0, true}};
  for (const Pairing& p : choose_pairings(bots, 10, 1)) {
    EXPECT_NE(p.a, 2);
    EXPECT_NE(p.b, 2);
  }
  bots[2].available = false;
  EXPECT_TRUE(choose_pairings(bots, 3, 1).empty());
}

TEST(LadderSchedule, APairSwapsSeatsAndKeepsEachDeckInItsSeat) {
  DeckRules pool{{"corporate", "legion", "brotherhood"}, false};
  const auto legs = pair_legs({1, 2}, bot(1, "a"), bot(2, "b"), 7, 99, pool);
  ASSERT_EQ(legs.size(), 2u);
  EXPECT_EQ(legs[0].seed, legs[1].seed);
  EXPECT_EQ(legs[0].pair_no, 7);
  EXPECT_EQ(legs[0].leg, 1);
  EXPECT_EQ(legs[1].leg, 2);
  EXPECT_EQ(legs[0].seats[0].bot, 1);
  EXPECT_EQ(legs[1].seats[0].bot, 2);  // the bots swap seats
  EXPECT_EQ(legs[0].seats[0].deck, legs[1].seats[0].deck);  // each deck stays in its seat
  EXPECT_EQ(legs[0].seats[1].deck, legs[1].seats[1].deck);
  EXPECT_NE(legs[0].seats[0].deck, legs[0].seats[1].deck);
  // A secret seed per leg (the default deals) moves no deck.
  const auto dealt = pair_legs({1, 2}, bot(1, "a"), bot(2, "b"), 7, 99, pool, {5, 6});
  EXPECT_EQ(dealt[0].seed, 5u);
  EXPECT_EQ(dealt[1].seed, 6u);
  EXPECT_EQ(dealt[0].seats[0].deck, legs[0].seats[0].deck);
  EXPECT_EQ(dealt[1].seats[1].deck, legs[1].seats[1].deck);
  // Without a pool each bot keeps its own deck in both seats.
  const auto own = pair_legs({1, 2}, bot(1, "a", "legion"), bot(2, "b", "capitol"), 8, 5, {});
  EXPECT_EQ(own[0].seats[0].deck, "legion");
  EXPECT_EQ(own[1].seats[1].deck, "legion");
  EXPECT_EQ(own[1].seats[0].deck, "capitol");
}

TEST(LadderRatings, FitMatchesAHandComputedPair) {
  using dtref::tour::FitGame;
  // A beats B 3 times of 4. With the prior (one draw each against a 0 opponent)
  // the fitted difference is below the raw 190.8 Elo of a 75% score, and the
  // two ratings are symmetric around 0.
  std::vector<FitGame> g{{0, 1, 1}, {0, 1, 1}, {0, 1, 1}, {0, 1, 0}};
  const auto r = dtref::tour::fit_ratings(2, g);
  EXPECT_NEAR(r[0].elo, -r[1].elo, 1e-6);
  EXPECT_GT(r[0].elo - r[1].elo, 60);
  EXPECT_LT(r[0].elo - r[1].elo, 190.8);
  EXPECT_GT(r[0].error, 0);
  // The fitted ratings are a maximum: the expected score of A (against B and
  // its prior draw) equals its actual points.
  auto p = [](double d) { return 1 / (1 + std::pow(10, -d / 400)); };
  EXPECT_NEAR(4 * p(r[0].elo - r[1].elo) + p(r[0].elo), 3 + 0.5, 1e-6);
  // Perfect scores stay finite, and a bot without games sits at 0 with a wide error.
  const auto all = dtref::tour::fit_ratings(3, {{0, 1, 1}, {0, 1, 1}, {0, 1, 1}});
  EXPECT_TRUE(std::isfinite(all[0].elo));
  EXPECT_NEAR(all[2].elo, 0, 1e-9);
  EXPECT_GT(all[2].error, all[0].error);
}

TEST(LadderRatings, ErrorsAreRelativeToTheFieldNotToTheScalesOrigin) {
  using dtref::tour::FitGame;
  // Four bots, every pair 1000 games, all even: the differences are known to a
  // few Elo (Var(theta_i - mean) = (1 - 1/n) / (n w), w = 1000/4 per pair:
  // +/- 9.3 Elo at 95%), although nothing but the prior pins the scale's origin.
  std::vector<FitGame> g;
  for (int a = 0; a < 4; ++a)
    for (int b = a + 1; b < 4; ++b)
      for (int k = 0; k < 1000; ++k) g.push_back({a, b, k % 2 ? 1.0 : 0.0});
  const auto r = dtref::tour::fit_ratings(4, g);
  for (const auto& e : r) {
    EXPECT_NEAR(e.elo, 0, 1e-6);
    EXPECT_NEAR(e.error, 9.3, 0.3);
  }
  // Ratings are relative to the field's average: they sum to zero.
  const auto skew = dtref::tour::fit_ratings(3, {{0, 1, 1}, {0, 2, 1}, {1, 2, 0.5}, {0, 1, 1}});
  EXPECT_NEAR(skew[0].elo + skew[1].elo + skew[2].elo, 0, 1e-6);
  EXPECT_GT(skew[0].elo, 0);
}

TEST(LadderStoreSqlite, ClaimsFinishOnceAndDroppedClaimsReturnToTheQueue) {
  const std::string db = dtref_test::temp_path("ladder_claims.db");
  auto store = open_store(db, "", true);
  const LadderBot a = store->add_bot(bot(0, "alpha")), b = store->add_bot(bot(0, "beta"));
  store->schedule([&](const std::vector<LadderMatch>& all) {
    EXPECT_TRUE(all.empty());
    return pair_legs({a.id, b.id}, a, b, 1, 5, {});
  });
  auto all = [](const LadderMatch&) { return true; };
  auto c1 = store->claim(all, "w");
  auto c2 = store->claim(all, "w");
  ASSERT_TRUE(c1 && c2);
  EXPECT_NE(c1->match().id, c2->match().id);
  EXPECT_FALSE(store->claim(all, "w")) << "both are held";
  LadderMatch r = c1->match();
  r.winner = 0;
  r.reason = "promotion_target";
  EXPECT_TRUE(c1->finish(r));
  const int64_t second = c2->match().id;
  c2.reset();  // dropped unfinished (a cancelled match): back in the queue
  auto again = store->claim(all, "w");
  ASSERT_TRUE(again);
  EXPECT_EQ(again->match().id, second);
  EXPECT_EQ(store->matches(true).size(), 1u);
  EXPECT_EQ(store->recent(5).size(), 1u);
}

TEST(LadderStoreSqlite, NamesAreUniqueInAnyCaseAndRetiredBotsComeBack) {
  const std::string db = dtref_test::temp_path("ladder_names.db");
  auto store = open_store(db, "", true);
  store->add_bot(bot(0, "Alpha"));
  EXPECT_TRUE(contains(dtref_test::error_of([&] { store->add_bot(bot(0, "alpha")); }), "differ only by case"));
  EXPECT_TRUE(store->retire_bot("ALPHA"));
  EXPECT_FALSE(store->retire_bot("alpha"));  // already retired
  const LadderBot back = store->add_bot(bot(0, "alpha", "legion"));
  const auto bots = store->bots();
  ASSERT_EQ(bots.size(), 1u);  // the same bot, with its history, under its new settings
  EXPECT_EQ(bots[0].id, back.id);
  EXPECT_TRUE(bots[0].active);
  EXPECT_EQ(bots[0].player.deck, "legion");
}

TEST(LadderStoreSqlite, TheSettingsOfALadderAreKeptAndCompared) {
  const std::string db = dtref_test::temp_path("ladder_settings.db");
  auto store = open_store(db, "", true);
  LadderSetup s;
  s.rules = *dt::preset_by_name("gengine");
  s.max_matches = 10;
  bind_settings(*store, s);
  s.max_matches = 20;  // a ladder may be extended
  EXPECT_EQ(dtref_test::error_of([&] { bind_settings(*store, s); }), "");
  EXPECT_EQ(settings_from_json(*store->settings()).max_matches, 20);
  s.clocks.decision_ms = 5;
  EXPECT_TRUE(contains(dtref_test::error_of([&] { bind_settings(*store, s); }), "decision_ms"));
}

TEST(LadderStoreSqlite, OneServicePerFile) {
  const std::string db = dtref_test::temp_path("ladder_lock.db");
  auto first = open_store(db, "", true);
  EXPECT_TRUE(contains(dtref_test::error_of([&] { open_store(db, "", true); }), "in use"));
  EXPECT_EQ(dtref_test::error_of([&] { open_store(db, "", false); }), "") << "register and retire write beside it";
}

TEST(LadderKeys, KeysAreStoredAsTheirHash) {
  EXPECT_EQ(key_hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");  // SHA-256 test vector
}

// --keep-transcripts: each match's files go together, judged by its transcript's age.
TEST(LadderRetention, ParsesAndPrunesByCountAndByAge) {
  namespace fs = std::filesystem;
  EXPECT_EQ(parse_retention("all")->kind, Retention::Kind::All);
  EXPECT_EQ(parse_retention("500")->n, 500);
  EXPECT_EQ(parse_retention("7d")->kind, Retention::Kind::Days);
  for (const char* bad : {"", "0", "0d", "-3", "7 days", "d", "1e3"}) EXPECT_FALSE(parse_retention(bad)) << bad;

  const fs::path dir = fs::path(dtref_test::temp_path("retention"));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const auto now = fs::file_time_type::clock::now();
  auto touch = [&](const std::string& name, int days_old) {
    std::ofstream(dir / name) << "x";
    fs::last_write_time(dir / name, now - std::chrono::hours(24 * days_old) - std::chrono::minutes(1));
  };
  for (int k = 1; k <= 5; ++k) {  // m1 is 5 days old, m5 1 day
    touch("m" + std::to_string(k) + ".jsonl.zst", 6 - k);
    touch("m" + std::to_string(k) + "-s0.stderr", 6 - k);
  }
  touch("m2.html", 0);      // a replay page written today belongs to m2 all the same
  touch("notes.txt", 30);   // not a match's file
  touch("m9-s0.stderr", 9); // a match still starting: no transcript yet, never judged
  EXPECT_EQ(prune_match_files(dir.string(), *parse_retention("3d"), {"m1"}), 2);  // m2, m3; m1 is being played
  for (const char* gone : {"m2.jsonl.zst", "m2-s0.stderr", "m2.html", "m3.jsonl.zst"}) EXPECT_FALSE(fs::exists(dir / gone)) << gone;
  for (const char* kept : {"m1.jsonl.zst", "m4.jsonl.zst", "m5-s0.stderr", "notes.txt", "m9-s0.stderr"})
    EXPECT_TRUE(fs::exists(dir / kept)) << kept;
  EXPECT_EQ(prune_match_files(dir.string(), *parse_retention("1")), 2);  // m5 stays; m1, m4 go
  EXPECT_TRUE(fs::exists(dir / "m5.jsonl.zst"));
  EXPECT_FALSE(fs::exists(dir / "m1.jsonl.zst"));
  EXPECT_EQ(prune_match_files(dir.string(), *parse_retention("all")), 0);
  fs::remove_all(dir);
}
