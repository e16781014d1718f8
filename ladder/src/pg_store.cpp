// The ladder's PostgreSQL store: any number of worker processes on any
// number of machines share one database.
//
// A claim is a row lock: the worker opens a transaction, locks one scheduled
// match with SELECT ... FOR UPDATE SKIP LOCKED (others skip it, nobody
// waits), keeps the transaction open while it plays, and stores the result
// and commits in the same transaction. If the worker dies, its connection
// drops, the server rolls the transaction back and the match is scheduled
// again for whoever comes next; a finished match is never claimable again.
// Scheduling takes a transaction-scoped advisory lock, so one scheduler at a
// time decides what comes next.
#include <fmt/core.h>

#include <mutex>
#include <pqxx/pqxx>

#include "dtref/ladder/store.hpp"
#include "dtref/secrets.hpp"

namespace dtref::ladder {

namespace {

constexpr long kSchemaLock = 7274001;    // advisory lock ids: "dtref ladder" schema
constexpr long kScheduleLock = 7274002;  // and scheduling

const char* kSchema = R"SQL(
CREATE TABLE IF NOT EXISTS ladder_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS ladder_bots (
  id BIGSERIAL PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,
  settings TEXT NOT NULL, remote BOOLEAN NOT NULL DEFAULT FALSE, key_hash TEXT NOT NULL DEFAULT '',
  active BOOLEAN NOT NULL DEFAULT TRUE, registered_at TEXT NOT NULL, retired_at TEXT NOT NULL DEFAULT '');
CREATE TABLE IF NOT EXISTS ladder_matches (
  id BIGSERIAL PRIMARY KEY, pair_no BIGINT NOT NULL, leg INTEGER NOT NULL, seed BIGINT NOT NULL,
  seats TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'scheduled', scheduled_at TEXT NOT NULL,
  winner INTEGER, reason TEXT, results TEXT, turns INTEGER, decisions BIGINT, wall_ms DOUBLE PRECISION,
  transcript TEXT, finished_at TEXT, worker TEXT, UNIQUE (pair_no, leg));
CREATE INDEX IF NOT EXISTS ladder_matches_status ON ladder_matches (status, id);
)SQL";

const char* kNow = "to_char(now() AT TIME ZONE 'utc', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')";

template <typename T>
T get_or(const pqxx::field& f, T dflt) {
  return f.is_null() ? dflt : f.as<T>();
}

LadderMatch read_match(const pqxx::row& r) {
  LadderMatch m;
  m.id = r[0].as<int64_t>();
  m.pair_no = r[1].as<int64_t>();
  m.leg = r[2].as<int>();
  m.seed = uint64_t(r[3].as<int64_t>());
  m.seats = seats_from_json(r[4].as<std::string>());
  m.done = r[5].as<std::string>() == "done";
  if (m.done) {
    m.winner = get_or(r[6], -1);
    m.reason = get_or(r[7], std::string());
    m.results = tour::seat_records_from_json(get_or(r[8], std::string()));
    m.turns = get_or(r[9], 0);
    m.decisions = get_or(r[10], int64_t(0));
    m.wall_ms = get_or(r[11], 0.0);
    m.transcript = get_or(r[12], std::string());
    m.finished_at = get_or(r[13], std::string());
    m.worker = get_or(r[14], std::string());
  }
  return m;
}

// The connection string without a password, for messages.
std::string redact(const std::string& conninfo) {
  std::string out = conninfo;
  for (const std::string key : {"password=", ":"}) {
    if (key == ":") {
      // postgresql://user:secret@host/db
      const auto scheme = out.find("://");
      const auto at = out.find('@');
      if (scheme == std::string::npos || at == std::string::npos) continue;
      const auto colon = out.find(':', scheme + 3);
      if (colon != std::string::npos && colon < at) out.replace(colon + 1, at - colon - 1, "***");
      continue;
    }
    const auto p = out.find(key);
    if (p == std::string::npos) continue;
    const auto end = out.find(' ', p);
    out.replace(p + key.size(), (end == std::string::npos ? out.size() : end) - p - key.size(), "***");
  }
  return out;
}

class PgStore;

class PgClaim final : public Claim {
 public:
  PgClaim(PgStore* s, std::unique_ptr<pqxx::connection> c, std::unique_ptr<pqxx::work> w, LadderMatch m)
      : store_(s), c_(std::move(c)), w_(std::move(w)), m_(std::move(m)) {}
  ~PgClaim() override;
  const LadderMatch& match() const override { return m_; }
  bool finish(const LadderMatch& r) override;

 private:
  PgStore* store_;
  std::unique_ptr<pqxx::connection> c_;
  std::unique_ptr<pqxx::work> w_;
  LadderMatch m_;
};

class PgStore final : public LadderStore {
  // First, so the members below can use it (its return type is deduced).
  template <typename F>
  auto with_work(F&& f) {
    std::lock_guard lock(mu_);
    if (!conn_->is_open()) conn_ = connect();
    pqxx::work w(*conn_);
    return f(w);
  }

