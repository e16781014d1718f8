// The ladder's live standings as JSON, an HTML page (no JavaScript; it
// refreshes itself) and text. Links point at the service's own routes:
// /matches/<key>/transcript and /matches/<key>/replay.
#include <fmt/core.h>

#include <cmath>
#include <filesystem>
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
                    {"score", p.games ? ojson(p.points / p.games) : ojson(nullptr)},  // none without games
                    {"elo", round1(p.elo)},
                    {"elo_error", p.elo_bound == tour::EloBound::None ? ojson(round1(p.elo_error)) : ojson(nullptr)},
                    {"elo_bound", p.elo_bound == tour::EloBound::Lower   ? ojson("lower")
                                  : p.elo_bound == tour::EloBound::Upper ? ojson("upper")
                                                                         : ojson(nullptr)},
                    {"los", p.games ? ojson(std::round(p.los * 1000) / 1000) : ojson(nullptr)},
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
    // A bot without games has no score and no likelihood of superiority yet.
    const auto pct = [&](double x) { return p.games ? fmt::format("{:.1f}%", x) : std::string("-"); };
    out += fmt::format("{:>3} {:<{}} {:<17} {:>18} {:>6} {:>5} {:>5} {:>5} {:>6} {:>18} {:>6} {:>7}\n", i + 1, p.name,
                       w, p.games ? status_of(v, p) : status_of(v, p) + ", no games", p.games ? tour::elo_text(v.fitted[i]) : "-",
                       p.games, p.wins, p.losses, p.draws, pct(p.games ? 100.0 * p.points / p.games : 0.0),
                       p.games ? tour::elo_text(p.elo_estimate()) : "-", pct(100 * p.los), p.timeouts + p.crashes + p.illegal);
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

namespace {

// One column of the standings table: shown only when some row has something in it.
struct Column {
  std::string head;
  bool name = false;      // left-aligned text
  bool interval = false;  // a value with its error: may wrap at the "±"
  std::vector<std::string> cells = {};
  bool shown() const {
    for (const std::string& c : cells)
      if (!c.empty() && c != "-") return true;
    return false;
  }
};

std::string standings_table(const LadderView& v) {
  std::vector<Column> cols = {{"#"},     {"bot", true},   {"calls itself", true}, {"status", true},
                              {"rating (95%)", false, true},   {"games"},   {"wins"},   {"losses"},
                              {"draws"}, {"score"},       {"Elo vs field", false, true},  {"LOS"},
                              {"nElo", false, true},            {"faults", true}};
  for (size_t i = 0; i < v.standings.players.size(); ++i) {
    const tour::PlayerStanding& p = v.standings.players[i];
    const bool played = p.games > 0;
    std::string also;
    for (const std::string& n : p.ready_names) also += (also.empty() ? "" : ", ") + html_escape(n);
    std::string faults;
    for (const auto& [n, what] : {std::pair{p.timeouts, "timeouts"}, {p.crashes, "crashes"}, {p.illegal, "illegal"}})
      if (n > 0) faults += fmt::format("{}{} {}", faults.empty() ? "" : ", ", n, what);
    const std::string status = html_escape(status_of(v, p)) + (played ? "" : ", no games yet");
    const std::string cells[] = {
        std::to_string(i + 1),
        html_escape(p.name),
        also,
        status,
        played ? html_escape(tour::elo_text(v.fitted[i], " \u00b1 ")) : "-",
        std::to_string(p.games),
        played ? std::to_string(p.wins) : "-",
        played ? std::to_string(p.losses) : "-",
        played ? std::to_string(p.draws) : "-",
        // A bot without games has no score and no likelihood of superiority (not 0 % and 50 %).
        played ? fmt::format("{:.1f}%", 100.0 * p.points / p.games) : "-",
        played ? html_escape(tour::elo_text(p.elo_estimate(), " \u00b1 ")) : "-",
        played ? fmt::format("{:.1f}%", 100 * p.los) : "-",
        played && p.nelo ? html_escape(fmt::format("{:+.1f} \u00b1 {:.1f}", p.nelo->nelo, p.nelo->error)) : "-",
        faults};
    for (size_t c = 0; c < cols.size(); ++c) cols[c].cells.push_back(cells[c]);
  }
  // The rank, the name, the status and the games always show; the rest only with something to say.
  for (size_t c : {0, 1, 3, 5}) cols[c].cells.push_back("x");
  std::string head, rows;
  for (const Column& c : cols)
    if (c.shown()) head += fmt::format("<th{}>{}</th>", c.name ? " class=\"name\"" : "", c.head);
  for (size_t i = 0; i < v.standings.players.size(); ++i) {
    rows += "<tr class=\"bot\">";
    for (const Column& c : cols)
      if (c.shown())
        rows += fmt::format("<td{}>{}</td>", c.name ? " class=\"name\"" : c.interval ? " class=\"rating\"" : "",
                            c.cells[i]);
    rows += "</tr>\n";
  }
  return "<div class=\"wide\"><table id=\"standings\"><thead><tr>" + head + "</tr></thead>\n<tbody>\n" + rows +
         "</tbody></table></div>";
}

// Wide tables scroll inside their box instead of running off the page.
const char* kPageCss = R"CSS(.wide { max-width: 100%; overflow-x: auto; }
#standings th, #standings td.name, #standings td.rating { white-space: normal; }
#standings td.rating { min-width: 5.5em; }
)CSS";

}  // namespace

