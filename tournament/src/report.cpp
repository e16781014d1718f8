#include "dtref/tournament/report.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <algorithm>
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

std::vector<FaultLine> faults_of(const std::vector<Player>& players, const std::vector<MatchRecord>& matches) {
  std::vector<FaultLine> out;
  for (const MatchRecord& m : matches) {
    if (!m.done) continue;
    const std::vector<int> players_by_seat = m.plan.players();
    for (size_t s = 0; s < m.seats.size() && s < players_by_seat.size(); ++s) {
      const SeatRecord& r = m.seats[s];
      if (r.verdict == "ok" && r.timeouts == 0 && r.illegal == 0 && r.malformed == 0) continue;
      const int who = players_by_seat[s];
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

std::string team_name(const TeamStanding& t) {
  std::string n;
  for (const std::string& m : t.members) n += (n.empty() ? "" : "+") + m;
  return n;
}

std::string standings_text(const ReportInput& in) {
  const Standings& st = in.standings;
  std::string out = fmt::format("{} of {} matches completed\n\n", st.matches_completed, st.matches_planned);
  size_t w = 4;
  for (const auto& p : st.players) w = std::max(w, p.name.size());
  out += fmt::format("{:>3} {:<{}} {:>6} {:>5} {:>5} {:>5} {:>7} {:>6} {:>17} {:>6} {:>16} {:>8} {:>7} {:>7}\n", "#", "name",
                     w, "games", "wins", "loss", "draw", "points", "score", "elo (95%)", "LOS", "nElo (95%)",
                     "timeouts", "crashes", "illegal");
  for (size_t i = 0; i < st.players.size(); ++i) {
    const PlayerStanding& p = st.players[i];
    const double score = p.games ? 100.0 * p.points / p.games : 0;
    const std::string nelo = p.nelo ? fmt::format("{:+.1f} +/- {:.1f}", p.nelo->nelo, p.nelo->error) : "-";
    out += fmt::format("{:>3} {:<{}} {:>6} {:>5} {:>5} {:>5} {:>7} {:>5.1f}% {:>17} {:>5.1f}% {:>16} {:>8} {:>7} {:>7}\n",
                       i + 1, p.name, w, p.games, p.wins, p.losses, p.draws, points_text(p.points), score,
                       p.games ? elo_text(p.elo_estimate()) : "-", 100 * p.los, nelo, p.timeouts, p.crashes,
                       p.illegal);
  }
  for (const PlayerStanding& p : st.players)
    for (const std::string& r : p.ready_names) out += fmt::format("{} calls itself '{}' (its ready message)\n", p.name, r);
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
  if (!st.teams.empty()) {
    out += "\nteams (the bots that sat on one side; a win: the side alone in first place)\n";
    std::vector<std::string> names;
    size_t tw = 4;
    for (const TeamStanding& t : st.teams) {
      names.push_back(team_name(t));
      tw = std::max(tw, names.back().size());
    }
    out += fmt::format("{:>3} {:<{}} {:>6} {:>5} {:>5} {:>5} {:>7} {:>6}\n", "#", "team", tw, "games", "wins", "loss",
                       "draw", "points", "score");
    for (size_t i = 0; i < st.teams.size(); ++i) {
      const TeamStanding& t = st.teams[i];
      out += fmt::format("{:>3} {:<{}} {:>6} {:>5} {:>5} {:>5} {:>7} {:>5.1f}%\n", i + 1, names[i], tw, t.games, t.wins,
                         t.losses, t.draws, points_text(t.points), t.games ? 100.0 * t.points / t.games : 0);
    }
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
    players.push_back(
        {{"name", p.name},
         {"games", p.games},
         {"wins", p.wins},
         {"losses", p.losses},
         {"draws", p.draws},
         {"points", p.points},
         {"score", p.games ? p.points / p.games : 0.0},
         {"elo", std::round(p.elo * 10) / 10},
         // A one-sided bound has no two-sided error: null, never 0.
         {"elo_error", p.elo_bound == EloBound::None ? nlohmann::ordered_json(std::round(p.elo_error * 10) / 10)
                                                     : nlohmann::ordered_json(nullptr)},
         {"elo_bound", p.elo_bound == EloBound::Lower   ? nlohmann::ordered_json("lower")
                       : p.elo_bound == EloBound::Upper ? nlohmann::ordered_json("upper")
                                                        : nlohmann::ordered_json(nullptr)},
         {"los", std::round(p.los * 1000) / 1000},
         {"nelo", p.nelo ? nlohmann::ordered_json(std::round(p.nelo->nelo * 10) / 10) : nlohmann::ordered_json(nullptr)},
         {"nelo_error",
          p.nelo ? nlohmann::ordered_json(std::round(p.nelo->error * 10) / 10) : nlohmann::ordered_json(nullptr)},
         {"timeouts", p.timeouts},
         {"crashes", p.crashes},
         {"illegal", p.illegal},
         {"ready_names", p.ready_names}});
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
  if (!st.teams.empty()) {
    nlohmann::ordered_json teams = nlohmann::ordered_json::array();
    for (const TeamStanding& t : st.teams)
      teams.push_back({{"members", t.members},
                       {"games", t.games},
                       {"wins", t.wins},
                       {"losses", t.losses},
                       {"draws", t.draws},
                       {"points", t.points},
                       {"score", t.games ? t.points / t.games : 0.0}});
    j["teams"] = teams;
  }
  if (in.sprt) j["sprt"] = sprt_json(in);
  nlohmann::ordered_json faults = nlohmann::ordered_json::array();
  for (const FaultLine& f : in.faults)
    faults.push_back({{"match", f.key}, {"name", f.name}, {"verdict", f.verdict}, {"detail", f.detail},
                      {"transcript", f.transcript}});
  j["faults"] = faults;
  return j;
}

std::string standings_json(const ReportInput& in) { return to_json(in).dump(2) + "\n"; }

std::vector<MatchLine> match_lines(const std::vector<Player>& players, const std::vector<MatchRecord>& matches) {
  std::vector<MatchLine> out;
  auto name_of = [&](int i) { return i >= 0 && size_t(i) < players.size() ? players[size_t(i)].name : std::string("?"); };
  for (const MatchRecord& m : matches) {
    if (!m.done) continue;
    MatchLine l;
    l.key = m.plan.key();
    for (int p : m.plan.players()) l.seats.push_back(name_of(p));
    for (const SeatRecord& s : m.seats)
      if (!s.deck.empty()) l.decks.push_back(s.deck);
    if (m.seats.size() > 2) {
      // A table: the seats in the order of their places.
      std::vector<size_t> order(m.seats.size());
      for (size_t i = 0; i < order.size(); ++i) order[i] = i;
      std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return m.seats[a].place < m.seats[b].place; });
      for (size_t i : order)
        l.result += fmt::format("{}{}. {}", l.result.empty() ? "" : ", ", m.seats[i].place, i < l.seats.size() ? l.seats[i] : "?");
      l.result += fmt::format(" ({})", m.reason);
    } else {
      l.result = m.winner_seat < 0 ? fmt::format("draw ({})", m.reason)
                                   : fmt::format("{} wins ({})", l.seats[size_t(m.winner_seat) % 2], m.reason);
    }
    l.turns = m.turns;
    l.finished_at = m.finished_at;
    l.transcript = m.transcript;
    out.push_back(std::move(l));
  }
  return out;
}

std::string report_css() {
  return R"CSS(body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin-bottom: 1.5em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; vertical-align: top; white-space: nowrap; }
td.name, th.name { text-align: left; }
th { background: #f0f0f0; }
pre { margin: 0; white-space: pre-wrap; max-width: 60em; }
#elo-chart .bar { fill: #4a7ab5; }
#elo-chart .errbar, #elo-chart .bound { stroke: #222; stroke-width: 1.5; }
#elo-chart text { font-size: 12px; }
details { margin-bottom: 0.5em; }
)CSS";
}

namespace {

std::string link(const std::string& href, const std::string& text) {
  return href.empty() ? "" : fmt::format("<a href=\"{}\">{}</a>", html_escape(href), html_escape(text));
}

MatchLinks links_of(const LinkFn& fn, const std::string& key, const std::string& transcript) {
  if (fn) return fn(key, transcript);
  return {transcript, ""};
}

std::string links_cell(const LinkFn& fn, const std::string& key, const std::string& transcript) {
  const MatchLinks l = links_of(fn, key, transcript);
  std::string out = link(l.transcript, "transcript");
  if (!l.replay.empty()) out += (out.empty() ? "" : " ") + link(l.replay, "replay");
  return out;
}

// The kind of a fault for grouping: its verdict, or "forgiven" for faults a
// lenient policy let pass.
std::string fault_kind(const FaultLine& f) { return f.verdict.rfind("ok", 0) == 0 ? "forgiven" : f.verdict; }

std::string settings_value_html(const nlohmann::json& v);

std::string settings_table_html(const nlohmann::json& arr) {
  // An array of objects (the bots): one row each, a column per key any of them has.
  std::vector<std::string> cols;
  for (const auto& o : arr)
    for (auto it = o.begin(); it != o.end(); ++it)
      if (std::find(cols.begin(), cols.end(), it.key()) == cols.end()) cols.push_back(it.key());
  std::string out = "<table><tr>";
  for (const auto& c : cols) out += "<th class=\"name\">" + html_escape(c) + "</th>";
  out += "</tr>\n";
  for (const auto& o : arr) {
    out += "<tr>";
    for (const auto& c : cols) out += "<td class=\"name\">" + (o.contains(c) ? settings_value_html(o[c]) : "") + "</td>";
    out += "</tr>\n";
  }
  return out + "</table>";
}

std::string settings_value_html(const nlohmann::json& v) {
  if (v.is_string()) return html_escape(v.get<std::string>());
  if (v.is_array() && !v.empty() && v.front().is_object()) return settings_table_html(v);
  if (v.is_object()) {
    std::string out;
    for (auto it = v.begin(); it != v.end(); ++it)
      out += (out.empty() ? "" : ", ") + html_escape(it.key()) + " " + settings_value_html(it.value());
    return out;
  }
  if (v.is_array()) {
    std::string out;
    for (const auto& e : v) out += (out.empty() ? "" : ", ") + settings_value_html(e);
    return out;
  }
  return html_escape(v.dump());
}

}  // namespace

std::string settings_html(const std::string& settings_json) {
  const auto j = nlohmann::json::parse(settings_json, nullptr, false);
  if (!j.is_object()) return "";
  std::string out = "<table id=\"settings\">\n";
  for (auto it = j.begin(); it != j.end(); ++it)
    out += fmt::format("<tr><th class=\"name\">{}</th><td class=\"name\">{}</td></tr>\n", html_escape(it.key()),
                       settings_value_html(it.value()));
  return out + "</table>\n";
}

std::string elo_chart_svg(const std::vector<PlayerStanding>& players) {
  const int row_h = 28, left = 160, width = 640, plot = width - left - 120;
  double lo = 0, hi = 0;
  for (const PlayerStanding& p : players) {
    lo = std::min(lo, p.elo - p.elo_error);
    hi = std::max(hi, p.elo + p.elo_error);
  }
  // Room for a one-sided bound's arrow beyond its bar.
  const double span = std::max(1.0, hi - lo);
  lo -= span * 0.08;
  hi += span * 0.08;
  auto x = [&](double v) { return left + (v - lo) / (hi - lo) * plot; };
  const int n = int(players.size());
  std::string svg = fmt::format(
      "<svg id=\"elo-chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" role=\"img\" "
      "aria-label=\"Elo with 95% intervals\">\n",
      width, n * row_h + 30);
  svg += fmt::format("<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"0\" y2=\"{1}\" stroke=\"#999\"/>\n", x(0), n * row_h);
  for (int i = 0; i < n; ++i) {
    const PlayerStanding& p = players[size_t(i)];
    const double y = i * row_h + 4, h = row_h - 8;
    const double a = std::min(x(0), x(p.elo)), b = std::max(x(0), x(p.elo));
    const double elo = std::round(p.elo * 10) / 10;
    svg += fmt::format("<text x=\"4\" y=\"{:.1f}\" class=\"label\">{}</text>\n", y + h - 4, html_escape(p.name));
    svg += fmt::format(
        "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" class=\"bar\" data-name=\"{}\" "
        "data-elo=\"{:g}\"/>\n",
        a, y, std::max(1.0, b - a), h, html_escape(p.name), elo);
    const double mid = y + h / 2;
    if (p.elo_bound == EloBound::None) {
      svg += fmt::format("<line x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{:.1f}\" y2=\"{:.1f}\" class=\"errbar\"/>\n",
                         x(p.elo - p.elo_error), x(p.elo + p.elo_error), mid, mid);
    } else {
      // A one-sided bound: an arrow from the bound towards where the rating may lie.
      const double from = x(p.elo), to = p.elo_bound == EloBound::Lower ? x(hi) : x(lo);
      const double tip = p.elo_bound == EloBound::Lower ? -6 : 6;
      svg += fmt::format(
          "<path d=\"M{0:.1f},{1:.1f} L{2:.1f},{1:.1f} M{3:.1f},{4:.1f} L{2:.1f},{1:.1f} L{3:.1f},{5:.1f}\" "
          "class=\"bound\" fill=\"none\"/>\n",
          from, mid, to, to + tip, mid - 4, mid + 4);
    }
    svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\" class=\"value\">{}</text>\n", width - 4,
                       y + h - 4, html_escape(p.games ? elo_text(p.elo_estimate(), " \u00b1 ") : "no games"));
  }
  svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">0 Elo</text>\n</svg>\n", x(0), n * row_h + 20);
  return svg;
}

