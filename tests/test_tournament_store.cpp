// Tournaments through the library: the results store, resuming, refusing a
// different tournament, shards and merging, SPRT stops, Swiss and knockout runs.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "dtref/tournament/db_lock.hpp"
#include "dtref/tournament/ratings.hpp"
#include "dtref/tournament/report.hpp"
#include "dtref/tournament/runner.hpp"
#include "dtref/tournament/store.hpp"

#include "test_util.hpp"

using namespace dtref::tour;
namespace fs = std::filesystem;

namespace {

struct TempDir : dtref_test::TempDir {
  TempDir() : dtref_test::TempDir("dtref_tour_") {}
};

TournamentSetup three_bots(int rounds) {
  TournamentSetup t;
  t.rounds = rounds;
  t.seed = 11;
  t.players = {{"random", "builtin:random", "corporate"},
               {"greedy", "builtin:greedy", "corporate"},
               {"greedy2", "builtin:greedy", "legion"}};
  return t;
}

std::set<std::string> done_keys(Store& s) {
  std::set<std::string> keys;
  for (const MatchRecord& m : s.matches())
    if (m.done) keys.insert(m.plan.key());
  return keys;
}

}  // namespace

TEST(TournamentStore, PlaysEveryPlannedMatchOnceAndResumesToNothing) {
  TempDir dir;
  Store store(dir.file("t.db"));
  RunOptions opt;
  opt.concurrency = 2;
  const RunSummary first = run_tournament(three_bots(2), store, opt);
  EXPECT_EQ(first.planned, 12);
  EXPECT_EQ(first.completed, 12);
  EXPECT_EQ(first.played_now, 12);
  EXPECT_TRUE(first.finished());
  const RunSummary again = run_tournament(three_bots(2), store, opt);
  EXPECT_EQ(again.played_now, 0);
  EXPECT_EQ(again.completed, 12);
  EXPECT_EQ(done_keys(store).size(), 12u);
}

TEST(TournamentStore, SameSeedSameResultsWhateverTheConcurrency) {
  TempDir dir;
  Store a(dir.file("a.db")), b(dir.file("b.db"));
  RunOptions one, two;
  two.concurrency = 2;
  run_tournament(three_bots(2), a, one);
  run_tournament(three_bots(2), b, two);
  const auto ma = a.matches(), mb = b.matches();
  ASSERT_EQ(ma.size(), mb.size());
  for (size_t i = 0; i < ma.size(); ++i) {
    EXPECT_EQ(ma[i].plan.key(), mb[i].plan.key());
    EXPECT_EQ(ma[i].winner_seat, mb[i].winner_seat);
    EXPECT_EQ(ma[i].decisions, mb[i].decisions);
  }
}

TEST(TournamentStore, StopRequestedBeforeStartPlaysNothingAndResumeCompletes) {
  TempDir dir;
  Store store(dir.file("t.db"));
  std::atomic<bool> stop{true};
  RunOptions opt;
  opt.stop = &stop;
  const RunSummary s = run_tournament(three_bots(1), store, opt);
  EXPECT_TRUE(s.interrupted);
  EXPECT_EQ(s.played_now, 0);
  EXPECT_EQ(s.planned, 6);
  stop = false;
  EXPECT_EQ(run_tournament(three_bots(1), store, opt).completed, 6);
}

TEST(TournamentStore, RefusesADifferentTournament) {
  TempDir dir;
  Store store(dir.file("t.db"));
  run_tournament(three_bots(1), store, {});
  TournamentSetup other = three_bots(1);
  other.seed = 12;
  try {
    run_tournament(other, store, {});
    FAIL() << "a store holding another tournament was reused";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("seed"), std::string::npos) << e.what();
  }
  EXPECT_EQ(done_keys(store).size(), 6u);
}

TEST(TournamentStore, RecordingTheSameMatchTwiceCountsOnce) {
  TempDir dir;
  Store store(dir.file("t.db"));
  run_tournament(three_bots(1), store, {});
  MatchRecord again = store.matches().front();
  again.winner_seat = 1 - again.winner_seat;
  EXPECT_FALSE(store.record(again));
  EXPECT_NE(store.matches().front().winner_seat, again.winner_seat);
}

