// The ladder service (see service.hpp).
#include "dtref/ladder/service.hpp"

#include <fmt/core.h>
#include <openssl/evp.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "dt/card_loader.hpp"
#include "dtref/bot_start.hpp"
#include "dtref/grpc_hub.hpp"
#include "dtref/kept_bots.hpp"
#include "dtref/logging.hpp"
#include "dtref/sandbox.hpp"
#include "dtref/seat_sandbox.hpp"
#include "dtref/secrets.hpp"
#include "dtref/tournament/runner.hpp"
#include "dtref/tournament/store.hpp"

namespace dtref::ladder {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
const logging::Where kLog{"ladder"};

std::string key_hash(const std::string& key) {
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  if (!EVP_Digest(key.data(), key.size(), md, &len, EVP_sha256(), nullptr)) throw LadderError("SHA-256 failed");
  std::string out;
  for (unsigned int i = 0; i < len; ++i) out += fmt::format("{:02x}", md[i]);
  return out;
}

std::string settings_json(const LadderSetup& s) {
  nlohmann::json j = {
      {"rules", {{"preset", s.rules.name}, {"promotion_target", s.rules.promotion_target}, {"turn_limit", s.rules.turn_limit}}},
      {"clocks",
       {{"startup_ms", s.clocks.startup_ms}, {"decision_ms", s.clocks.decision_ms}, {"bank_ms", s.clocks.bank_ms},
        {"grace_ms", s.clocks.grace_ms}}},
      {"policy", to_string(s.policy)},
      {"default_deck", s.default_deck},
      {"deck_pool", s.decks.pool},
      {"own_decks", s.decks.own_decks},
      {"seed", s.seed ? nlohmann::json(*s.seed) : nlohmann::json(nullptr)},
      {"max_matches", s.max_matches},
  };
  if (s.duplicate_deals) j["duplicate_deals"] = true;  // only when set, so older ladders still start
  return j.dump();
}

LadderSetup settings_from_json(const std::string& text) {
  LadderSetup s;
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object()) throw LadderError("the ladder's stored settings are unreadable");
  const auto& r = j["rules"];
  auto rules = dt::preset_by_name(r.value("preset", "gengine"));
  if (!rules) throw LadderError("the ladder's stored rules preset is unknown to this dtref");
  rules->promotion_target = r.value("promotion_target", rules->promotion_target);
  rules->turn_limit = r.value("turn_limit", rules->turn_limit);
  s.rules = *rules;
  const auto& c = j["clocks"];
  s.clocks = {c.value("startup_ms", int64_t(10000)), c.value("decision_ms", int64_t(1000)), c.value("bank_ms", int64_t(30000)),
              c.value("grace_ms", int64_t(50))};
  s.policy = policy_by_name(j.value("policy", "ladder")).value_or(Policy::Ladder);
  s.default_deck = j.value("default_deck", "corporate");
  s.decks.pool = j.value("deck_pool", std::vector<std::string>{});
  s.decks.own_decks = j.value("own_decks", false);
  if (j.contains("seed") && j["seed"].is_number_unsigned()) s.seed = j["seed"].get<uint64_t>();
  s.max_matches = j.value("max_matches", int64_t(0));
  s.duplicate_deals = j.value("duplicate_deals", false);
  return s;
}

void bind_settings(LadderStore& store, const LadderSetup& setup) {
  const std::string given = settings_json(setup);
  const auto stored = store.settings();
  if (!stored) {
    store.set_settings(given);
    return;
  }
  // How many matches to play may change between runs (a ladder is extended);
  // everything else defines the ladder's results.
  auto without_total = [](const std::string& text) {
    auto j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_object()) j.erase("max_matches");
    return j.dump();
  };
  if (without_total(*stored) != without_total(given))
    throw LadderError(fmt::format("{} holds a ladder with other settings ({}). Start it with the settings it has, or use "
                                  "another database.",
                                  store.describe(), tour::describe_identity_difference(without_total(*stored), without_total(given))));
  if (*stored != given) store.set_settings(given);
}