std::string standings_table_html(const Standings& st) {
  std::string rows;
  for (size_t i = 0; i < st.players.size(); ++i) {
    const PlayerStanding& p = st.players[i];
    std::string also;
    for (const std::string& r : p.ready_names) also += (also.empty() ? "" : ", ") + html_escape(r);
    rows += fmt::format(
        "<tr><td>{}</td><td class=\"name\">{}</td><td class=\"name\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
        "<td>{}</td><td>{:.1f}%</td><td>{}</td><td>{:.1f}%</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
        i + 1, html_escape(p.name), also, p.games, p.wins, p.losses, p.draws, points_text(p.points),
        p.games ? 100.0 * p.points / p.games : 0.0, html_escape(p.games ? elo_text(p.elo_estimate(), " \u00b1 ") : "-"),
        100 * p.los, p.nelo ? html_escape(fmt::format("{:+.1f} \u00b1 {:.1f}", p.nelo->nelo, p.nelo->error)) : "-",
        p.timeouts, p.crashes, p.illegal);
  }
  return "<table id=\"standings\"><thead><tr><th>#</th><th class=\"name\">name</th><th class=\"name\">calls itself</th>"
         "<th>games</th><th>wins</th><th>losses</th><th>draws</th><th>points</th><th>score</th><th>Elo (95%)</th>"
         "<th>LOS</th><th>nElo (95%)</th><th>timeouts</th><th>crashes</th><th>illegal</th></tr></thead>\n<tbody>\n" +
         rows + "</tbody></table>\n";
}

