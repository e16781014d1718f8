// dtref ladder: a long-running ladder service, and the commands that change
// it while it runs (register, retire) or read it (standings). The work is in
// the dt_ladder library (ladder/); this file turns options and a config file
// into a setup, preflights bots and wires the service to HTTP and signals.
#include <fmt/core.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <thread>
#include <string>
#include <toml++/toml.h>
#include <vector>

#include "bot_config.hpp"
#include "commands.hpp"
#include "dt/bounded_file.hpp"
#include "log_flags.hpp"
#include "dtref/ladder/http.hpp"
#include "dtref/ladder/service.hpp"
#include "dtref/bot_start.hpp"
#include "dtref/grpc_hub.hpp"
#include "dtref/preflight.hpp"
#include "dtref/secrets.hpp"
#include "dtref/tournament/bot_arg.hpp"
#include "dtref/tournament/db_lock.hpp"
#include "dtref/tournament/runner.hpp"
#include "sandbox_flags.hpp"
#include "tournament_config.hpp"

namespace dtref {

namespace {

using namespace dtref::ladder;
using tour::Player;

std::atomic<bool> g_ladder_stop{false};

extern "C" void on_ladder_signal(int) {
  g_ladder_stop = true;
  const char msg[] = "\ndtref ladder: stopping - running matches are cancelled and stay scheduled (again to quit at once)\n";
  [[maybe_unused]] auto n = ::write(2, msg, sizeof msg - 1);
}

struct StoreOptions {
  std::string db, pg;
};

struct LadderOptions : StoreOptions {
  std::string config;
  std::vector<std::string> bots;
  std::vector<std::vector<std::string>> engines;
  std::vector<std::string> each;
  std::vector<Player> config_bots;
  std::string deck = "corporate";
  std::vector<std::string> deck_pool;
  bool own_decks = false;
  bool duplicate_deals = false;
  int concurrency = 1;
  std::string keep_alive = "on";  // --keep-alive on|off
  std::string http = "127.0.0.1:8080";
  bool no_http = false;
  std::string grpc_listen = "127.0.0.1:0";
  GrpcLimits grpc_limits;
  std::string transcripts;
  std::string keep_transcripts = "all";
  int64_t matches = 0;
  std::optional<uint64_t> seed;
  std::string rules = "gengine";
  int promotion_target = 0;
  std::string policy = "ladder";
  int64_t startup_ms = Clocks{}.startup_ms, decision_ms = Clocks{}.decision_ms, bank_ms = Clocks{}.bank_ms,
          grace_ms = Clocks{}.grace_ms;
  bool worker = false;
  bool allow_broken = false;
  double progress_interval = 10;
  bool quiet = false;
  SandboxFlags sandbox;
  logging::Settings log;
};

void apply_config(LadderOptions& o, const CLI::App& cmd) {
  toml::table t;
  std::string text;
  try {
    text = dt::read_bounded_file(o.config, kMaxConfigBytes, "config");
  } catch (const dt::FileRefused& e) {
    throw UsageError(std::string(e.what()) + "; a ladder config is a few lines");
  }
  try {
    t = toml::parse(text, o.config);
  } catch (const toml::parse_error& e) {
    throw UsageError(fmt::format("config '{}': {} (line {}, column {})", o.config, e.description(), e.source().begin.line,
                                 e.source().begin.column));
  }
  check_toml_keys(t,
                  {"db", "pg", "concurrency", "http", "grpc_listen", "transcripts", "keep_transcripts", "matches", "seed", "deck", "deck_pool",
                   "own_decks", "duplicate_deals", "rules", "promotion_target", "policy", "clocks", "bots", "sandbox", "log"},
                  o.config, "");
  if (const toml::table* c = t["clocks"].as_table())
    check_toml_keys(*c, {"startup_ms", "decision_ms", "bank_ms", "grace_ms"}, o.config, "[clocks]");
  auto given = [&](const char* opt) { return cmd.get_option(opt)->count() > 0; };
  auto take_str = [&](const char* key, const char* opt, std::string& dst) {
    const toml::node* n = t.get(key);
    if (!n) return;
    if (!n->is_string())
      throw UsageError(fmt::format("config '{}': line {}: '{}' must be a string", o.config, n->source().begin.line, key));
    if (!given(opt)) dst = *n->value<std::string>();
  };
  auto take_int = [&](const toml::node* n, const char* key, const char* opt, auto& dst) {
    if (!n) return;
    if (!n->is_integer())
      throw UsageError(fmt::format("config '{}': line {}: '{}' must be an integer", o.config, n->source().begin.line, key));
    if (!given(opt)) dst = static_cast<std::remove_reference_t<decltype(dst)>>(*n->value<int64_t>());
  };
  take_str("db", "--db", o.db);
  take_str("pg", "--pg", o.pg);
  take_str("http", "--http", o.http);
  take_str("grpc_listen", "--grpc-listen", o.grpc_listen);
  take_str("transcripts", "--transcripts", o.transcripts);
  take_str("keep_transcripts", "--keep-transcripts", o.keep_transcripts);
  take_str("deck", "--deck", o.deck);
  take_str("rules", "--rules", o.rules);
  take_str("policy", "--policy", o.policy);
  take_int(t.get("concurrency"), "concurrency", "--concurrency", o.concurrency);
  take_int(t.get("matches"), "matches", "--matches", o.matches);
  take_int(t.get("promotion_target"), "promotion_target", "--promotion-target", o.promotion_target);
  apply_log_toml(t, o.log, o.config, given);
  if (const toml::node* s = t.get("seed"); s && !given("--seed")) {
    if (!s->is_integer() || *s->value<int64_t>() < 0)
      throw UsageError(fmt::format("config '{}': line {}: 'seed' must be a whole number", o.config, s->source().begin.line));
    o.seed = uint64_t(*s->value<int64_t>());
  }
  if (const toml::table* c = t["clocks"].as_table()) {
    take_int(c->get("startup_ms"), "clocks.startup_ms", "--startup-ms", o.startup_ms);
    take_int(c->get("decision_ms"), "clocks.decision_ms", "--decision-ms", o.decision_ms);
    take_int(c->get("bank_ms"), "clocks.bank_ms", "--bank-ms", o.bank_ms);
    take_int(c->get("grace_ms"), "clocks.grace_ms", "--grace-ms", o.grace_ms);
  }
  if (const toml::array* pool = t["deck_pool"].as_array(); pool && !given("--deck-pool"))
    for (const toml::node& d : *pool) {
      if (!d.is_string())
        throw UsageError(fmt::format("config '{}': line {}: deck_pool lists deck names", o.config, d.source().begin.line));
      o.deck_pool.push_back(*d.value<std::string>());
    }
  if (auto v = t["own_decks"].value<bool>(); v && !given("--own-decks")) o.own_decks = *v;
  if (auto v = t["duplicate_deals"].value<bool>(); v && !given("--duplicate-deals")) o.duplicate_deals = *v;
  // [sandbox] as in a tournament's config: isolation, limits, network, hide.
  if (const toml::table* sb = t["sandbox"].as_table()) {
    check_toml_keys(*sb, {"isolation", "limits", "network", "hide"}, o.config, "[sandbox]");
    if (auto v = (*sb)["isolation"].value<std::string>(); v && !given("--isolation")) o.sandbox.isolation = *v;
    if (auto v = (*sb)["limits"].value<std::string>(); v && !given("--limit")) o.sandbox.limits = {*v};
    if (auto v = (*sb)["network"].value<bool>(); v && !given("--bot-network")) o.sandbox.network = *v;
    if (const toml::array* h = (*sb)["hide"].as_array(); h && !given("--hide"))
      for (const toml::node& n : *h)
        if (auto v = n.value<std::string>()) o.sandbox.hide.push_back(*v);
  }
  if (const toml::node* bots = t.get("bots")) {
    const toml::array* list = bots->as_array();
    if (!list)
      throw UsageError(fmt::format("config '{}': line {}: 'bots' must be [[bots]] tables or a list", o.config,
                                   bots->source().begin.line));
    if (!given("--bot") && !given("--engine"))
      for (const toml::node& b : *list) o.config_bots.push_back(player_from_toml(b, o.config));
  }
}

LadderSetup make_setup(const LadderOptions& o) {
  LadderSetup s;
  auto rules = dt::preset_by_name(o.rules);
  if (!rules) throw UsageError(fmt::format("unknown --rules '{}' ({})", o.rules, dt::preset_names_text()));
  if (o.promotion_target > 0) rules->promotion_target = o.promotion_target;
  s.rules = *rules;
  s.clocks = {o.startup_ms, o.decision_ms, o.bank_ms, o.grace_ms};
  const auto policy = policy_by_name(o.policy);
  if (!policy) throw UsageError(fmt::format("unknown --policy '{}' (ladder, dev, training)", o.policy));
  s.policy = *policy;
  s.default_deck = o.deck;
  s.decks.pool = o.deck_pool;
  s.decks.own_decks = o.own_decks;
  s.duplicate_deals = o.duplicate_deals;
  s.seed = o.seed;
  if (o.matches < 0) throw UsageError("--matches must be 0 (no end) or more");
  s.max_matches = o.matches;
  for (const std::string& d : s.decks.pool.empty() ? std::vector<std::string>{s.default_deck} : s.decks.pool) {
    try {
      (void)tour::load_deck(d, s.rules);
    } catch (const std::exception& e) {
      throw UsageError(e.what());
    }
  }
  return s;
}

std::vector<Player> command_line_bots(const LadderOptions& o) {
  std::vector<Player> out;
  for (const std::string& b : o.bots) out.push_back(tour::parse_bot_arg(b, o.deck));
  for (const auto& e : o.engines) out.push_back(player_from_engine(e, o.deck));
  for (Player p : o.config_bots) {
    if (p.deck.empty()) p.deck = o.deck;
    out.push_back(p);
  }
  apply_each(out, o.each);
  return out;
}

// Checks a bot as a tournament would (spec, deck, own deck against the pool)
// and starts it once unless `allow_broken`. Throws UsageError saying why not.
void check_bot(const Player& p, const LadderSetup& s, bool allow_broken) {
  if (auto problem = bot_spec_problem(p.bot_spec())) throw UsageError(fmt::format("bot '{}': {}", p.name, *problem));
  if (!s.decks.pool.empty() && p.deck_given && !s.decks.own_decks)
    throw UsageError(fmt::format("bot '{}' brings its own deck '{}' but this ladder's decks come from its pool", p.name, p.deck));
  try {
    (void)tour::load_deck(p.deck, s.rules);
  } catch (const std::exception& e) {
    throw UsageError(fmt::format("bot '{}': {}", p.name, e.what()));
  }
  if (allow_broken) return;
  PreflightOptions opt;
  opt.rules = s.rules;
  opt.clocks = s.clocks;
  opt.policy = s.policy;
  opt.deck = tour::load_deck(p.deck, s.rules);
  const PreflightReport r = preflight_bot(p.bot_spec(), opt);
  logging::log(r.ok() ? logging::Level::Info : logging::Level::Warn, {"ladder"}, "preflight: {} ({}): {}", p.name, p.spec,
               r.summary());
  if (!r.ok()) {
    std::string tail = r.stderr_tail;
    while (!tail.empty() && tail.back() == '\n') tail.pop_back();
    throw UsageError(fmt::format("bot '{}' ({}) cannot start: {}{}\nNothing was registered. Fix the spec, or give "
                                 "--allow-broken to register it anyway.",
                                 p.name, p.spec, r.problem, tail.empty() ? "" : "\n  its stderr ends: " + tail));
  }
}

// Registers the command line's bots that the store does not have yet; a bot
// registered with other settings is refused rather than silently changed.
void register_bots(LadderStore& store, const std::vector<Player>& players) {
  const std::vector<LadderBot> have = store.bots();
  for (const Player& p : players) {
    const auto it = std::find_if(have.begin(), have.end(), [&](const LadderBot& b) { return b.active && b.player.name == p.name; });
    if (it != have.end()) {
      if (bot_settings_json(it->player) != bot_settings_json(p))
        throw UsageError(fmt::format("bot '{}' is registered with other settings; retire it (dtref ladder retire) to "
                                     "register it anew",
                                     p.name));
      continue;
    }
    LadderBot b;
    b.player = p;
    store.add_bot(b);
  }
}

int run_service(LadderOptions o, const CLI::App& cmd) {
  if (!o.config.empty()) apply_config(o, cmd);
  start_logging(o.log);
  if (o.db.empty() == o.pg.empty())
    throw UsageError("give --db FILE (SQLite, one machine) or --pg CONNINFO (PostgreSQL, shared by --worker processes)");
  if (o.concurrency < 1) throw UsageError("--concurrency must be at least 1");
  const LadderSetup setup = make_setup(o);
  const SandboxSettings sandbox = sandbox_settings(o.sandbox);
  if (auto no = sandbox_support().refusal(sandbox)) throw UsageError(*no);
  std::vector<Player> players = command_line_bots(o);
  if (o.worker && !players.empty())
    throw UsageError("a --worker plays the bots the ladder has; register bots with 'dtref ladder register' instead");
  resolve_bot_clocks(players, setup.clocks);
  {
    tour::TournamentSetup names;  // the tournament's checks on names: unique, not only by case
    names.players = players;
    names.rules = setup.rules;
    if (players.size() >= 2) {
      names.rounds = 1;
      try {
        tour::validate_setup(names);
      } catch (const std::exception& e) {
        throw UsageError(e.what());
      }
    }
  }
  for (const Player& p : players) check_bot(p, setup, o.allow_broken);
  tour::ensure_fd_budget(o.concurrency);
  if (!o.transcripts.empty()) std::filesystem::create_directories(o.transcripts);
  std::unique_ptr<LadderStore> store = open_store(o.db, o.pg, true);
  bind_settings(*store, setup);
  register_bots(*store, players);

  ServiceOptions so;
  so.concurrency = o.concurrency;
  if (o.keep_alive != "on" && o.keep_alive != "off")
    throw UsageError(fmt::format("--keep-alive {}: give on or off", o.keep_alive));
  so.keep_alive = o.keep_alive == "on";
  so.transcripts_dir = o.transcripts;
  const auto keep = parse_retention(o.keep_transcripts);
  if (!keep)
    throw UsageError(fmt::format("--keep-transcripts '{}': give all, a number of matches (500) or of days (7d)",
                                 o.keep_transcripts));
  so.keep = *keep;
  so.worker_id = fmt::format("{}:{}:{}", [] {
    char host[256] = {};
    ::gethostname(host, sizeof host - 1);
    return std::string(host);
  }(), ::getpid(), random_hex(3));
  so.grpc_listen = o.grpc_listen;
  if (o.grpc_limits.first_message_ms < 1 || o.grpc_limits.max_streams < 1 || o.grpc_limits.streams_per_connection < 1 ||
      o.grpc_limits.waiting_per_bot < 1)
    throw UsageError("--grpc-first-message-ms, --grpc-max-streams, --grpc-streams-per-connection and "
                     "--grpc-waiting-per-bot must be at least 1");
  GrpcHub::set_limits(o.grpc_limits);
  so.stop = &g_ladder_stop;
  so.progress = o.quiet ? nullptr : stdout;  // the log is on standard error (or its file)
  so.progress_interval_s = o.progress_interval;
  so.sandbox = sandbox;
  // Bots never see the ladder's store (a PostgreSQL server is out of their
  // reach anyway: they have no network unless --bot-network).
  if (!o.db.empty())
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) so.sandbox.hide.push_back(o.db + suffix);
  {
    std::vector<std::string> specs;
    for (const LadderBot& b : store->bots())
      if (b.active) specs.push_back(b.player.spec);
    const std::string iso = isolation_line(so.sandbox, specs);
    if (!iso.empty()) {
      const bool weak = iso.find("DEGRADED") != std::string::npos || iso.find("OFF") != std::string::npos;
      logging::log(weak ? logging::Level::Warn : logging::Level::Info, {"ladder"}, "{}", iso);
    }
  }
  if (const char* n = std::getenv("DTREF_FAULT_STOP_AFTER")) {
    const int after = std::atoi(n);
    so.after_store = [after](int stored) {
      if (stored == after) ::raise(SIGSTOP);
    };
  }
  Service service(*store, setup, so);
  std::unique_ptr<HttpServer> http;
  if (!o.no_http && !o.worker) {
    http = std::make_unique<HttpServer>([&service] { return service.view(); }, o.transcripts, o.http);
    logging::info({"ladder"}, "standings at {}", http->url());
  }
  struct sigaction sa {};
  sa.sa_handler = on_ladder_signal;
  sa.sa_flags = SA_RESETHAND;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  std::thread announce([&service, &o] {
    // The gRPC address exists once run() has opened it.
    for (int i = 0; i < 100 && service.grpc_address().empty() && !g_ladder_stop; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (!service.grpc_address().empty())
      logging::info({"ladder"}, "remote bots dial {} with their key", service.grpc_address());
    (void)o;
  });
  logging::info({"ladder"}, "{} {} on {}, {} at a time{}", o.worker ? "worker" : "serving", so.worker_id,
                store->describe(), o.concurrency,
                setup.max_matches ? fmt::format(", until {} matches are finished", setup.max_matches) : "");
  const int stored = service.run();
  announce.join();
  logging::info({"ladder"}, "stored {} matches this run", stored);
  return g_ladder_stop ? 130 : 0;
}

void add_store_options(CLI::App* cmd, StoreOptions& o) {
  cmd->add_option("--db", o.db, "the ladder's SQLite file (one machine)");
  cmd->add_option("--pg", o.pg,
                  "the ladder's PostgreSQL database, a libpq connection string or URI (e.g. "
                  "postgresql://dtref@dbhost/ladder): several --worker processes share it");
}

std::unique_ptr<LadderStore> open_for_command(const StoreOptions& o) {
  if (o.db.empty() == o.pg.empty()) throw UsageError("give --db FILE or --pg CONNINFO");
  if (!o.db.empty() && !std::filesystem::exists(o.db))
    throw UsageError(fmt::format("'{}' does not exist (start the ladder with 'dtref ladder --db {}' first, or check the path)",
                                 o.db, o.db));
  return open_store(o.db, o.pg, false);
}

LadderSetup stored_setup(LadderStore& store) {
  const auto s = store.settings();
  return s ? settings_from_json(*s) : LadderSetup{};
}

struct RegisterOptions : StoreOptions {
  std::string bot;
  std::vector<std::string> engine;
  std::string remote;
  bool allow_broken = false;
};

int run_register(const RegisterOptions& o) {
  start_logging({});  // the preflight's record, on standard error
  const int given = int(!o.bot.empty()) + int(!o.engine.empty()) + int(!o.remote.empty());
  if (given != 1) throw UsageError("give one of --bot SPEC, --engine KEY=VALUE... or --remote NAME");
  auto store = open_for_command(o);
  LadderSetup setup = stored_setup(*store);
  LadderBot b;
  std::string key;
  if (!o.remote.empty()) {
    b.player.name = o.remote;
    b.player.spec = "grpc-remote";
    b.player.deck = setup.default_deck;
    b.remote = true;
    key = "dtl-" + random_hex(24);
    b.key_hash = key_hash(key);
  } else {
    b.player = o.bot.empty() ? player_from_engine(o.engine, setup.default_deck) : tour::parse_bot_arg(o.bot, setup.default_deck);
    std::vector<Player> one{b.player};
    resolve_bot_clocks(one, setup.clocks);
    b.player = one[0];
    check_bot(b.player, setup, o.allow_broken);
  }
  try {
    store->add_bot(b);
  } catch (const LadderError& e) {
    throw UsageError(e.what());
  }
  fmt::print("registered {} on {}\n", b.player.name, store->describe());
  if (!key.empty())
    fmt::print("its key (shown only now; the ladder keeps only its hash): {}\n"
               "the bot dials the ladder's gRPC address with it as its token, e.g.\n"
               "  DTREF_GRPC_ADDRESS=<host:port> DTREF_TOKEN={} <your bot>\n",
               key, key);
  return 0;
}

struct RetireOptions : StoreOptions {
  std::string name;
};

int run_retire(const RetireOptions& o) {
  auto store = open_for_command(o);
  if (!store->retire_bot(o.name)) throw UsageError(fmt::format("no active bot named '{}' on {}", o.name, store->describe()));
  fmt::print("retired {}: it is scheduled no more; its results stay in the standings\n", o.name);
  return 0;
}

struct ViewOptions : StoreOptions {
  bool json = false;
  std::string html;
};

int run_view(const ViewOptions& o) {
  auto store = open_for_command(o);
  const LadderView v = compute_view(*store, o.db.empty() ? store->describe() : std::filesystem::path(o.db).filename().string(), 50);
  if (!o.html.empty()) {
    std::ofstream out(o.html);
    out << view_html(v, o.html);
    if (!out) throw std::runtime_error(fmt::format("cannot write '{}'", o.html));
    fmt::print("wrote {}\n", o.html);
  } else if (o.json) {
    fmt::print("{}", view_json(v));
  } else {
    fmt::print("{}", view_text(v));
  }
  return 0;
}

int guarded(const char* what, const std::function<int()>& f) {
  try {
    return f();
  } catch (const UsageError& e) {
    say_failure(what, e.what());
    return 2;
  } catch (const LadderError& e) {
    say_failure(what, e.what());
    return 2;
  } catch (const tour::StoreError& e) {
    say_failure(what, e.what());
    return 2;
  } catch (const std::invalid_argument& e) {
    say_failure(what, e.what());
    return 2;
  } catch (const std::exception& e) {
    say_failure(what, e.what());
    return 1;
  }
}

}  // namespace

void add_ladder_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<LadderOptions>();
  CLI::App* cmd = app.add_subcommand(
      "ladder",
      "Run a ladder: a service that keeps pairing and playing the registered bots, with live standings over HTTP. "
      "Bots are added and removed while it runs (ladder register / retire). One machine: --db FILE (SQLite); "
      "several: --pg CONNINFO (PostgreSQL) with --worker processes. See docs/ladder.md.");
  cmd->require_subcommand(0, 1);
  add_store_options(cmd, *o);
  cmd->add_option("--config", o->config, "TOML file with the ladder's settings and bots (examples/ladder/); options here win");
  cmd->add_option("--bot", o->bots, "register this bot if the ladder lacks it: [name=]SPEC[@deck]");
  cmd->add_option("--engine", o->engines, "a bot with settings: name=N spec=SPEC [deck=D] [arg=A]... [dir=D] [env=K=V]... [decision_ms=MS]...")
      ->expected(1, -1);
  cmd->add_option("--each", o->each, "settings for every bot given here (KEY=VALUE as --engine)")->expected(1, -1);
  cmd->add_option("--concurrency,-j", o->concurrency, "matches this process plays at once")->capture_default_str();
  cmd->add_option("--keep-alive", o->keep_alive,
                  "on: a stdio bot that says \"several_matches\" in ready plays a worker's matches against the same "
                  "opponents in one process, restarted after any fault; off: every bot is started for each match "
                  "(docs/protocol.md)")
      ->capture_default_str();
  cmd->add_option("--http", o->http, "serve the standings page and JSON here (host:port; port 0: any free one)")
      ->capture_default_str();
  cmd->add_flag("--no-http", o->no_http, "serve no standings page");
  cmd->add_option("--grpc-listen", o->grpc_listen,
                  "remote bots dial this address with their key (0.0.0.0:PORT to accept them from other machines)")
      ->capture_default_str();
  cmd->add_option("--grpc-first-message-ms", o->grpc_limits.first_message_ms,
                  "a gRPC stream that has not sent its token by then is cancelled")
      ->capture_default_str();
  cmd->add_option("--grpc-max-streams", o->grpc_limits.max_streams, "open gRPC streams in all; more are refused")
      ->capture_default_str();
  cmd->add_option("--grpc-streams-per-connection", o->grpc_limits.streams_per_connection,
                  "concurrent gRPC streams on one connection")
      ->capture_default_str();
  cmd->add_option("--grpc-waiting-per-bot", o->grpc_limits.waiting_per_bot,
                  "streams one remote bot may keep waiting in the lobby")
      ->capture_default_str();
  cmd->add_option("--transcripts", o->transcripts,
                  "directory for each match's transcript (zstd-compressed, <key>.jsonl.zst), bots' stderr and replay pages");
  cmd->add_option("--keep-transcripts", o->keep_transcripts,
                  "which matches' files the transcripts directory keeps: all, the newest N (500) or those of the "
                  "last N days (7d); results stay in the store")
      ->capture_default_str();
  cmd->add_option("--matches", o->matches, "schedule this many matches in all, then stop when they are played (0: no end)")
      ->capture_default_str();
  cmd->add_option("--seed", o->seed, "fix the ladder's seeds (reproducible); default: a secret key kept in the store");
  cmd->add_option("--deck", o->deck, "deck of bots that name none")->capture_default_str();
  cmd->add_option("--deck-pool", o->deck_pool, "decks each seat-swapped pair draws two from, one per seat")->delimiter(',');
  cmd->add_flag("--own-decks", o->own_decks, "with --deck-pool: bots that name their own deck play it");
  cmd->add_flag("--duplicate-deals", o->duplicate_deals,
                "deal both legs of a pair alike (less luck); safe only for bots that neither remember between matches nor "
                "talk to each other; the legs then run one after the other. Default: a secret seed per leg");
  cmd->add_option("--rules", o->rules, "rules preset: " + dt::preset_names_text())->capture_default_str();
  cmd->add_option("--promotion-target", o->promotion_target, "P needed to win (default: the preset's)");
  cmd->add_option("--policy", o->policy, "ladder, dev or training")->capture_default_str();
  cmd->add_option("--startup-ms", o->startup_ms, "bot startup clock")->capture_default_str()->check(milliseconds_check());
  cmd->add_option("--decision-ms", o->decision_ms, "clock per decision")->capture_default_str()->check(milliseconds_check());
  cmd->add_option("--bank-ms", o->bank_ms, "time bank per match")->capture_default_str()->check(milliseconds_check());
  cmd->add_option("--grace-ms", o->grace_ms, "grace added to every clock")->capture_default_str()->check(milliseconds_check());
  cmd->add_flag("--worker", o->worker, "only claim and play scheduled matches (with --pg: one of several processes); no page");
  cmd->add_flag("--allow-broken", o->allow_broken, "register bots given here even if they fail their preflight");
  cmd->add_option("--progress-interval", o->progress_interval, "seconds between progress lines")->capture_default_str();
  cmd->add_flag("--quiet,-q", o->quiet, "no progress lines (on standard output; the log keeps its --log-level)");
  add_sandbox_flags(cmd, o->sandbox);
  add_log_flags(cmd, o->log, "info");

