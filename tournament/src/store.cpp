#include "dtref/tournament/store.hpp"
#include "dtref/tournament/sqlite.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>
#include <sqlite3.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <utility>

#include "dtref/secrets.hpp"

namespace dtref::tour {

namespace {

constexpr int kSchemaVersion = 1;

const char* kSchema = R"SQL(
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS players (idx INTEGER PRIMARY KEY, name TEXT NOT NULL, spec TEXT NOT NULL, deck TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rounds (round INTEGER PRIMARY KEY);
CREATE TABLE IF NOT EXISTS byes (round INTEGER NOT NULL, player INTEGER NOT NULL, PRIMARY KEY (round, player));
CREATE TABLE IF NOT EXISTS matches (
  key TEXT PRIMARY KEY, round INTEGER NOT NULL, pairing INTEGER NOT NULL, leg INTEGER NOT NULL,
  pair_index INTEGER NOT NULL, seat0 INTEGER NOT NULL, seat1 INTEGER NOT NULL, seed INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'planned',
  winner INTEGER, reason TEXT, verdict0 TEXT, verdict1 TEXT, p0 INTEGER, d0 INTEGER, p1 INTEGER, d1 INTEGER,
  seats_json TEXT, turns INTEGER, decisions INTEGER, wall_ms REAL, transcript TEXT, finished_at TEXT,
  players TEXT);
)SQL";

// Tables of three or more: the players by seat, as JSON; NULL for two seats.
std::string table_to_json(const std::vector<int>& table) { return table.empty() ? "" : nlohmann::json(table).dump(); }

std::vector<int> table_from_json(const std::string& text) {
  std::vector<int> out;
  if (text.empty()) return out;
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_array()) return out;
  for (const auto& x : j)
    if (x.is_number_integer()) out.push_back(x.get<int>());
  return out;
}

// Now, as the store has always written finished_at (SQLite's
// strftime('%Y-%m-%dT%H:%M:%fZ')): UTC to the millisecond.
std::string now_iso() {
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::system_clock::now().time_since_epoch()).count();
  const std::time_t secs = std::time_t(ms / 1000);
  std::tm tm{};
  ::gmtime_r(&secs, &tm);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                     tm.tm_hour, tm.tm_min, tm.tm_sec, int(ms % 1000));
}

}  // namespace

std::string seat_records_to_json(const std::vector<SeatRecord>& seats) {
  nlohmann::json a = nlohmann::json::array();
  for (const SeatRecord& s : seats)
    a.push_back({{"verdict", s.verdict}, {"promotion", s.promotion}, {"destiny", s.destiny},
                 {"timeouts", s.timeouts}, {"illegal", s.illegal}, {"malformed", s.malformed},
                 {"time_used_ms", s.time_used_ms}, {"detail", s.detail}, {"ready_name", s.ready_name}, {"deck", s.deck},
                 {"place", s.place}, {"team", s.team}});
  return a.dump();
}

std::vector<SeatRecord> seat_records_from_json(const std::string& text) {
  std::vector<SeatRecord> out;
  if (text.empty()) return out;
  for (const auto& j : nlohmann::json::parse(text, nullptr, false)) {
    if (!j.is_object()) continue;
    SeatRecord s;
    s.verdict = j.value("verdict", "ok");
    s.promotion = j.value("promotion", 0);
    s.destiny = j.value("destiny", 0);
    s.timeouts = j.value("timeouts", 0);
    s.illegal = j.value("illegal", 0);
    s.malformed = j.value("malformed", 0);
    s.time_used_ms = j.value("time_used_ms", int64_t(0));
    s.detail = j.value("detail", "");
    s.ready_name = j.value("ready_name", "");
    s.deck = j.value("deck", "");
    s.place = j.value("place", 0);
    s.team = j.value("team", -1);
    out.push_back(s);
  }
  return out;
}


