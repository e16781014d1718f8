// Standings for people and programs: a text table with a crosstable, JSON,
// and a self-contained HTML report (inline CSS, JS and SVG; no network).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "dtref/tournament/ratings.hpp"

namespace dtref::tour {

// A seat whose bot misbehaved in a finished match, and where its logs are.
struct FaultLine {
  std::string key, name, verdict, detail, transcript;
};
// Faults in `matches` (verdict other than ok, or counted faults), in key order.
std::vector<FaultLine> faults_of(const std::vector<Player>& players, const std::vector<MatchRecord>& matches);

struct ReportInput {
  std::string title;  // e.g. the database file name
  Standings standings;
  std::optional<SprtResult> sprt;
  std::string sprt_pair;  // "alpha vs beta"
  std::vector<FaultLine> faults;
};

std::string standings_text(const ReportInput&);
// {"matches_completed": N, "matches_planned": M, "players": [{"name", "games", "wins", "losses",
//  "draws", "points", "score", "elo", "elo_error", "timeouts", "crashes", "illegal"}], "crosstable": ..., "sprt": ...}
std::string standings_json(const ReportInput&);
std::string standings_html(const ReportInput&);

}  // namespace dtref::tour
