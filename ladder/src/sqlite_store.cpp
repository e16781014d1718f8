// The ladder's SQLite store: one machine, one service process (it holds the
// file's single-writer lock), any number of `dtref ladder register/retire`
// processes writing beside it through SQLite's own locking. Claims live in
// the service's memory: a killed service leaves its matches scheduled.
#include <fmt/core.h>
#include <sqlite3.h>

#include <mutex>
#include <set>

#include "dtref/ladder/store.hpp"
#include "dtref/secrets.hpp"
#include "dtref/tournament/db_lock.hpp"
#include "dtref/tournament/sqlite.hpp"

namespace dtref::ladder {

std::unique_ptr<LadderStore> open_pg_store(const std::string& conninfo);

namespace {

using tour::Stmt;
using tour::Transaction;

const char* kSchema = R"SQL(
CREATE TABLE IF NOT EXISTS ladder_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS ladder_bots (
  id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,
  settings TEXT NOT NULL, remote INTEGER NOT NULL DEFAULT 0, key_hash TEXT NOT NULL DEFAULT '',
  active INTEGER NOT NULL DEFAULT 1, registered_at TEXT NOT NULL, retired_at TEXT NOT NULL DEFAULT '');
CREATE TABLE IF NOT EXISTS ladder_matches (
  id INTEGER PRIMARY KEY AUTOINCREMENT, pair_no INTEGER NOT NULL, leg INTEGER NOT NULL, seed INTEGER NOT NULL,
  seats TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'scheduled', scheduled_at TEXT NOT NULL,
  winner INTEGER, reason TEXT, results TEXT, turns INTEGER, decisions INTEGER, wall_ms REAL,
  transcript TEXT, finished_at TEXT, worker TEXT, UNIQUE (pair_no, leg));
CREATE INDEX IF NOT EXISTS ladder_matches_status ON ladder_matches (status, id);
)SQL";

const char* kNow = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

LadderMatch read_match(Stmt& q) {
  LadderMatch m;
  m.id = q.i64(0);
  m.pair_no = q.i64(1);
  m.leg = q.i32(2);
  m.seed = uint64_t(q.i64(3));
  m.seats = seats_from_json(q.text(4));
  m.done = q.text(5) == "done";
  if (m.done) {
    m.winner = q.i32(6);
    m.reason = q.text(7);
    m.results = tour::seat_records_from_json(q.text(8));
    m.turns = q.i32(9);
    m.decisions = q.i64(10);
    m.wall_ms = q.f64(11);
    m.transcript = q.text(12);
    m.finished_at = q.text(13);
    m.worker = q.text(14);
  }
  return m;
}

class SqliteStore;

class SqliteClaim final : public Claim {
 public:
  SqliteClaim(SqliteStore* s, LadderMatch m) : store_(s), m_(std::move(m)) {}
  ~SqliteClaim() override;
  const LadderMatch& match() const override { return m_; }
  bool finish(const LadderMatch& r) override;