namespace {

// The ladder's matches as the tournament reports read them: players are the
// bots in store order, a match's key is its own.
struct AsRecords {
  std::vector<tour::Player> players;
  std::vector<tour::MatchRecord> records;
  std::map<int64_t, int> index;  // bot id -> player index
};

AsRecords as_records(const std::vector<LadderBot>& bots, const std::vector<LadderMatch>& matches) {
  AsRecords a;
  for (const LadderBot& b : bots) {
    a.index[b.id] = int(a.players.size());
    a.players.push_back(b.player);
  }
  for (const LadderMatch& m : matches) {
    if (!m.done || m.seats.size() < 2) continue;
    tour::MatchRecord r;
    r.plan.id = m.key();
    r.plan.seed = m.seed;
    const auto at = [&](int64_t bot) {
      const auto it = a.index.find(bot);
      return it == a.index.end() ? -1 : it->second;
    };
    r.plan.seat0 = at(m.seats[0].bot);
    r.plan.seat1 = at(m.seats[1].bot);
    r.done = true;
    r.winner_seat = m.winner;
    r.reason = m.reason;
    r.seats = m.results;
    r.turns = m.turns;
    r.decisions = m.decisions;
    r.wall_ms = m.wall_ms;
    r.transcript = m.transcript;
    r.finished_at = m.finished_at;
    a.records.push_back(std::move(r));
  }
  return a;
}

std::vector<tour::FitGame> fit_games(const AsRecords& a) {
  std::vector<tour::FitGame> games;
  for (const tour::MatchRecord& r : a.records)
    if (r.plan.seat0 >= 0 && r.plan.seat1 >= 0) games.push_back({r.plan.seat0, r.plan.seat1, r.seat_score(0)});
  return games;
}

}  // namespace

LadderView compute_view(LadderStore& store, const std::string& title, int recent_limit) {
  LadderView v;
  v.title = title;
  v.bots = store.bots();
  const std::vector<LadderMatch> all = store.matches(false);
  std::set<uint64_t> open_deals;  // seeds of matches still to be played (or being played)
  for (const LadderMatch& m : all) {
    (m.done ? v.finished : v.scheduled)++;
    if (!m.done) open_deals.insert(m.seed);
  }
  for (const LadderMatch& m : all)
    if (m.done && !open_deals.count(m.seed)) v.servable.insert(m.key());
  const AsRecords a = as_records(v.bots, all);
  v.standings = tour::compute_standings(a.players, a.records);
  const std::vector<tour::EloEstimate> fit = tour::fit_ratings(int(a.players.size()), fit_games(a));
  // A ladder ranks by its fitted rating; bots without games last.
  std::stable_sort(v.standings.players.begin(), v.standings.players.end(),
                   [&](const tour::PlayerStanding& x, const tour::PlayerStanding& y) {
                     if ((x.games > 0) != (y.games > 0)) return x.games > 0;
                     return fit[size_t(x.index)].elo > fit[size_t(y.index)].elo;
                   });
  for (const tour::PlayerStanding& p : v.standings.players) v.fitted.push_back(fit[size_t(p.index)]);
  v.faults = tour::faults_of(a.players, a.records);
  std::vector<tour::MatchLine> lines = tour::match_lines(a.players, a.records);
  std::sort(lines.begin(), lines.end(), [](const tour::MatchLine& x, const tour::MatchLine& y) {
    return std::tie(x.finished_at, x.key) > std::tie(y.finished_at, y.key);
  });
  if (int(lines.size()) > recent_limit) lines.resize(size_t(recent_limit));
  v.recent = std::move(lines);
  v.settings_json = store.settings().value_or("");
  return v;
}

struct Service::Impl {
  LadderStore& store;
  LadderSetup setup;
  ServiceOptions opt;
  std::string seed_key;

  std::mutex mu;  // guards what follows
  std::vector<LadderBot> bots;
  std::map<std::string, dt::Deck> decks;
  std::set<std::string> running;
  std::multiset<uint64_t> running_deals;  // seeds of the matches this process is playing
  std::map<std::string, int> reserved;  // remote bot -> claimed matches not yet over
  std::shared_ptr<const LadderView> view;
  int stored = 0;
  bool all_done = false;

