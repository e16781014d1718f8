// The ladder's store: its settings, the registered bots and every match,
// scheduled or finished. Two implementations share one interface and so all
// of the scheduling logic: SQLite (one machine, the default, needs nothing)
// and PostgreSQL (several `dtref ladder --worker` processes on several
// machines, claiming matches with SELECT ... FOR UPDATE SKIP LOCKED).
//
// What makes it safe to kill any process at any moment:
//  - a match is scheduled (a row) before it is played and finished (the same
//    row updated, with its result) in one transaction afterwards;
//  - a claim holds a match only while its player lives: SQLite in the one
//    service process's memory, PostgreSQL as a row lock inside a transaction
//    kept open for the length of the match, released by the server the moment
//    the worker's connection drops. A killed player's match is simply
//    scheduled again; finishing is conditional (status still 'scheduled'), so
//    no match is ever counted twice.
//
// A match has a list of seats (bot and deck per seat), not two fixed columns.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "dtref/tournament/plan.hpp"
#include "dtref/tournament/record.hpp"

namespace dtref::ladder {

struct LadderError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct LadderBot {
  int64_t id = 0;
  tour::Player player;      // name, spec, deck and per-bot settings
  bool remote = false;      // a gRPC bot that dials in with its key when it likes
  std::string key_hash;     // remote: SHA-256 of its key (hex); the key itself is never stored
  bool active = true;       // false once retired
  std::string registered_at, retired_at;
};

struct LadderSeat {
  int64_t bot = 0;
  std::string deck;
};

struct LadderMatch {
  int64_t id = 0;
  int64_t pair_no = 0;  // the seat-swapped pair it belongs to
  int leg = 1;          // 1 or 2 within the pair
  uint64_t seed = 0;    // its deal: its own, or its pair's with duplicate deals
  std::vector<LadderSeat> seats;
  bool done = false;
  // Once done:
  int winner = -1;  // seat; -1: draw
  std::string reason;
  std::vector<tour::SeatRecord> results;  // seat order
  int turns = 0;
  int64_t decisions = 0;
  double wall_ms = 0;
  std::string transcript, finished_at, worker;

  std::string key() const;  // "m000123": names transcripts and logs
};

// A scheduled match held by this process until finish() stores its result or
// the claim is dropped (then it goes back to the queue).
class Claim {
 public:
  virtual ~Claim() = default;
  virtual const LadderMatch& match() const = 0;
  // Stores the result (fields of `result` beyond the schedule). False if the
  // match was finished or withdrawn meanwhile: nothing is stored twice.
  virtual bool finish(const LadderMatch& result) = 0;
};

class LadderStore {
 public:
  virtual ~LadderStore() = default;
  virtual std::string describe() const = 0;  // for messages: the file, or the database without its password

  // Settings: a JSON object written by the first start; a restart must agree.
  virtual std::optional<std::string> settings() = 0;
  virtual void set_settings(const std::string& json) = 0;
  // A secret of the ladder (seeds are derived from it), created on first use.
  virtual std::string seed_key() = 0;

  virtual std::vector<LadderBot> bots() = 0;
  // Adds a bot; throws LadderError if an active bot has the same name in any case.
  // A retired bot of that name is brought back with the new settings.
  virtual LadderBot add_bot(const LadderBot& bot) = 0;
  // Retires an active bot (by name, any case) and withdraws its scheduled matches
  // that nobody is playing. False if there is no such active bot.
  virtual bool retire_bot(const std::string& name) = 0;

  // Every match in id order; `done_only` skips the scheduled ones.
  virtual std::vector<LadderMatch> matches(bool done_only) = 0;
  // The most recent finished matches, newest first.
  virtual std::vector<LadderMatch> recent(int limit) = 0;

  // Scheduling, under the store's lock (one scheduler at a time across every
  // process): `plan` sees every match and returns new ones to insert (their
  // ids are assigned; pair numbers must be above every existing one).
  virtual void schedule(const std::function<std::vector<LadderMatch>(const std::vector<LadderMatch>& all)>& plan) = 0;
  // Withdraws scheduled matches `drop` picks (and nobody is playing).
  virtual void withdraw(const std::function<bool(const LadderMatch&)>& drop) = 0;

  // Claims the oldest scheduled match that `playable` accepts and nobody else
  // holds; nullptr when there is none.
  virtual std::unique_ptr<Claim> claim(const std::function<bool(const LadderMatch&)>& playable,
                                       const std::string& worker) = 0;
};

// Opens the store: PostgreSQL when `pg` (a libpq connection string or URI) is
// given, else the SQLite file `db`. `writer`: this process schedules and plays
// (SQLite: takes the single-writer lock on the file). Throws LadderError.
std::unique_ptr<LadderStore> open_store(const std::string& db, const std::string& pg, bool writer);

// The settings, seats and results as stored (shared by both stores).
std::string seats_to_json(const std::vector<LadderSeat>& seats);
// Bot names are unique whatever their case: each store keys them by the lowercased name.
std::string name_key(const std::string& name);
// The ladder_matches columns both stores read back into a LadderMatch, in order.
extern const char* const kMatchColumns;
std::vector<LadderSeat> seats_from_json(const std::string& text);
std::string bot_settings_json(const tour::Player& p);
tour::Player bot_settings_from_json(const std::string& name, const std::string& text);

}  // namespace dtref::ladder
