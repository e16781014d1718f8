// Determinization: states drawn for one seat never contradict what that seat
// has seen, are real games that play on, and do vary what the seat cannot know.
#include <gtest/gtest.h>

#include "test_games.hpp"

#include <algorithm>
#include <set>

#include "dt/card_loader.hpp"
#include "dt/deck.hpp"
#include "dt/determinize.hpp"
#include "dt/game.hpp"
#include "dt/invariants.hpp"
#include "dt/observation.hpp"

namespace {

using dtref_test::corporate_vs_legion;

using namespace dt;

struct Tally {
  int samples = 0, with_hidden_hand = 0, hand_changed = 0, face_down = 0, played_on = 0;
};

// Every check on one sample for seat v.
void check_sample(const State& truth, const State& d, const Knowledge& k, Tally& t) {
  const int v = k.seat();
  ++t.samples;
  ASSERT_EQ(observe(d, v), observe(truth, v)) << "the sample contradicts what s" << v << " sees";
  if (!game_over(truth) && deciding_seat(truth) == v) {
    ASSERT_EQ(legal_options(d), legal_options(truth)) << "s" << v << " would have other options";
  }
  for (size_t c = 0; c < truth.cards.size(); ++c)
    if (k.knows(CardId(c))) {
      ASSERT_EQ(d.cards[c].def, truth.cards[c].def) << "c" << c << " was seen by s" << v;
      ASSERT_EQ(d.cards[c].zone, truth.cards[c].zone) << "c" << c;
    }
  for (int j = 0; j < truth.num_seats(); ++j) {
    ASSERT_EQ(d.seats[size_t(j)].hand.size(), truth.seats[size_t(j)].hand.size());
    ASSERT_EQ(d.seats[size_t(j)].draw.size(), truth.seats[size_t(j)].draw.size());
    for (CardId c : d.seats[size_t(j)].in_play)
      if (d.card(c).hidden && d.card(c).controller != v) {
        ++t.face_down;
        ASSERT_EQ(d.def(c).type, CardType::Warrior) << "a face-down card in play is a warrior";
        // gEngine "MUSTER WARRIOR": its area follows from what it is.
        const Area where = is_legion(d, c) ? Area::Kohort : d.rules.outposts && is_tribal(d, c) ? Area::Outpost : Area::Squad;
        ASSERT_EQ(d.card(c).area, where);
      }
  }
  const auto problems = check_invariants(d);
  ASSERT_TRUE(problems.empty()) << problems.front();
  // What it cannot know does vary: another seat's unseen hand.
  const int other = 1 - v;
  int unknown = 0;
  for (CardId c : truth.seats[size_t(other)].hand) unknown += !k.knows(c);
  if (unknown >= 2) {
    ++t.with_hidden_hand;
    std::multiset<uint16_t> a, b;
    for (CardId c : truth.seats[size_t(other)].hand) a.insert(truth.card(c).def);
    for (CardId c : d.seats[size_t(other)].hand) b.insert(d.card(c).def);
    t.hand_changed += a != b;
  }
  // Every tenth sample is played on a while: it must be a game like any other.
  if (t.samples % 10 == 0) {
    State g = d;
    Rng r(uint64_t(t.samples));
    for (int i = 0; i < 200 && !game_over(g); ++i) {
      const auto opts = legal_options(g);
      apply(g, opts[size_t(r.below(opts.size()))]);
    }
    ++t.played_on;
  }
}

// Random self-play with both seats' knowledge kept up to date; samples taken
// every `every` decisions for both seats.
void run(const Rules& rules, uint64_t seed, int every, Tally& t, bool mixed = false) {
  const CardDb& db = builtin_cards();
  GameConfig cfg;
  cfg.rules = rules;
  cfg.seed = seed;
  cfg.decks = {builtin_deck(seed % 2 ? "corporate" : "brotherhood").cards, builtin_deck(seed % 2 ? "legion" : "capitol").cards};
  if (mixed) {  // Doomtroopers and Dark Legion in one deck: a face-down warrior could be either
    std::vector<uint16_t> a = cfg.decks[0], b = cfg.decks[1];
    cfg.decks[0].assign(a.begin(), a.begin() + 30), cfg.decks[0].insert(cfg.decks[0].end(), b.begin(), b.begin() + 30);
    cfg.decks[1].assign(b.begin() + 30, b.end()), cfg.decks[1].insert(cfg.decks[1].end(), a.begin() + 30, a.end());
  }
  std::vector<Event> events;
  State s = new_game(db, cfg, &events);
  std::vector<Knowledge> know{Knowledge(0), Knowledge(1)};
  for (Knowledge& k : know) k.see(s, events);
  Rng pick(seed * 7 + 1), draw(seed * 13 + 5);
  for (int n = 0; !game_over(s) && n < 1500; ++n) {
    if (n % every == every - 1)
      for (const Knowledge& k : know)
        for (int i = 0; i < 3; ++i) {
          const State d = determinize(s, k, draw);
          check_sample(s, d, k, t);
          if (::testing::Test::HasFatalFailure()) return;
        }
    const auto opts = legal_options(s);
    events.clear();
    apply(s, opts[size_t(pick.below(opts.size()))], &events);
    for (Knowledge& k : know) k.see(s, events);
  }
}

TEST(Determinize, AThousandSamplesNeverContradictTheSeatsObservation) {
  Tally t;
  for (uint64_t seed = 1; seed <= 40 && t.samples < 1000; ++seed) {
    run(preset_gengine(), seed, 11, t);
    if (HasFatalFailure()) return;
  }
  EXPECT_GE(t.samples, 1000);
  EXPECT_GE(t.played_on, 100);
  // Another seat's hidden hand is drawn afresh, not copied.
  ASSERT_GT(t.with_hidden_hand, 200);
  EXPECT_GT(t.hand_changed, t.with_hidden_hand * 8 / 10);
}

TEST(Determinize, FaceDownWarriorsStayWarriors) {
  // 2nd edition: warriors mustered face down into cover are unknown to the other seat.
  Tally t;
  for (uint64_t seed = 1; seed <= 60 && t.face_down < 30; ++seed) {
    run(preset_second_edition(), seed, 7, t, true);
    if (HasFatalFailure()) return;
  }
  EXPECT_GE(t.face_down, 30) << "too few face-down warriors to check";
}

TEST(Determinize, ASeatRemembersWhatItSawInPassingButNotAHiddenDiscard) {
  const CardDb& db = builtin_cards();
  GameConfig cfg = corporate_vs_legion(3);
  std::vector<Event> events;
  State s = new_game(db, cfg, &events);
  Knowledge k0(0);
  k0.see(s, events);
  Rng pick(9);
  int played_seen = 0, discards_unseen = 0;
  for (int n = 0; n < 3000 && !game_over(s); ++n) {
    const auto opts = legal_options(s);
    events.clear();
    apply(s, opts[size_t(pick.below(opts.size()))], &events);
    const std::set<CardId> known_before = [&] {
      std::set<CardId> out;
      for (size_t c = 0; c < s.cards.size(); ++c)
        if (k0.knows(CardId(c))) out.insert(CardId(c));
      return out;
    }();
    k0.see(s, events);
    for (const Event& e : events) {
      if (e.seat != 1 || e.a == kNoCard) continue;
      // s1 plays a card from hand: everyone sees it, even once it is in the discard pile.
      if (e.kind == EventKind::Play && s.card(e.a).zone != Zone::InPlay) {
        EXPECT_TRUE(k0.knows(e.a)) << describe(s, e, 0);
        ++played_seen;
      }
      // s1 discards from hand at the end of its turn: s0 learns nothing about the card.
      if (e.kind == EventKind::Discard && !known_before.count(e.a)) {
        EXPECT_FALSE(k0.knows(e.a)) << describe(s, e, 0);
        ++discards_unseen;
      }
    }
  }
  EXPECT_GT(played_seen, 0);
  EXPECT_GT(discards_unseen, 0);
}

TEST(Determinize, EventKindsReadBackFromTheirNames) {
  for (int k = 0; k <= int(EventKind::Effect); ++k)
    EXPECT_EQ(event_kind_by_name(to_string(EventKind(k))), EventKind(k));
  EXPECT_FALSE(event_kind_by_name("no_such_event"));
}

}  // namespace