Store::Store(const std::string& path) : path_(path) {
  // Owner-only: the store keeps the secret seed key (SQLite gives its -wal and
  // -shm files the mode of the database file).
  if (const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600); fd >= 0) ::close(fd);
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr) !=
      SQLITE_OK) {
    const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    throw StoreError(fmt::format("cannot open results store '{}': {} (check the path and its directory)", path, why));
  }
  stmts_ = std::make_unique<StmtCache>(db_);
  sqlite3_busy_timeout(db_, 10000);
  try {
    exec("PRAGMA journal_mode=WAL");
    exec("PRAGMA synchronous=NORMAL");  // WAL + NORMAL: a commit survives a killed process
    exec(kSchema);
    // A store written before tables of three or more: add their column.
    bool has_players = false;
    for (Stmt cols(db_, "PRAGMA table_info(matches)"); cols.step();) has_players |= cols.text(1) == "players";
    if (!has_players) exec("ALTER TABLE matches ADD COLUMN players TEXT");
    Stmt(db_, "INSERT OR IGNORE INTO meta(key, value) VALUES ('schema_version', ?)")
        .bind(1, std::to_string(kSchemaVersion)).run();
    Stmt q(db_, "SELECT value FROM meta WHERE key = 'schema_version'");
    if (q.step() && q.text(0) != std::to_string(kSchemaVersion))
      throw StoreError(fmt::format("'{}' was written by a different dtref (schema {}, this one reads {})", path,
                                   q.text(0), kSchemaVersion));
  } catch (const StoreError& e) {
    stmts_.reset();
    sqlite3_close(db_);
    db_ = nullptr;
    // "file is not a database" and friends: say which file.
    throw StoreError(fmt::format("'{}' is not a dtref results store: {}", path, e.what()));
  }
}

Store::~Store() {
  {
    std::lock_guard lock(queue_mu_);
    closing_ = true;  // the writer commits what is queued, then ends
  }
  queue_cv_.notify_all();
  if (writer_.joinable()) writer_.join();
  stmts_.reset();
  sqlite3_close(db_);
}

void Store::exec(const char* sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    const std::string why = err ? err : "unknown error";
    sqlite3_free(err);
    throw StoreError(why);
  }
}

std::optional<StoreHeader> Store::header() {
  std::lock_guard lock(mu_);
  StoreHeader h;
  bool have = false;
  Stmt q(db_, "SELECT key, value FROM meta WHERE key IN ('identity', 'shard')");
  while (q.step()) {
    if (q.text(0) == "identity") { h.identity = q.text(1); have = true; }
    else h.shard = q.text(1);
  }
  if (!have) return std::nullopt;
  Stmt p(db_, "SELECT name, spec, deck FROM players ORDER BY idx");
  while (p.step()) h.players.push_back({p.text(0), p.text(1), p.text(2)});
  return h;
}

std::string describe_identity_difference(const std::string& stored, const std::string& given) {
  const auto a = nlohmann::json::parse(stored, nullptr, false), b = nlohmann::json::parse(given, nullptr, false);
  if (!a.is_object() || !b.is_object()) return "the stored tournament description is unreadable";
  std::vector<std::string> diffs;
  std::set<std::string> keys;
  for (auto it = a.begin(); it != a.end(); ++it) keys.insert(it.key());
  for (auto it = b.begin(); it != b.end(); ++it) keys.insert(it.key());
  for (const std::string& k : keys) {
    const auto va = a.contains(k) ? a[k].dump() : "(none)", vb = b.contains(k) ? b[k].dump() : "(none)";
    if (va != vb) diffs.push_back(fmt::format("{}: stored {}, given {}", k, va, vb));
  }
  std::string out;
  for (const auto& d : diffs) out += (out.empty() ? "" : "; ") + d;
  return out;
}

void Store::bind(const StoreHeader& h) {
  const auto old = header();
  std::lock_guard lock(mu_);
  if (old) {
    if (old->identity != h.identity)
      throw StoreError(fmt::format(
          "'{}' holds a different tournament ({}). Repeat the original command to resume it, or give a new --db.",
          path_, describe_identity_difference(old->identity, h.identity)));
    if (old->shard != h.shard)
      throw StoreError(fmt::format("'{}' holds shard '{}' of this tournament, not '{}'. Give each shard its own --db.",
                                   path_, old->shard.empty() ? "all" : old->shard, h.shard.empty() ? "all" : h.shard));
    return;
  }
  Transaction t(db_);
  Stmt(db_, "INSERT INTO meta(key, value) VALUES ('identity', ?)").bind(1, h.identity).run();
  Stmt(db_, "INSERT INTO meta(key, value) VALUES ('shard', ?)").bind(1, h.shard).run();
  for (size_t i = 0; i < h.players.size(); ++i)
    Stmt(db_, "INSERT INTO players(idx, name, spec, deck) VALUES (?, ?, ?, ?)")
        .bind(1, int64_t(i)).bind(2, h.players[i].name).bind(3, h.players[i].spec).bind(4, h.players[i].deck).run();
  t.commit();
}

std::string Store::seed_key() {
  std::lock_guard lock(mu_);
  // INSERT OR IGNORE: a key already stored (this tournament's) is never replaced.
  Stmt(db_, "INSERT OR IGNORE INTO meta(key, value) VALUES ('seed_key', ?)").bind(1, random_hex(32)).run();
  Stmt q(db_, "SELECT value FROM meta WHERE key = 'seed_key'");
  if (!q.step() || q.text(0).size() != 64) throw StoreError(fmt::format("'{}': the stored seed key is damaged", path_));
  return q.text(0);
}

