// The tournament plan: which matches are played, in which seats, with which
// seed. Everything here is a pure function of (players, format, rounds, seed or seed key)
// and, for Swiss and knockout, of the stored results of earlier rounds, so a
// resumed or sharded tournament plans exactly the same matches.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dtref/match.hpp"

namespace dtref::tour {

enum class Format { RoundRobin, Gauntlet, Swiss, Knockout };
std::optional<Format> parse_format(std::string_view);
std::string to_string(Format);
// True when round k+1 depends on the results of round k.
bool plans_from_results(Format);

struct Player {
  std::string name;
  std::string spec;  // passed to run_match untouched (builtin:..., stdio:..., grpc:...)
  std::string deck;  // built-in deck name or path to a .deck file
  bool deck_given = false;  // the bot named its own deck (not the default)
  // Per-bot settings (cutechess's -engine): see dtref::BotSpec.
  std::vector<std::string> args = {};
  std::string dir = {};
  std::vector<std::pair<std::string, std::string>> env = {};
  std::optional<Clocks> clocks = {};
  std::string limits = {};           // resource limits (dtref::ResourceLimits::apply syntax); "" for the tournament's
  std::optional<bool> network = {};  // the host's network (unset: the tournament's setting)

  BotSpec bot_spec() const { return {name, spec, args, dir, env, clocks, limits, network}; }
  bool has_settings() const {
    return !args.empty() || !dir.empty() || !env.empty() || clocks.has_value() || !limits.empty() || network.has_value();
  }
};

// One planned match. Legs 2k-1 and 2k of a pairing are a seat-swapped pair
// (sharing one seed only with PlanParams::duplicate_deals).
struct PlannedMatch {
  int round = 0;    // 1-based
  int pairing = 0;  // 1-based within the round
  int leg = 0;      // 1-based
  int seat0 = 0, seat1 = 0;  // player indices
  uint64_t seed = 0;
  int64_t pair_index = 0;  // position of the seat-swapped pair in the whole plan (sharding)
  std::string id;  // a key of its own (ladders: "m000123"); empty: made from round, pairing, leg
  // Tables of three or more seats: the players by seat (seat0 and seat1 are
  // its first two); empty for two seats.
  std::vector<int> table;
  std::string key() const;  // "r001-p002-l1": sorts in play order, names log files
  std::vector<int> players() const { return table.empty() ? std::vector<int>{seat0, seat1} : table; }
};

struct RoundPlan {
  int round = 0;
  std::vector<PlannedMatch> matches;
  std::vector<int> byes;  // players sitting this round out (Swiss, knockout)
};

// A finished match as planning needs it.
struct PlayedMatch {
  int round = 0, pairing = 0;
  int seat0 = 0, seat1 = 0;
  int winner_seat = -1;  // -1: draw
  int promotion0 = 0, promotion1 = 0;
};

struct History {
  std::vector<PlayedMatch> matches;           // every finished match of earlier rounds
  std::vector<std::pair<int, int>> byes;      // (round, player)
};

struct PlanParams {
  Format format = Format::RoundRobin;
  int players = 0;
  int rounds = 1;     // knockout: seat-swapped pairs per tie
  uint64_t seed = 1;  // an operator's fixed seed, used when seed_key is empty
  // The secret the match seeds are derived from (kept in the results store):
  // nothing a bot receives reveals it, so no bot can work out a match seed.
  std::string seed_key;
  // Seats at a table. Above two (round robin only): every set of `seats`
  // players is a table, played once in each rotation of its seats.
  int seats = 2;
  // Duplicate deals: the legs of a seat-swapped pair (the rotations of a
  // table) share one seed, so both bots get the same shuffles. Off (the
  // default), every leg has a secret seed of its own: a bot that remembers a
  // leg, or hears from a partner in another, learns nothing about the next.
  // Safe only for bots that neither remember between matches nor talk to
  // each other (docs/security.md); legs of one deal never run at once.
  bool duplicate_deals = false;
};

// Number of rounds the tournament has (knockout: enough to leave one player).
int total_rounds(const PlanParams&);
// Matches the whole (unsharded) tournament has, every round included.
int expected_matches(const PlanParams&);
// Plans round `round` (1-based). Round robin and gauntlet ignore `history`;
// Swiss and knockout need every match of the earlier rounds in it.
RoundPlan plan_round(const PlanParams&, int round, const History& history);

// The seed of a seat-swapped pair: HMAC-SHA256 of its place under the
// tournament's seed key (or, with a fixed seed, a key made from that number),
// so one match's seed tells nothing about another's.
uint64_t pair_seed(const PlanParams&, int round, int pairing, int pair_in_tie);
// The seed one leg is dealt from: the pair's seed with duplicate deals, else
// one of its own (the same HMAC over the leg's place).
uint64_t leg_seed(const PlanParams&, int round, int pairing, int pair_in_tie, int leg);
// The seed a planned match's pool decks are drawn from: its pair's (or
// table's), whatever the deals, so both legs keep the decks in their seats.
uint64_t deck_seed(const PlanParams&, const PlannedMatch&);

// Deck pools for tables of three or more: the pool index of each seat's deck,
// drawn from the table's seed, so every rotation of a table keeps the decks in
// their seats while the bots move round them.
std::vector<int> pool_table(uint64_t table_seed, int pool_size, int seats);

// Deck pools (the card game's openings): the decks a seat-swapped pair plays,
// as indices into a pool of `pool_size` decks for seat 0 and seat 1, drawn
// from the pair's seed. Both legs keep the same deck in the same seat (and the
// same seed, so the same shuffles) while the bots swap seats: each bot plays
// each deck of the pairing once, and a deck's strength cancels out of the pair.
// The two decks differ when the pool has two or more.
std::pair<int, int> pool_pairing(uint64_t pair_seed, int pool_size);

// Knockout: players still in after the rounds in `history` (seed order).
std::vector<int> knockout_survivors(const PlanParams&, int rounds_done, const History& history);

}  // namespace dtref::tour
