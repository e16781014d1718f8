#include "dtref/tournament/runner.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <cmath>
#include <fstream>
#include <future>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>
#include <tuple>

#include <sys/resource.h>

#include "dt/card_loader.hpp"
#include "dtref/bot_start.hpp"
#include "dtref/kept_bots.hpp"
#include "dtref/logging.hpp"
#include "dtref/preflight.hpp"
#include "dtref/seat_sandbox.hpp"

namespace dtref::tour {

namespace fs = std::filesystem;

std::string TournamentSetup::shard_text() const {
  return shard_count > 1 ? fmt::format("{}/{}", shard_index, shard_count) : std::string();
}

dt::Deck load_deck(const std::string& name, const dt::Rules& rules) {
  return dt::load_deck_arg(name, dt::builtin_cards(), rules, false);
}

namespace {
// The cards of a deck, not just its name: a deck file edited between runs
// makes another tournament.
std::string deck_fingerprint(const dt::Deck& deck) {
  std::vector<std::string> codes;
  for (uint16_t def : deck.cards) codes.push_back(dt::builtin_cards()[def].code);
  for (uint16_t def : deck.side_board) codes.push_back("side:" + dt::builtin_cards()[def].code);
  std::sort(codes.begin(), codes.end());
  uint64_t h = 1469598103934665603ull;  // FNV-1a
  for (const std::string& c : codes)
    for (char ch : c + ",") h = (h ^ uint8_t(ch)) * 1099511628211ull;
  return fmt::format("{}x{:016x}", codes.size(), h);
}
}  // namespace

std::string identity_json(const TournamentSetup& t) {
  nlohmann::json players = nlohmann::json::array();
  for (const Player& p : t.players) {
    nlohmann::json j = {{"name", p.name}, {"spec", p.spec}, {"deck", p.deck}, {"deck_cards", deck_fingerprint(load_deck(p.deck, t.rules))}};
    // Settings only when given, so a store written before they existed still resumes.
    if (!p.args.empty()) j["args"] = p.args;
    if (!p.dir.empty()) j["dir"] = p.dir;
    if (!p.env.empty()) {
      nlohmann::json env = nlohmann::json::object();
      for (const auto& [k, v] : p.env) env[k] = v;
      j["env"] = env;
    }
    if (p.clocks)
      j["clocks"] = {{"startup_ms", p.clocks->startup_ms}, {"decision_ms", p.clocks->decision_ms},
                     {"bank_ms", p.clocks->bank_ms}, {"grace_ms", p.clocks->grace_ms}};
    // A bot's own limits or network change how it can play.
    if (!p.limits.empty()) j["limits"] = p.limits;
    if (p.network) j["network"] = *p.network;
    if (!t.deck_pool.empty() && !(t.own_decks && p.deck_given)) j.erase("deck"), j.erase("deck_cards");
    players.push_back(j);
  }
  nlohmann::json j = {
      {"format", to_string(t.format)},
      {"rounds", t.rounds},
      {"seed", t.seed ? nlohmann::json(*t.seed) : nlohmann::json("secret")},
      {"players", players},
      {"rules", {{"preset", t.rules.name}, {"promotion_target", t.rules.promotion_target}, {"turn_limit", t.rules.turn_limit}}},
      {"clocks",
       {{"startup_ms", t.clocks.startup_ms}, {"decision_ms", t.clocks.decision_ms}, {"bank_ms", t.clocks.bank_ms},
        {"grace_ms", t.clocks.grace_ms}}},
      {"policy", to_string(t.policy)},
  };
  if (!t.deck_pool.empty()) {
    nlohmann::json pool = nlohmann::json::array();
    for (const std::string& d : t.deck_pool) pool.push_back({{"deck", d}, {"deck_cards", deck_fingerprint(load_deck(d, t.rules))}});
    j["deck_pool"] = pool;
    j["own_decks"] = t.own_decks;
  }
  if (t.duplicate_deals) j["deals"] = "duplicate";  // only when set, so older stores still resume
  // Only when it is not two players each for themselves, so older stores still resume.
  if (t.seats > 2 || t.rules.style != dt::Style::FreeForAll) {
    nlohmann::json teams = nlohmann::json::array();
    for (const dt::SeatRules& s : t.rules.seats) teams.push_back(s.team);
    j["table"] = {{"seats", t.seats}, {"style", std::string(dt::to_string(t.rules.style))}, {"teams", teams},
                  {"decks", t.table_decks}};
  }
  return j.dump();  // object keys sorted: canonical
}

void validate_setup(const TournamentSetup& t) {
  if (t.players.size() < 2) throw std::invalid_argument("a tournament needs at least two bots (give --bot twice or more)");
  if (t.rounds < 1) throw std::invalid_argument("--rounds must be at least 1");
  if (auto bad = clocks_problem(t.clocks)) throw std::invalid_argument("clocks: " + *bad);
  std::map<std::string, std::string> names;  // lower case -> as given
  for (const Player& p : t.players) {
    if (p.spec.empty()) throw std::invalid_argument(fmt::format("bot '{}' has no spec", p.name));
    std::string folded = p.name;
    for (char& c : folded) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (const auto [it, fresh] = names.emplace(folded, p.name); !fresh) {
      if (it->second == p.name)
        throw std::invalid_argument(fmt::format(
            "two bots are named '{}'; name them apart, e.g. --bot a={} --bot b={}", p.name, p.spec, p.spec));
      // Names become file names, URLs and table keys: some of those ignore case.
      throw std::invalid_argument(fmt::format("bots '{}' and '{}' differ only by case; give them names that differ otherwise",
                                              it->second, p.name));
    }
    if (auto problem = bot_spec_problem(p.bot_spec()))
      throw std::invalid_argument(fmt::format("bot '{}': {}", p.name, *problem));
    if (!t.deck_pool.empty() && p.deck_given && !t.own_decks)
      throw std::invalid_argument(fmt::format(
          "bot '{}' brings its own deck '{}' but the decks come from the pool; allow own decks (--own-decks) or "
          "drop its deck",
          p.name, p.deck));
    try {
      (void)load_deck(p.deck, t.rules);
    } catch (const std::exception& e) {
      throw std::invalid_argument(fmt::format("bot '{}': {}", p.name, e.what()));
    }
  }
  for (const std::string& d : t.deck_pool) {
    try {
      (void)load_deck(d, t.rules);
    } catch (const std::exception& e) {
      throw std::invalid_argument(fmt::format("deck pool: {}", e.what()));
    }
  }
  if (t.seats < 2 || t.seats > kMaxSeats)
    throw std::invalid_argument(fmt::format("--seats {}: a table has 2 to {} seats", t.seats, kMaxSeats));
  if (t.seats > 2 && t.format != Format::RoundRobin)
    throw std::invalid_argument(fmt::format("tables of {} seats are played round robin only (--format round-robin), "
                                            "not {}", t.seats, to_string(t.format)));
  if (t.seats > int(t.players.size()))
    throw std::invalid_argument(fmt::format("tables of {} seats need at least {} bots, got {}", t.seats, t.seats,
                                            t.players.size()));
  if (!t.rules.seats.empty() && int(t.rules.seats.size()) != t.seats)
    throw std::invalid_argument(fmt::format("the rules' style is set up for {} players, the tables have {} seats",
                                            t.rules.seats.size(), t.seats));
  if (t.shard_count < 1 || t.shard_index < 0 || t.shard_index >= t.shard_count)
    throw std::invalid_argument(fmt::format("--shard {}/{}: give i/N with 0 <= i < N", t.shard_index, t.shard_count));
  if (t.shard_count > 1 && plans_from_results(t.format))
    throw std::invalid_argument(fmt::format(
        "--shard works for round-robin and gauntlet only: a {} round is planned from all of the previous round's "
        "results, which no single shard has",
        to_string(t.format)));
}

namespace {

using Clock = std::chrono::steady_clock;
const logging::Where kLog{"tournament"};

}  // namespace

std::vector<std::string> seat_decks(const TournamentSetup& t, const PlannedMatch& m) {
  if (!m.table.empty() && !t.table_decks.empty()) return t.table_decks;
  if (!m.table.empty()) {
    std::vector<std::string> out;
    const std::vector<int> pool = pool_table(deck_seed(t.plan_params(), m), int(t.deck_pool.size()), int(m.table.size()));
    for (size_t s = 0; s < m.table.size(); ++s) {
      const Player& p = t.players[size_t(m.table[s])];
      out.push_back(t.deck_pool.empty() || (t.own_decks && p.deck_given) ? p.deck : t.deck_pool[size_t(pool[s])]);
    }
    return out;
  }
  const Player& a = t.players[size_t(m.seat0)];
  const Player& b = t.players[size_t(m.seat1)];
  if (t.deck_pool.empty()) return {a.deck, b.deck};
  const auto [d0, d1] = pool_pairing(deck_seed(t.plan_params(), m), int(t.deck_pool.size()));
  return {t.own_decks && a.deck_given ? a.deck : t.deck_pool[size_t(d0)],
          t.own_decks && b.deck_given ? b.deck : t.deck_pool[size_t(d1)]};
}

MatchRecord record_of(const PlannedMatch& m, const MatchSpec& spec, const MatchOutcome& out) {
  MatchRecord r;
  r.plan = m;
  r.done = true;
  r.winner_seat = out.winner;
  r.reason = out.reason;
  for (const SeatOutcome& s : out.seats) {
    SeatRecord sr;
    sr.verdict = to_string(s.verdict);
    sr.promotion = s.promotion;
    sr.destiny = s.destiny;
    sr.timeouts = s.timeouts;
    sr.illegal = s.illegal;
    sr.malformed = s.malformed;
    sr.time_used_ms = s.time_used_ms;
    sr.detail = s.detail;
    sr.ready_name = s.ready_name;
    sr.deck = r.seats.size() < spec.decks.size() ? spec.decks[r.seats.size()].name : std::string();
    sr.place = s.place;
    if (dt::has_teams(spec.rules)) sr.team = s.team;
    r.seats.push_back(sr);
  }
  r.turns = out.turns;
  r.decisions = out.decisions;
  r.wall_ms = out.wall_ms;
  r.transcript = spec.transcript_path;
  return r;
}

namespace {

std::string clock_text(double seconds) {
  if (!(seconds >= 0) || seconds > 1e7) return "?";
  const long s = long(seconds + 0.5);
  return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
}

// Shared state of one run: workers finish matches, the calling thread reports.
class Run {
 public:
  Run(const TournamentSetup& t, Store& store, const RunOptions& opt) : t_(t), store_(store), opt_(opt) {
    for (const Player& p : t.players) decks_.emplace(p.deck, load_deck(p.deck, t.rules));
    for (const std::string& d : t.deck_pool) decks_.emplace(d, load_deck(d, t.rules));
    for (const std::string& d : t.table_decks) decks_.emplace(d, load_deck(d, t.rules));
  }