  std::mutex claim_mu;  // one claim at a time in this process
  std::atomic<bool> cancel{false};
  std::shared_ptr<GrpcHub> hub;
  std::condition_variable cv;

  Impl(LadderStore& s, LadderSetup su, ServiceOptions o) : store(s), setup(std::move(su)), opt(std::move(o)) {}

  bool stopping() const { return cancel.load() || (opt.stop && opt.stop->load()); }

  std::map<std::string, int> waiting() { return hub ? hub->waiting() : std::map<std::string, int>{}; }

  const dt::Deck& deck(const std::string& name) {
    std::lock_guard lock(mu);
    auto it = decks.find(name);
    if (it == decks.end()) it = decks.emplace(name, tour::load_deck(name, setup.rules)).first;
    return it->second;
  }

  const LadderBot* bot_locked(int64_t id) const {
    for (const LadderBot& b : bots)
      if (b.id == id) return &b;
    return nullptr;
  }

  // Bots see neither the results nor any other bot of the ladder: the bots
  // registered now (the set changes while it runs) name the files to hide.
  SandboxSettings sandbox_locked() const {
    SandboxSettings s = opt.sandbox;
    if (!opt.transcripts_dir.empty()) s.hide.push_back(opt.transcripts_dir);
    for (const LadderBot& b : bots)
      if (!b.remote) s.others.push_back(bot_files_of(b.player.bot_spec()));
    return s;
  }

  void refresh_bots() {
    std::vector<LadderBot> now = store.bots();
    std::lock_guard lock(mu);
    bots = std::move(now);
  }

  // Scheduled matches of retired (or unknown) bots are withdrawn.
  void withdraw_retired() {
    std::set<int64_t> active;
    {
      std::lock_guard lock(mu);
      for (const LadderBot& b : bots)
        if (b.active) active.insert(b.id);
    }
    store.withdraw([&](const LadderMatch& m) {
      return std::any_of(m.seats.begin(), m.seats.end(), [&](const LadderSeat& s) { return !active.count(s.bot); });
    });
  }

  uint64_t seed_of(const std::string& label) const { return keyed_seed(seed_key, label); }

  void schedule() {
    const int target = opt.queue_ahead > 0 ? opt.queue_ahead : std::max(4, 2 * opt.concurrency);
    std::vector<LadderBot> active;
    {
      std::lock_guard lock(mu);
      for (const LadderBot& b : bots)
        if (b.active) active.push_back(b);
    }
    const std::map<std::string, int> here = waiting();
    store.schedule([&](const std::vector<LadderMatch>& all) {
      std::vector<LadderMatch> out;
      int64_t next_pair = 1;
      int scheduled_local = 0;
      std::map<int64_t, int> load, scheduled_of;
      std::set<int64_t> remote_ids;
      for (const LadderBot& b : active)
        if (b.remote) remote_ids.insert(b.id);
      for (const LadderMatch& m : all) {
        next_pair = std::max(next_pair, m.pair_no + 1);
        bool has_remote = false;
        for (const LadderSeat& s : m.seats) {
          ++load[s.bot];
          if (!m.done) ++scheduled_of[s.bot];
          has_remote |= remote_ids.count(s.bot) > 0;
        }
        if (!m.done && !has_remote) ++scheduled_local;
      }
      int64_t room = setup.max_matches > 0 ? setup.max_matches - int64_t(all.size()) : INT64_MAX;
      if (room <= 0) return out;
      // Ratings from every finished game, for pairing close bots more often.
      std::vector<LadderBot> everyone;
      {
        std::lock_guard lock(mu);
        everyone = bots;
      }
      const AsRecords a = as_records(everyone, all);
      const std::vector<tour::EloEstimate> fit = tour::fit_ratings(int(a.players.size()), fit_games(a));
      auto rating = [&](int64_t id) {
        const auto it = a.index.find(id);
        return it == a.index.end() ? 0.0 : fit[size_t(it->second)].elo;
      };
      auto by_id = [&](int64_t id) -> const LadderBot& {
        return *std::find_if(active.begin(), active.end(), [&](const LadderBot& b) { return b.id == id; });
      };
      auto add_pairs = [&](const std::vector<Pairing>& pairs) {
        for (const Pairing& p : pairs) {
          const uint64_t seed = seed_of(fmt::format("ladder pair {}", next_pair));
          std::vector<uint64_t> deals;  // one secret seed per leg, unless the deal is duplicated
          if (!setup.duplicate_deals)
            for (int leg = 1; leg <= 2; ++leg) deals.push_back(seed_of(fmt::format("ladder pair {} leg {}", next_pair, leg)));
          for (LadderMatch& leg : pair_legs(p, by_id(p.a), by_id(p.b), next_pair, seed, setup.decks, deals)) {
            if (room <= 0) break;
            out.push_back(std::move(leg));
            --room;
          }
          ++next_pair;
        }
      };
      std::vector<SchedBot> local;
      for (const LadderBot& b : active)
        if (!b.remote) local.push_back({b.id, rating(b.id), load[b.id], true});
      // Remote bots waiting here and with nothing scheduled get a pair against a local bot.
      for (const LadderBot& b : active) {
        if (!b.remote || !here.count(b.player.name) || scheduled_of[b.id] > 0 || local.empty()) continue;
        std::vector<SchedBot> with = local;
        with.push_back({b.id, rating(b.id), -1000000, true});  // the least loaded: it goes first
        add_pairs(choose_pairings(with, 1, seed_of(fmt::format("ladder schedule {}", next_pair))));
      }
      if (scheduled_local < target) {
        const int pairs = (target - scheduled_local + 1) / 2;
        add_pairs(choose_pairings(local, pairs, seed_of(fmt::format("ladder schedule {}", next_pair))));
      }
      return out;
    });
  }