// The writer thread (issue 28): matches queued from two threads while a third
// reads the store are each committed once, each reported only once its
// commit is in the file, a repeat is refused, and a match keeps the time it
// finished rather than its batch's.
TEST(TournamentStore, QueuedMatchesAreReportedOnlyOnceCommitted) {
  TempDir dir;
  Store store(dir.file("t.db"));
  store.bind({"{\"queued\":1}", "", {}});
  RoundPlan plan;
  plan.round = 1;
  const int n = 60;
  for (int i = 0; i < n; ++i) {
    PlannedMatch m;
    m.round = 1;
    m.pairing = i + 1;
    m.leg = 1;
    m.seat1 = 1;
    m.seed = uint64_t(i);
    plan.matches.push_back(m);
  }
  store.add_round(plan, nullptr);
  std::mutex mu;
  int stored = 0, refused = 0, uncommitted = 0;
  auto done = [&](const MatchRecord& rec, bool ok) {
    bool in_file = false;
    for (const MatchRecord& m : store.matches()) in_file |= m.plan.key() == rec.plan.key() && m.done;
    std::lock_guard lock(mu);
    (ok ? stored : refused) += 1;
    uncommitted += !in_file;
  };
  std::atomic<bool> reading{true};
  std::thread reader([&] {
    while (reading) (void)store.matches();
  });
  std::vector<std::thread> workers;
  for (int w = 0; w < 2; ++w)
    workers.emplace_back([&, w] {
      for (int i = w; i < n; i += 2) {
        MatchRecord r;
        r.plan = plan.matches[size_t(i)];
        r.decisions = i;
        if (i == 0) r.finished_at = "2026-01-02T03:04:05.678Z";
        store.record_later(r, done);
      }
    });
  for (std::thread& t : workers) t.join();
  store.flush();
  MatchRecord again;
  again.plan = plan.matches[1];
  store.record_later(again, done);
  store.flush();
  reading = false;
  reader.join();
  EXPECT_EQ(stored, n);
  EXPECT_EQ(refused, 1);
  EXPECT_EQ(uncommitted, 0);
  int in_store = 0;
  for (const MatchRecord& m : store.matches()) {
    in_store += m.done;
    if (m.plan.key() == plan.matches[0].key()) {
      EXPECT_EQ(m.finished_at, "2026-01-02T03:04:05.678Z");
    } else if (m.plan.key() == plan.matches[1].key()) {
      EXPECT_EQ(m.decisions, 1);  // the repeat changed nothing
    }
  }
  EXPECT_EQ(in_store, n);
}

TEST(TournamentStore, ThreeShardsMergeToTheSingleMachineStandings) {
  TempDir dir;
  const TournamentSetup whole = three_bots(3);
  Store single(dir.file("single.db"));
  run_tournament(whole, single, {});
  std::vector<std::string> shard_files;
  std::set<std::string> seen;
  for (int i = 0; i < 3; ++i) {
    TournamentSetup t = whole;
    t.shard_index = i;
    t.shard_count = 3;
    shard_files.push_back(dir.file("shard" + std::to_string(i) + ".db"));
    Store s(shard_files.back());
    const RunSummary r = run_tournament(t, s, {});
    EXPECT_GT(r.completed, 0);
    for (const std::string& k : done_keys(s)) EXPECT_TRUE(seen.insert(k).second) << k << " in two shards";
  }
  EXPECT_EQ(seen.size(), 18u);
  const auto warnings = merge_stores(dir.file("merged.db"), shard_files);
  EXPECT_TRUE(warnings.empty());
  // Merging a shard again changes nothing.
  merge_stores(dir.file("merged.db"), {shard_files[0]});
  Store merged(dir.file("merged.db"));
  ReportInput a, b;
  a.standings = compute_standings(whole.players, single.matches());
  b.standings = compute_standings(whole.players, merged.matches());
  EXPECT_EQ(standings_json(a), standings_json(b));
  EXPECT_EQ(b.standings.matches_completed, 18);
}

TEST(TournamentStore, MergeRefusesShardsOfAnotherTournament) {
  TempDir dir;
  TournamentSetup t = three_bots(1);
  t.shard_count = 2;
  Store s0(dir.file("s0.db"));
  run_tournament(t, s0, {});
  TournamentSetup u = three_bots(2);
  u.shard_count = 2;
  u.shard_index = 1;
  Store s1(dir.file("s1.db"));
  run_tournament(u, s1, {});
  EXPECT_THROW(merge_stores(dir.file("m.db"), {dir.file("s0.db"), dir.file("s1.db")}), StoreError);
}

