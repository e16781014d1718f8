#include "dtref/tournament/plan.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "dt/rng.hpp"
#include "dtref/secrets.hpp"

namespace dtref::tour {

std::optional<Format> parse_format(std::string_view s) {
  if (s == "round-robin" || s == "roundrobin" || s == "rr") return Format::RoundRobin;
  if (s == "gauntlet") return Format::Gauntlet;
  if (s == "swiss") return Format::Swiss;
  if (s == "knockout" || s == "ko") return Format::Knockout;
  return std::nullopt;
}

std::string to_string(Format f) {
  switch (f) {
    case Format::RoundRobin: return "round-robin";
    case Format::Gauntlet: return "gauntlet";
    case Format::Swiss: return "swiss";
    case Format::Knockout: return "knockout";
  }
  return "?";
}

bool plans_from_results(Format f) { return f == Format::Swiss || f == Format::Knockout; }

std::string PlannedMatch::key() const {
  return id.empty() ? fmt::format("r{:03}-p{:03}-l{}", round, pairing, leg) : id;
}

namespace {

// Every pairing becomes `pairs` seat-swapped pairs: legs 1,2 / 3,4 / ...
void add_tie(RoundPlan& plan, const PlanParams& p, int pairing, int a, int b, int pairs, int64_t first_pair_index) {
  for (int k = 0; k < pairs; ++k) {
    for (int swap = 0; swap < 2; ++swap) {
      PlannedMatch m;
      m.round = plan.round;
      m.pairing = pairing;
      m.leg = 2 * k + swap + 1;
      m.seat0 = swap ? b : a;
      m.seat1 = swap ? a : b;
      m.seed = leg_seed(p, plan.round, pairing, k, m.leg);
      m.pair_index = first_pair_index + k;
      plan.matches.push_back(m);
    }
  }
}

int64_t choose(int n, int k) {
  int64_t r = 1;
  for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return r;
}

// Round robin of tables: every set of p.seats players (in lexicographic order)
// is a table, played once in each rotation of its seats, all rotations on the
// table's one seed (the same shuffles). So each bot sits in every seat of
// every table it is at, and every two bots share as many tables.
void add_tables(RoundPlan& plan, const PlanParams& p, int64_t first_pair_index) {
  const int k = p.seats;
  std::vector<int> pick(static_cast<size_t>(k));
  for (int i = 0; i < k; ++i) pick[size_t(i)] = i;
  int pairing = 0;
  while (true) {
    ++pairing;
    for (int r = 0; r < k; ++r) {
      PlannedMatch m;
      m.round = plan.round;
      m.pairing = pairing;
      m.leg = r + 1;
      for (int s = 0; s < k; ++s) m.table.push_back(pick[size_t((s + r) % k)]);
      m.seat0 = m.table[0];
      m.seat1 = m.table[1];
      m.seed = leg_seed(p, plan.round, pairing, 0, m.leg);
      m.pair_index = first_pair_index + pairing - 1;  // a whole table goes to one shard
      plan.matches.push_back(m);
    }
    int i = k - 1;
    while (i >= 0 && pick[size_t(i)] == p.players - k + i) --i;
    if (i < 0) break;
    ++pick[size_t(i)];
    for (int j = i + 1; j < k; ++j) pick[size_t(j)] = pick[size_t(j - 1)] + 1;
  }
}

int pairings_per_round(const PlanParams& p) {
  if (p.format == Format::RoundRobin && p.seats > 2) return int(choose(p.players, p.seats));
  if (p.format == Format::RoundRobin) return p.players * (p.players - 1) / 2;
  if (p.format == Format::Gauntlet) return p.players - 1;
  return (p.players + 1) / 2;
}

// Game points per player from finished matches (win 1, draw 1/2) plus a bye
// worth a won pair (2), as Swiss ranks players.
std::vector<double> swiss_points(int n, const History& h) {
  std::vector<double> pts(size_t(n), 0.0);
  for (const PlayedMatch& m : h.matches) {
    if (m.winner_seat == 0) pts[size_t(m.seat0)] += 1;
    else if (m.winner_seat == 1) pts[size_t(m.seat1)] += 1;
    else { pts[size_t(m.seat0)] += 0.5; pts[size_t(m.seat1)] += 0.5; }
  }
  for (const auto& [round, player] : h.byes) pts[size_t(player)] += 2;
  return pts;
}

// Pairs `order` (best first) so no two players meet again; backtracks, within
// a step budget so a large field cannot stall. Returns false if impossible.
bool pair_without_repeats(const std::vector<int>& order, const std::set<std::pair<int, int>>& met,
                          std::vector<bool>& used, std::vector<std::pair<int, int>>& out, long& budget) {
  size_t first = 0;
  while (first < order.size() && used[first]) ++first;
  if (first == order.size()) return true;
  used[first] = true;
  for (size_t j = first + 1; j < order.size(); ++j) {
    if (used[j]) continue;
    if (--budget < 0) break;
    const int a = order[first], b = order[j];
    if (met.count({std::min(a, b), std::max(a, b)})) continue;
    used[j] = true;
    out.emplace_back(a, b);
    if (pair_without_repeats(order, met, used, out, budget)) return true;
    out.pop_back();
    used[j] = false;
  }
  used[first] = false;
  return false;
}

RoundPlan plan_swiss(const PlanParams& p, int round, const History& h) {
  RoundPlan plan;
  plan.round = round;
  const std::vector<double> pts = swiss_points(p.players, h);
  std::vector<int> order(size_t(p.players));
  for (int i = 0; i < p.players; ++i) order[size_t(i)] = i;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return pts[size_t(a)] > pts[size_t(b)]; });
  if (order.size() % 2 == 1) {
    // The lowest-ranked player without a bye so far sits out; if all have had
    // one, the lowest-ranked player.
    std::set<int> had;
    for (const auto& [r, pl] : h.byes) had.insert(pl);
    auto it = std::find_if(order.rbegin(), order.rend(), [&](int pl) { return !had.count(pl); });
    const int bye = it == order.rend() ? order.back() : *it;
    plan.byes.push_back(bye);
    order.erase(std::find(order.begin(), order.end(), bye));
  }
  std::set<std::pair<int, int>> met;
  for (const PlayedMatch& m : h.matches) met.insert({std::min(m.seat0, m.seat1), std::max(m.seat0, m.seat1)});
  std::vector<std::pair<int, int>> pairs;
  std::vector<bool> used(order.size(), false);
  long budget = 200000;
  if (!pair_without_repeats(order, met, used, pairs, budget)) {
    // Every pairing repeats (more rounds than opponents): pair neighbours.
    pairs.clear();
    for (size_t i = 0; i + 1 < order.size(); i += 2) pairs.emplace_back(order[i], order[i + 1]);
  }
  const int64_t base = int64_t(round - 1) * pairings_per_round(p);
  for (size_t i = 0; i < pairs.size(); ++i)
    add_tie(plan, p, int(i) + 1, pairs[i].first, pairs[i].second, 1, base + int64_t(i));
  return plan;
}