std::string view_html(const LadderView& v, const std::string& saved_to) {
  namespace fs = std::filesystem;
  // Served: addresses relative to the page (it is served at the root).
  // Saved: the transcript files themselves, relative to the page's directory.
  // No link to a transcript the server would refuse (its deal still in play).
  tour::LinkFn page_links = [&v](const std::string& key, const std::string& transcript) -> tour::MatchLinks {
    if (transcript.empty() || !v.servable.count(key)) return {};
    return {"matches/" + key + "/transcript", "matches/" + key + "/replay"};
  };
  if (!saved_to.empty()) {
    std::error_code ec;
    const fs::path dir = fs::absolute(saved_to, ec).parent_path();
    page_links = [dir](const std::string&, const std::string& transcript) -> tour::MatchLinks {
      std::error_code e;
      if (transcript.empty() || !fs::exists(transcript, e)) return {};  // gone (retention) or elsewhere
      const fs::path rel = fs::relative(fs::absolute(transcript, e), dir, e);
      return {e ? fs::absolute(transcript, e).string() : rel.string(), ""};
    };
  }
  std::vector<tour::PlayerStanding> chart = v.standings.players;
  for (size_t i = 0; i < v.standings.players.size(); ++i) {
    // The chart draws the ladder rating (fitted to every game, never a one-sided bound).
    chart[i].elo = v.fitted[i].elo;
    chart[i].elo_error = v.fitted[i].error;
    chart[i].elo_bound = tour::EloBound::None;
  }
  std::string running;
  for (const std::string& k : v.running_keys) running += (running.empty() ? "" : ", ") + html_escape(k);
  return fmt::format(R"HTML(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">{refresh}
<title>dtref ladder: {title}</title>
<style>
{css}{page_css}</style></head>
<body>
<h1>Ladder: {title}</h1>
<p id="summary"><span id="finished">{finished}</span> matches finished, {running} running{running_keys}, {scheduled} scheduled.
{json}</p>
<h2>Standings</h2>
{table}
<p>Rating: fitted to every game at once (Bradley-Terry on the Elo scale, one prior draw per bot), with its 95% interval.
Elo vs field, LOS and nElo as in tournaments: a 100% or 0% score shows a one-sided 95% bound.</p>
<div id="chart" class="wide">
{chart}</div>
<h2>Recent matches</h2>
<div class="wide">{recent}</div><h2>Faults</h2>
<div class="wide">{faults}</div><h2>Settings</h2>
<div class="wide">{settings}</div></body></html>
)HTML",
                     fmt::arg("refresh", saved_to.empty() ? "<meta http-equiv=\"refresh\" content=\"10\">" : ""),
                     fmt::arg("title", html_escape(v.title)), fmt::arg("css", tour::report_css()),
                     fmt::arg("page_css", kPageCss), fmt::arg("finished", v.finished), fmt::arg("running", v.running),
                     fmt::arg("running_keys", running.empty() ? "" : " (" + running + ")"),
                     fmt::arg("scheduled", v.scheduled),
                     fmt::arg("json", saved_to.empty() ? "<a href=\"standings.json\">JSON</a>" : ""),
                     fmt::arg("table", standings_table(v)), fmt::arg("chart", tour::elo_chart_svg(chart)),
                     fmt::arg("recent", tour::matches_html(v.recent, page_links)),
                     fmt::arg("faults", tour::faults_html(v.faults, page_links)),
                     fmt::arg("settings", tour::settings_html(v.settings_json)));
}

}  // namespace dtref::ladder
