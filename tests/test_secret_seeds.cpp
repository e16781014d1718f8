// Secret seeds: nothing a bot receives reveals the match seed, which would
// reveal every hidden card. The attack is played by a mock bot ("predict"
// mode) that works out a seed from what it was told; the test then replays
// the bot's guess through the engine to see whether it predicts the
// opponent's opening hand.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>

#include "dt/card_loader.hpp"
#include "dt/deck.hpp"
#include "dt/game.hpp"
#include "dtref/match.hpp"
#include "dtref/secrets.hpp"
#include "dtref/tournament/plan.hpp"
#include "dtref/tournament/store.hpp"
#include "test_util.hpp"

namespace {

using json = nlohmann::json;
using dtref_test::read_lines;

std::string mock(const std::string& args) {
  return std::string("stdio:") + DTREF_PYTHON + " " + DTREF_MOCKBOTS_DIR + "/mockbot.py " + args;
}

// The card definitions in `seat`'s opening hand of a game dealt from `seed`.
std::multiset<uint16_t> opening_hand(uint64_t seed, int seat, const std::vector<dt::Deck>& decks) {
  dt::GameConfig cfg;
  cfg.rules = dt::preset_gengine();
  cfg.seed = seed;
  for (const dt::Deck& d : decks) cfg.decks.push_back(d.cards);
  const dt::State s = dt::new_game(dt::builtin_cards(), cfg);
  std::multiset<uint16_t> out;
  for (dt::CardId c : s.seats[size_t(seat)].hand) out.insert(s.cards[size_t(c)].def);
  return out;
}

struct CmdResult {
  int code = -1;
  std::string out, err;
};

// Runs dtref with `args`; stdout and stderr captured through files.
CmdResult dtref(const std::string& args, const dtref_test::TempDir& dir) {
  const std::string cmd = std::string(DTREF_BIN) + " " + args + " >" + dir.file("out") + " 2>" + dir.file("err");
  CmdResult r;
  const int st = std::system(cmd.c_str());
  r.code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  auto slurp = [](const std::string& p) {
    std::string s;
    for (const std::string& l : read_lines(p)) s += l + "\n";
    return s;
  };
  r.out = slurp(dir.file("out"));
  r.err = slurp(dir.file("err"));
  return r;
}

// The seed a "predict" mock wrote into its comments, and the real one.
std::pair<uint64_t, uint64_t> guess_and_seed(const std::string& transcript) {
  uint64_t guess = 0, seed = 0;
  bool have_guess = false;
  for (const std::string& l : read_lines(transcript)) {
    const json j = json::parse(l);
    if (j["type"] == "header") seed = j["seed"].get<uint64_t>();
    if (j["type"] == "decision" && j.contains("comment") && !have_guess) {
      const std::string c = j["comment"];
      if (c.rfind("guess ", 0) == 0) guess = std::stoull(c.substr(6)), have_guess = true;
    }
  }
  EXPECT_TRUE(have_guess) << "the mock did not say its guess";
  return {guess, seed};
}

TEST(SecretSeeds, ABotCannotPredictTheOpponentsHandFromWhatItIsTold) {
  dtref_test::TempDir dir("dtref_seeds_");
  const std::string tr = dir.file("m.jsonl");
  const CmdResult r = dtref("match --bot '" + mock("predict") + "' --bot builtin:random --deck corporate --deck legion --transcript " + tr, dir);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const auto [guess, seed] = guess_and_seed(tr);
  const std::vector<dt::Deck> decks{dt::builtin_deck("corporate"), dt::builtin_deck("legion")};
  EXPECT_NE(opening_hand(guess, 1, decks), opening_hand(seed, 1, decks))
      << "the bot's guess " << guess << " reproduces the real seed's deal";
  // The attack is real: a bot that did learn the seed would predict the hand.
  EXPECT_EQ(opening_hand(seed, 1, decks), opening_hand(seed, 1, decks));
}

TEST(SecretSeeds, MatchSeedsAreRandomAndMatchIdsOpaque) {
  dtref_test::TempDir dir("dtref_seeds_");
  std::set<uint64_t> seeds;
  std::set<std::string> ids;
  for (int i = 0; i < 2; ++i) {
    const std::string tr = dir.file("m" + std::to_string(i) + ".jsonl");
    const CmdResult r = dtref("match --bot builtin:random --bot builtin:random --transcript " + tr, dir);
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("(random)"), std::string::npos) << r.out;
    EXPECT_EQ(r.err.find("warning"), std::string::npos) << r.err;
    const json h = json::parse(read_lines(tr).at(0));
    const uint64_t seed = h["seed"].get<uint64_t>();
    const std::string id = h["match_id"];
    EXPECT_TRUE(std::regex_match(id, std::regex("m-[0-9a-f]{16}"))) << id;
    EXPECT_EQ(id.find(std::to_string(seed)), std::string::npos);
    seeds.insert(seed);
    ids.insert(id);
    // The transcript holds the seed: only its owner may read it.
    struct stat st {};
    ASSERT_EQ(::stat(tr.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600u) << std::oct << (st.st_mode & 0777);
  }
  EXPECT_EQ(seeds.size(), 2u);
  EXPECT_EQ(ids.size(), 2u);
}

TEST(SecretSeeds, AFixedSeedIsWarnedAboutAndStillReplays) {
  dtref_test::TempDir dir("dtref_seeds_");
  const std::string tr = dir.file("m.jsonl");
  const CmdResult r = dtref("match --seed 42 --transcript " + tr, dir);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("warn  match: --seed 42"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("predict"), std::string::npos) << r.err;
  EXPECT_EQ(json::parse(read_lines(tr).at(0))["seed"].get<uint64_t>(), 42u);
  const CmdResult v = dtref("replay --verify " + tr, dir);
  EXPECT_EQ(v.code, 0) << v.err;
}

TEST(SecretSeeds, KeyedSeedsDependOnKeyAndLabelOnly) {
  EXPECT_EQ(dtref::keyed_seed("k", "a"), dtref::keyed_seed("k", "a"));
  EXPECT_NE(dtref::keyed_seed("k", "a"), dtref::keyed_seed("k", "b"));
  EXPECT_NE(dtref::keyed_seed("k", "a"), dtref::keyed_seed("l", "a"));
  EXPECT_LT(dtref::keyed_seed("k", "a"), uint64_t(1) << 63);
  EXPECT_EQ(dtref::random_hex(32).size(), 64u);
  EXPECT_NE(dtref::random_hex(16), dtref::random_hex(16));
}

TEST(SecretSeeds, TournamentSeedsComeFromAKeyKeptInTheStore) {
  using namespace dtref::tour;
  dtref_test::TempDir dir("dtref_seeds_");
  const std::string db = dir.file("t.db");
  const std::string args = "tournament --bot '" + mock("predict") + "' --bot builtin:random --rounds 1 --quiet --db " + db +
                           " --transcripts " + dir.file("logs");
  const CmdResult first = dtref(args, dir);
  ASSERT_EQ(first.code, 0) << first.out << first.err;
  EXPECT_EQ(first.err.find("warning"), std::string::npos) << first.err;
  std::vector<MatchRecord> played;
  std::string key;
  {
    Store s(db);
    played = s.matches();
    key = s.seed_key();
  }
  ASSERT_EQ(played.size(), 2u);
  EXPECT_EQ(key.size(), 64u);
  // The seed is neither the old default tournament seed's nor any fixed small seed's.
  PlanParams p{Format::RoundRobin, 2, 1, 1};
  for (uint64_t fixed = 0; fixed < 100; ++fixed) {
    p.seed = fixed;
    EXPECT_NE(leg_seed(p, 1, 1, 0, played[0].plan.leg), played[0].plan.seed) << "derivable from --seed " << fixed;
  }
  p.seed_key = key;
  EXPECT_EQ(leg_seed(p, 1, 1, 0, played[0].plan.leg), played[0].plan.seed);  // each leg's own (issue 26)
  // The bot was told nothing it could derive the seed from.
  for (const MatchRecord& m : played) {
    const auto [guess, seed] = guess_and_seed(m.transcript);
    EXPECT_EQ(seed, m.plan.seed);
    const std::vector<dt::Deck> decks{dt::builtin_deck("corporate"), dt::builtin_deck("corporate")};
    const int other = m.plan.seat0 == 0 ? 1 : 0;
    EXPECT_NE(opening_hand(guess, other, decks), opening_hand(seed, other, decks)) << m.plan.key();
    const json h = json::parse(read_lines(m.transcript).at(0));
    EXPECT_EQ(h["key"], m.plan.key());
    EXPECT_EQ(std::string(h["match_id"]).find(m.plan.key()), std::string::npos);
  }
  // A fresh store gets another key, hence other seeds; the same store resumes with its own.
  const CmdResult again = dtref(args, dir);
  EXPECT_EQ(again.code, 0) << again.err;
  EXPECT_EQ(Store(db).seed_key(), key);
  const CmdResult other = dtref("tournament --bot builtin:random --bot builtin:greedy --quiet --db " + dir.file("u.db"), dir);
  ASSERT_EQ(other.code, 0) << other.err;
  EXPECT_NE(Store(dir.file("u.db")).seed_key(), key);
  struct stat st {};
  ASSERT_EQ(::stat(db.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u) << "the store holds the seed key";
}

TEST(SecretSeeds, AFixedTournamentSeedIsWarnedAbout) {
  dtref_test::TempDir dir("dtref_seeds_");
  const CmdResult r = dtref("tournament --bot builtin:random --bot builtin:greedy --quiet --seed 5 --db " + dir.file("t.db"), dir);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("warn  tournament: a fixed seed (5)"), std::string::npos) << r.err;
  // The secret-key tournament and the fixed-seed one are different tournaments.
  const CmdResult secret = dtref("tournament --bot builtin:random --bot builtin:greedy --quiet --db " + dir.file("t.db"), dir);
  EXPECT_EQ(secret.code, 2) << secret.err;
  EXPECT_NE(secret.err.find("seed"), std::string::npos) << secret.err;
}

}  // namespace