std::string faults_html(const std::vector<FaultLine>& faults, const LinkFn& links) {
  if (faults.empty()) return "<p id=\"faults\">No faults.</p>\n";
  // (bot, kind) -> its faults, bots and kinds in order of first appearance.
  std::vector<std::pair<std::pair<std::string, std::string>, std::vector<const FaultLine*>>> groups;
  for (const FaultLine& f : faults) {
    const auto key = std::make_pair(f.name, fault_kind(f));
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == key; });
    if (it == groups.end()) groups.push_back({key, {&f}});
    else it->second.push_back(&f);
  }
  std::stable_sort(groups.begin(), groups.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::string out = "<table id=\"faults\"><tr><th class=\"name\">bot</th><th class=\"name\">kind</th><th>count</th></tr>\n";
  for (const auto& [key, list] : groups)
    out += fmt::format("<tr class=\"fault-group\"><td class=\"name\">{}</td><td class=\"name\">{}</td><td>{}</td></tr>\n",
                       html_escape(key.first), html_escape(key.second), list.size());
  out += "</table>\n";
  for (const auto& [key, list] : groups) {
    out += fmt::format("<details><summary>{}: {} ({})</summary>\n<table><tr><th>match</th><th class=\"name\">verdict</th>"
                       "<th class=\"name\">detail</th><th class=\"name\">logs</th></tr>\n",
                       html_escape(key.first), html_escape(key.second), list.size());
    for (const FaultLine* f : list)
      out += fmt::format("<tr><td>{}</td><td class=\"name\">{}</td><td class=\"name\"><pre>{}</pre></td><td class=\"name\">{}</td></tr>\n",
                         html_escape(f->key), html_escape(f->verdict), html_escape(f->detail),
                         links_cell(links, f->key, f->transcript));
    out += "</table></details>\n";
  }
  return out;
}

