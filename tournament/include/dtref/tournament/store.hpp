// The SQLite results store. One file per tournament (or per shard): the
// tournament's identity, its players, the planned matches and each finished
// match's result. WAL mode; finished matches are committed by one writer
// thread, in batches of whatever finished while the last batch was being
// committed, and reported (counted, shown, handed to the caller) only once
// committed: a process killed at any moment loses at most the matches still
// being played or waiting for their commit, which it never reported, and they
// stay planned to be replayed from their seeds.
#pragma once

#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "dtref/tournament/plan.hpp"
#include "dtref/tournament/record.hpp"

struct sqlite3;

namespace dtref::tour {

class StmtCache;  // sqlite.hpp

struct StoreError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct StoreHeader {
  std::string identity;  // canonical JSON of what defines the tournament (not the shard)
  std::string shard;     // "i/N", or empty for a whole tournament or a merged one
  std::vector<Player> players;
};

class Store {
 public:
  // Opens or creates the database file. Thread-safe: one connection behind a mutex.
  explicit Store(const std::string& path);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  const std::string& path() const { return path_; }
  std::optional<StoreHeader> header();
  // A new store takes the header; an existing one must hold the same, or
  // StoreError says what differs and how to proceed.
  void bind(const StoreHeader&);

  // The tournament's secret seed key (64 hex digits): made from the kernel's
  // random source on first use and kept here, so a resumed tournament plans
  // the same seeds and no bot can compute them.
  std::string seed_key();

  bool round_planned(int round);
  // Stores a round's plan (the matches `keep` accepts, its byes and the fact
  // that it is planned) in one transaction. Planning a round twice is harmless.
  void add_round(const RoundPlan&, const std::function<bool(const PlannedMatch&)>& keep);
  // Commits one finished match. Returns false (storing nothing) if that match
  // is not planned here or already has a result: nothing is counted twice.
  bool record(const MatchRecord&);
  // The same off the caller's thread: queues the match for the writer thread
  // and returns at once; `done` is called on the writer thread once the
  // match's batch is committed, with the record and what record() would have
  // returned. A record without finished_at is stamped with the time it was
  // queued (when the match ended, not when its batch was committed).
  void record_later(MatchRecord, std::function<void(const MatchRecord&, bool stored)> done);
  // Waits until every queued match is committed and its `done` has returned;
  // throws the writer's StoreError if a batch could not be committed.
  void flush();

  std::vector<MatchRecord> matches();  // key order
  std::vector<std::pair<int, int>> byes();  // (round, player)
  std::vector<int> planned_rounds();

 private:
  void exec(const char* sql);
  bool record_locked(const MatchRecord&);
  void write_batches();
  std::string path_;
  sqlite3* db_ = nullptr;
  std::mutex mu_;  // the connection and the statements
  std::unique_ptr<StmtCache> stmts_;
  // The writer's queue, under its own lock so that queuing never waits for a commit.
  struct Queued {
    MatchRecord record;
    std::function<void(const MatchRecord&, bool)> done;
  };
  std::mutex queue_mu_;
  std::condition_variable queue_cv_;
  std::deque<Queued> queue_;
  bool writing_ = false, closing_ = false;
  std::exception_ptr write_error_;
  std::thread writer_;
};

// Describes how two identities (canonical JSON) differ, for error messages.
std::string describe_identity_difference(const std::string& stored, const std::string& given);

// Combines shard stores into `out` (created if missing): all must be slices of
// the same tournament. A match finished in several inputs is taken once (the
// first); returns warnings, e.g. when such copies disagree. Throws StoreError.
std::vector<std::string> merge_stores(const std::string& out, const std::vector<std::string>& inputs);

}  // namespace dtref::tour