 private:
  SqliteStore* store_;
  LadderMatch m_;
};

class SqliteStore final : public LadderStore {
 public:
  SqliteStore(const std::string& path, bool writer) : path_(path) {
    if (writer) lock_ = std::make_unique<tour::DbLock>(path, "dtref ladder");
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr) !=
        SQLITE_OK) {
      const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
      sqlite3_close(db_);
      throw LadderError(fmt::format("cannot open ladder store '{}': {}", path, why));
    }
    sqlite3_busy_timeout(db_, 10000);
    char* err = nullptr;
    for (const char* sql : {"PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", kSchema})
      if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
        const std::string why = err ? err : "unknown error";
        sqlite3_free(err);
        sqlite3_close(db_);
        throw LadderError(fmt::format("'{}' is not a dtref ladder store: {}", path, why));
      }
  }
  ~SqliteStore() override { sqlite3_close(db_); }

  std::string describe() const override { return path_; }

  std::optional<std::string> settings() override {
    std::lock_guard lock(mu_);
    Stmt q(db_, "SELECT value FROM ladder_meta WHERE key = 'settings'");
    if (q.step()) return q.text(0);
    return std::nullopt;
  }
  void set_settings(const std::string& json) override {
    std::lock_guard lock(mu_);
    Stmt(db_, "INSERT INTO ladder_meta(key, value) VALUES ('settings', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
        .bind(1, json)
        .run();
  }
  std::string seed_key() override {
    std::lock_guard lock(mu_);
    Stmt(db_, "INSERT OR IGNORE INTO ladder_meta(key, value) VALUES ('seed_key', ?)").bind(1, random_hex(32)).run();
    Stmt q(db_, "SELECT value FROM ladder_meta WHERE key = 'seed_key'");
    q.step();
    return q.text(0);
  }

  std::vector<LadderBot> bots() override {
    std::lock_guard lock(mu_);
    std::vector<LadderBot> out;
    Stmt q(db_, "SELECT id, name, settings, remote, key_hash, active, registered_at, retired_at FROM ladder_bots ORDER BY id");
    while (q.step()) {
      LadderBot b;
      b.id = q.i64(0);
      b.player = bot_settings_from_json(q.text(1), q.text(2));
      b.remote = q.i32(3) != 0;
      b.key_hash = q.text(4);
      b.active = q.i32(5) != 0;
      b.registered_at = q.text(6);
      b.retired_at = q.text(7);
      out.push_back(std::move(b));
    }
    return out;
  }

  LadderBot add_bot(const LadderBot& bot) override {
    std::lock_guard lock(mu_);
    Transaction t(db_);
    const std::string key = name_key(bot.player.name);
    Stmt q(db_, "SELECT id, name, active FROM ladder_bots WHERE name_key = ?");
    q.bind(1, key);
    LadderBot out = bot;
    if (q.step()) {
      if (q.i32(2))
        throw LadderError(fmt::format("a bot named '{}' is already on the ladder{}; retire it first or choose another name",
                                      q.text(1), q.text(1) == bot.player.name ? "" : " (names may not differ only by case)"));
      out.id = q.i64(0);
      Stmt(db_, fmt::format("UPDATE ladder_bots SET name = ?, settings = ?, remote = ?, key_hash = ?, active = 1, "
                            "registered_at = {}, retired_at = '' WHERE id = ?", kNow).c_str())
          .bind(1, bot.player.name).bind(2, bot_settings_json(bot.player)).bind(3, int(bot.remote))
          .bind(4, bot.key_hash).bind(5, out.id).run();
    } else {
      Stmt(db_, fmt::format("INSERT INTO ladder_bots(name, name_key, settings, remote, key_hash, registered_at) "
                            "VALUES (?, ?, ?, ?, ?, {})", kNow).c_str())
          .bind(1, bot.player.name).bind(2, key).bind(3, bot_settings_json(bot.player)).bind(4, int(bot.remote))
          .bind(5, bot.key_hash).run();
      out.id = sqlite3_last_insert_rowid(db_);
    }
    t.commit();
    out.active = true;
    return out;
  }

  bool retire_bot(const std::string& name) override {
    std::lock_guard lock(mu_);
    Stmt(db_, fmt::format("UPDATE ladder_bots SET active = 0, retired_at = {} WHERE name_key = ? AND active = 1", kNow).c_str())
        .bind(1, name_key(name))
        .run();
    return sqlite3_changes(db_) == 1;
  }

  std::vector<LadderMatch> matches(bool done_only) override {
    std::lock_guard lock(mu_);
    return select_locked(fmt::format("SELECT {} FROM ladder_matches{} ORDER BY id", kMatchColumns,
                                     done_only ? " WHERE status = 'done'" : ""));
  }

  std::vector<LadderMatch> recent(int limit) override {
    std::lock_guard lock(mu_);
    return select_locked(fmt::format("SELECT {} FROM ladder_matches WHERE status = 'done' ORDER BY finished_at DESC, id DESC "
                                     "LIMIT {}", kMatchColumns, limit));
  }

  void schedule(const std::function<std::vector<LadderMatch>(const std::vector<LadderMatch>&)>& plan) override {
    std::lock_guard lock(mu_);
    Transaction t(db_);
    const std::vector<LadderMatch> all = select_locked(fmt::format("SELECT {} FROM ladder_matches ORDER BY id", kMatchColumns));
    for (const LadderMatch& m : plan(all))
      Stmt(db_, fmt::format("INSERT INTO ladder_matches(pair_no, leg, seed, seats, scheduled_at) VALUES (?, ?, ?, ?, {})", kNow)
                    .c_str())
          .bind(1, m.pair_no).bind(2, m.leg).bind(3, int64_t(m.seed)).bind(4, seats_to_json(m.seats)).run();
    t.commit();
  }

  void withdraw(const std::function<bool(const LadderMatch&)>& drop) override {
    std::lock_guard lock(mu_);
    Transaction t(db_);
    for (const LadderMatch& m :
         select_locked(fmt::format("SELECT {} FROM ladder_matches WHERE status = 'scheduled' ORDER BY id", kMatchColumns)))
      if (!held_.count(m.id) && drop(m))
        Stmt(db_, "DELETE FROM ladder_matches WHERE id = ? AND status = 'scheduled'").bind(1, m.id).run();
    t.commit();
  }

  std::unique_ptr<Claim> claim(const std::function<bool(const LadderMatch&)>& playable, const std::string&) override {
    std::lock_guard lock(mu_);
    for (LadderMatch& m :
         select_locked(fmt::format("SELECT {} FROM ladder_matches WHERE status = 'scheduled' ORDER BY id", kMatchColumns))) {
      if (held_.count(m.id) || !playable(m)) continue;
      held_.insert(m.id);
      return std::make_unique<SqliteClaim>(this, std::move(m));
    }
    return nullptr;
  }

  bool finish(const LadderMatch& r, const std::string& worker) {
    std::lock_guard lock(mu_);
    Transaction t(db_);
    Stmt u(db_, fmt::format("UPDATE ladder_matches SET status = 'done', winner = ?, reason = ?, results = ?, turns = ?, "
                            "decisions = ?, wall_ms = ?, transcript = ?, worker = ?, finished_at = {} "
                            "WHERE id = ? AND status = 'scheduled'", kNow).c_str());
    u.bind(1, r.winner).bind(2, r.reason).bind(3, tour::seat_records_to_json(r.results)).bind(4, r.turns)
        .bind(5, r.decisions).bind(6, r.wall_ms).bind(7, r.transcript).bind(8, worker).bind(9, r.id).run();
    const bool stored = sqlite3_changes(db_) == 1;
    t.commit();
    return stored;
  }

  void release(int64_t id) {
    std::lock_guard lock(mu_);
    held_.erase(id);
  }

 private:
  std::vector<LadderMatch> select_locked(const std::string& sql) {
    std::vector<LadderMatch> out;
    Stmt q(db_, sql.c_str());
    while (q.step()) out.push_back(read_match(q));
    return out;
  }

  std::string path_;
  std::unique_ptr<tour::DbLock> lock_;  // before the connection: released after it closes
  sqlite3* db_ = nullptr;
  std::mutex mu_;
  std::set<int64_t> held_;  // matches claimed by this process
};

SqliteClaim::~SqliteClaim() { store_->release(m_.id); }

bool SqliteClaim::finish(const LadderMatch& r) {
  LadderMatch done = r;
  done.id = m_.id;
  return store_->finish(done, r.worker);
}

}  // namespace

std::unique_ptr<LadderStore> open_store(const std::string& db, const std::string& pg, bool writer) {
  if (!pg.empty()) return open_pg_store(pg);
  if (db.empty()) throw LadderError("give --db FILE (SQLite, one machine) or --pg CONNINFO (PostgreSQL, several workers)");
  try {
    return std::make_unique<SqliteStore>(db, writer);
  } catch (const tour::StoreError& e) {
    throw LadderError(e.what());
  }
}

}  // namespace dtref::ladder