  auto reg = std::make_shared<RegisterOptions>();
  CLI::App* r = cmd->add_subcommand("register",
                                    "Add a bot to a ladder (running or not): started once first (preflight); a remote "
                                    "gRPC bot gets a long-lived key to dial in with.");
  add_store_options(r, *reg);
  r->add_option("--bot", reg->bot, "[name=]SPEC[@deck]");
  r->add_option("--engine", reg->engine, "name=N spec=SPEC [deck=D] [arg=A]... [dir=D] [env=K=V]... [decision_ms=MS]...")
      ->expected(1, -1);
  r->add_option("--remote", reg->remote, "a remote gRPC bot of this name: prints its key");
  r->add_flag("--allow-broken", reg->allow_broken, "register it even if it fails its preflight");
  r->callback([reg, &exit_code] { exit_code = guarded("ladder register", [&] { return run_register(*reg); }); });

  auto ret = std::make_shared<RetireOptions>();
  CLI::App* t = cmd->add_subcommand("retire", "Stop scheduling a bot; its results stay.");
  add_store_options(t, *ret);
  t->add_option("name", ret->name, "the bot's name")->required();
  t->callback([ret, &exit_code] { exit_code = guarded("ladder retire", [&] { return run_retire(*ret); }); });

  auto view = std::make_shared<ViewOptions>();
  CLI::App* s = cmd->add_subcommand("standings", "The ladder's standings as text, JSON or an HTML page, from its store.");
  add_store_options(s, *view);
  s->add_flag("--json", view->json, "print JSON");
  s->add_option("--html", view->html, "write the standings page to this file");
  s->callback([view, &exit_code] { exit_code = guarded("ladder standings", [&] { return run_view(*view); }); });

  cmd->callback([o, cmd, &exit_code] {
    if (!cmd->get_subcommands().empty()) return;  // register, retire or standings ran
    exit_code = guarded("ladder", [&] { return run_service(*o, *cmd); });
  });
}

}  // namespace dtref
