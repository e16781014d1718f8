// Small RAII helpers over SQLite's C API for the stores (tournaments,
// ladders): prepared statements that finalize themselves, statements prepared
// once and reused (StmtCache), and IMMEDIATE transactions that roll back
// unless committed. Errors throw StoreError.
#pragma once

#include <fmt/core.h>
#include <sqlite3.h>

#include <cstdint>
#include <map>
#include <string>

#include "dtref/tournament/store.hpp"

namespace dtref::tour {

// A prepared statement that finalizes itself.
class Stmt {
 public:
  Stmt(sqlite3* db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql, -1, &st_, nullptr) != SQLITE_OK)
      throw StoreError(fmt::format("store: {} (in: {})", sqlite3_errmsg(db), sql));
  }
  // A statement of a StmtCache: reset and unbound when done, never finalized.
  Stmt(sqlite3* db, sqlite3_stmt* cached) : db_(db), st_(cached), owned_(false) {}
  Stmt(Stmt&& o) noexcept : db_(o.db_), st_(o.st_), owned_(o.owned_) { o.st_ = nullptr; }
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;
  ~Stmt() {
    if (!st_) return;
    if (owned_) {
      sqlite3_finalize(st_);
    } else {
      sqlite3_reset(st_);
      sqlite3_clear_bindings(st_);
    }
  }
  Stmt& bind(int i, int64_t v) { sqlite3_bind_int64(st_, i, v); return *this; }
  Stmt& bind(int i, int v) { sqlite3_bind_int64(st_, i, v); return *this; }
  Stmt& bind(int i, double v) { sqlite3_bind_double(st_, i, v); return *this; }
  Stmt& bind(int i, const std::string& v) {
    sqlite3_bind_text(st_, i, v.data(), int(v.size()), SQLITE_TRANSIENT);
    return *this;
  }
  // True while a row is available.
  bool step() {
    const int rc = sqlite3_step(st_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw StoreError(fmt::format("store: {}", sqlite3_errmsg(db_)));
  }
  void run() { step(); }
  int64_t i64(int c) { return sqlite3_column_int64(st_, c); }
  int i32(int c) { return int(sqlite3_column_int64(st_, c)); }
  double f64(int c) { return sqlite3_column_double(st_, c); }
  std::string text(int c) {
    const auto* p = sqlite3_column_text(st_, c);
    return p ? std::string(reinterpret_cast<const char*>(p)) : std::string();
  }

 private:
  sqlite3* db_;
  sqlite3_stmt* st_ = nullptr;
  bool owned_ = true;
};

// Statements prepared on first use and kept for the connection's life (a
// store records thousands of matches with the same few statements; preparing
// each again was a twentieth of a tournament's CPU). Keyed by the SQL text's
// address: give string literals. Not thread-safe: use under the store's lock.
class StmtCache {
 public:
  explicit StmtCache(sqlite3* db = nullptr) : db_(db) {}
  StmtCache(const StmtCache&) = delete;
  StmtCache& operator=(const StmtCache&) = delete;
  ~StmtCache() { clear(); }
  void reset(sqlite3* db) {
    clear();
    db_ = db;
  }
  void clear() {
    for (auto& [sql, st] : cache_) sqlite3_finalize(st);
    cache_.clear();
  }
  Stmt operator()(const char* sql) {
    sqlite3_stmt*& st = cache_[sql];
    if (!st && sqlite3_prepare_v3(db_, sql, -1, SQLITE_PREPARE_PERSISTENT, &st, nullptr) != SQLITE_OK) {
      const std::string why = sqlite3_errmsg(db_);
      sqlite3_finalize(st);
      cache_.erase(sql);
      throw StoreError(fmt::format("store: {} (in: {})", why, sql));
    }
    return Stmt(db_, st);
  }

 private:
  sqlite3* db_;
  std::map<const char*, sqlite3_stmt*> cache_;
};

class Transaction {
 public:
  explicit Transaction(sqlite3* db) : db_(db) { Stmt(db, "BEGIN IMMEDIATE").run(); }
  // With a cache: BEGIN and COMMIT prepared once too.
  Transaction(sqlite3* db, StmtCache& cache) : db_(db), cache_(&cache) { cache("BEGIN IMMEDIATE").run(); }
  void commit() {
    if (cache_) (*cache_)("COMMIT").run();
    else Stmt(db_, "COMMIT").run();
    done_ = true;
  }
  ~Transaction() {
    if (!done_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  }

 private:
  sqlite3* db_;
  StmtCache* cache_ = nullptr;
  bool done_ = false;
};


}  // namespace dtref::tour