  RunSummary go() {
    started_ = Clock::now();
    store_.bind({identity_json(t_), t_.shard_text(), t_.players});
    reload();
    const PlanParams pp = t_.plan_params();
    const int rounds = total_rounds(pp);
    {
      std::lock_guard lock(mu_);
      int done = 0;
      for (const MatchRecord& m : records_) done += m.done;
      logging::info(kLog, "started on {}: {} bots, {} {} round(s), {} matches stored of {} planned so far, {} at a time{}",
                    store_.path(), t_.players.size(), to_string(t_.format), rounds, done, records_.size(),
                    opt_.concurrency, t_.shard_count > 1 ? ", shard " + t_.shard_text() : "");
    }
    if (!plans_from_results(t_.format)) {
      // Fixed formats: plan everything now and play it as one batch, so the
      // pool stays full across round boundaries.
      for (int r = 1; r <= rounds; ++r)
        if (!store_.round_planned(r)) store_.add_round(plan_round(pp, r, {}), shard_filter());
      reload();
      play_batch(0);
    } else {
      for (int r = 1; r <= rounds && !stopping(); ++r) {
        if (!store_.round_planned(r)) {
          store_.add_round(plan_round(pp, r, history_before(r)), nullptr);
          reload();
          logging::info(kLog, "round {} planned from the results of the rounds before", r);
        }
        play_batch(r);
        if (!round_complete(r)) break;  // stopped or voided: the next round needs this one whole
      }
    }
    finish_progress();
    RunSummary s;
    {
      std::lock_guard lock(mu_);
      for (const MatchRecord& m : records_) {
        ++s.planned;
        s.completed += m.done;
      }
      s.played_now = played_now_;
      s.voided = voided_;
      s.void_reasons = void_reasons_;
      s.interrupted = opt_.stop && opt_.stop->load();
      s.sprt_stopped = sprt_stop_;
      if (opt_.sprt) s.sprt = sprt_result_locked();
    }
    logging::info(kLog, "{}: {} of {} matches stored, {} by this run{}",
                  s.interrupted ? "stopped on request" : s.sprt_stopped ? "stopped by the SPRT" : "ended", s.completed,
                  s.planned, s.played_now, s.voided ? fmt::format(", {} voided", s.voided) : "");
    // Swiss/knockout rounds not planned yet still belong to the plan.
    if (plans_from_results(t_.format)) s.planned = expected_matches(pp);
    return s;
  }