  // Whether this process can play `m` now: every bot active, remote ones waiting here.
  // `seen`: the deals of the candidates offered before this one (in id
  // order, so a pair's first leg comes first): a leg is not started while
  // another of its deal is still to be played or running anywhere.
  bool playable(const LadderMatch& m, const std::map<std::string, int>& here, std::set<uint64_t>& seen) {
    std::lock_guard lock(mu);
    const bool deal_open = seen.count(m.seed) > 0 || running_deals.count(m.seed) > 0;
    seen.insert(m.seed);
    if (deal_open) return false;
    std::map<std::string, int> need;
    for (const LadderSeat& s : m.seats) {
      const LadderBot* b = bot_locked(s.bot);
      if (!b || !b->active) return false;
      if (b->remote) ++need[b->player.name];
    }
    for (const auto& [name, n] : need) {
      const auto w = here.find(name);
      const int free = (w == here.end() ? 0 : w->second) - (reserved.count(name) ? reserved.at(name) : 0);
      if (free < n) return false;
    }
    return true;
  }

  void worker_loop() {
    // This worker's bots that play several matches (kept_bots.hpp): forked
    // by this thread, shut down when it ends.
    KeptBots kept;
    while (!stopping()) {
      std::unique_ptr<Claim> c;
      std::vector<std::string> remote_names;
      {
        std::lock_guard one(claim_mu);
        const std::map<std::string, int> here = waiting();
        try {
          std::set<uint64_t> seen;
          c = store.claim([&](const LadderMatch& m) { return playable(m, here, seen); }, opt.worker_id);
        } catch (const std::exception& e) {
          logging::info(kLog, "claiming a match failed (retried): {}", e.what());
        }
        if (c) logging::info({"ladder", c->match().key()}, "claimed by worker {}", opt.worker_id);
        if (c) {
          std::lock_guard lock(mu);
          for (const LadderSeat& s : c->match().seats)
            if (const LadderBot* b = bot_locked(s.bot); b && b->remote) {
              ++reserved[b->player.name];
              remote_names.push_back(b->player.name);
            }
        }
      }
      if (!c) {
        kept.retire_idle();  // nothing to play now: kept bots do not wait idle (nor run a program replaced meanwhile)
        std::unique_lock lock(mu);
        cv.wait_for(lock, std::chrono::milliseconds(200));
        continue;
      }
      play(*c, opt.keep_alive ? &kept : nullptr);
      std::lock_guard lock(mu);
      for (const std::string& n : remote_names) --reserved[n];
    }
  }

