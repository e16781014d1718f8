// Who plays whom next on a ladder: a pure function of the bots' ratings and
// loads and a seed, shared by every store and tested on its own.
//
// Two aims pull against each other: every bot should play regularly, and bots
// of close rating should meet more often (their games say the most about
// their order). So the next pair starts with the bot that has played least
// (finished plus scheduled games), and its opponent is drawn with a weight
// that falls off with the rating gap (a Gaussian with kGapScale Elo spread)
// and with how far the opponent is ahead in games; a small floor keeps
// distant bots meeting now and then, so the ratings stay connected.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "dtref/ladder/store.hpp"

namespace dtref::ladder {

constexpr double kGapScale = 200;     // Elo
constexpr double kFloorWeight = 0.05;  // relative weight of the most distant pairing

struct SchedBot {
  int64_t id = 0;
  double rating = 0;  // Elo
  int load = 0;       // games finished plus games scheduled
  bool available = true;
};

struct Pairing {
  int64_t a = 0, b = 0;  // a sits in seat 0 of leg 1, b in seat 0 of leg 2
};

// The next `count` pairings (fewer when fewer than two bots are available).
// Each pairing adds two games to both bots' loads.
std::vector<Pairing> choose_pairings(std::vector<SchedBot> bots, int count, uint64_t seed);

// What a ladder's matches are built from besides the pairings.
struct DeckRules {
  std::vector<std::string> pool;  // empty: every bot plays its own deck
  bool own_decks = false;         // with a pool: bots that named a deck play it
};

// The two legs of a pairing, seats swapped; with a deck pool the same deck
// stays in the same seat in both legs (tour::pool_pairing, drawn from `seed`).
// Leg n is dealt from deals[n-1] when given, else from `seed` (duplicate deals).
std::vector<LadderMatch> pair_legs(const Pairing& p, const LadderBot& a, const LadderBot& b, int64_t pair_no, uint64_t seed,
                                   const DeckRules& decks, const std::vector<uint64_t>& deals = {});

}  // namespace dtref::ladder