 private:
  std::function<bool(const PlannedMatch&)> shard_filter() const {
    if (t_.shard_count <= 1) return nullptr;
    const int n = t_.shard_count, i = t_.shard_index;
    // Whole seat-swapped pairs go to one shard, so each shard's pairs are complete.
    return [n, i](const PlannedMatch& m) { return m.pair_index % n == i; };
  }

  History history_before(int round) {
    History h;
    for (const MatchRecord& m : store_.matches())
      if (m.done && m.plan.round < round) {
        PlayedMatch p;
        p.round = m.plan.round;
        p.pairing = m.plan.pairing;
        p.seat0 = m.plan.seat0;
        p.seat1 = m.plan.seat1;
        p.winner_seat = m.winner_seat;
        p.promotion0 = m.seats.size() > 0 ? m.seats[0].promotion : 0;
        p.promotion1 = m.seats.size() > 1 ? m.seats[1].promotion : 0;
        h.matches.push_back(p);
      }
    for (const auto& b : store_.byes())
      if (b.first < round) h.byes.push_back(b);
    return h;
  }

  bool round_complete(int r) {
    std::lock_guard lock(mu_);
    return std::all_of(records_.begin(), records_.end(), [r](const MatchRecord& m) { return m.plan.round != r || m.done; });
  }

