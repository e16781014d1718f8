#include "dtref/tournament/ratings.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <tuple>

namespace dtref::tour {

double elo_from_score(double p) { return -400.0 * std::log10(1.0 / p - 1.0); }
double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

namespace {
double capped_elo(double p) {
  const double lo = score_from_elo(-kEloCap), hi = score_from_elo(kEloCap);
  return elo_from_score(std::clamp(p, lo, hi)) + 0.0;  // + 0.0: an even score prints 0, not -0
}
}  // namespace

EloEstimate elo_estimate(int wins, int draws, int losses) {
  const int n = wins + draws + losses;
  if (n == 0) return {};
  EloEstimate e;
  if (wins == n || losses == n) {
    // No finite estimate: the one-sided 95% bound of the exact binomial interval.
    const double edge = std::pow(0.05, 1.0 / n);
    e.bound = wins == n ? EloBound::Lower : EloBound::Upper;
    e.elo = wins == n ? capped_elo(edge) : capped_elo(1 - edge);
    return e;
  }
  const double p = (wins + 0.5 * draws) / n;
  // Variance of one game's score (1, 1/2, 0) around the mean score p.
  double var = (wins * (1 - p) * (1 - p) + draws * (0.5 - p) * (0.5 - p) + losses * p * p) / n;
  if (var == 0) var = 0.25;  // only draws: no measured spread, take the largest there can be
  const double margin = 1.959963984540054 * std::sqrt(var / n);  // 95%, normal approximation
  e.elo = capped_elo(p);
  e.error = (capped_elo(p + margin) - capped_elo(p - margin)) / 2;
  return e;
}

std::string elo_text(const EloEstimate& e, const char* pm) {
  switch (e.bound) {
    case EloBound::Lower: return fmt::format(">= {:+.1f}", e.elo);
    case EloBound::Upper: return fmt::format("<= {:+.1f}", e.elo);
    case EloBound::None: break;
  }
  return fmt::format("{:+.1f}{}{:.1f}", e.elo, pm, e.error);
}

double los(int wins, int losses) {
  if (wins + losses == 0) return 0.5;
  return 0.5 * (1 + std::erf((wins - losses) / std::sqrt(2.0 * (wins + losses))));
}

std::optional<NormalizedElo> normalized_elo(int wins, int draws, int losses) {
  const int n = wins + draws + losses;
  if (n == 0) return std::nullopt;
  const double p = (wins + 0.5 * draws) / n;
  const double var = (wins * (1 - p) * (1 - p) + draws * (0.5 - p) * (0.5 - p) + losses * p * p) / n;
  if (var <= 0) return std::nullopt;
  const double scale = 800 / std::log(10.0);
  return NormalizedElo{(p - 0.5) / std::sqrt(var) * scale, 1.959963984540054 * scale / std::sqrt(double(n))};
}

std::vector<EloEstimate> fit_ratings(int n, const std::vector<FitGame>& games) {
  // Games aggregated per ordered pair: count and points of the first.
  std::map<std::pair<int, int>, std::pair<double, double>> pairs;
  for (const FitGame& g : games) {
    if (g.a < 0 || g.b < 0 || g.a >= n || g.b >= n || g.a == g.b) continue;
    auto& acc = pairs[{std::min(g.a, g.b), std::max(g.a, g.b)}];
    acc.first += 1;
    acc.second += g.a < g.b ? g.score_a : 1 - g.score_a;
  }
  auto sigma = [](double x) { return 1 / (1 + std::exp(-x)); };
  std::vector<double> theta(size_t(n), 0.0);  // natural-log strengths
  std::vector<std::vector<double>> info;      // minus the Hessian
  for (int iter = 0; iter < 100; ++iter) {
    std::vector<double> grad(size_t(n), 0.0);
    info.assign(size_t(n), std::vector<double>(size_t(n), 0.0));
    for (int i = 0; i < n; ++i) {  // the prior: one draw against a 0-rated opponent
      const double p = sigma(theta[size_t(i)]);
      grad[size_t(i)] += 0.5 - p;
      info[size_t(i)][size_t(i)] += p * (1 - p);
    }
    for (const auto& [ab, acc] : pairs) {
      const auto [a, b] = ab;
      const double p = sigma(theta[size_t(a)] - theta[size_t(b)]);
      const double g = acc.second - acc.first * p, w = acc.first * p * (1 - p);
      grad[size_t(a)] += g;
      grad[size_t(b)] -= g;
      info[size_t(a)][size_t(a)] += w;
      info[size_t(b)][size_t(b)] += w;
      info[size_t(a)][size_t(b)] -= w;
      info[size_t(b)][size_t(a)] -= w;
    }
    // Newton step: solve info * step = grad (info is positive definite thanks to the prior).
    std::vector<std::vector<double>> m = info;
    std::vector<double> step = grad;
    for (int c = 0; c < n; ++c) {
      int piv = c;
      for (int r = c + 1; r < n; ++r)
        if (std::abs(m[size_t(r)][size_t(c)]) > std::abs(m[size_t(piv)][size_t(c)])) piv = r;
      std::swap(m[size_t(c)], m[size_t(piv)]);
      std::swap(step[size_t(c)], step[size_t(piv)]);
      for (int r = 0; r < n; ++r) {
        if (r == c) continue;
        const double f = m[size_t(r)][size_t(c)] / m[size_t(c)][size_t(c)];
        for (int k = c; k < n; ++k) m[size_t(r)][size_t(k)] -= f * m[size_t(c)][size_t(k)];
        step[size_t(r)] -= f * step[size_t(c)];
      }
    }
    double largest = 0;
    for (int i = 0; i < n; ++i) {
      const double d = std::clamp(step[size_t(i)] / m[size_t(i)][size_t(i)], -2.0, 2.0);  // damped far from the optimum
      theta[size_t(i)] += d;
      largest = std::max(largest, std::abs(d));
    }
    if (largest < 1e-10) break;
  }
  // Errors come from the inverse of the information matrix (the covariance).
  std::vector<std::vector<double>> inv(size_t(n), std::vector<double>(size_t(n), 0.0));
  for (int i = 0; i < n; ++i) inv[size_t(i)][size_t(i)] = 1;
  std::vector<std::vector<double>> m = info;
  for (int c = 0; c < n; ++c) {
    int piv = c;
    for (int r = c + 1; r < n; ++r)
      if (std::abs(m[size_t(r)][size_t(c)]) > std::abs(m[size_t(piv)][size_t(c)])) piv = r;
    std::swap(m[size_t(c)], m[size_t(piv)]);
    std::swap(inv[size_t(c)], inv[size_t(piv)]);
    const double d = m[size_t(c)][size_t(c)];
    for (int k = 0; k < n; ++k) m[size_t(c)][size_t(k)] /= d, inv[size_t(c)][size_t(k)] /= d;
    for (int r = 0; r < n; ++r) {
      if (r == c) continue;
      const double f = m[size_t(r)][size_t(c)];
      for (int k = 0; k < n; ++k) m[size_t(r)][size_t(k)] -= f * m[size_t(c)][size_t(k)], inv[size_t(r)][size_t(k)] -= f * inv[size_t(c)][size_t(k)];
    }
  }
  // Ratings and their errors are relative to the field's average, as Ordo
  // reports them. Only differences are measured: the scale's origin is pinned
  // by nothing but the weak prior, and its large uncertainty (which the
  // diagonal alone would include) says nothing about any bot, so the variance
  // of theta_i - mean(theta) is reported instead.
  const double scale = 400 / std::log(10.0);
  double mean = 0, total = 0;
  std::vector<double> row_mean(size_t(n), 0.0);
  for (int i = 0; i < n; ++i) {
    mean += theta[size_t(i)] / n;
    for (int j = 0; j < n; ++j) row_mean[size_t(i)] += inv[size_t(i)][size_t(j)] / n;
    total += row_mean[size_t(i)] / n;
  }
  std::vector<EloEstimate> out(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    const double var = inv[size_t(i)][size_t(i)] - 2 * row_mean[size_t(i)] + total;
    out[size_t(i)].elo = (theta[size_t(i)] - mean) * scale + 0.0;
    out[size_t(i)].error = 1.959963984540054 * std::sqrt(std::max(0.0, var)) * scale;
  }
  return out;
}

// Sides of finished matches whose seats had teams: a side's place is the best
// of its members' (they share it unless one left the game).
static std::vector<TeamStanding> team_standings(const std::vector<Player>& players,
                                                const std::vector<MatchRecord>& matches) {
  std::map<std::vector<std::string>, TeamStanding> by_members;
  for (const MatchRecord& m : matches) {
    if (!m.done) continue;
    const std::vector<int> who = m.plan.players();
    std::map<int, std::vector<size_t>> sides;  // team -> seats
    for (size_t s = 0; s < m.seats.size() && s < who.size(); ++s)
      if (m.seats[s].team >= 0) sides[m.seats[s].team].push_back(s);
    if (sides.size() < 2) continue;
    std::map<int, int> place;
    for (const auto& [t, seats] : sides) {
      int best = 1 << 20;
      for (size_t s : seats) best = std::min(best, m.seats[s].place > 0 ? m.seats[s].place : 1 << 20);
      place[t] = best;
    }
    for (const auto& [t, seats] : sides) {
      std::vector<std::string> names;
      for (size_t s : seats)
        names.push_back(who[s] >= 0 && size_t(who[s]) < players.size() ? players[size_t(who[s])].name : "?");
      std::sort(names.begin(), names.end());
      TeamStanding& ts = by_members[names];
      ts.members = names;
      ++ts.games;
      int sharing_first = 0;
      for (const auto& [u, p] : place) sharing_first += p == 1;
      if (place[t] != 1 || sharing_first == 0) ++ts.losses;
      else if (sharing_first == 1) ++ts.wins, ts.points += 1;
      else ++ts.draws, ts.points += 0.5;
    }
  }
  std::vector<TeamStanding> out;
  for (auto& [k, v] : by_members) out.push_back(std::move(v));
  std::stable_sort(out.begin(), out.end(), [](const TeamStanding& a, const TeamStanding& b) {
    return a.points * b.games != b.points * a.games ? a.points * b.games > b.points * a.games : a.games > b.games;
  });
  return out;
}

Standings compute_standings(const std::vector<Player>& players, const std::vector<MatchRecord>& matches) {
  const size_t n = players.size();
  Standings st;
  st.cross.assign(n, std::vector<CrossCell>(n));
  std::vector<PlayerStanding> ps(n);
  for (size_t i = 0; i < n; ++i) {
    ps[i].index = int(i);
    ps[i].name = players[i].name;
  }
  for (const MatchRecord& m : matches) {
    ++st.matches_planned;
    if (!m.done) continue;
    ++st.matches_completed;
    // Every pair of seats on different sides is a game, won by the better
    // place (docs/tournaments.md, "Tables of three or more"); two seats: the match.
    const std::vector<int> who = m.plan.players();
    const int k = int(who.size());
    for (int s = 0; s < k; ++s) {
      if (who[size_t(s)] < 0 || size_t(who[size_t(s)]) >= n) continue;
      PlayerStanding& p = ps[size_t(who[size_t(s)])];
      for (int o = 0; o < k; ++o) {
        if (o == s || m.teammates(s, o) || who[size_t(o)] < 0 || size_t(who[size_t(o)]) >= n) continue;
        const double sc = m.pair_score(s, o);
        ++p.games;
        p.points += sc;
        if (sc == 1) ++p.wins;
        else if (sc == 0) ++p.losses;
        else ++p.draws;
        CrossCell& c = st.cross[size_t(who[size_t(s)])][size_t(who[size_t(o)])];
        ++c.games;
        c.points += sc;
      }
      if (size_t(s) < m.seats.size()) {
        const SeatRecord& r = m.seats[size_t(s)];
        // A fault that ended the match is a verdict; faults a lenient policy
        // let pass are counted in the seat's tallies. Count each fault once.
        p.timeouts += std::max(r.verdict == "timeout" ? 1 : 0, r.timeouts);
        p.crashes += (r.verdict == "crash" || r.verdict == "startup_failure") ? 1 : 0;
        const bool bad_move =
            r.verdict == "illegal_choice" || r.verdict == "malformed" || r.verdict == "stale_decision_id";
        p.illegal += std::max(bad_move ? 1 : 0, r.illegal + r.malformed);
        // A few names at most: a bot that renames itself every match must not grow the page.
        if (!r.ready_name.empty() && r.ready_name != p.name && p.ready_names.size() < 8 &&
            std::find(p.ready_names.begin(), p.ready_names.end(), r.ready_name) == p.ready_names.end())
          p.ready_names.push_back(r.ready_name);
      }
    }
  }
  for (PlayerStanding& p : ps) {
    const EloEstimate e = elo_estimate(p.wins, p.draws, p.losses);
    p.elo = e.elo;
    p.elo_error = e.error;
    p.elo_bound = e.bound;
    p.los = los(p.wins, p.losses);
    p.nelo = normalized_elo(p.wins, p.draws, p.losses);
  }
  std::stable_sort(ps.begin(), ps.end(), [](const PlayerStanding& a, const PlayerStanding& b) {
    return std::tie(b.points, b.elo) < std::tie(a.points, a.elo);
  });
  st.players = std::move(ps);
  st.teams = team_standings(players, matches);
  return st;
}

std::optional<SprtParams> parse_sprt(const std::string& text, std::string* error) {
  SprtParams p;
  std::string t = text;
  std::replace(t.begin(), t.end(), ',', ' ');
  std::istringstream in(t);
  std::string item;
  auto fail = [&](const std::string& why) {
    if (error) *error = why;
    return std::optional<SprtParams>{};
  };
  while (in >> item) {
    const auto eq = item.find('=');
    if (eq == std::string::npos) return fail(fmt::format("'{}' is not key=value (e.g. elo0=0,elo1=5,alpha=0.05,beta=0.05)", item));
    const std::string key = item.substr(0, eq), val = item.substr(eq + 1);
    double v = 0;
    try {
      size_t used = 0;
      v = std::stod(val, &used);
      if (used != val.size()) throw std::invalid_argument(val);
    } catch (const std::exception&) {
      return fail(fmt::format("'{}' in '{}' is not a number", val, item));
    }
    if (key == "elo0") p.elo0 = v;
    else if (key == "elo1") p.elo1 = v;
    else if (key == "alpha") p.alpha = v;
    else if (key == "beta") p.beta = v;
    else return fail(fmt::format("unknown SPRT key '{}' (use elo0, elo1, alpha, beta)", key));
  }
  if (!(p.alpha > 0 && p.alpha < 1 && p.beta > 0 && p.beta < 1)) return fail("alpha and beta must lie strictly between 0 and 1");
  if (!(p.elo1 > p.elo0)) return fail("elo1 must be greater than elo0");
  return p;
}

Pentanomial pentanomial(const std::vector<MatchRecord>& matches, int a, int b) {
  // Pair the legs of each seat-swapped pair: (round, pairing, pair in tie).
  std::map<std::tuple<int, int, int>, std::pair<int, double>> pairs;  // legs done, A's points
  for (const MatchRecord& m : matches) {
    if (!m.done) continue;
    const bool ab = m.plan.seat0 == a && m.plan.seat1 == b, ba = m.plan.seat0 == b && m.plan.seat1 == a;
    if (!ab && !ba) continue;
    auto& acc = pairs[{m.plan.round, m.plan.pairing, (m.plan.leg - 1) / 2}];
    ++acc.first;
    acc.second += m.seat_score(ab ? 0 : 1);
  }
  Pentanomial p;
  for (const auto& [key, acc] : pairs)
    if (acc.first == 2) ++p.counts[size_t(std::lround(acc.second * 2))];
  return p;
}

std::string to_string(SprtVerdict v) {
  switch (v) {
    case SprtVerdict::Continue: return "continue";
    case SprtVerdict::AcceptH0: return "H0";
    case SprtVerdict::AcceptH1: return "H1";
  }
  return "?";
}

SprtResult sprt(const SprtParams& prm, const Pentanomial& penta) {
  SprtResult r;
  r.penta = penta;
  r.lower = std::log(prm.beta / (1 - prm.alpha));
  r.upper = std::log((1 - prm.beta) / prm.alpha);
  const int n = penta.pairs();
  if (n > 0) {
    // GSPRT with a normal approximation of the pair-score distribution: a pair
    // scores x = k/4 (k = 0..4 half points of two games); mean mu, variance var.
    double mu = 0, var = 0;
    for (int k = 0; k < 5; ++k) mu += penta.counts[size_t(k)] * (k / 4.0);
    mu /= n;
    for (int k = 0; k < 5; ++k) var += penta.counts[size_t(k)] * (k / 4.0 - mu) * (k / 4.0 - mu);
    var /= n;
    const double s0 = score_from_elo(prm.elo0), s1 = score_from_elo(prm.elo1);
    if (var > 0) r.llr = n * (s1 - s0) * (2 * mu - s0 - s1) / (2 * var);
  }
  if (r.llr >= r.upper) r.verdict = SprtVerdict::AcceptH1;
  else if (r.llr <= r.lower) r.verdict = SprtVerdict::AcceptH0;
  return r;
}

}  // namespace dtref::tour
