// The ladder's live standings as JSON, an HTML page (no JavaScript; it
// refreshes itself) and text. Links point at the service's own routes:
// /matches/<key>/transcript and /matches/<key>/replay.
#include <fmt/core.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "dtref/ladder/service.hpp"

namespace dtref::ladder {

namespace {

using tour::html_escape;
using ojson = nlohmann::ordered_json;

double round1(double x) { return std::round(x * 10) / 10; }

const LadderBot* bot_of(const LadderView& v, const tour::PlayerStanding& p) {
  return size_t(p.index) < v.bots.size() ? &v.bots[size_t(p.index)] : nullptr;
}

std::string status_of(const LadderView& v, const tour::PlayerStanding& p) {
  const LadderBot* b = bot_of(v, p);
  if (!b) return "?";
  if (!b->active) return "retired";
  if (!b->remote) return "active";
  return v.remote_waiting.count(b->player.name) ? "remote, connected" : "remote, away";
}

// No link to a transcript the server would refuse (its deal still in play).
tour::MatchLinks links(const LadderView& v, const std::string& key, const std::string& transcript) {
  if (transcript.empty() || !v.servable.count(key)) return {};
  return {"/matches/" + key + "/transcript", "/matches/" + key + "/replay"};
}

}  // namespace

std::string view_json(const LadderView& v) {
  ojson bots = ojson::array();
  for (size_t i = 0; i < v.standings.players.size(); ++i) {
    const tour::PlayerStanding& p = v.standings.players[i];
    const tour::EloEstimate& r = v.fitted[i];
    const LadderBot* b = bot_of(v, p);
    bots.push_back({{"rank", i + 1},
                    {"name", p.name},
                    {"status", status_of(v, p)},
                    {"spec", b ? (b->remote ? std::string("remote gRPC") : b->player.spec) : ""},
                    {"rating", round1(r.elo)},
                    {"rating_error", round1(r.error)},
                    {"games", p.games},
                    {"wins", p.wins},
                    {"losses", p.losses},
                    {"draws", p.draws},
                    {"score", p.games ? p.points / p.games : 0.0},
                    {"elo", round1(p.elo)},
                    {"elo_error", p.elo_bound == tour::EloBound::None ? ojson(round1(p.elo_error)) : ojson(nullptr)},
                    {"elo_bound", p.elo_bound == tour::EloBound::Lower   ? ojson("lower")
                                  : p.elo_bound == tour::EloBound::Upper ? ojson("upper")
                                                                         : ojson(nullptr)},
                    {"los", std::round(p.los * 1000) / 1000},
                    {"nelo", p.nelo ? ojson(round1(p.nelo->nelo)) : ojson(nullptr)},
                    {"nelo_error", p.nelo ? ojson(round1(p.nelo->error)) : ojson(nullptr)},
                    {"timeouts", p.timeouts},
                    {"crashes", p.crashes},
                    {"illegal", p.illegal},
                    {"ready_names", p.ready_names}});
  }
  ojson recent = ojson::array();
  for (const tour::MatchLine& m : v.recent) {
    const tour::MatchLinks l = links(v, m.key, m.transcript);
    recent.push_back({{"match", m.key},
                      {"seats", m.seats},
                      {"decks", m.decks},
                      {"result", m.result},
                      {"turns", m.turns},
                      {"finished_at", m.finished_at},
                      {"transcript", l.transcript.empty() ? ojson(nullptr) : ojson(l.transcript)},
                      {"replay", l.replay.empty() ? ojson(nullptr) : ojson(l.replay)}});
  }
  ojson faults = ojson::array();
  for (const tour::FaultLine& f : v.faults)
    faults.push_back({{"match", f.key}, {"name", f.name}, {"verdict", f.verdict}, {"detail", f.detail}});
  ojson j = {{"title", v.title},       {"finished", v.finished}, {"running", v.running}, {"scheduled", v.scheduled},
             {"bots", bots},           {"recent", recent},       {"faults", faults},
             {"settings", nlohmann::json::parse(v.settings_json, nullptr, false).is_object()
                              ? ojson::parse(v.settings_json)
                              : ojson(nullptr)}};
  return j.dump(2) + "\n";
}

std::string view_text(const LadderView& v) {
  std::string out = fmt::format("ladder {}: {} matches finished, {} running, {} scheduled\n\n", v.title, v.finished,
                                v.running, v.scheduled);
  size_t w = 4;
  for (const auto& p : v.standings.players) w = std::max(w, p.name.size());
  out += fmt::format("{:>3} {:<{}} {:<17} {:>18} {:>6} {:>5} {:>5} {:>5} {:>6} {:>18} {:>6} {:>7}\n", "#", "name", w,
                     "status", "rating (95%)", "games", "wins", "loss", "draw", "score", "elo vs field", "LOS", "faults");
  for (size_t i = 0; i < v.standings.players.size(); ++i) {
    const tour::PlayerStanding& p = v.standings.players[i];
    out += fmt::format("{:>3} {:<{}} {:<17} {:>18} {:>6} {:>5} {:>5} {:>5} {:>5.1f}% {:>18} {:>5.1f}% {:>7}\n", i + 1, p.name,
                       w, status_of(v, p), p.games ? tour::elo_text(v.fitted[i]) : "-", p.games, p.wins, p.losses,
                       p.draws, p.games ? 100.0 * p.points / p.games : 0.0,
                       p.games ? tour::elo_text(p.elo_estimate()) : "-", 100 * p.los, p.timeouts + p.crashes + p.illegal);
  }
  if (!v.recent.empty()) {
    out += "\nrecent matches (newest first):\n";
    for (size_t i = 0; i < v.recent.size() && i < 10; ++i) {
      const tour::MatchLine& m = v.recent[i];
      std::string seats;
      for (size_t s = 0; s < m.seats.size(); ++s)
        seats += (s ? " vs " : "") + m.seats[s] + (s < m.decks.size() ? " (" + m.decks[s] + ")" : "");
      out += fmt::format("  {} {}: {}, {} turns\n", m.key, seats, m.result, m.turns);
    }
  }
  if (!v.faults.empty()) out += fmt::format("\n{} faults (dtref ladder standings --json lists them)\n", v.faults.size());
  return out;
}

std::string view_html(const LadderView& v) {
  const auto served = [&v](const std::string& key, const std::string& transcript) { return links(v, key, transcript); };
  std::string rows;
  std::vector<tour::PlayerStanding> chart = v.standings.players;
  for (size_t i = 0; i < v.standings.players.size(); ++i) {
    const tour::PlayerStanding& p = v.standings.players[i];
    const tour::EloEstimate& r = v.fitted[i];
    std::string also;
    for (const std::string& n : p.ready_names) also += (also.empty() ? "" : ", ") + html_escape(n);
    rows += fmt::format(
        "<tr class=\"bot\"><td>{}</td><td class=\"name\">{}</td><td class=\"name\">{}</td><td class=\"name\">{}</td>"
        "<td class=\"rating\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.1f}%</td><td>{}</td><td>{:.1f}%</td>"
        "<td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
        i + 1, html_escape(p.name), also, html_escape(status_of(v, p)),
        p.games ? html_escape(tour::elo_text(r, " \u00b1 ")) : "-", p.games, p.wins, p.losses, p.draws,
        p.games ? 100.0 * p.points / p.games : 0.0, p.games ? html_escape(tour::elo_text(p.elo_estimate(), " \u00b1 ")) : "-",
        100 * p.los, p.nelo ? html_escape(fmt::format("{:+.1f} \u00b1 {:.1f}", p.nelo->nelo, p.nelo->error)) : "-",
        p.timeouts, p.crashes, p.illegal);
    // The chart draws the ladder rating (fitted to every game, never a one-sided bound).
    chart[i].elo = r.elo;
    chart[i].elo_error = r.error;
    chart[i].elo_bound = tour::EloBound::None;
  }
  std::string running;
  for (const std::string& k : v.running_keys) running += (running.empty() ? "" : ", ") + html_escape(k);
  return fmt::format(R"HTML(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="10">
<title>dtref ladder: {title}</title>
<style>
{css}</style></head>
<body>
<h1>Ladder: {title}</h1>
<p id="summary"><span id="finished">{finished}</span> matches finished, {running} running{running_keys}, {scheduled} scheduled.
<a href="/standings.json">JSON</a></p>
<h2>Standings</h2>
<table id="standings"><thead><tr><th>#</th><th class="name">bot</th><th class="name">calls itself</th><th class="name">status</th>
<th>rating (95%)</th><th>games</th><th>wins</th><th>losses</th><th>draws</th><th>score</th><th>Elo vs field</th><th>LOS</th>
<th>nElo</th><th>timeouts</th><th>crashes</th><th>illegal</th></tr></thead>
<tbody>
{rows}</tbody></table>
<p>Rating: fitted to every game at once (Bradley-Terry on the Elo scale, one prior draw per bot), with its 95% interval.
Elo vs field, LOS and nElo as in tournaments: a 100% or 0% score shows a one-sided 95% bound.</p>
<div id="chart">
{chart}</div>
<h2>Recent matches</h2>
{recent}<h2>Faults</h2>
{faults}<h2>Settings</h2>
{settings}</body></html>
)HTML",
                     fmt::arg("title", html_escape(v.title)), fmt::arg("css", tour::report_css()),
                     fmt::arg("finished", v.finished), fmt::arg("running", v.running),
                     fmt::arg("running_keys", running.empty() ? "" : " (" + running + ")"),
                     fmt::arg("scheduled", v.scheduled), fmt::arg("rows", rows),
                     fmt::arg("chart", tour::elo_chart_svg(chart)),
                     fmt::arg("recent", tour::matches_html(v.recent, served)),
                     fmt::arg("faults", tour::faults_html(v.faults, served)),
                     fmt::arg("settings", tour::settings_html(v.settings_json)));
}

}  // namespace dtref::ladder