  bool stopping() const { return cancel_.load() || (opt_.stop && opt_.stop->load()); }

  SprtResult sprt_result_locked() const { return sprt(*opt_.sprt, penta_); }

  // Re-reads the store's matches; rebuilds the key index and the SPRT tally.
  void reload() {
    std::lock_guard lock(mu_);
    records_ = store_.matches();
    index_.clear();
    for (size_t i = 0; i < records_.size(); ++i) index_[records_[i].plan.key()] = i;
    sprt_pairs_.clear();
    penta_ = {};
    for (const MatchRecord& m : records_) tally_sprt(m);
  }

  // Adds a finished match of players 0 and 1 to the pentanomial counts once
  // its seat-swapped partner is in too (as pentanomial() counts them).
  void tally_sprt(const MatchRecord& m) {
    if (!m.done || !m.plan.table.empty()) return;  // tables of three or more: no SPRT
    const bool ab = m.plan.seat0 == 0 && m.plan.seat1 == 1, ba = m.plan.seat0 == 1 && m.plan.seat1 == 0;
    if (!ab && !ba) return;
    auto& acc = sprt_pairs_[{m.plan.round, m.plan.pairing, (m.plan.leg - 1) / 2}];
    ++acc.first;
    acc.second += m.seat_score(ab ? 0 : 1);
    if (acc.first == 2) ++penta_.counts[size_t(std::lround(acc.second * 2))];
  }

