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
// scores. A perfect or zero score is capped (kEloCap) instead of infinite.
struct EloEstimate {
  double elo = 0, error = 0;
};
constexpr double kEloCap = 1200;
EloEstimate elo_estimate(int wins, int draws, int losses);

struct PlayerStanding {
  int index = 0;
  std::string name;
  int games = 0, wins = 0, losses = 0, draws = 0;
  double points = 0;  // wins + draws/2
  double elo = 0, elo_error = 0;
  int timeouts = 0, crashes = 0, illegal = 0;
};

struct CrossCell {
  int games = 0;
  double points = 0;  // of the row player
};

struct Standings {
  int matches_completed = 0;
  int matches_planned = 0;
  std::vector<PlayerStanding> players;      // best first: points, then Elo, then index
  std::vector<std::vector<CrossCell>> cross;  // [row player][column player], player indices
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