// Knockout bracket for one round from the players still in (seed order):
// with an odd count the best seed sits out, then best meets worst.
void knockout_pairs(std::vector<int> alive, std::vector<int>& byes, std::vector<std::pair<int, int>>& pairs) {
  std::sort(alive.begin(), alive.end());
  if (alive.size() % 2 == 1) {
    byes.push_back(alive.front());
    alive.erase(alive.begin());
  }
  for (size_t i = 0; i < alive.size() / 2; ++i) pairs.emplace_back(alive[i], alive[alive.size() - 1 - i]);
}

}  // namespace

std::pair<int, int> pool_pairing(uint64_t seed, int pool_size) {
  if (pool_size <= 1) return {0, 0};
  // Its own stream, so the pairing does not echo the game's shuffles.
  dt::Rng rng(seed ^ 0x6465636b706f6f6cull);  // "deckpool"
  const int first = int(rng.below(uint64_t(pool_size)));
  const int second = (first + 1 + int(rng.below(uint64_t(pool_size - 1)))) % pool_size;
  return {first, second};
}

std::vector<int> pool_table(uint64_t seed, int pool_size, int seats) {
  std::vector<int> out(size_t(seats), 0);
  if (pool_size <= 1) return out;
  dt::Rng rng(seed ^ 0x6465636b706f6f6cull);  // "deckpool", as pool_pairing
  const int first = int(rng.below(uint64_t(pool_size)));
  // Consecutive pool decks round the table: all differ while the pool is large enough.
  for (int s = 0; s < seats; ++s) out[size_t(s)] = (first + s) % pool_size;
  return out;
}

uint64_t pair_seed(const PlanParams& p, int round, int pairing, int pair_in_tie) {
  const std::string key = p.seed_key.empty() ? fmt::format("dtref fixed tournament seed {}", p.seed) : p.seed_key;
  return keyed_seed(key, fmt::format("round {} pairing {} pair {}", round, pairing, pair_in_tie));
}

uint64_t leg_seed(const PlanParams& p, int round, int pairing, int pair_in_tie, int leg) {
  if (p.duplicate_deals) return pair_seed(p, round, pairing, pair_in_tie);
  const std::string key = p.seed_key.empty() ? fmt::format("dtref fixed tournament seed {}", p.seed) : p.seed_key;
  return keyed_seed(key, fmt::format("round {} pairing {} pair {} leg {}", round, pairing, pair_in_tie, leg));
}