  // Plays every unfinished match of round `round` (0: of every round).
  void play_batch(int round) {
    std::vector<PlannedMatch> todo;
    {
      std::lock_guard lock(mu_);
      if (opt_.sprt && sprt_result_locked().verdict != SprtVerdict::Continue) {
        sprt_stop_ = true;
        cancel_ = true;
        return;
      }
      for (const MatchRecord& m : records_)
        if (!m.done && (round == 0 || m.plan.round == round)) todo.push_back(m.plan);
    }
    if (todo.empty()) return;
    // Matches dealt from one seed (duplicate deals) are one job, played in
    // turn by one worker: a bot in one leg must not hear from the other.
    std::vector<std::vector<PlannedMatch>> jobs;
    {
      std::map<uint64_t, size_t> job_of_seed;
      for (PlannedMatch& m : todo) {
        const auto [it, fresh] = job_of_seed.emplace(m.seed, jobs.size());
        if (fresh) jobs.emplace_back();
        jobs[it->second].push_back(std::move(m));
      }
    }
    std::atomic<size_t> next{0};
    std::atomic<int> running{0};
    const int workers = std::max(1, std::min<int>(opt_.concurrency, int(jobs.size())));
    running = workers;
    std::vector<std::thread> pool;
    for (int w = 0; w < workers; ++w)
      pool.emplace_back([&] {
        // This worker's bots that play several matches (kept_bots.hpp):
        // forked by this thread, shut down before it ends.
        std::optional<KeptBots> kept;
        if (opt_.keep_alive) kept.emplace();
        for (;;) {
          if (stopping()) break;
          const size_t i = next++;
          if (i >= jobs.size()) break;
          for (const PlannedMatch& m : jobs[i]) {
            if (stopping()) break;
            play_one(m, kept ? &*kept : nullptr);
          }
        }
        kept.reset();
        {
          std::lock_guard lock(mu_);  // under the lock, so the watcher cannot miss the wake-up
          --running;
        }
        cv_.notify_all();
      });
    // The calling thread watches for a stop request and reports progress.
    auto last_line = Clock::now();
    for (;;) {
      std::unique_lock lock(mu_);
      // Checked under the lock: a last worker finishing between the check and
      // the wait would otherwise leave the run waiting out its 100 ms.
      if (running.load() == 0) break;
      cv_.wait_for(lock, std::chrono::milliseconds(100));
      lock.unlock();
      if (opt_.stop && opt_.stop->load() && !cancel_.exchange(true))
        logging::info(kLog, "stop requested: no new matches; running ones are cancelled and replayed on resume");
      // On a terminal the line is redrawn a few times a second, not per match.
      const double since = std::chrono::duration<double>(Clock::now() - last_line).count();
      const bool due = opt_.progress_tty ? since >= 0.25 : since >= opt_.progress_interval_s;
      if (due && opt_.progress) {
        print_progress(false);
        last_line = Clock::now();
      }
    }
    for (std::thread& th : pool) th.join();
    store_.flush();  // every match of the batch committed and counted before the round is judged
  }

