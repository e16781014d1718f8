// Elo, error margins and the pentanomial SPRT against values computed by hand
// (docs/tournaments.md gives the formulas).
#include <gtest/gtest.h>

#include "dtref/tournament/ratings.hpp"

using namespace dtref::tour;

namespace {

MatchRecord finished(int round, int pairing, int leg, int seat0, int seat1, int winner_seat) {
  MatchRecord r;
  r.plan.round = round;
  r.plan.pairing = pairing;
  r.plan.leg = leg;
  r.plan.seat0 = seat0;
  r.plan.seat1 = seat1;
  r.done = true;
  r.winner_seat = winner_seat;
  r.seats.resize(2);
  return r;
}

}  // namespace

TEST(TournamentElo, LogisticEloOfAScore) {
  EXPECT_DOUBLE_EQ(elo_from_score(0.5), 0.0);
  // 0.75 = 1 / (1 + 10^(-d/400))  =>  d = 400 log10(3)
  EXPECT_NEAR(elo_from_score(0.75), 190.848501, 1e-5);
  EXPECT_NEAR(score_from_elo(190.848501), 0.75, 1e-9);
}

TEST(TournamentElo, EstimateAndMarginFromPerGameScores) {
  // 6 wins, 2 draws, 2 losses: p = 0.7, elo = -400 log10(1/0.7 - 1) = 147.19.
  // Per-game variance (6*0.3^2 + 2*0.2^2 + 2*0.7^2)/10 = 0.16, so the 95%
  // score margin is 1.96 * 0.4 / sqrt(10) = 0.2479; the Elo margin is half the
  // distance between elo(0.9479) = 504.0 and elo(0.4521) = -33.4.
  const EloEstimate e = elo_estimate(6, 2, 2);
  EXPECT_NEAR(e.elo, 147.1907, 1e-3);
  EXPECT_NEAR(e.error, 268.7163, 1e-3);
}

TEST(TournamentElo, EvenScoreIsZeroAndDrawsAloneStillHaveAnError) {
  EXPECT_NEAR(elo_estimate(5, 0, 5).elo, 0.0, 1e-9);
  EXPECT_NEAR(elo_estimate(0, 4, 0).elo, 0.0, 1e-9);
  // Four draws show no spread; the margin uses the largest per-game variance
  // 1/4: 1.96 * 0.5 / sqrt(4) = 0.49, and elo(0.99) = 798.1. Never "+-0".
  EXPECT_NEAR(elo_estimate(0, 4, 0).error, 798.096, 1e-2);
  EXPECT_EQ(elo_estimate(0, 0, 0).elo, 0.0);
}

TEST(TournamentElo, PerfectAndZeroScoresGiveOneSidedBounds) {
  // 10 wins of 10: the exact one-sided 95% lower bound of the score is
  // 0.05^(1/10) = 0.74113, elo(0.74113) = 182.73.
  const EloEstimate all = elo_estimate(10, 0, 0);
  EXPECT_EQ(all.bound, EloBound::Lower);
  EXPECT_NEAR(all.elo, 182.729, 1e-2);
  EXPECT_EQ(elo_text(all), ">= +182.7");
  const EloEstimate none = elo_estimate(0, 0, 10);
  EXPECT_EQ(none.bound, EloBound::Upper);
  EXPECT_NEAR(none.elo, -182.729, 1e-2);
  EXPECT_EQ(elo_text(none), "<= -182.7");
  EXPECT_EQ(elo_text(elo_estimate(6, 2, 2)), "+147.2 +/- 268.7");
}

TEST(TournamentElo, LikelihoodOfSuperiority) {
  // W 6, L 2: (1 + erf(4 / sqrt(16))) / 2 = (1 + erf(1)) / 2 = 0.92135.
  EXPECT_NEAR(los(6, 2), 0.921350, 1e-6);
  EXPECT_NEAR(los(2, 6), 1 - 0.921350, 1e-6);
  EXPECT_EQ(los(0, 0), 0.5);
}

TEST(TournamentElo, NormalizedElo) {
  // 6/2/2: p = 0.7, per-game sd 0.4: (0.2 / 0.4) * 800 / ln 10 = 173.72;
  // margin 1.96 * 347.44 / sqrt(10) = 215.34.
  const auto n = normalized_elo(6, 2, 2);
  ASSERT_TRUE(n);
  EXPECT_NEAR(n->nelo, 173.718, 1e-2);
  EXPECT_NEAR(n->error, 215.339, 1e-2);
  EXPECT_FALSE(normalized_elo(0, 3, 0));  // no spread: undefined, not infinite
  EXPECT_FALSE(normalized_elo(0, 0, 0));
}