 public:
  explicit PgStore(std::string conninfo) : conninfo_(std::move(conninfo)) {
    conn_ = connect();
    pqxx::work w(*conn_);
    w.exec(fmt::format("SELECT pg_advisory_xact_lock({})", kSchemaLock));
    w.exec(kSchema);
    w.commit();
  }

  std::string describe() const override { return "PostgreSQL " + redact(conninfo_); }

  std::optional<std::string> settings() override {
    return with_work([&](pqxx::work& w) -> std::optional<std::string> {
      const pqxx::result r = w.exec("SELECT value FROM ladder_meta WHERE key = 'settings'");
      if (r.empty()) return std::nullopt;
      return r[0][0].as<std::string>();
    });
  }
  void set_settings(const std::string& json) override {
    with_work([&](pqxx::work& w) {
      w.exec_params("INSERT INTO ladder_meta(key, value) VALUES ('settings', $1) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    json);
      w.commit();
      return 0;
    });
  }
  std::string seed_key() override {
    return with_work([&](pqxx::work& w) {
      w.exec_params("INSERT INTO ladder_meta(key, value) VALUES ('seed_key', $1) ON CONFLICT (key) DO NOTHING",
                    random_hex(32));
      const std::string key = w.exec1("SELECT value FROM ladder_meta WHERE key = 'seed_key'")[0].as<std::string>();
      w.commit();
      return key;
    });
  }

  std::vector<LadderBot> bots() override {
    return with_work([&](pqxx::work& w) {
      std::vector<LadderBot> out;
      for (const pqxx::row& r : w.exec("SELECT id, name, settings, remote, key_hash, active, registered_at, retired_at "
                                       "FROM ladder_bots ORDER BY id")) {
        LadderBot b;
        b.id = r[0].as<int64_t>();
        b.player = bot_settings_from_json(r[1].as<std::string>(), r[2].as<std::string>());
        b.remote = r[3].as<bool>();
        b.key_hash = r[4].as<std::string>();
        b.active = r[5].as<bool>();
        b.registered_at = r[6].as<std::string>();
        b.retired_at = r[7].as<std::string>();
        out.push_back(std::move(b));
      }
      return out;
    });
  }

  LadderBot add_bot(const LadderBot& bot) override {
    return with_work([&](pqxx::work& w) {
      const std::string key = name_key(bot.player.name);
      const pqxx::result q = w.exec_params("SELECT id, name, active FROM ladder_bots WHERE name_key = $1 FOR UPDATE", key);
      LadderBot out = bot;
      if (!q.empty()) {
        if (q[0][2].as<bool>())
          throw LadderError(fmt::format("a bot named '{}' is already on the ladder{}; retire it first or choose another name",
                                        q[0][1].as<std::string>(),
                                        q[0][1].as<std::string>() == bot.player.name ? "" : " (names may not differ only by case)"));
        out.id = q[0][0].as<int64_t>();
        w.exec_params(fmt::format("UPDATE ladder_bots SET name = $1, settings = $2, remote = $3, key_hash = $4, "
                                  "active = TRUE, registered_at = {}, retired_at = '' WHERE id = $5", kNow),
                      bot.player.name, bot_settings_json(bot.player), bot.remote, bot.key_hash, out.id);
      } else {
        out.id = w.exec_params1(fmt::format("INSERT INTO ladder_bots(name, name_key, settings, remote, key_hash, registered_at) "
                                            "VALUES ($1, $2, $3, $4, $5, {}) RETURNING id", kNow),
                                bot.player.name, key, bot_settings_json(bot.player), bot.remote, bot.key_hash)[0]
                     .as<int64_t>();
      }
      w.commit();
      out.active = true;
      return out;
    });
  }

  bool retire_bot(const std::string& name) override {
    return with_work([&](pqxx::work& w) {
      const pqxx::result r = w.exec_params(
          fmt::format("UPDATE ladder_bots SET active = FALSE, retired_at = {} WHERE name_key = $1 AND active", kNow), name_key(name));
      w.commit();
      return r.affected_rows() == 1;
    });
  }

  std::vector<LadderMatch> matches(bool done_only) override {
    return select(fmt::format("SELECT {} FROM ladder_matches{} ORDER BY id", kMatchColumns,
                              done_only ? " WHERE status = 'done'" : ""));
  }
  std::vector<LadderMatch> recent(int limit) override {
    return select(fmt::format("SELECT {} FROM ladder_matches WHERE status = 'done' ORDER BY finished_at DESC, id DESC LIMIT {}",
                              kMatchColumns, limit));
  }

  void schedule(const std::function<std::vector<LadderMatch>(const std::vector<LadderMatch>&)>& plan) override {
    with_work([&](pqxx::work& w) {
      w.exec(fmt::format("SELECT pg_advisory_xact_lock({})", kScheduleLock));
      std::vector<LadderMatch> all;
      for (const pqxx::row& r : w.exec(fmt::format("SELECT {} FROM ladder_matches ORDER BY id", kMatchColumns)))
        all.push_back(read_match(r));
      for (const LadderMatch& m : plan(all))
        w.exec_params(fmt::format("INSERT INTO ladder_matches(pair_no, leg, seed, seats, scheduled_at) "
                                  "VALUES ($1, $2, $3, $4, {})", kNow),
                      m.pair_no, m.leg, int64_t(m.seed), seats_to_json(m.seats));
      w.commit();
      return 0;
    });
  }

  void withdraw(const std::function<bool(const LadderMatch&)>& drop) override {
    with_work([&](pqxx::work& w) {
      for (const pqxx::row& r :
           w.exec(fmt::format("SELECT {} FROM ladder_matches WHERE status = 'scheduled' ORDER BY id", kMatchColumns))) {
        const LadderMatch m = read_match(r);
        if (!drop(m)) continue;
        // Only what nobody is playing: a locked row is skipped, not waited for.
        w.exec_params("DELETE FROM ladder_matches WHERE id IN (SELECT id FROM ladder_matches WHERE id = $1 "
                      "AND status = 'scheduled' FOR UPDATE SKIP LOCKED)",
                      m.id);
      }
      w.commit();
      return 0;
    });
  }

  std::unique_ptr<Claim> claim(const std::function<bool(const LadderMatch&)>& playable, const std::string&) override {
    std::unique_ptr<pqxx::connection> c = take_connection();
    auto w = std::make_unique<pqxx::work>(*c);
    try {
      const pqxx::result candidates =
          w->exec(fmt::format("SELECT {} FROM ladder_matches WHERE status = 'scheduled' ORDER BY id LIMIT 500", kMatchColumns));
      for (const pqxx::row& r : candidates) {
        LadderMatch m = read_match(r);
        if (!playable(m)) continue;
        const pqxx::result locked = w->exec_params(
            "SELECT id FROM ladder_matches WHERE id = $1 AND status = 'scheduled' FOR UPDATE SKIP LOCKED", m.id);
        if (locked.empty()) continue;  // another worker has it
        return std::make_unique<PgClaim>(this, std::move(c), std::move(w), std::move(m));
      }
      w->abort();
    } catch (...) {
      w.reset();
      throw;
    }
    w.reset();
    give_back(std::move(c));
    return nullptr;
  }

  std::unique_ptr<pqxx::connection> take_connection() {
    {
      std::lock_guard lock(pool_mu_);
      while (!idle_.empty()) {
        std::unique_ptr<pqxx::connection> c = std::move(idle_.back());
        idle_.pop_back();
        if (c->is_open()) return c;
      }
    }
    return connect();
  }

  void give_back(std::unique_ptr<pqxx::connection> c) {
    if (!c || !c->is_open()) return;
    std::lock_guard lock(pool_mu_);
    idle_.push_back(std::move(c));
  }

  std::string finish_sql() const {
    return fmt::format("UPDATE ladder_matches SET status = 'done', winner = $1, reason = $2, results = $3, turns = $4, "
                       "decisions = $5, wall_ms = $6, transcript = $7, worker = $8, finished_at = {} "
                       "WHERE id = $9 AND status = 'scheduled'",
                       kNow);
  }

 private:
  std::unique_ptr<pqxx::connection> connect() {
    try {
      return std::make_unique<pqxx::connection>(conninfo_);
    } catch (const std::exception& e) {
      throw LadderError(fmt::format("cannot connect to PostgreSQL ({}): {}", redact(conninfo_), e.what()));
    }
  }

  std::vector<LadderMatch> select(const std::string& sql) {
    return with_work([&](pqxx::work& w) {
      std::vector<LadderMatch> out;
      for (const pqxx::row& r : w.exec(sql)) out.push_back(read_match(r));
      return out;
    });
  }

  std::string conninfo_;
  std::mutex mu_;
  std::unique_ptr<pqxx::connection> conn_;
  std::mutex pool_mu_;
  std::vector<std::unique_ptr<pqxx::connection>> idle_;  // for claims, one per match in play
};

PgClaim::~PgClaim() {
  if (w_) {
    try {
      w_->abort();  // back to the queue
    } catch (...) {
    }
    w_.reset();
  }
  store_->give_back(std::move(c_));
}

bool PgClaim::finish(const LadderMatch& r) {
  const pqxx::result u = w_->exec_params(store_->finish_sql(), r.winner, r.reason, tour::seat_records_to_json(r.results),
                                         r.turns, r.decisions, r.wall_ms, r.transcript, r.worker, m_.id);
  w_->commit();
  w_.reset();
  return u.affected_rows() == 1;
}

}  // namespace

std::unique_ptr<LadderStore> open_pg_store(const std::string& conninfo) { return std::make_unique<PgStore>(conninfo); }

}  // namespace dtref::ladder
