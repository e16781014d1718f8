// dtref tournament: many matches between several bots, resumable, with the
// results in a SQLite file. The work is in the dt_tournament library
// (tournament/); this file turns options and a config file into a setup.
#include <fmt/core.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <toml++/toml.h>
#include <vector>

#include "bot_config.hpp"
#include "commands.hpp"
#include "sandbox_flags.hpp"
#include "style_options.hpp"
#include "dtref/tournament/bot_arg.hpp"
#include "dtref/tournament/db_lock.hpp"
#include "dtref/tournament/report.hpp"
#include "dtref/tournament/runner.hpp"

namespace dtref {

namespace {

using namespace dtref::tour;

std::atomic<bool> g_stop{false};

extern "C" void on_stop_signal(int) {
  g_stop = true;
  const char msg[] = "\ndtref tournament: stopping - no new matches, running ones cancelled (again to quit at once)\n";
  [[maybe_unused]] auto n = ::write(2, msg, sizeof msg - 1);
}

void install_stop_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sa.sa_flags = SA_RESETHAND;  // a second Ctrl-C ends the process at once
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

struct TournamentOptions {
  std::string config;
  std::vector<std::string> bots;
  std::vector<std::vector<std::string>> engines;  // --engine KEY=VALUE ..., one list per bot
  std::vector<std::string> each;                  // --each KEY=VALUE ...: settings for every bot
  std::vector<Player> config_bots;  // from the config file, used when no --bot or --engine is given
  std::vector<std::string> deck_pool;
  bool own_decks = false;
  int rounds = 1;
  int concurrency = 1;
  std::string db;
  std::string format = "round-robin";
  std::optional<uint64_t> seed;  // unset: secret match seeds (a key kept in the --db)
  std::string deck = "corporate";
  std::string transcripts;
  std::string wire_log;
  int64_t wire_log_max_kb = int64_t(WireLogOptions{}.max_bytes >> 10);
  int64_t startup_ms = Clocks{}.startup_ms, decision_ms = Clocks{}.decision_ms, bank_ms = Clocks{}.bank_ms,
          grace_ms = Clocks{}.grace_ms;
  std::string policy = "ladder";
  std::string rules = "gengine";
  int promotion_target = 0;
  std::string shard;
  std::vector<std::string> sprt;
  double progress_interval = 10;
  bool quiet = false;
  bool allow_broken = false;
  SandboxFlags sandbox;
  int seats = 2;
  StyleOptions style;
};

// Values from the config file; options given on the command line win.
void apply_config(TournamentOptions& o, const CLI::App& cmd) {
  toml::table t;
  try {
    t = toml::parse_file(o.config);
  } catch (const toml::parse_error& e) {
    throw UsageError(fmt::format("config '{}': {} (line {}, column {})", o.config, e.description(),
                                 e.source().begin.line, e.source().begin.column));
  }
  check_toml_keys(t,
                  {"format", "rounds", "seed", "concurrency", "db", "deck", "deck_pool", "own_decks", "transcripts",
                   "policy", "rules", "shard", "promotion_target", "sprt", "clocks", "bots", "sandbox", "seats", "style",
                   "teams"},
                  o.config, "");
  if (const toml::table* c = t["clocks"].as_table())
    check_toml_keys(*c, {"startup_ms", "decision_ms", "bank_ms", "grace_ms"}, o.config, "[clocks]");
  auto given = [&](const char* opt) { return cmd.get_option(opt)->count() > 0; };
  auto take_str = [&](const char* key, const char* opt, std::string& dst) {
    if (auto v = t[key].value<std::string>(); v && !given(opt)) dst = *v;
    else if (t.contains(key) && !t[key].is_string()) throw UsageError(fmt::format("config '{}': '{}' must be a string", o.config, key));
  };
  auto take_int = [&](toml::node_view<toml::node> node, const char* key, const char* opt, auto& dst) {
    if (!node) return;
    if (!node.is_integer()) throw UsageError(fmt::format("config '{}': '{}' must be an integer", o.config, key));
    if (!given(opt)) dst = static_cast<std::remove_reference_t<decltype(dst)>>(*node.value<int64_t>());
  };
  take_str("format", "--format", o.format);
  take_str("db", "--db", o.db);
  take_str("deck", "--deck", o.deck);
  take_str("transcripts", "--transcripts", o.transcripts);
  take_str("wire_log", "--wire-log", o.wire_log);
  take_str("policy", "--policy", o.policy);
  take_str("rules", "--rules", o.rules);
  take_str("shard", "--shard", o.shard);
  take_str("style", "--style", o.style.style);
  take_str("teams", "--teams", o.style.teams);
  take_int(t["seats"], "seats", "--seats", o.seats);
  take_int(t["rounds"], "rounds", "--rounds", o.rounds);
  take_int(t["concurrency"], "concurrency", "--concurrency", o.concurrency);
  take_int(t["seed"], "seed", "--seed", o.seed);
  take_int(t["promotion_target"], "promotion_target", "--promotion-target", o.promotion_target);
  take_int(t["clocks"]["startup_ms"], "clocks.startup_ms", "--startup-ms", o.startup_ms);
  take_int(t["clocks"]["decision_ms"], "clocks.decision_ms", "--decision-ms", o.decision_ms);
  take_int(t["clocks"]["bank_ms"], "clocks.bank_ms", "--bank-ms", o.bank_ms);
  take_int(t["clocks"]["grace_ms"], "clocks.grace_ms", "--grace-ms", o.grace_ms);
  if (auto v = t["sprt"].value<std::string>(); v && !given("--sprt")) o.sprt = {*v};
  // [sandbox]: isolation = "auto", limits = "memory=1G,...", network = false, hide = ["..."]
  if (const toml::table* sb = t["sandbox"].as_table()) {
    check_toml_keys(*sb, {"isolation", "limits", "network", "hide"}, o.config, "[sandbox]");
    if (auto v = (*sb)["isolation"].value<std::string>(); v && !given("--isolation")) o.sandbox.isolation = *v;
    if (auto v = (*sb)["limits"].value<std::string>(); v && !given("--limit")) o.sandbox.limits = {*v};
    if (auto v = (*sb)["network"].value<bool>(); v && !given("--bot-network")) o.sandbox.network = *v;
    if (const toml::array* h = (*sb)["hide"].as_array())
      for (const toml::node& n : *h)
        if (auto v = n.value<std::string>()) o.sandbox.hide.push_back(*v);
  }
  if (const toml::array* pool = t["deck_pool"].as_array(); pool && !given("--deck-pool")) {
    for (const toml::node& d : *pool) {
      if (!d.is_string())
        throw UsageError(fmt::format("config '{}': line {}: deck_pool lists deck names", o.config, d.source().begin.line));
      o.deck_pool.push_back(*d.value<std::string>());
    }
  }
  if (auto v = t["own_decks"].value<bool>(); v && !given("--own-decks")) o.own_decks = *v;
  if (const toml::node* bots = t.get("bots")) {
    const toml::array* list = bots->as_array();
    if (!list) throw UsageError(fmt::format("config '{}': line {}: 'bots' must be [[bots]] tables or a list", o.config, bots->source().begin.line));
    if (!given("--bot") && !given("--engine"))
      for (const toml::node& b : *list) o.config_bots.push_back(player_from_toml(b, o.config));
  }
}

TournamentSetup make_setup(const TournamentOptions& o) {
  TournamentSetup t;
  const auto format = parse_format(o.format);
  if (!format) throw UsageError(fmt::format("unknown --format '{}' (round-robin, gauntlet, swiss, knockout)", o.format));
  t.format = *format;
  t.rounds = o.rounds;
  t.seed = o.seed;
  if (o.seed)
    fmt::print(stderr,
               "dtref tournament: warning: a fixed seed ({}) makes every match seed, and with it every hidden card, "
               "predictable to anyone who knows or guesses it; leave the seed out for a secret key kept in the --db\n",
               *o.seed);
  for (const std::string& b : o.bots) t.players.push_back(parse_bot_arg(b, o.deck));
  for (const auto& e : o.engines) t.players.push_back(player_from_engine(e, o.deck));
  for (Player p : o.config_bots) {
    if (p.deck.empty()) p.deck = o.deck;  // the default deck, from the command line or the config
    t.players.push_back(p);
  }
  apply_each(t.players, o.each);
  t.deck_pool = o.deck_pool;
  t.own_decks = o.own_decks;
  auto rules = dt::preset_by_name(o.rules);
  if (!rules) throw UsageError(fmt::format("unknown --rules '{}' (gengine, second-edition)", o.rules));
  if (o.promotion_target > 0) rules->promotion_target = o.promotion_target;
  if (o.seats < 2 || o.seats > kMaxSeats) throw UsageError(fmt::format("--seats {}: a table has 2 to {} seats", o.seats, kMaxSeats));
  if (auto problem = apply_style_options(o.style, o.seats, *rules)) throw UsageError(*problem);
  if (o.seats > 2 && !o.sprt.empty())
    throw UsageError("--sprt compares the first two bots over seat-swapped pairs of two-seat matches; leave it out with --seats above 2");
  t.seats = o.seats;
  if (o.deck_pool.empty()) t.table_decks = style_default_decks(o.style);
  t.rules = *rules;
  t.clocks = {o.startup_ms, o.decision_ms, o.bank_ms, o.grace_ms};
  resolve_bot_clocks(t.players, t.clocks);
  const auto policy = policy_by_name(o.policy);
  if (!policy) throw UsageError(fmt::format("unknown --policy '{}' (ladder, dev, training)", o.policy));
  t.policy = *policy;
  try {
    t.sandbox = sandbox_settings(o.sandbox);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  if (!o.shard.empty()) {
    int i = -1, n = 0;
    char extra = 0;
    if (std::sscanf(o.shard.c_str(), "%d/%d%c", &i, &n, &extra) != 2 || n < 1 || i < 0 || i >= n)
      throw UsageError(fmt::format("--shard '{}': give i/N with 0 <= i < N, e.g. --shard 0/3", o.shard));
    t.shard_index = i;
    t.shard_count = n;
  }
  return t;
}

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : " ") + s;
  return out;
}

int run_tournament_command(TournamentOptions o, const CLI::App& cmd) {
  try {
    if (!o.config.empty()) apply_config(o, cmd);
    if (o.db.empty()) throw UsageError("give --db PATH (the results file; the same path resumes the tournament)");
    if (o.bots.size() + o.engines.size() + o.config_bots.size() < 2)
      throw UsageError("give at least two --bot SPEC (e.g. --bot builtin:greedy --bot builtin:random)");
    if (o.concurrency < 1) throw UsageError("--concurrency must be at least 1");
    const TournamentSetup setup = make_setup(o);
    RunOptions ro;
    ro.concurrency = o.concurrency;
    ro.transcripts_dir = o.transcripts;
    ro.wire_log_dir = o.wire_log;
    ro.wire_log_max_bytes = size_t(o.wire_log_max_kb) << 10;
    if (!o.sprt.empty()) {
      std::string err;
      ro.sprt = parse_sprt(join(o.sprt), &err);
      if (!ro.sprt) throw UsageError("--sprt: " + err);
    }
    ro.stop = &g_stop;
    ro.progress = o.quiet ? nullptr : stdout;
    ro.progress_tty = ::isatty(1);
    ro.progress_interval_s = o.progress_interval;
    // Fault injection for the kill-and-resume test: freeze after N stored
    // matches so the test can SIGKILL the process at a known point.
    if (const char* n = std::getenv("DTREF_FAULT_STOP_AFTER")) {
      const int after = std::atoi(n);
      ro.after_store = [after](int stored) {
        if (stored == after) ::raise(SIGSTOP);
      };
    }
    if (!o.transcripts.empty()) std::filesystem::create_directories(o.transcripts);
    if (!o.wire_log.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(o.wire_log, ec);
      if (ec) throw UsageError(fmt::format("--wire-log '{}': cannot create the directory: {}", o.wire_log, ec.message()));
    }
    validate_setup(setup);  // before the --db file is created
    {
      std::vector<std::string> specs;
      for (const Player& p : setup.players) specs.push_back(p.spec);
      const std::string iso = isolation_line(setup.sandbox, specs);
      if (!iso.empty()) {
        if (auto no = sandbox_support().refusal(setup.sandbox)) throw UsageError(*no);
        if (!o.quiet) fmt::print("{}\n", iso);
        else if (iso.find("DEGRADED") != std::string::npos || iso.find("OFF") != std::string::npos)
          fmt::print(stderr, "dtref tournament: {}\n", iso);  // quiet, but weaker isolation is always said
      }
    }
    ensure_fd_budget(ro.concurrency);
    const auto broken = preflight_players(setup, o.quiet ? nullptr : stderr);
    if (!broken.empty() && !o.allow_broken) {
      std::string text;
      for (const std::string& b : broken) text += "\n  " + b;
      throw UsageError(fmt::format("{} of {} bots cannot start; nothing was written to {}:{}\nFix the spec, or give "
                                   "--allow-broken to play anyway (their matches count as startup failures).",
                                   broken.size(), setup.players.size(), o.db, text));
    }
    install_stop_handlers();
    const DbLock lock(o.db, "dtref tournament");  // one writer per --db; released even by SIGKILL
    Store store(o.db);
    const RunSummary s = run_tournament(setup, store, ro);
    for (const std::string& v : s.void_reasons) fmt::print(stderr, "dtref tournament: voided {}\n", v);
    if (s.sprt_stopped) {
      fmt::print("SPRT {} vs {}: LLR {:.3f} crossed a bound [{:.3f}, {:.3f}] -> {}; {} of {} planned matches played\n",
                 setup.players[0].name, setup.players[1].name, s.sprt->llr, s.sprt->lower, s.sprt->upper,
                 to_string(s.sprt->verdict), s.completed, s.planned);
      return 0;
    }
    if (s.interrupted) {
      fmt::print(stderr,
                 "dtref tournament: interrupted with {} of {} matches stored in {}. Run the same command again to "
                 "resume; matches cut short are replayed from their seeds.\n",
                 s.completed, s.planned, o.db);
      return 130;
    }
    if (s.voided > 0) {
      fmt::print(stderr,
                 "dtref tournament: {} matches were voided by the referee and are not counted; {} of {} stored in {}. "
                 "Run the same command again to replay them.\n",
                 s.voided, s.completed, s.planned, o.db);
      return 1;
    }
    if (!o.quiet) {
      ReportInput in;
      in.title = o.db;
      const auto matches = store.matches();
      in.standings = compute_standings(setup.players, matches);
      in.faults = faults_of(setup.players, matches);
      fmt::print("\n{}", standings_text(in));
    }
    fmt::print("tournament complete: {} of {} matches stored in {}\n", s.completed, s.planned, o.db);
    return 0;
  } catch (const UsageError& e) {
    fmt::print(stderr, "dtref tournament: {}\n", e.what());
    return 2;
  } catch (const std::invalid_argument& e) {
    fmt::print(stderr, "dtref tournament: {}\n", e.what());
    return 2;
  } catch (const StoreError& e) {
    fmt::print(stderr, "dtref tournament: {}\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    fmt::print(stderr, "dtref tournament: {}\n", e.what());
    return 1;
  }
}

}  // namespace

void add_tournament_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<TournamentOptions>();
  CLI::App* cmd = app.add_subcommand(
      "tournament",
      "Play a tournament between several bots, results in a SQLite file; the same command resumes it. "
      "See docs/tournaments.md.");
  cmd->add_option("--config", o->config, "TOML file with the tournament (examples/tournaments/); options given here win");
  cmd->add_option("--bot", o->bots, "bot as [name=]SPEC[@deck], e.g. alpha=builtin:greedy@legion or 'stdio:python3 bot.py'");
  cmd->add_option("--engine", o->engines,
                  "a bot with settings, as cutechess's -engine: name=N spec=SPEC [deck=D] [arg=A]... [dir=D] "
                  "[env=NAME=VALUE]... [startup_ms|decision_ms|bank_ms|grace_ms=MS]")
      ->expected(1, -1);
  cmd->add_option("--each", o->each, "settings for every bot (KEY=VALUE as --engine; a bot's own win)")->expected(1, -1);
  cmd->add_option("--deck-pool", o->deck_pool,
                  "decks each seat-swapped pair draws two from: both legs play the same decks in the same seats, "
                  "the bots swap")
      ->delimiter(',');
  cmd->add_flag("--own-decks", o->own_decks, "with --deck-pool: bots that name their own deck play it");
  cmd->add_option("--rounds", o->rounds, "rounds (knockout: seat-swapped pairs per tie)")->capture_default_str();
  cmd->add_option("--concurrency,-j", o->concurrency, "matches played at once")->capture_default_str();
  cmd->add_option("--db", o->db, "results database; the same path resumes");
  cmd->add_option("--format", o->format, "round-robin, gauntlet (first bot against each other), swiss or knockout")
      ->capture_default_str();
  cmd->add_option("--seed", o->seed,
                  "fix every match's seed (predictable hidden cards: a warning says so); default: secret seeds from a "
                  "random key kept in the --db");
  cmd->add_option("--deck", o->deck, "deck for bots without their own @deck: built-in name or .deck file")
      ->capture_default_str();
  cmd->add_option("--transcripts", o->transcripts, "directory for per-match transcripts and bots' stderr, named by match key");
  cmd->add_option("--wire-log", o->wire_log,
                  "directory for each stdio/gRPC seat's raw lines in both directions with timestamps, "
                  "<key>-s<seat>.wire (debugging; see docs/protocol.md)");
  cmd->add_option("--wire-log-max-kb", o->wire_log_max_kb, "size of a wire log file before it is rotated (.1, .2 kept)")
      ->capture_default_str()->check(CLI::PositiveNumber);
  cmd->add_option("--startup-ms", o->startup_ms, "bot startup clock")->capture_default_str();
  cmd->add_option("--decision-ms", o->decision_ms, "clock per decision")->capture_default_str();
  cmd->add_option("--bank-ms", o->bank_ms, "time bank per match")->capture_default_str();
  cmd->add_option("--grace-ms", o->grace_ms, "grace added to every clock")->capture_default_str();
  cmd->add_option("--policy", o->policy, "ladder, dev or training")->capture_default_str();
  cmd->add_option("--rules", o->rules, "rules preset: gengine or second-edition")->capture_default_str();
  cmd->add_option("--promotion-target", o->promotion_target, "P needed to win (default: the preset's)");
  cmd->add_option("--seats", o->seats,
                  "seats at a table, 2 to 7; above 2 (round robin only) every set of that many bots is a table, "
                  "played once in each rotation of its seats, and every pair of finishing places counts as a game "
                  "in the ratings (docs/tournaments.md)")
      ->capture_default_str();
  add_style_options(cmd, o->style);
  cmd->add_option("--shard", o->shard, "play slice i of N (0-based, e.g. 0/3) of the plan into its own --db");
  cmd->add_option("--sprt", o->sprt, "stop when the SPRT of the first two bots decides: elo0=0,elo1=5,alpha=0.05,beta=0.05")
      ->expected(1, 4);
  cmd->add_option("--progress-interval", o->progress_interval, "seconds between progress lines when not on a terminal")
      ->capture_default_str();
  add_sandbox_flags(cmd, o->sandbox);
  cmd->add_flag("--quiet,-q", o->quiet, "no progress line or final table");
  cmd->add_flag("--allow-broken", o->allow_broken,
                "play even if a bot fails its preflight (every bot is started once before --db is written)");
  cmd->callback([o, cmd, &exit_code] { exit_code = run_tournament_command(*o, *cmd); });
}

}  // namespace dtref
