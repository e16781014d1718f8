#include "dtref/tournament/report.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

namespace dtref::tour {

namespace {

std::string points_text(double p) { return fmt::format("{:g}", p); }

std::string cell_text(const CrossCell& c) {
  return c.games ? fmt::format("{}/{}", points_text(c.points), c.games) : std::string("-");
}

nlohmann::ordered_json sprt_json(const ReportInput& in) {
  const SprtResult& s = *in.sprt;
  return {{"pair", in.sprt_pair}, {"llr", s.llr},   {"lower", s.lower},
          {"upper", s.upper},     {"pairs", s.penta.pairs()}, {"pentanomial", s.penta.counts},
          {"verdict", to_string(s.verdict)}};
}

std::string html_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string sprt_sentence(const ReportInput& in) {
  const SprtResult& s = *in.sprt;
  const char* meaning = s.verdict == SprtVerdict::AcceptH1   ? "H1 accepted: the first bot is stronger by at least elo1"
                        : s.verdict == SprtVerdict::AcceptH0 ? "H0 accepted: the first bot is not stronger by elo1"
                                                             : "continue: not enough evidence yet";
  return fmt::format("SPRT {}: LLR {:.3f} (bounds {:.3f}, {:.3f}) over {} pairs [{} {} {} {} {}] -> {}", in.sprt_pair,
                     s.llr, s.lower, s.upper, s.penta.pairs(), s.penta.counts[0], s.penta.counts[1], s.penta.counts[2],
                     s.penta.counts[3], s.penta.counts[4], meaning);
}

}  // namespace

std::vector<FaultLine> faults_of(const std::vector<Player>& players, const std::vector<MatchRecord>& matches) {
  std::vector<FaultLine> out;
  for (const MatchRecord& m : matches) {
    if (!m.done) continue;
    for (size_t s = 0; s < m.seats.size() && s < 2; ++s) {
      const SeatRecord& r = m.seats[s];
      if (r.verdict == "ok" && r.timeouts == 0 && r.illegal == 0 && r.malformed == 0) continue;
      const int who = s == 0 ? m.plan.seat0 : m.plan.seat1;
      FaultLine f;
      f.key = m.plan.key();
      f.name = who >= 0 && size_t(who) < players.size() ? players[size_t(who)].name : "?";
      f.verdict = r.verdict;
      if (r.verdict == "ok")
        f.verdict = fmt::format("ok ({} timeouts, {} illegal, {} malformed forgiven)", r.timeouts, r.illegal, r.malformed);
      f.detail = r.detail;
      f.transcript = m.transcript;
      out.push_back(f);
    }
  }
  return out;
}

std::string standings_text(const ReportInput& in) {
  const Standings& st = in.standings;
  std::string out = fmt::format("{} of {} matches completed\n\n", st.matches_completed, st.matches_planned);
  size_t w = 4;
  for (const auto& p : st.players) w = std::max(w, p.name.size());
  out += fmt::format("{:>3} {:<{}} {:>6} {:>5} {:>5} {:>5} {:>7} {:>6} {:>17} {:>8} {:>7} {:>7}\n", "#", "name", w,
                     "games", "wins", "loss", "draw", "points", "score", "elo (95%)", "timeouts", "crashes", "illegal");
  for (size_t i = 0; i < st.players.size(); ++i) {
    const PlayerStanding& p = st.players[i];
    const double score = p.games ? 100.0 * p.points / p.games : 0;
    out += fmt::format("{:>3} {:<{}} {:>6} {:>5} {:>5} {:>5} {:>7} {:>5.1f}% {:>17} {:>8} {:>7} {:>7}\n", i + 1, p.name, w,
                       p.games, p.wins, p.losses, p.draws, points_text(p.points), score,
                       fmt::format("{:+.1f} +/- {:.1f}", p.elo, p.elo_error), p.timeouts, p.crashes, p.illegal);
  }
  out += "\ncrosstable (row player's points/games against the column player)\n";
  out += fmt::format("{:>3} {:<{}}", "", "", w);
  for (size_t j = 0; j < st.players.size(); ++j) out += fmt::format(" {:>9}", j + 1);
  out += "\n";
  for (size_t i = 0; i < st.players.size(); ++i) {
    out += fmt::format("{:>3} {:<{}}", i + 1, st.players[i].name, w);
    for (size_t j = 0; j < st.players.size(); ++j) {
      const std::string c = i == j ? std::string("x")
                                   : cell_text(st.cross[size_t(st.players[i].index)][size_t(st.players[j].index)]);
      out += fmt::format(" {:>9}", c);
    }
    out += "\n";
  }
  if (in.sprt) out += "\n" + sprt_sentence(in) + "\n";
  if (!in.faults.empty()) {
    out += fmt::format("\n{} faults (match, bot, verdict, detail, transcript):\n", in.faults.size());
    const size_t shown = std::min<size_t>(in.faults.size(), 20);
    for (size_t i = 0; i < shown; ++i) {
      const FaultLine& f = in.faults[i];
      std::string detail = f.detail;  // one line: the stderr tail may span several
      while (!detail.empty() && detail.back() == '\n') detail.pop_back();
      for (size_t p = 0; (p = detail.find('\n', p)) != std::string::npos;) detail.replace(p, 1, " | ");
      out += fmt::format("  {} {} {}{}{}\n", f.key, f.name, f.verdict, detail.empty() ? "" : " - " + detail,
                         f.transcript.empty() ? "" : "  " + f.transcript);
    }
    if (shown < in.faults.size()) out += fmt::format("  ... {} more (dtref standings --json lists all)\n", in.faults.size() - shown);
  }
  return out;
}

static nlohmann::ordered_json to_json(const ReportInput& in) {
  const Standings& st = in.standings;
  nlohmann::ordered_json players = nlohmann::ordered_json::array();
  for (const PlayerStanding& p : st.players)
    players.push_back({{"name", p.name}, {"games", p.games}, {"wins", p.wins}, {"losses", p.losses},
                       {"draws", p.draws}, {"points", p.points}, {"score", p.games ? p.points / p.games : 0.0},
                       {"elo", std::round(p.elo * 10) / 10}, {"elo_error", std::round(p.elo_error * 10) / 10},
                       {"timeouts", p.timeouts}, {"crashes", p.crashes}, {"illegal", p.illegal}});
  nlohmann::ordered_json cross = nlohmann::ordered_json::object();
  for (const PlayerStanding& a : st.players) {
    nlohmann::ordered_json row = nlohmann::ordered_json::object();
    for (const PlayerStanding& b : st.players) {
      const CrossCell& c = st.cross[size_t(a.index)][size_t(b.index)];
      if (a.index != b.index && c.games) row[b.name] = {{"points", c.points}, {"games", c.games}};
    }
    cross[a.name] = row;
  }
  nlohmann::ordered_json j = {{"matches_completed", st.matches_completed},
                      {"matches_planned", st.matches_planned},
                      {"players", players},
                      {"crosstable", cross}};
  if (in.sprt) j["sprt"] = sprt_json(in);
  nlohmann::ordered_json faults = nlohmann::ordered_json::array();
  for (const FaultLine& f : in.faults)
    faults.push_back({{"match", f.key}, {"name", f.name}, {"verdict", f.verdict}, {"detail", f.detail},
                      {"transcript", f.transcript}});
  j["faults"] = faults;
  return j;
}

std::string standings_json(const ReportInput& in) { return to_json(in).dump(2) + "\n"; }

std::string standings_html(const ReportInput& in) {
  const Standings& st = in.standings;
  std::string rows;
  for (size_t i = 0; i < st.players.size(); ++i) {
    const PlayerStanding& p = st.players[i];
    rows += fmt::format(
        "<tr><td>{}</td><td class=\"name\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
        "<td>{:.1f}%</td><td>{:+.1f}</td><td>&plusmn;{:.1f}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
        i + 1, html_escape(p.name), p.games, p.wins, p.losses, p.draws, points_text(p.points),
        p.games ? 100.0 * p.points / p.games : 0.0, p.elo, p.elo_error, p.timeouts, p.crashes, p.illegal);
  }
  std::string cross = "<tr><th></th>";
  for (size_t j = 0; j < st.players.size(); ++j) cross += fmt::format("<th>{}</th>", j + 1);
  cross += "</tr>\n";
  for (size_t i = 0; i < st.players.size(); ++i) {
    cross += fmt::format("<tr><th class=\"name\">{} {}</th>", i + 1, html_escape(st.players[i].name));
    for (size_t j = 0; j < st.players.size(); ++j)
      cross += fmt::format("<td>{}</td>", i == j ? std::string("&times;")
                                                 : cell_text(st.cross[size_t(st.players[i].index)][size_t(st.players[j].index)]));
    cross += "</tr>\n";
  }
  std::string data = to_json(in).dump();
  // Keep the JSON from closing its <script> element early.
  for (size_t pos = 0; (pos = data.find("</", pos)) != std::string::npos; pos += 3) data.replace(pos, 2, "<\\/");
  const std::string sprt = in.sprt ? fmt::format("<p id=\"sprt\">{}</p>", html_escape(sprt_sentence(in))) : "";
  std::string faults;
  if (!in.faults.empty()) {
    faults = "<h2>Faults</h2>\n<table id=\"faults\"><tr><th>match</th><th class=\"name\">bot</th><th>verdict</th>"
             "<th class=\"name\">detail</th><th class=\"name\">transcript</th></tr>\n";
    for (const FaultLine& f : in.faults)
      faults += fmt::format("<tr><td>{}</td><td class=\"name\">{}</td><td>{}</td><td class=\"name\"><pre>{}</pre></td>"
                            "<td class=\"name\">{}</td></tr>\n",
                            html_escape(f.key), html_escape(f.name), html_escape(f.verdict), html_escape(f.detail),
                            html_escape(f.transcript));
    faults += "</table>\n";
  }
  return fmt::format(R"HTML(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>dtref standings: {title}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em; color: #222; }}
table {{ border-collapse: collapse; margin-bottom: 1.5em; }}
th, td {{ border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }}
td.name, th.name {{ text-align: left; }}
th {{ background: #f0f0f0; }}
#elo-chart .bar {{ fill: #4a7ab5; }}
#elo-chart .errbar {{ stroke: #222; stroke-width: 1.5; }}
#elo-chart text {{ font-size: 12px; }}
</style></head>
<body>
<h1>Standings: {title}</h1>
<p id="summary">{done} of {planned} matches completed.</p>
{sprt}
<h2>Standings</h2>
<table id="standings"><thead><tr><th>#</th><th class="name">name</th><th>games</th><th>wins</th><th>losses</th>
<th>draws</th><th>points</th><th>score</th><th>Elo</th><th>95%</th><th>timeouts</th><th>crashes</th><th>illegal</th></tr></thead>
<tbody>
{rows}</tbody></table>
<h2>Crosstable</h2>
<p>Row player's points / games against the column player.</p>
<table id="crosstable">
{cross}</table>
<h2>Elo</h2>
<div id="chart"></div>
{faults}
<script id="standings-data" type="application/json">{data}</script>
<script>
(function () {{
  var data = JSON.parse(document.getElementById('standings-data').textContent);
  var players = data.players, ns = 'http://www.w3.org/2000/svg';
  var rowH = 28, left = 160, width = 640, plot = width - left - 20;
  var lo = 0, hi = 0;
  players.forEach(function (p) {{ lo = Math.min(lo, p.elo - p.elo_error); hi = Math.max(hi, p.elo + p.elo_error); }});
  if (hi - lo < 1) {{ lo -= 1; hi += 1; }}
  var x = function (v) {{ return left + (v - lo) / (hi - lo) * plot; }};
  var svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('id', 'elo-chart');
  svg.setAttribute('width', width);
  svg.setAttribute('height', players.length * rowH + 30);
  function el(name, attrs, text) {{
    var e = document.createElementNS(ns, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    svg.appendChild(e);
    return e;
  }}
  el('line', {{ x1: x(0), x2: x(0), y1: 0, y2: players.length * rowH, stroke: '#999' }});
  players.forEach(function (p, i) {{
    var y = i * rowH + 4, h = rowH - 8, a = Math.min(x(0), x(p.elo)), b = Math.max(x(0), x(p.elo));
    el('text', {{ x: 4, y: y + h - 4, 'class': 'label' }}, p.name);
    el('rect', {{ x: a, y: y, width: Math.max(1, b - a), height: h, 'class': 'bar', 'data-name': p.name, 'data-elo': p.elo }});
    el('line', {{ x1: x(p.elo - p.elo_error), x2: x(p.elo + p.elo_error), y1: y + h / 2, y2: y + h / 2, 'class': 'errbar' }});
    el('text', {{ x: width - 4, y: y + h - 4, 'text-anchor': 'end', 'class': 'value' }},
       (p.elo >= 0 ? '+' : '') + p.elo.toFixed(1) + ' \u00b1 ' + p.elo_error.toFixed(1));
  }});
  el('text', {{ x: x(0), y: players.length * rowH + 20, 'text-anchor': 'middle' }}, '0 Elo');
  document.getElementById('chart').appendChild(svg);
}})();
</script>
</body></html>
)HTML",
                     fmt::arg("title", html_escape(in.title)), fmt::arg("done", st.matches_completed),
                     fmt::arg("planned", st.matches_planned), fmt::arg("sprt", sprt), fmt::arg("rows", rows),
                     fmt::arg("cross", cross), fmt::arg("data", data), fmt::arg("faults", faults));
}

}  // namespace dtref::tour