TEST(TournamentSprt, BoundsFromAlphaAndBeta) {
  const SprtResult r = sprt({0, 10, 0.05, 0.05}, {});
  EXPECT_NEAR(r.lower, -2.944439, 1e-6);  // ln(0.05 / 0.95)
  EXPECT_NEAR(r.upper, 2.944439, 1e-6);   // ln(0.95 / 0.05)
  EXPECT_EQ(r.verdict, SprtVerdict::Continue);
}

TEST(TournamentSprt, PentanomialLogLikelihoodRatio) {
  // Pairs scoring 0, 1/2, 1, 3/2, 2 points: 1, 2, 5, 8, 4 (20 pairs). As pair
  // fractions x = k/4: mean 0.6375, variance 0.06234; s0 = L(0) = 0.5,
  // s1 = L(10) = 0.514390; LLR = 20 (s1-s0)(2 mu - s0 - s1) / (2 var) = 0.57672.
  Pentanomial p;
  p.counts = {1, 2, 5, 8, 4};
  SprtResult r = sprt({0, 10, 0.05, 0.05}, p);
  EXPECT_NEAR(r.llr, 0.576725, 1e-5);
  EXPECT_EQ(r.verdict, SprtVerdict::Continue);
  p.counts = {6, 5, 4, 1, 0};
  r = sprt({0, 10, 0.05, 0.05}, p);
  EXPECT_NEAR(r.llr, -1.082600, 1e-5);
  // Ten times the evidence crosses the bounds.
  for (int& c : p.counts) c *= 10;
  EXPECT_EQ(sprt({0, 10, 0.05, 0.05}, p).verdict, SprtVerdict::AcceptH0);
  p.counts = {10, 20, 50, 80, 40};
  EXPECT_EQ(sprt({0, 10, 0.05, 0.05}, p).verdict, SprtVerdict::AcceptH1);
}

TEST(TournamentSprt, ParsesKeyValuesAndRejectsNonsense) {
  std::string err;
  auto p = parse_sprt("elo0=0,elo1=5, alpha=0.05 beta=0.1", &err);
  ASSERT_TRUE(p) << err;
  EXPECT_EQ(p->elo1, 5);
  EXPECT_EQ(p->beta, 0.1);
  EXPECT_FALSE(parse_sprt("elo0=5,elo1=0", &err));
  EXPECT_NE(err.find("elo1"), std::string::npos);
  EXPECT_FALSE(parse_sprt("alpha=2", &err));
  EXPECT_FALSE(parse_sprt("elo0=abc", &err));
  EXPECT_FALSE(parse_sprt("gamma=1", &err));
}

TEST(TournamentSprt, PentanomialCountsCompleteSeatSwappedPairsOnly) {
  std::vector<MatchRecord> m = {
      finished(1, 1, 1, 0, 1, 0),  // A wins as seat 0
      finished(1, 1, 2, 1, 0, 1),  // A wins as seat 1: pair = 2 points
      finished(2, 1, 1, 0, 1, -1),  // draw
      finished(2, 1, 2, 1, 0, 0),   // B wins: pair = 1/2 point
      finished(3, 1, 1, 0, 1, 0),   // second leg missing: not counted
  };
  const Pentanomial p = pentanomial(m, 0, 1);
  EXPECT_EQ(p.pairs(), 2);
  EXPECT_EQ(p.counts[4], 1);
  EXPECT_EQ(p.counts[1], 1);
}

