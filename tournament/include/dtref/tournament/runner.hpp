// Playing a tournament: plans rounds into the results store, plays the
// unfinished matches J at a time through dtref::run_match, commits each result
// at once, reports progress, stops cleanly on request or on an SPRT verdict.
#pragma once

#include <atomic>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "dt/deck.hpp"
#include "dt/rules.hpp"
#include "dtref/match.hpp"
#include "dtref/tournament/plan.hpp"
#include "dtref/tournament/ratings.hpp"
#include "dtref/tournament/store.hpp"

namespace dtref::tour {

struct TournamentSetup {
  Format format = Format::RoundRobin;
  int rounds = 1;
  // Fixed by the operator: every match seed follows from it, so whoever knows
  // it can predict every hidden card. Unset (the default): the match seeds
  // derive from a secret random key kept in the results store.
  std::optional<uint64_t> seed;
  std::string seed_key;  // that key; run_tournament fills it from the store
  std::vector<Player> players;
  // Deck pool: each seat-swapped pair plays two of these decks, one per seat
  // (pool_pairing); empty: every bot plays its own deck. With a pool, a bot's
  // own deck is played only when own_decks allows it.
  std::vector<std::string> deck_pool;
  bool own_decks = false;
  dt::Rules rules;
  Clocks clocks;
  Policy policy = Policy::Ladder;
  // Every launched bot's isolation and limits (Player::limits and ::network
  // adjust them per bot). Not part of the identity, except a bot's own limits.
  SandboxSettings sandbox;
  int shard_index = 0, shard_count = 1;  // this process plays slice shard_index (0-based) of shard_count
  // Seats at a table (PlanParams::seats); `rules` is set up for the style at
  // this many (dt::apply_style).
  int seats = 2;
  // Decks by seat, the same at every table whoever sits there (cartel-vs-legion:
  // each seat's organization); empty: the players' decks or the pool's.
  std::vector<std::string> table_decks;

  // Legs of a pair share their deal (PlanParams::duplicate_deals); part of the identity.
  bool duplicate_deals = false;

  PlanParams plan_params() const {
    return {format, int(players.size()), rounds, seed.value_or(0), seed ? std::string() : seed_key, seats, duplicate_deals};
  }
  std::string shard_text() const;  // "i/N", empty when unsharded
};

// What defines a tournament's plan and results, as canonical JSON: a store
// only resumes the tournament with the same identity. Includes a fingerprint
// of each deck's cards. Throws if a deck cannot be loaded.
std::string identity_json(const TournamentSetup&);

// A built-in deck name or a deck-list file, checked under `rules`
// (dt::load_deck_arg); throws naming every problem.
dt::Deck load_deck(const std::string& preset_or_path, const dt::Rules& rules);

// Checks a setup before anything is stored: names unique, decks loadable,
// shards only for formats planned up front. Throws std::invalid_argument.
void validate_setup(const TournamentSetup&);

// Makes sure `concurrency` matches can hold their files and pipes open:
// raises the soft RLIMIT_NOFILE if needed, else throws std::invalid_argument.
void ensure_fd_budget(int concurrency);

// Starts every player's bot once (dtref::preflight_bot) before anything is
// stored, and logs one record per bot (info; warn for one that cannot
// start). Returns a line for each bot that cannot start, naming it and why.
std::vector<std::string> preflight_players(const TournamentSetup&);

// The deck each seat of `m` plays (names: built-in or .deck paths).
std::vector<std::string> seat_decks(const TournamentSetup&, const PlannedMatch& m);

// A finished match as the store keeps it.
MatchRecord record_of(const PlannedMatch& m, const MatchSpec& spec, const MatchOutcome& out);

struct RunOptions {
  int concurrency = 1;
  std::string transcripts_dir;  // empty: no transcripts or stderr logs
  std::string wire_log_dir;     // empty: no wire logs (MatchSpec::wire_log_dir)
  size_t wire_log_max_bytes = WireLogOptions{}.max_bytes;
  std::optional<SprtParams> sprt;  // stop when a bound is crossed (players 0 and 1)
  const std::atomic<bool>* stop = nullptr;  // set (e.g. by a signal handler) to stop
  std::FILE* progress = nullptr;  // nullptr: no progress output
  bool progress_tty = false;      // rewrite one line with \r instead of printing lines
  double progress_interval_s = 10;  // between plain lines when not a TTY
  std::function<void(int stored_this_run)> after_store;  // called after each commit
  std::function<void(const std::string&)> announce;  // grpc-remote seats' address and token (MatchSpec::announce)
  // Keep the stdio bots that say "several_matches" alive between a worker's
  // matches against the same opponents (MatchSpec::keep_alive); false: every
  // bot is started for each match.
  bool keep_alive = true;
};

struct RunSummary {
  int planned = 0;     // matches in this store's plan (Swiss, knockout: all rounds, planned or not)
  int completed = 0;   // with a result in the store
  int played_now = 0;  // finished and stored by this run
  int voided = 0;      // voided by the referee for another reason than a stop (left to replay)
  std::vector<std::string> void_reasons;
  bool interrupted = false;   // stopped on request (RunOptions::stop)
  bool sprt_stopped = false;  // stopped because the SPRT crossed a bound
  std::optional<SprtResult> sprt;  // when RunOptions::sprt was given
  bool finished() const { return completed == planned; }
};

// Throws std::invalid_argument for a bad setup or bot spec, StoreError for a
// store that holds another tournament.
RunSummary run_tournament(const TournamentSetup&, Store&, const RunOptions&);

}  // namespace dtref::tour