  void play(Claim& c, KeptBots* kept) {
    const LadderMatch& m = c.match();
    MatchSpec spec;
    spec.key = m.key();
    {
      std::lock_guard lock(mu);
      for (const LadderSeat& s : m.seats) {
        const LadderBot* b = bot_locked(s.bot);
        BotSpec bs = b->player.bot_spec();
        if (b->remote) bs.spec = fmt::format("grpc-lobby:{}/{}", opt.grpc_listen, b->player.name);
        spec.bots.push_back(bs);
      }
      spec.sandbox = sandbox_locked();
      running.insert(m.key());
      running_deals.insert(m.seed);
    }
    try {
      for (const LadderSeat& s : m.seats) spec.decks.push_back(deck(s.deck));
    } catch (const std::exception& e) {
      logging::warn({"ladder", m.key()}, "released unplayed: {}", e.what());
      std::lock_guard lock(mu);
      running.erase(m.key());
      running_deals.erase(running_deals.find(m.seed));
      return;
    }
    spec.rules = setup.rules;
    spec.seed = m.seed;
    spec.clocks = setup.clocks;
    spec.policy = setup.policy;
    spec.cancel = &cancel;
    // A kept bot never plays two legs of one deal, nor, with a deck pool, of
    // one pair (both legs draw the same decks): it would know the other's
    // hidden cards or decks. Seeds are below 2^63, so the pair's tag cannot
    // be mistaken for one.
    spec.keep_alive.bots = kept;
    spec.keep_alive.deals = {m.seed};
    if (!setup.decks.pool.empty()) spec.keep_alive.deals.push_back((uint64_t(1) << 63) | uint64_t(m.pair_no));
    if (!opt.transcripts_dir.empty()) {
      spec.transcript_path = (fs::path(opt.transcripts_dir) / (m.key() + ".jsonl.zst")).string();
      spec.stderr_dir = opt.transcripts_dir;
    }
    MatchOutcome out;
    std::string problem;
    try {
      out = run_match(spec);
    } catch (const std::exception& e) {
      problem = e.what();
    }
    if (problem.empty() && out.voided && !cancel.load()) problem = out.void_reason;
    bool stored_now = false;
    if (problem.empty() && !out.voided) {
      tour::PlannedMatch plan;
      plan.id = m.key();
      const tour::MatchRecord rec = tour::record_of(plan, spec, out);
      LadderMatch result = m;
      result.winner = rec.winner_seat;
      result.reason = rec.reason;
      result.results = rec.seats;
      result.turns = rec.turns;
      result.decisions = rec.decisions;
      result.wall_ms = rec.wall_ms;
      result.transcript = rec.transcript;
      result.worker = opt.worker_id;
      try {
        stored_now = c.finish(result);
      } catch (const std::exception& e) {
        problem = std::string("storing the result failed (the match stays scheduled): ") + e.what();
      }
    }
    if (!problem.empty()) logging::warn({"ladder", m.key()}, "released, not counted: {}", problem);
    else if (stored_now) logging::info({"ladder", m.key()}, "released: result stored");
    else if (out.voided) logging::info({"ladder", m.key()}, "released: cancelled, it stays scheduled");
    else logging::info({"ladder", m.key()}, "released: finished or withdrawn meanwhile, nothing stored");
    int n = 0;
    {
      std::lock_guard lock(mu);
      running.erase(m.key());
      running_deals.erase(running_deals.find(m.seed));
      if (stored_now) n = ++stored;
    }
    if (stored_now && opt.keep.kind != Retention::Kind::All) {
      std::set<std::string> busy;
      {
        std::lock_guard lock(mu);
        busy = running;
      }
      prune_match_files(opt.transcripts_dir, opt.keep, busy);
    }
    if (stored_now && opt.after_store) opt.after_store(n);
  }

  void refresh_view() {
    auto v = std::make_shared<LadderView>(compute_view(store, store.describe(), 50));
    {
      std::lock_guard lock(mu);
      v->running = int(running.size());
      v->running_keys.assign(running.begin(), running.end());
      if (setup.max_matches > 0 && v->finished >= setup.max_matches) all_done = true;
    }
    v->remote_waiting = waiting();
    std::lock_guard lock(mu);
    view = std::move(v);
  }