std::string matches_html(const std::vector<MatchLine>& matches, const LinkFn& links) {
  std::string out = "<table id=\"matches\"><tr><th>match</th><th class=\"name\">seats</th><th class=\"name\">decks</th>"
                    "<th class=\"name\">result</th><th>turns</th><th class=\"name\">finished</th><th class=\"name\">logs</th></tr>\n";
  for (const MatchLine& m : matches) {
    std::string seats, decks;
    for (const std::string& s : m.seats) seats += (seats.empty() ? "" : " vs ") + html_escape(s);
    for (const std::string& d : m.decks) decks += (decks.empty() ? "" : " / ") + html_escape(d);
    out += fmt::format("<tr class=\"match\"><td>{}</td><td class=\"name\">{}</td><td class=\"name\">{}</td>"
                       "<td class=\"name\">{}</td><td>{}</td><td class=\"name\">{}</td><td class=\"name\">{}</td></tr>\n",
                       html_escape(m.key), seats, decks, html_escape(m.result), m.turns, html_escape(m.finished_at),
                       links_cell(links, m.key, m.transcript));
  }
  return out + "</table>\n";
}

std::string standings_html(const ReportInput& in) {
  const Standings& st = in.standings;
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
  const std::string sprt = in.sprt ? fmt::format("<p id=\"sprt\">{}</p>", html_escape(sprt_sentence(in))) : "";
  std::string teams;
  if (!st.teams.empty()) {
    teams = "<h2>Teams</h2>\n<p>The bots that sat on one side; a win: the side alone in first place.</p>\n"
            "<table id=\"teams\"><thead><tr><th>#</th><th class=\"name\">team</th><th>games</th><th>wins</th>"
            "<th>losses</th><th>draws</th><th>points</th><th>score</th></tr></thead>\n<tbody>\n";
    for (size_t i = 0; i < st.teams.size(); ++i) {
      const TeamStanding& t = st.teams[i];
      teams += fmt::format("<tr><td>{}</td><td class=\"name\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
                           "<td>{}</td><td>{:.1f}%</td></tr>\n",
                           i + 1, html_escape(team_name(t)), t.games, t.wins, t.losses, t.draws, points_text(t.points),
                           t.games ? 100.0 * t.points / t.games : 0.0);
    }
    teams += "</tbody></table>\n";
  }
  const std::string settings = in.settings_json.empty() ? "" : "<h2>Settings</h2>\n" + settings_html(in.settings_json);
  const std::string matches =
      in.matches.empty() ? "" : "<h2>Matches</h2>\n<details><summary>" + std::to_string(in.matches.size()) +
                                    " finished matches</summary>\n" + matches_html(in.matches, in.links) + "</details>\n";
  return fmt::format(R"HTML(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>dtref standings: {title}</title>
<style>
{css}</style></head>
<body>
<h1>Standings: {title}</h1>
<p id="summary">{done} of {planned} matches completed.</p>
{sprt}
<h2>Standings</h2>
{table}<p>Elo: against the field, with its 95% interval; a 100% or 0% score shows a one-sided 95% bound.
LOS: likelihood of being stronger than the field. nElo: normalized Elo (score over its per-game spread).</p>
<h2>Crosstable</h2>
<p>Row player's points / games against the column player.</p>
<table id="crosstable">
{cross}</table>
{teams}<h2>Elo</h2>
<div id="chart">
{chart}</div>
<h2>Faults</h2>
{faults}{matches}{settings}</body></html>
)HTML",
                     fmt::arg("title", html_escape(in.title)), fmt::arg("css", report_css()),
                     fmt::arg("done", st.matches_completed), fmt::arg("planned", st.matches_planned),
                     fmt::arg("sprt", sprt), fmt::arg("table", standings_table_html(st)), fmt::arg("cross", cross), fmt::arg("teams", teams),
                     fmt::arg("chart", elo_chart_svg(st.players)), fmt::arg("faults", faults_html(in.faults, in.links)),
                     fmt::arg("matches", matches), fmt::arg("settings", settings));
}

}  // namespace dtref::tour