bool Store::round_planned(int round) {
  std::lock_guard lock(mu_);
  Stmt q(db_, "SELECT 1 FROM rounds WHERE round = ?");
  q.bind(1, round);
  return q.step();
}

void Store::add_round(const RoundPlan& plan, const std::function<bool(const PlannedMatch&)>& keep) {
  std::lock_guard lock(mu_);
  Transaction t(db_, *stmts_);
  for (const PlannedMatch& m : plan.matches) {
    if (keep && !keep(m)) continue;
    (*stmts_)(
         "INSERT OR IGNORE INTO matches(key, round, pairing, leg, pair_index, seat0, seat1, seed, players) "
         "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
        .bind(1, m.key()).bind(2, m.round).bind(3, m.pairing).bind(4, m.leg).bind(5, m.pair_index)
        .bind(6, m.seat0).bind(7, m.seat1).bind(8, int64_t(m.seed)).bind(9, table_to_json(m.table)).run();
  }
  for (int p : plan.byes) Stmt(db_, "INSERT OR IGNORE INTO byes(round, player) VALUES (?, ?)").bind(1, plan.round).bind(2, p).run();
  Stmt(db_, "INSERT OR IGNORE INTO rounds(round) VALUES (?)").bind(1, plan.round).run();
  t.commit();
}

bool Store::record(const MatchRecord& r) {
  std::lock_guard lock(mu_);
  Transaction t(db_, *stmts_);
  const bool stored = record_locked(r);
  t.commit();
  return stored;
}

// The UPDATE of one finished match, inside the caller's transaction.
bool Store::record_locked(const MatchRecord& r) {
  auto seat = [&](size_t i) { return i < r.seats.size() ? r.seats[i] : SeatRecord{}; };
  Stmt u = (*stmts_)(
      "UPDATE matches SET status = 'done', winner = ?, reason = ?, verdict0 = ?, verdict1 = ?, p0 = ?, d0 = ?, "
      "p1 = ?, d1 = ?, seats_json = ?, turns = ?, decisions = ?, wall_ms = ?, transcript = ?, "
      "finished_at = ? WHERE key = ? AND status = 'planned'");
  u.bind(1, r.winner_seat).bind(2, r.reason).bind(3, seat(0).verdict).bind(4, seat(1).verdict)
      .bind(5, seat(0).promotion).bind(6, seat(0).destiny).bind(7, seat(1).promotion).bind(8, seat(1).destiny)
      .bind(9, seat_records_to_json(r.seats)).bind(10, r.turns).bind(11, r.decisions).bind(12, r.wall_ms)
      .bind(13, r.transcript).bind(14, r.finished_at.empty() ? now_iso() : r.finished_at).bind(15, r.plan.key());
  u.run();
  return sqlite3_changes(db_) == 1;
}

void Store::record_later(MatchRecord r, std::function<void(const MatchRecord&, bool)> done) {
  if (r.finished_at.empty()) r.finished_at = now_iso();  // when it finished, not when its batch commits
  {
    std::lock_guard lock(queue_mu_);
    if (!writer_.joinable()) writer_ = std::thread(&Store::write_batches, this);
    queue_.push_back({std::move(r), std::move(done)});
  }
  queue_cv_.notify_all();
}

void Store::flush() {
  std::unique_lock lock(queue_mu_);
  queue_cv_.wait(lock, [&] { return queue_.empty() && !writing_; });
  if (write_error_) std::rethrow_exception(std::exchange(write_error_, nullptr));
}

// The writer thread: takes everything queued, commits it in one transaction,
// then reports each match. A batch that cannot be committed is reported to
// flush() and none of its matches to their callers: they stay planned.
void Store::write_batches() {
  std::unique_lock qlock(queue_mu_);
  for (;;) {
    queue_cv_.wait(qlock, [&] { return !queue_.empty() || closing_; });
    if (queue_.empty()) return;  // closing, nothing left
    std::deque<Queued> batch;
    batch.swap(queue_);
    writing_ = true;
    qlock.unlock();
    std::vector<char> stored;
    std::exception_ptr error;
    try {
      std::lock_guard lock(mu_);
      Transaction t(db_, *stmts_);
      for (const Queued& q : batch) stored.push_back(record_locked(q.record));
      t.commit();
    } catch (...) {
      error = std::current_exception();
    }
    if (!error)
      for (size_t i = 0; i < batch.size(); ++i) try {
          if (batch[i].done) batch[i].done(batch[i].record, stored[i] != 0);
        } catch (...) {
          if (!error) error = std::current_exception();
        }
    qlock.lock();
    if (error && !write_error_) write_error_ = error;
    writing_ = false;
    queue_cv_.notify_all();
  }
}

std::vector<MatchRecord> Store::matches() {
  std::lock_guard lock(mu_);
  std::vector<MatchRecord> out;
  Stmt q(db_,
         "SELECT round, pairing, leg, pair_index, seat0, seat1, seed, status, winner, reason, seats_json, turns, "
         "decisions, wall_ms, transcript, finished_at, players FROM matches ORDER BY key");
  while (q.step()) {
    MatchRecord r;
    r.plan.round = q.i32(0);
    r.plan.pairing = q.i32(1);
    r.plan.leg = q.i32(2);
    r.plan.pair_index = q.i64(3);
    r.plan.seat0 = q.i32(4);
    r.plan.seat1 = q.i32(5);
    r.plan.seed = uint64_t(q.i64(6));
    r.plan.table = table_from_json(q.text(16));
    r.done = q.text(7) == "done";
    if (r.done) {
      r.winner_seat = q.i32(8);
      r.reason = q.text(9);
      r.seats = seat_records_from_json(q.text(10));
      r.turns = q.i32(11);
      r.decisions = q.i64(12);
      r.wall_ms = q.f64(13);
      r.transcript = q.text(14);
      r.finished_at = q.text(15);
    }
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<std::pair<int, int>> Store::byes() {
  std::lock_guard lock(mu_);
  std::vector<std::pair<int, int>> out;
  Stmt q(db_, "SELECT round, player FROM byes ORDER BY round, player");
  while (q.step()) out.emplace_back(q.i32(0), q.i32(1));
  return out;
}

std::vector<int> Store::planned_rounds() {
  std::lock_guard lock(mu_);
  std::vector<int> out;
  Stmt q(db_, "SELECT round FROM rounds ORDER BY round");
  while (q.step()) out.push_back(q.i32(0));
  return out;
}

std::vector<std::string> merge_stores(const std::string& out_path, const std::vector<std::string>& inputs) {
  if (inputs.empty()) throw StoreError("give at least one shard database to merge");
  for (const std::string& in : inputs)
    if (!std::filesystem::exists(in)) throw StoreError(fmt::format("'{}' does not exist", in));
  std::vector<std::string> warnings;
  std::optional<StoreHeader> first;
  std::set<std::string> shards_seen;
  struct Input {
    std::string path;
    std::vector<MatchRecord> matches;
    std::vector<std::pair<int, int>> byes;
    std::vector<int> rounds;
  };
  std::vector<Input> loaded;
  for (const std::string& in : inputs) {
    Store s(in);
    const auto h = s.header();
    if (!h) throw StoreError(fmt::format("'{}' holds no tournament", in));
    if (!first) first = h;
    else if (h->identity != first->identity)
      throw StoreError(fmt::format("'{}' is not a shard of the same tournament as '{}' ({})", in, inputs.front(),
                                   describe_identity_difference(first->identity, h->identity)));
    if (!h->shard.empty() && !shards_seen.insert(h->shard).second)
      warnings.push_back(fmt::format("shard {} is given twice; its matches are counted once", h->shard));
    loaded.push_back({in, s.matches(), s.byes(), s.planned_rounds()});
  }
  Store out(out_path);
  out.bind({first->identity, "", first->players});
  std::map<std::string, const MatchRecord*> taken;
  for (const MatchRecord& m : out.matches())
    if (m.done) taken[m.plan.key()] = nullptr;
  for (const Input& in : loaded) {
    for (int round : in.rounds) {
      RoundPlan rp;
      rp.round = round;
      for (const MatchRecord& m : in.matches)
        if (m.plan.round == round) rp.matches.push_back(m.plan);
      for (const auto& [r, p] : in.byes)
        if (r == round) rp.byes.push_back(p);
      out.add_round(rp, nullptr);
    }
    for (const MatchRecord& m : in.matches) {
      if (!m.done) continue;
      const auto it = taken.find(m.plan.key());
      if (it != taken.end()) {
        if (it->second && (it->second->winner_seat != m.winner_seat || it->second->reason != m.reason))
          warnings.push_back(fmt::format("match {} has a different result in '{}' than in an earlier input; kept the earlier one",
                                         m.plan.key(), in.path));
        continue;
      }
      out.record(m);
      taken[m.plan.key()] = &m;
    }
  }
  return warnings;
}

}  // namespace dtref::tour