TEST(TournamentStore, ShardsAreRefusedForSwiss) {
  TempDir dir;
  TournamentSetup t = three_bots(2);
  t.format = Format::Swiss;
  t.shard_count = 2;
  Store s(dir.file("s.db"));
  EXPECT_THROW(run_tournament(t, s, {}), std::invalid_argument);
}

TEST(TournamentStore, SprtStopsOnceABoundIsCrossed) {
  TempDir dir;
  TournamentSetup t;
  t.rounds = 200;
  t.players = {{"greedy", "builtin:greedy", "corporate"}, {"random", "builtin:random", "corporate"}};
  Store store(dir.file("t.db"));
  RunOptions opt;
  opt.sprt = SprtParams{0, 100, 0.05, 0.05};
  const RunSummary s = run_tournament(t, store, opt);
  ASSERT_TRUE(s.sprt);
  EXPECT_TRUE(s.sprt_stopped);
  EXPECT_EQ(s.sprt->verdict, SprtVerdict::AcceptH1);
  EXPECT_LT(s.completed, 400);
  // Run again: the verdict stands and nothing more is played.
  EXPECT_EQ(run_tournament(t, store, opt).played_now, 0);
}

TEST(TournamentStore, SwissAndKnockoutRunToTheirPlannedSize) {
  TempDir dir;
  TournamentSetup t = three_bots(3);
  t.players.push_back({"random2", "builtin:random", "legion"});
  t.players.push_back({"random3", "builtin:random", "corporate"});
  t.format = Format::Swiss;
  Store swiss(dir.file("swiss.db"));
  RunOptions opt;
  opt.concurrency = 2;
  RunSummary s = run_tournament(t, swiss, opt);
  EXPECT_EQ(s.planned, 12);  // 3 rounds x 2 pairings x 2 legs; one bye a round
  EXPECT_TRUE(s.finished());
  EXPECT_EQ(swiss.byes().size(), 3u);
  t.format = Format::Knockout;
  t.rounds = 1;
  Store ko(dir.file("ko.db"));
  s = run_tournament(t, ko, opt);
  EXPECT_EQ(s.planned, 8);  // 5 -> 3 -> 2 -> 1: 2 + 1 + 1 ties of two legs
  EXPECT_TRUE(s.finished());
  EXPECT_EQ(ko.planned_rounds(), (std::vector<int>{1, 2, 3}));
}

TEST(TournamentStore, UnknownBotSpecStopsWithItsReason) {
  TempDir dir;
  TournamentSetup t = three_bots(1);
  t.players[1].spec = "builtin:nonesuch";
  Store s(dir.file("t.db"));
  try {
    run_tournament(t, s, {});
    FAIL() << "an unusable spec was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("nonesuch"), std::string::npos) << e.what();
  }
}

TEST(TournamentStore, AnEditedDeckFileIsAnotherTournament) {
  TempDir dir;
  const std::string deck = dir.file("mine.deck");
  fs::copy_file(std::string(DTREF_SOURCE_DIR) + "/cards/decks/corporate.deck", deck);
  TournamentSetup t = three_bots(1);
  t.players[0].deck = deck;
  Store store(dir.file("t.db"));
  run_tournament(t, store, {});
  // Same path, other cards: resuming would mix two tournaments' games.
  fs::copy_file(std::string(DTREF_SOURCE_DIR) + "/cards/decks/legion.deck", deck, fs::copy_options::overwrite_existing);
  try {
    run_tournament(t, store, {});
    FAIL() << "a changed deck file resumed the old tournament";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("deck_cards"), std::string::npos) << e.what();
  }
}

TEST(TournamentStore, DbLockAllowsOneWriterAndIsReleasedWithIt) {
  TempDir dir;
  const std::string db = dir.file("t.db");
  {
    const DbLock first(db, "dtref tournament");
    try {
      DbLock second(db, "dtref tournament");
      ADD_FAILURE() << "a second lock on the same file was granted";
    } catch (const DbBusy& e) {
      EXPECT_NE(std::string(e.what()).find("run dtref tournament again"), std::string::npos) << e.what();
    }
    Store readable(db);  // readers are not locked out
    EXPECT_FALSE(readable.header());
  }
  EXPECT_NO_THROW(DbLock again(db, "dtref ladder"));
  EXPECT_THROW(DbLock nowhere(dir.file("no/such/dir/t.db"), "dtref tournament"), StoreError);
}