TEST(TournamentStandings, TallyCrosstableAndFaults) {
  std::vector<Player> players = {{"a", "builtin:greedy", "corporate"}, {"b", "builtin:random", "corporate"},
                                 {"c", "builtin:random", "corporate"}};
  std::vector<MatchRecord> m = {finished(1, 1, 1, 0, 1, 0), finished(1, 1, 2, 1, 0, 1),
                                finished(1, 2, 1, 0, 2, -1), finished(1, 2, 2, 2, 0, 0)};
  m[3].seats[1].verdict = "timeout";   // a (seat 1) lost on time
  m[1].seats[0].illegal = 2;           // b let off twice under a lenient policy
  MatchRecord planned;
  planned.plan.seat0 = 1;
  planned.plan.seat1 = 2;
  m.push_back(planned);
  const Standings st = compute_standings(players, m);
  EXPECT_EQ(st.matches_completed, 4);
  EXPECT_EQ(st.matches_planned, 5);
  ASSERT_EQ(st.players.size(), 3u);
  const PlayerStanding& a = st.players[0];
  EXPECT_EQ(a.name, "a");
  EXPECT_EQ(a.games, 4);
  EXPECT_EQ(a.wins, 2);
  EXPECT_EQ(a.draws, 1);
  EXPECT_EQ(a.losses, 1);
  EXPECT_EQ(a.points, 2.5);
  EXPECT_EQ(a.timeouts, 1);
  EXPECT_NEAR(a.elo, elo_estimate(2, 1, 1).elo, 1e-9);
  EXPECT_EQ(st.players[1].name, "c");  // 1.5 points beat b's 0
  EXPECT_EQ(st.players[2].illegal, 2);
  EXPECT_EQ(st.cross[0][1].points, 2.0);
  EXPECT_EQ(st.cross[2][0].points, 1.5);
  EXPECT_EQ(st.cross[2][0].games, 2);
  EXPECT_EQ(st.cross[1][2].games, 0);
}

// Issue 13: a table of three or more counts every pair of seats on different
// sides as a game, won by the better place.
TEST(TournamentRatings, TablesCountEveryPairOfPlacesAndSkipTeammates) {
  std::vector<Player> players(4);
  for (int i = 0; i < 4; ++i) players[size_t(i)].name = std::string(1, char('a' + i));
  MatchRecord ffa;
  ffa.done = true;
  ffa.plan.table = {2, 0, 1, 3};
  ffa.plan.seat0 = 2;
  ffa.plan.seat1 = 0;
  ffa.seats.resize(4);
  ffa.seats[0].place = 1;  // c
  ffa.seats[1].place = 2;  // a
  ffa.seats[2].place = 2;  // b, tied with a
  ffa.seats[3].place = 4;  // d
  const Standings st = compute_standings(players, {ffa});
  auto of = [&](const std::string& name) {
    for (const PlayerStanding& p : st.players)
      if (p.name == name) return p;
    return PlayerStanding{};
  };
  EXPECT_EQ(of("c").wins, 3);
  EXPECT_EQ(of("c").games, 3);
  EXPECT_EQ(of("a").wins, 1);
  EXPECT_EQ(of("a").draws, 1);
  EXPECT_EQ(of("a").losses, 1);
  EXPECT_EQ(of("d").losses, 3);
  EXPECT_DOUBLE_EQ(st.cross[0][1].points, 0.5);
  EXPECT_DOUBLE_EQ(st.cross[2][3].points, 1.0);

  // Teams of two: teammates are not each other's games.
  MatchRecord teams = ffa;
  teams.seats[0].team = 0;
  teams.seats[1].team = 1;
  teams.seats[2].team = 0;
  teams.seats[3].team = 1;
  teams.seats[0].place = teams.seats[2].place = 1;
  teams.seats[1].place = teams.seats[3].place = 3;
  const Standings ts = compute_standings(players, {teams});
  for (const PlayerStanding& p : ts.players) EXPECT_EQ(p.games, 2) << p.name;
  EXPECT_EQ(ts.cross[2][1].games, 0);  // c and b were teammates
  EXPECT_EQ(ts.cross[2][0].games, 1);
  EXPECT_TRUE(st.teams.empty()) << "a free-for-all has no team standings";

  // Standings per team: the bots of a side, whichever seats they sat in. The
  // same two sides meet again with seats swapped (b+c in seats 0 and 2 now)
  // and that match ends with both sides sharing first place.
  MatchRecord again = teams;
  again.plan.table = {1, 0, 2, 3};
  again.seats[1].place = again.seats[3].place = 1;
  const Standings t2 = compute_standings(players, {teams, again});
  ASSERT_EQ(t2.teams.size(), 2u);
  EXPECT_EQ(t2.teams[0].members, (std::vector<std::string>{"b", "c"}));
  EXPECT_EQ(t2.teams[0].games, 2);
  EXPECT_EQ(t2.teams[0].wins, 1);
  EXPECT_EQ(t2.teams[0].draws, 1);
  EXPECT_DOUBLE_EQ(t2.teams[0].points, 1.5);
  EXPECT_EQ(t2.teams[1].members, (std::vector<std::string>{"a", "d"}));
  EXPECT_EQ(t2.teams[1].losses, 1);
  EXPECT_EQ(t2.teams[1].draws, 1);
}