uint64_t deck_seed(const PlanParams& p, const PlannedMatch& m) {
  return pair_seed(p, m.round, m.pairing, m.table.empty() ? (m.leg - 1) / 2 : 0);
}

int total_rounds(const PlanParams& p) {
  if (p.format != Format::Knockout) return p.rounds;
  int r = 0;
  for (int alive = p.players; alive > 1; alive = (alive + 1) / 2) ++r;
  return r;
}

std::vector<int> knockout_survivors(const PlanParams& p, int rounds_done, const History& h) {
  std::vector<int> alive(size_t(p.players));
  for (int i = 0; i < p.players; ++i) alive[size_t(i)] = i;
  for (int r = 1; r <= rounds_done; ++r) {
    std::vector<int> byes;
    std::vector<std::pair<int, int>> pairs;
    knockout_pairs(alive, byes, pairs);
    std::vector<int> next = byes;
    for (size_t i = 0; i < pairs.size(); ++i) {
      const auto [a, b] = pairs[i];
      double sa = 0, sb = 0;
      int pa = 0, pb = 0;
      for (const PlayedMatch& m : h.matches) {
        if (m.round != r || m.pairing != int(i) + 1) continue;
        const bool a_first = m.seat0 == a;
        const double s0 = m.winner_seat == 0 ? 1 : m.winner_seat == 1 ? 0 : 0.5;
        sa += a_first ? s0 : 1 - s0;
        sb += a_first ? 1 - s0 : s0;
        pa += a_first ? m.promotion0 : m.promotion1;
        pb += a_first ? m.promotion1 : m.promotion0;
      }
      // The tie goes to the higher score, then to more promotion points, then
      // to the better seed: always decided, never replayed.
      const bool a_wins = sa != sb ? sa > sb : pa != pb ? pa > pb : a < b;
      next.push_back(a_wins ? a : b);
    }
    alive = next;
  }
  std::sort(alive.begin(), alive.end());
  return alive;
}

int expected_matches(const PlanParams& p) {
  switch (p.format) {
    case Format::RoundRobin:
      if (p.seats > 2) return int(p.rounds * choose(p.players, p.seats) * p.seats);
      return p.rounds * p.players * (p.players - 1);
    case Format::Gauntlet: return p.rounds * 2 * (p.players - 1);
    case Format::Swiss: return p.rounds * 2 * (p.players / 2);
    case Format::Knockout: {
      int total = 0;
      for (int alive = p.players; alive > 1; alive = (alive + 1) / 2) total += (alive / 2) * 2 * p.rounds;
      return total;
    }
  }
  return 0;
}

RoundPlan plan_round(const PlanParams& p, int round, const History& h) {
  if (p.players < 2) throw std::invalid_argument("a tournament needs at least two bots");
  if (round < 1 || round > total_rounds(p)) throw std::invalid_argument(fmt::format("no round {}", round));
  if (p.seats > 2 && p.format != Format::RoundRobin)
    throw std::invalid_argument(fmt::format("tables of {} seats are played round robin only, not {}", p.seats,
                                            to_string(p.format)));
  if (p.seats > p.players)
    throw std::invalid_argument(fmt::format("tables of {} seats need at least {} bots, got {}", p.seats, p.seats,
                                            p.players));
  RoundPlan plan;
  plan.round = round;
  const int64_t base = int64_t(round - 1) * pairings_per_round(p);
  switch (p.format) {
    case Format::RoundRobin: {
      if (p.seats > 2) {
        add_tables(plan, p, base);
        return plan;
      }
      int pairing = 0;
      for (int a = 0; a < p.players; ++a)
        for (int b = a + 1; b < p.players; ++b, ++pairing) add_tie(plan, p, pairing + 1, a, b, 1, base + pairing);
      return plan;
    }
    case Format::Gauntlet:
      for (int b = 1; b < p.players; ++b) add_tie(plan, p, b, 0, b, 1, base + b - 1);
      return plan;
    case Format::Swiss: return plan_swiss(p, round, h);
    case Format::Knockout: {
      std::vector<std::pair<int, int>> pairs;
      knockout_pairs(knockout_survivors(p, round - 1, h), plan.byes, pairs);
      for (size_t i = 0; i < pairs.size(); ++i)
        add_tie(plan, p, int(i) + 1, pairs[i].first, pairs[i].second, p.rounds,
                (base + int64_t(i)) * p.rounds);
      return plan;
    }
  }
  return plan;
}

}  // namespace dtref::tour