  void play_one(const PlannedMatch& m, KeptBots* kept) {
    MatchSpec spec;
    spec.key = m.key();  // the bots get an opaque match id (run_match makes one)
    for (int p : m.players()) spec.bots.push_back(t_.players[size_t(p)].bot_spec());
    for (const std::string& d : seat_decks(t_, m)) spec.decks.push_back(decks_.at(d));
    // Bots see neither the results nor any other bot of the tournament.
    spec.sandbox = t_.sandbox;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) spec.sandbox.hide.push_back(store_.path() + suffix);
    if (!opt_.transcripts_dir.empty()) spec.sandbox.hide.push_back(opt_.transcripts_dir);
    for (const Player& pl : t_.players) spec.sandbox.others.push_back(bot_files_of(pl.bot_spec()));
    spec.rules = t_.rules;
    spec.seed = m.seed;
    spec.clocks = t_.clocks;
    spec.policy = t_.policy;
    spec.cancel = &cancel_;
    if (!opt_.transcripts_dir.empty()) {
      // Logs are named by match key: <dir>/<key>.jsonl, and the referee names
      // each bot's stderr <dir>/<key>-s<seat>.stderr.
      spec.transcript_path = (fs::path(opt_.transcripts_dir) / (m.key() + ".jsonl")).string();
      spec.stderr_dir = opt_.transcripts_dir;
    }
    spec.wire_log_dir = opt_.wire_log_dir;
    spec.wire_log.max_bytes = opt_.wire_log_max_bytes;
    spec.announce = opt_.announce;
    // A kept bot never plays two legs of one deal, nor, with a deck pool, of
    // one pair: it would know the other leg's hidden cards or decks.
    spec.keep_alive.bots = kept;
    spec.keep_alive.deals = {m.seed};
    if (!t_.deck_pool.empty()) spec.keep_alive.deals.push_back(deck_seed(t_.plan_params(), m));
    MatchOutcome out;
    try {
      out = run_match(spec);
    } catch (const std::exception& e) {
      // An unusable spec fails every match alike: stop the tournament and say why.
      logging::error({"tournament", m.key()}, "cannot be played, the tournament stops: {}", e.what());
      std::lock_guard lock(mu_);
      if (!fatal_) fatal_ = fmt::format("match {}: {}", m.key(), e.what());
      cancel_ = true;
      cv_.notify_all();
      return;
    }
    if (out.voided) {
      if (cancel_.load()) return;  // stopped on request: replayed on resume, nothing to report
      std::lock_guard lock(mu_);
      ++voided_;
      void_reasons_.push_back(fmt::format("{}: {}", m.key(), out.void_reason));
      return;
    }
    // Committed by the store's writer thread while this worker plays on; the
    // match counts (progress, SPRT, the caller's hook) only once committed.
    store_.record_later(record_of(m, spec, out), [this](const MatchRecord& rec, bool stored) { on_stored(rec, stored); });
  }

  // On the store's writer thread, after the commit that holds `rec`.
  void on_stored(const MatchRecord& rec, bool stored) {
    if (!stored) {  // already stored (merged in meanwhile): never count twice
      logging::info({"tournament", rec.plan.key()}, "not stored: a result for it is in the store already");
      return;
    }
    logging::debug({"tournament", rec.plan.key()}, "stored");
    int stored_now;
    {
      std::lock_guard lock(mu_);
      const auto it = index_.find(rec.plan.key());
      if (it != index_.end()) records_[it->second] = rec;
      tally_sprt(rec);
      stored_now = ++played_now_;
      if (opt_.sprt && sprt_result_locked().verdict != SprtVerdict::Continue) {
        if (!sprt_stop_) logging::info(kLog, "the SPRT crossed a bound: no new matches");
        sprt_stop_ = true;
        cancel_ = true;
      }
    }
    cv_.notify_all();
    if (opt_.after_store) opt_.after_store(stored_now);
  }

  void print_progress(bool final_line) {
    std::string line;
    {
      std::lock_guard lock(mu_);
      int done = 0;
      for (const MatchRecord& m : records_) done += m.done;
      int planned = int(records_.size());
      if (plans_from_results(t_.format)) planned = std::max(planned, expected_matches(t_.plan_params()));
      const double minutes = std::chrono::duration<double>(Clock::now() - started_).count() / 60;
      const double rate = minutes > 0 ? played_now_ / minutes : 0;
      const double eta = rate > 0 ? (planned - done) / rate * 60 : -1;
      line = fmt::format("[{}/{} {:3.0f}%] {:.1f} matches/min, ETA {}", done, planned,
                         planned ? 100.0 * done / planned : 100.0, rate, clock_text(eta));
      const Standings st = compute_standings(t_.players, records_);
      if (!st.players.empty() && st.players[0].games > 0)
        line += fmt::format(", leader {} {:g}/{} Elo {}", st.players[0].name, st.players[0].points,
                            st.players[0].games, elo_text(st.players[0].elo_estimate()));
      if (opt_.sprt) {
        const SprtResult s = sprt_result_locked();
        line += fmt::format(", LLR {:.2f} [{:.2f}, {:.2f}]", s.llr, s.lower, s.upper);
      }
    }
    if (opt_.progress_tty) fmt::print(opt_.progress, "\r{:<100}{}", line, final_line ? "\n" : "");
    else fmt::print(opt_.progress, "{}\n", line);
    std::fflush(opt_.progress);
  }

