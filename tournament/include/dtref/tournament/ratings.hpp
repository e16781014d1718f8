// Standings, Elo and SPRT from stored match results. Formulas are in
// docs/tournaments.md; tests check them against hand-computed values.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "dtref/tournament/plan.hpp"
#include "dtref/tournament/record.hpp"

namespace dtref::tour {

// Logistic Elo difference for an expected score p in (0, 1), and back.
double elo_from_score(double p);
double score_from_elo(double elo);

// Elo of a score of wins/draws/losses against the field, with the half-width
// of its 95% confidence interval from the standard deviation of per-game
// scores. A perfect score has no finite estimate and no two-sided interval:
// `elo` is then the one-sided 95% lower bound (Clopper-Pearson, p >= 0.05^(1/n))
// and `bound` says so; a zero score likewise gives an upper bound. A score
// without any spread (only draws) takes the largest per-game variance, 1/4,
// rather than claiming an error of 0. Ends of intervals are capped at +-kEloCap.
enum class EloBound { None, Lower, Upper };
struct EloEstimate {
  double elo = 0, error = 0;  // error: 95% half-width; 0 when `bound` is set
  EloBound bound = EloBound::None;
};
constexpr double kEloCap = 1200;
EloEstimate elo_estimate(int wins, int draws, int losses);
// "+147.2 +/- 268.7", ">= +520.6", "<= -520.6" (`pm` between value and error).
std::string elo_text(const EloEstimate& e, const char* pm = " +/- ");

// Likelihood of superiority over the field: the probability that the bot is
// the stronger, from its wins and losses (draws say nothing about it):
// LOS = (1 + erf((W - L) / sqrt(2 (W + L)))) / 2; 0.5 without decisive games.
double los(int wins, int losses);

// Normalized Elo (as fastchess and fishtest report it): the score's distance
// from 1/2 in per-game standard deviations, times 800/ln 10, so a result is
// weighed by how noisy its games are. Its 95% margin is 1.96 (800/ln 10) / sqrt(N).
// nullopt when it is undefined: no games, or no spread in the per-game scores.
struct NormalizedElo {
  double nelo = 0, error = 0;
};
std::optional<NormalizedElo> normalized_elo(int wins, int draws, int losses);

// Ratings fitted to every game at once (Bradley-Terry on the logistic Elo
// scale, as Ordo and BayesElo fit them), which a ladder needs: its bots meet
// different opponents, so a score against "the field" would reward a soft
// schedule. Each game is (a, b, score of a: 1, 1/2, 0). A prior of one draw
// per bot against a 0 Elo opponent keeps ratings finite. Ratings are relative
// to the field's average (mean 0); the error is the 95% half-width of a bot's
// distance from that average, from the log-likelihood's curvature at its maximum.
struct FitGame {
  int a = 0, b = 0;
  double score_a = 0.5;
};
std::vector<EloEstimate> fit_ratings(int players, const std::vector<FitGame>& games);

struct PlayerStanding {
  int index = 0;
  std::string name;
  int games = 0, wins = 0, losses = 0, draws = 0;
  double points = 0;  // wins + draws/2
  double elo = 0, elo_error = 0;
  EloBound elo_bound = EloBound::None;
  double los = 0.5;                 // likelihood of superiority over the field
  std::optional<NormalizedElo> nelo;
  int timeouts = 0, crashes = 0, illegal = 0;
  std::vector<std::string> ready_names;  // names the bot gave itself in ready, if not its own
  EloEstimate elo_estimate() const { return {elo, elo_error, elo_bound}; }
};

struct CrossCell {
  int games = 0;
  double points = 0;  // of the row player
};

// A side of a teams style (docs/tournaments.md, "Teams"): the bots that sat on
// one team, whichever seats they had. Each match it played is a game against
// the table: a win when it alone took first place, a draw when it shared it.
struct TeamStanding {
  std::vector<std::string> members;  // player names, in name order
  int games = 0, wins = 0, losses = 0, draws = 0;
  double points = 0;
};

struct Standings {
  int matches_completed = 0;
  int matches_planned = 0;
  std::vector<PlayerStanding> players;      // best first: points, then Elo, then index
  std::vector<std::vector<CrossCell>> cross;  // [row player][column player], player indices
  std::vector<TeamStanding> teams;          // teams styles only; best first: score, then games
};

Standings compute_standings(const std::vector<Player>& players, const std::vector<MatchRecord>& matches);

// --- SPRT on seat-swapped pairs (pentanomial) ---
struct SprtParams {
  double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
};
// Reads "elo0=0,elo1=5,alpha=0.05,beta=0.05" (commas or spaces; missing keys
// keep their defaults). Returns nullopt and sets `error` on bad input.
std::optional<SprtParams> parse_sprt(const std::string& text, std::string* error);

// counts[k]: pairs in which player A scored k/2 points over the two legs.
struct Pentanomial {
  std::array<int, 5> counts{};
  int pairs() const { return counts[0] + counts[1] + counts[2] + counts[3] + counts[4]; }
};
Pentanomial pentanomial(const std::vector<MatchRecord>& matches, int player_a, int player_b);

enum class SprtVerdict { Continue, AcceptH0, AcceptH1 };
std::string to_string(SprtVerdict);
struct SprtResult {
  double llr = 0, lower = 0, upper = 0;
  SprtVerdict verdict = SprtVerdict::Continue;
  Pentanomial penta;
};
SprtResult sprt(const SprtParams&, const Pentanomial&);

}  // namespace dtref::tour
