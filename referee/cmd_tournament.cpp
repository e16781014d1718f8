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
#include "log_flags.hpp"
#include "dt/deck.hpp"
#include "sandbox_flags.hpp"
#include "tournament_config.hpp"
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

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : " ") + s;
  return out;
}

int run_tournament_command(TournamentOptions o, const CLI::App& cmd) {
  try {
    if (!o.config.empty()) apply_config(o, [&](const char* opt) { return cmd.get_option(opt)->count() > 0; });
    start_logging(o.log);
    if (o.db.empty()) throw UsageError("give --db PATH (the results file; the same path resumes the tournament)");
    if (o.bots.size() + o.engines.size() + o.config_bots.size() < 2)
      throw UsageError("give at least two --bot SPEC (e.g. --bot builtin:greedy --bot builtin:random)");
    if (o.concurrency < 1) throw UsageError("--concurrency must be at least 1");
    const TournamentSetup setup = make_setup(o);
    if (setup.seed)
      logging::warn({"tournament"}, "a fixed seed ({}) makes every match seed, and with it every hidden card, predictable "
                    "to anyone who knows or guesses it; leave the seed out for a secret key kept in the --db",
                    *setup.seed);
    RunOptions ro;
    ro.concurrency = o.concurrency;
    if (o.keep_alive != "on" && o.keep_alive != "off")
      throw UsageError(fmt::format("--keep-alive {}: give on or off", o.keep_alive));
    ro.keep_alive = o.keep_alive == "on";
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
    ro.announce = [](const std::string& line) { fmt::print(stderr, "{}\n", line); };  // a person starts that bot
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
        if (iso.find("DEGRADED") != std::string::npos || iso.find("OFF") != std::string::npos)
          logging::warn({"tournament"}, "{}", iso);  // weaker isolation is always said, quiet or not
      }
    }
    ensure_fd_budget(ro.concurrency);
    const auto broken = preflight_players(setup);
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
    if (s.sprt_stopped) {
      fmt::print("SPRT {} vs {}: LLR {:.3f} crossed a bound [{:.3f}, {:.3f}] -> {}; {} of {} planned matches played\n",
                 setup.players[0].name, setup.players[1].name, s.sprt->llr, s.sprt->lower, s.sprt->upper,
                 to_string(s.sprt->verdict), s.completed, s.planned);
      return 0;
    }
    if (s.interrupted) {
      say_failure("tournament", fmt::format("interrupted with {} of {} matches stored in {}. Run the same command "
                                            "again to resume; matches cut short are replayed from their seeds.",
                                            s.completed, s.planned, o.db));
      return 130;
    }
    if (s.voided > 0) {
      std::string why;
      for (const std::string& v : s.void_reasons) why += "\n  voided " + v;
      say_failure("tournament", fmt::format("{} matches were voided by the referee and are not counted; {} of {} stored "
                                            "in {}. Run the same command again to replay them.{}",
                                            s.voided, s.completed, s.planned, o.db, why));
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
    say_failure("tournament", e.what());
    return 2;
  } catch (const std::invalid_argument& e) {
    say_failure("tournament", e.what());
    return 2;
  } catch (const StoreError& e) {
    say_failure("tournament", e.what());
    return 2;
  } catch (const std::exception& e) {
    say_failure("tournament", e.what());
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
  cmd->add_flag("--duplicate-deals", o->duplicate_deals,
                "deal both legs of a seat-swapped pair alike (less luck in the results); safe only for bots that neither "
                "remember between matches nor talk to each other: a bot's hand in one leg is its opponent's in the other. "
                "The legs of one deal never run at once. Default: every leg has a secret seed of its own");
  cmd->add_option("--rounds", o->rounds, "rounds: in each, every pairing of the format plays one seat-swapped pair (two matches); knockout: seat-swapped pairs per tie")->capture_default_str();
  cmd->add_option("--concurrency,-j", o->concurrency, "matches played at once")->capture_default_str();
  cmd->add_option("--keep-alive", o->keep_alive,
                  "on: a stdio bot that says \"several_matches\" in ready plays a worker's matches against the same "
                  "opponents in one process (a new hello each), restarted after any fault; off: every bot is "
                  "started for each match (docs/protocol.md)")
      ->capture_default_str();
  cmd->add_option("--db", o->db, "results database; the same path resumes");
  cmd->add_option("--format", o->format, "round-robin, gauntlet (first bot against each other), swiss or knockout")
      ->capture_default_str();
  cmd->add_option("--seed", o->seed,
                  "fix the seeds: every leg's seed is derived from this one (predictable "
                  "hidden cards: a warning says so); default: secret seeds from a random key kept in the --db");
  cmd->add_option("--deck", o->deck, "deck for bots without their own @deck: a built-in deck name (" + dt::builtin_deck_names_text() + ") or a deck file")
      ->capture_default_str();
  cmd->add_option("--transcripts", o->transcripts, "directory for per-match transcripts and bots' stderr, named by match key");
  cmd->add_option("--wire-log", o->wire_log,
                  "directory for each stdio/gRPC seat's raw lines in both directions with timestamps, "
                  "<key>-s<seat>.wire (debugging; see docs/protocol.md)");
  cmd->add_option("--wire-log-max-kb", o->wire_log_max_kb, "size of a wire log file before it is rotated (.1, .2 kept)")
      ->capture_default_str()->check(CLI::PositiveNumber);
  cmd->add_option("--startup-ms", o->startup_ms, "bot startup clock")->capture_default_str()->check(milliseconds_check());
  cmd->add_option("--decision-ms", o->decision_ms, "clock per decision")->capture_default_str()->check(milliseconds_check());
  cmd->add_option("--bank-ms", o->bank_ms, "time bank per match")->capture_default_str()->check(milliseconds_check());
  cmd->add_option("--grace-ms", o->grace_ms, "grace added to every clock")->capture_default_str()->check(milliseconds_check());
  cmd->add_option("--policy", o->policy, "ladder, dev or training")->capture_default_str();
  cmd->add_option("--rules", o->rules, "rules preset: " + dt::preset_names_text())->capture_default_str();
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
  add_log_flags(cmd, o->log, "info");
  cmd->add_flag("--quiet,-q", o->quiet, "no progress line or final table (the log keeps its --log-level)");
  cmd->add_flag("--allow-broken", o->allow_broken,
                "play even if a bot fails its preflight (every bot is started once before --db is written)");
  cmd->callback([o, cmd, &exit_code] { exit_code = run_tournament_command(*o, *cmd); });
}

}  // namespace dtref
