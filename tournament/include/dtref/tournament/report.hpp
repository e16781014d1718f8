// Standings for people and programs: a text table with a crosstable, JSON,
// and a self-contained HTML report (inline CSS and SVG; no JavaScript, no
// network). The pieces of the HTML page are exposed for the ladder's live page.
#pragma once

#include <functional>
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

// Where a match's transcript and replay page are, as links (empty: none).
struct MatchLinks {
  std::string transcript, replay;
};
using LinkFn = std::function<MatchLinks(const std::string& key, const std::string& transcript_path)>;

// A finished match as the match list shows it.
struct MatchLine {
  std::string key;
  std::vector<std::string> seats;  // bot names in seat order
  std::vector<std::string> decks;  // deck names in seat order (may be empty)
  std::string result;              // "alpha wins (promotion_target)", "draw (turn_limit)"
  int turns = 0;
  std::string finished_at;
  std::string transcript;
};
std::vector<MatchLine> match_lines(const std::vector<Player>& players, const std::vector<MatchRecord>& matches);

struct ReportInput {
  std::string title;  // e.g. the database file name
  Standings standings;
  std::optional<SprtResult> sprt;
  std::string sprt_pair;  // "alpha vs beta"
  std::vector<FaultLine> faults;
  // The settings that define the run (the store's identity JSON): format,
  // rules, clocks, policy, decks, bots with their specs. Empty: not shown.
  std::string settings_json;
  std::vector<MatchLine> matches;  // HTML: the match list with links (empty: not shown)
  LinkFn links;                    // HTML: links of a match; unset: the transcript path as a file link
};

std::string standings_text(const ReportInput&);
// {"matches_completed": N, "matches_planned": M, "players": [{"name", "games", "wins", "losses",
//  "draws", "points", "score", "elo", "elo_error", "elo_bound", "los", "nelo", "nelo_error",
//  "timeouts", "crashes", "illegal", "ready_names"}], "crosstable": ..., "teams": [{"members",
//  "games", "wins", "losses", "draws", "points", "score"}] (teams styles only), "faults": ..., "sprt": ...}
std::string standings_json(const ReportInput&);
std::string standings_html(const ReportInput&);

// Pieces of the HTML page, shared with the ladder's live page.
std::string html_escape(const std::string& s);
std::string report_css();
// The Elo chart as inline SVG: a bar per player from 0 to its rating with the
// 95% interval as an error bar, or an arrow for a one-sided bound.
std::string elo_chart_svg(const std::vector<PlayerStanding>& players);
// The standings table (id "standings").
std::string standings_table_html(const Standings& st);
// Faults grouped by bot and kind of fault, each group listing its matches with links.
std::string faults_html(const std::vector<FaultLine>& faults, const LinkFn& links);
// The match list (id "matches"), newest last, with links.
std::string matches_html(const std::vector<MatchLine>& matches, const LinkFn& links);
// A settings JSON object as nested tables (id "settings").
std::string settings_html(const std::string& settings_json);

}  // namespace dtref::tour
