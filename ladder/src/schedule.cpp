// Choosing ladder pairings (see schedule.hpp).
#include "dtref/ladder/schedule.hpp"

#include <algorithm>
#include <cmath>

#include "dt/rng.hpp"
#include "dtref/tournament/plan.hpp"

namespace dtref::ladder {

std::vector<Pairing> choose_pairings(std::vector<SchedBot> bots, int count, uint64_t seed) {
  std::vector<Pairing> out;
  dt::Rng rng(seed);
  std::vector<size_t> avail;
  for (size_t i = 0; i < bots.size(); ++i)
    if (bots[i].available) avail.push_back(i);
  if (avail.size() < 2) return out;
  for (int k = 0; k < count; ++k) {
    // The least-played bot first; ties broken at random so no bot is always first.
    int least = bots[avail[0]].load;
    for (size_t i : avail) least = std::min(least, bots[i].load);
    std::vector<size_t> firsts;
    for (size_t i : avail)
      if (bots[i].load == least) firsts.push_back(i);
    const size_t a = firsts[rng.below(firsts.size())];
    // Its opponent: close ratings and light loads weigh more.
    std::vector<double> w;
    double total = 0;
    for (size_t i : avail) {
      double weight = 0;
      if (i != a) {
        const double gap = (bots[i].rating - bots[a].rating) / kGapScale;
        weight = kFloorWeight + std::exp(-0.5 * gap * gap);
        weight /= 1.0 + std::max(0, bots[i].load - least) / 2.0;
      }
      w.push_back(weight);
      total += weight;
    }
    double x = double(rng.below(1ull << 53)) / double(1ull << 53) * total;
    size_t pick = avail[0] == a ? avail[1] : avail[0];
    for (size_t j = 0; j < avail.size(); ++j) {
      if (w[j] <= 0) continue;
      pick = avail[j];
      if (x < w[j]) break;
      x -= w[j];
    }
    out.push_back({bots[a].id, bots[pick].id});
    bots[a].load += 2;
    bots[pick].load += 2;
  }
  return out;
}

std::vector<LadderMatch> pair_legs(const Pairing& p, const LadderBot& a, const LadderBot& b, int64_t pair_no, uint64_t seed,
                                   const DeckRules& decks, const std::vector<uint64_t>& deals) {
  std::string d0 = a.player.deck, d1 = b.player.deck;  // leg 1: a in seat 0, b in seat 1
  const auto leg = [&](int n, std::vector<LadderSeat> seats) {
    LadderMatch m;
    m.pair_no = pair_no;
    m.leg = n;
    m.seed = size_t(n) <= deals.size() ? deals[size_t(n - 1)] : seed;
    m.seats = std::move(seats);
    return m;
  };
  if (!decks.pool.empty()) {
    const auto [x, y] = tour::pool_pairing(seed, int(decks.pool.size()));
    const std::string& seat0 = decks.pool[size_t(x)];
    const std::string& seat1 = decks.pool[size_t(y)];
    d0 = decks.own_decks && a.player.deck_given ? a.player.deck : seat0;
    d1 = decks.own_decks && b.player.deck_given ? b.player.deck : seat1;
    LadderMatch l1 = leg(1, {{p.a, d0}, {p.b, d1}});
    // Leg 2: the same deck in each seat, the bots swapped (own decks travel with their bots).
    const std::string e0 = decks.own_decks && b.player.deck_given ? b.player.deck : seat0;
    const std::string e1 = decks.own_decks && a.player.deck_given ? a.player.deck : seat1;
    LadderMatch l2 = leg(2, {{p.b, e0}, {p.a, e1}});
    return {l1, l2};
  }
  LadderMatch l1 = leg(1, {{p.a, d0}, {p.b, d1}});
  LadderMatch l2 = leg(2, {{p.b, d1}, {p.a, d0}});
  return {l1, l2};
}

}  // namespace dtref::ladder
