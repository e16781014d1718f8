// Small RAII helpers over SQLite's C API for the stores (tournaments,
// ladders): prepared statements that finalize themselves and IMMEDIATE
// transactions that roll back unless committed. Errors throw StoreError.
#pragma once

#include <fmt/core.h>
#include <sqlite3.h>

#include <cstdint>
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
  ~Stmt() { sqlite3_finalize(st_); }
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
};

class Transaction {
 public:
  explicit Transaction(sqlite3* db) : db_(db) { Stmt(db, "BEGIN IMMEDIATE").run(); }
  void commit() {
    Stmt(db_, "COMMIT").run();
    done_ = true;
  }
  ~Transaction() {
    if (!done_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  }

 private:
  sqlite3* db_;
  bool done_ = false;
};


}  // namespace dtref::tour