  void finish_progress() {
    if (fatal_) throw std::invalid_argument(*fatal_);
    if (opt_.progress) print_progress(true);
  }

  const TournamentSetup& t_;
  Store& store_;
  const RunOptions& opt_;
  std::map<std::string, dt::Deck> decks_;  // by name: the players' and the pool's
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<MatchRecord> records_;  // mirror of the store, updated as matches finish
  std::map<std::string, size_t> index_;  // key -> position in records_
  std::map<std::tuple<int, int, int>, std::pair<int, double>> sprt_pairs_;  // legs in, points of player 0
  Pentanomial penta_;
  std::atomic<bool> cancel_{false};
  bool sprt_stop_ = false;
  int played_now_ = 0, voided_ = 0;
  std::vector<std::string> void_reasons_;
  std::optional<std::string> fatal_;
  Clock::time_point started_;
};

}  // namespace

std::vector<std::string> preflight_players(const TournamentSetup& t) {
  // Each bot is told the deck it will play; all start at once, as in a match.
  std::vector<std::future<PreflightReport>> running;
  for (const Player& p : t.players)
    running.push_back(std::async(std::launch::async, [&t, &p] {
      PreflightOptions opt;
      opt.rules = t.rules;
      opt.clocks = t.clocks;
      opt.policy = t.policy;
      opt.deck = load_deck(t.deck_pool.empty() || (t.own_decks && p.deck_given) ? p.deck : t.deck_pool.front(), t.rules);
      return preflight_bot(p.bot_spec(), opt);
    }));
  std::vector<PreflightReport> reports;
  for (auto& f : running) reports.push_back(f.get());
  std::vector<std::string> failures;
  for (size_t i = 0; i < reports.size(); ++i) {
    const PreflightReport& r = reports[i];
    logging::log(r.ok() ? logging::Level::Info : logging::Level::Warn, kLog, "preflight: {} ({}): {}", t.players[i].name,
                 t.players[i].spec, r.summary());
    if (r.ok()) continue;
    std::string tail = r.stderr_tail;
    while (!tail.empty() && tail.back() == '\n') tail.pop_back();
    failures.push_back(fmt::format("bot '{}' ({}) cannot start: {}{}", t.players[i].name, t.players[i].spec, r.problem,
                                   tail.empty() ? "" : "\n  its stderr ends: " + tail));
  }
  return failures;
}

void ensure_fd_budget(int concurrency) {
  // Per match at most two bot processes with three pipes each, their stderr
  // logs and the transcript; plus the store and some slack.
  const rlim_t needed = rlim_t(concurrency) * 12 + 64;
  rlimit lim{};
  if (::getrlimit(RLIMIT_NOFILE, &lim) != 0 || lim.rlim_cur == RLIM_INFINITY || lim.rlim_cur >= needed) return;
  if (lim.rlim_max == RLIM_INFINITY || lim.rlim_max >= needed) {
    lim.rlim_cur = needed;
    if (::setrlimit(RLIMIT_NOFILE, &lim) == 0) return;
  }
  throw std::invalid_argument(fmt::format(
      "--concurrency {} needs about {} open files but the limit is {} (ulimit -n): lower --concurrency or raise the limit",
      concurrency, needed, lim.rlim_cur));
}

RunSummary run_tournament(const TournamentSetup& t, Store& store, const RunOptions& opt) {
  validate_setup(t);
  ensure_fd_budget(opt.concurrency);
  TournamentSetup keyed = t;
  if (!keyed.seed) keyed.seed_key = store.seed_key();
  Run run(keyed, store, opt);
  return run.go();
}

}  // namespace dtref::tour