  void print_progress() {
    std::shared_ptr<const LadderView> v;
    int stored_here;
    {
      std::lock_guard lock(mu);
      v = view;
      stored_here = stored;
    }
    if (!v || !opt.progress) return;
    // Two sources, said apart: this process's own count is exact; the ladder's
    // totals (every worker's) are those of the last standings refresh.
    std::string line = fmt::format("[ladder] {} played by this process since it started; the whole ladder at the last "
                                   "refresh: {} finished, {} running, {} scheduled",
                                   stored_here, v->finished, v->running, v->scheduled);
    if (!v->standings.players.empty() && v->standings.players[0].games > 0)
      line += fmt::format(", leader {} {} ({} games)", v->standings.players[0].name,
                          tour::elo_text(v->fitted[0]), v->standings.players[0].games);
    fmt::print(opt.progress, "{}\n", line);
    std::fflush(opt.progress);
  }
};

Service::Service(LadderStore& store, LadderSetup setup, ServiceOptions opt)
    : impl_(std::make_unique<Impl>(store, std::move(setup), std::move(opt))) {}

Service::~Service() = default;

std::shared_ptr<const LadderView> Service::view() {
  std::lock_guard lock(impl_->mu);
  return impl_->view;
}

std::string Service::grpc_address() {
  std::lock_guard lock(impl_->mu);
  return impl_->hub ? impl_->hub->address() : std::string();
}

int Service::run() {
  Impl& d = *impl_;
  d.seed_key = d.setup.seed ? fmt::format("dtref fixed ladder seed {}", *d.setup.seed) : d.store.seed_key();
  if (!d.opt.transcripts_dir.empty()) fs::create_directories(d.opt.transcripts_dir);
  if (!d.opt.grpc_listen.empty()) {
    std::string err;
    auto hub = GrpcHub::get(d.opt.grpc_listen, &err);
    if (!hub) throw LadderError(err);
    {
      std::lock_guard lock(d.mu);
      d.hub = hub;
    }
    // A stream whose token is a remote bot's key waits in the lobby under the bot's name.
    d.hub->set_lobby([&d](const std::string& token) -> std::optional<std::string> {
      const std::string h = key_hash(token);
      std::lock_guard lock(d.mu);
      for (const LadderBot& b : d.bots)
        if (b.remote && b.active && b.key_hash == h) return b.player.name;
      return std::nullopt;
    });
  }
  std::vector<std::thread> workers;
  for (int i = 0; i < std::max(1, d.opt.concurrency); ++i) workers.emplace_back([&d] { d.worker_loop(); });
  auto last_progress = Clock::now();
  auto last_view = Clock::time_point{};
  while (!d.stopping()) {
    try {
      d.refresh_bots();
      d.withdraw_retired();
      d.schedule();
      if (Clock::now() - last_view >= std::chrono::seconds(1)) {
        d.refresh_view();
        last_view = Clock::now();
      }
    } catch (const std::exception& e) {
      // A database that is briefly unreachable must not end a long-running service.
      logging::info(kLog, "store: {} (retrying)", e.what());
    }
    {
      std::lock_guard lock(d.mu);
      if (d.all_done) break;
    }
    if (Clock::now() - last_progress >= std::chrono::duration<double>(d.opt.progress_interval_s)) {
      d.print_progress();
      last_progress = Clock::now();
    }
    std::unique_lock lock(d.mu);
    d.cv.wait_for(lock, std::chrono::milliseconds(250));
  }
  if (d.opt.stop && d.opt.stop->load())
    logging::info(kLog, "stop requested: running matches are cancelled and stay scheduled");
  d.cancel = true;  // running matches are voided and stay scheduled
  d.cv.notify_all();
  for (std::thread& t : workers) t.join();
  if (d.hub) d.hub->set_lobby(nullptr);
  try {
    d.refresh_view();
    d.print_progress();
  } catch (const std::exception& e) {
    logging::warn(kLog, "the last standings could not be read: {}", e.what());
  }
  std::lock_guard lock(d.mu);
  return d.stored;
}

}  // namespace dtref::ladder
