// dtref match: one complete match between two to seven bots of any kind
// (built-in, stdio, gRPC), refereed with clocks and verdicts; the result
// printed for a person.
#include <fmt/core.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "bot.hpp"
#include "commands.hpp"
#include "log_flags.hpp"
#include "sandbox_flags.hpp"
#include "style_options.hpp"
#include "dt/card_loader.hpp"
#include "dt/deck.hpp"
#include "dtref/bot_start.hpp"
#include "dtref/match.hpp"
#include "dtref/secrets.hpp"

#include <nlohmann/json.hpp>

namespace dtref {

namespace {

struct MatchOptions {
  std::vector<std::string> bots{"builtin:greedy", "builtin:greedy"};
  std::vector<std::string> decks{"corporate", "legion"};
  uint64_t seed = 0;
  bool seed_fixed = false;  // --seed given: hidden cards are predictable by whoever knows it
  std::string rules = "gengine";
  int promotion_target = 0;
  std::string transcript;
  std::string policy = "ladder";
  Clocks clocks;
  std::string stderr_dir;
  std::string wire_log;
  int64_t wire_log_max_kb = int64_t(WireLogOptions{}.max_bytes >> 10);
  bool verbose = false;
  bool allow_unimplemented = false;
  bool decks_given = false;
  bool json = false;    // the result as one JSON object, nothing else on stdout
  bool strict = false;  // exit 4 when any bot faulted
  SandboxFlags sandbox;
  StyleOptions style;
  logging::Settings log;
};

int play(const MatchOptions& opt) {
  auto usage = [](const std::string& msg) {
    say_failure("match", msg);
    return 2;
  };
  try {
    start_logging(opt.log);
  } catch (const std::exception& e) {
    return usage(e.what());
  }
  auto rules = dt::preset_by_name(opt.rules);
  if (!rules) return usage(fmt::format("unknown rules preset '{}' (known: {})", opt.rules, dt::preset_names_text()));
  if (opt.promotion_target > 0) rules->promotion_target = opt.promotion_target;
  std::vector<std::string> bots = opt.bots;
  if (bots.size() == 1) bots.push_back("builtin:greedy");  // one bot given: it plays the greedy bot
  if (bots.size() < 2 || bots.size() > size_t(kMaxSeats))
    return usage(fmt::format("give one to {} --bot values, one per seat (seat 0 first); got {}", kMaxSeats, bots.size()));
  // Every spec is checked before anything is printed or started.
  for (const std::string& b : bots)
    if (auto problem = bot_spec_problem({"", b})) return usage(*problem);
  if (auto problem = apply_style_options(opt.style, int(bots.size()), *rules)) return usage(*problem);
  std::vector<std::string> deck_args = opt.decks;
  if (!opt.decks_given && !style_default_decks(opt.style).empty()) deck_args = style_default_decks(opt.style);
  auto policy = policy_by_name(opt.policy);
  if (!policy) return usage(fmt::format("unknown policy '{}' (use ladder, dev or training)", opt.policy));
  MatchSpec spec;
  spec.rules = *rules;
  try {
    spec.sandbox = sandbox_settings(opt.sandbox);
  } catch (const std::invalid_argument& e) {
    return usage(e.what());
  }
  if (auto no = sandbox_support().refusal(spec.sandbox); no && !isolation_line(spec.sandbox, bots).empty())
    return usage(*no);
  spec.seed = opt.seed_fixed ? opt.seed : secure_seed();
  spec.policy = *policy;
  spec.clocks = opt.clocks;
  spec.transcript_path = opt.transcript;
  if (!opt.stderr_dir.empty() && !std::filesystem::is_directory(opt.stderr_dir))
    return usage(fmt::format("--stderr-dir '{}': no such directory (create it first)", opt.stderr_dir));
  spec.stderr_dir = opt.stderr_dir;
  if (!opt.wire_log.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(opt.wire_log, ec);
    if (ec) return usage(fmt::format("--wire-log '{}': cannot create the directory: {}", opt.wire_log, ec.message()));
    spec.wire_log_dir = opt.wire_log;
    spec.wire_log.max_bytes = size_t(opt.wire_log_max_kb) << 10;
  }
  spec.verbose = opt.verbose;
  spec.match_id = opaque_match_id();  // never derived from the seed
  spec.announce = [](const std::string& line) { fmt::print(stderr, "{}\n", line); };  // a person starts that bot
  for (const std::string& b : bots) spec.bots.push_back({"", b});
  for (size_t i = 0; i < spec.bots.size(); ++i) {
    // Given decks: the last repeats; the default ones go round the table.
    const size_t k = opt.decks_given ? std::min(i, deck_args.size() - 1) : i % deck_args.size();
    const std::string& name = deck_args.empty() ? "corporate" : deck_args[k];
    // An illegal deck is refused before any bot starts: a match on it would mean nothing.
    try {
      spec.decks.push_back(dt::load_deck_arg(name, dt::builtin_cards(), *rules, opt.allow_unimplemented));
    } catch (const std::exception& e) {
      return usage(e.what());
    }
  }
  if (opt.seed_fixed)
    logging::warn({"match"}, "--seed {} fixes every shuffle, so anyone who knows or guesses it can predict every "
                  "hidden card (hands, draw order); leave --seed out for a secret random seed",
                  opt.seed);
  std::string table;
  for (size_t i = 0; i < bots.size(); ++i)
    table += fmt::format("{}s{} {} ({}){}", i ? " vs " : "", i, bots[i], spec.decks[i].name,
                         dt::has_teams(*rules) ? fmt::format(" team {}", rules->seats[i].team) : "");
  const int target = rules->team_promotion_target > 0 ? rules->team_promotion_target : rules->promotion_target;
  // With --json the header and the result go to stdout as one object at the end.
  auto say = [&](const std::string& line) { fmt::print(opt.json ? stderr : stdout, "{}\n", line); };
  say(fmt::format("match {}: {}, rules {}{}, seed {}{}, first {} to {} P, policy {}", spec.match_id, table,
             rules->name, rules->style == dt::Style::FreeForAll ? "" : fmt::format(", style {}", opt.style.style),
             spec.seed, opt.seed_fixed ? "" : " (random)", dt::has_teams(*rules) ? "team" : "player", target,
             opt.policy));
  say(fmt::format("clocks: startup {} ms, {} ms per decision, bank {} ms, grace {} ms", opt.clocks.startup_ms,
                  opt.clocks.decision_ms, opt.clocks.bank_ms, opt.clocks.grace_ms));
  if (const std::string iso = isolation_line(spec.sandbox, bots); !iso.empty()) say(iso);
  MatchOutcome out;
  try {
    out = run_match(spec);
  } catch (const std::invalid_argument& e) {
    return usage(e.what());
  }
  bool faulted = false;
  for (const SeatOutcome& so : out.seats) faulted = faulted || so.verdict != Verdict::Ok;
  const int status = out.voided ? 3 : faulted && opt.strict ? 4 : 0;
  if (opt.json) {
    nlohmann::ordered_json j{{"match_id", spec.match_id}, {"voided", out.voided}, {"winner", out.winner},
                             {"winning_team", out.winning_team}, {"reason", out.reason}, {"turns", out.turns},
                             {"decisions", out.decisions}, {"wall_ms", std::round(out.wall_ms)}};
    if (out.voided) j["void_reason"] = out.void_reason;
    nlohmann::ordered_json seats = nlohmann::ordered_json::array();
    for (size_t i = 0; i < out.seats.size(); ++i) {
      const SeatOutcome& so = out.seats[i];
      nlohmann::ordered_json js{{"seat", i}, {"name", so.name}, {"bot", bots[i]}, {"deck", spec.decks[i].name},
                                {"verdict", to_string(so.verdict)}, {"place", so.place}, {"p", so.promotion},
                                {"d", so.destiny}, {"time_used_ms", so.time_used_ms}, {"left", so.left},
                                {"timeouts", so.timeouts}, {"illegal", so.illegal}, {"malformed", so.malformed}};
      if (dt::has_teams(*rules)) js["team"] = so.team;
      if (so.verdict != Verdict::Ok) js["detail"] = so.detail;
      seats.push_back(js);
    }
    j["seats"] = seats;
    if (!opt.transcript.empty()) j["transcript"] = opt.transcript;
    j["exit_status"] = status;
    fmt::print("{}\n", j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
    return status;
  }
  if (out.voided) {
    fmt::print("result: VOID, no result: {}\n", out.void_reason);
  } else if (out.winner >= 0) {
    fmt::print("result: s{} ({}) wins by {} after {} turns\n", out.winner, out.seats[size_t(out.winner)].name,
               out.reason, out.turns);
  } else if (out.winning_team >= 0) {
    std::string members;
    for (size_t i = 0; i < out.seats.size(); ++i)
      if (out.seats[i].team == out.winning_team) members += fmt::format("{}s{}", members.empty() ? "" : "+", i);
    fmt::print("result: team {} ({}) wins by {} after {} turns\n", out.winning_team, members, out.reason, out.turns);
  } else {
    fmt::print("result: no winner ({}) after {} turns\n", out.reason, out.turns);
  }
  for (size_t i = 0; i < out.seats.size(); ++i) {
    const SeatOutcome& so = out.seats[i];
    std::string faults;
    if (so.timeouts) faults += fmt::format(", {} timeouts", so.timeouts);
    if (so.illegal) faults += fmt::format(", {} refused answers", so.illegal);
    if (so.malformed) faults += fmt::format(", {} malformed lines", so.malformed);
    const std::string place = out.voided ? "" : fmt::format("#{} ", so.place);
    fmt::print("  {}s{} {:<20} {:<17} {:>3} P {:>3} D  {:>7} ms used{}{}\n", place, i, so.name, to_string(so.verdict),
               so.promotion, so.destiny, so.time_used_ms, so.left ? ", left the game" : "", faults);
    if (so.verdict != Verdict::Ok && !so.detail.empty()) {
      std::istringstream lines(so.detail);
      for (std::string l; std::getline(lines, l);) fmt::print("      {}\n", l);
    }
  }
  fmt::print("  {} decisions in {:.0f} ms{}\n", out.decisions, out.wall_ms,
             opt.transcript.empty() ? "" : ", transcript " + opt.transcript);
  std::fflush(stdout);  // the note after the result, where a person reads it
  if (faulted && !out.voided && !opt.strict)
    fmt::print(stderr,
               "dtref match: a bot faulted (above); the match still has a result, so the exit status is 0 "
               "(--strict exits 4 when any bot faults)\n");
  return status;
}

}  // namespace

void add_match_command(CLI::App& app, int& exit_code) {
  auto opt = std::make_shared<MatchOptions>();
  CLI::App* cmd = app.add_subcommand(
      "match",
      "Play one complete match between two to seven bots and print the result, every seat ranked. Exit status: 0 when the "
      "match reached a result (a forfeit is a result), 2 for a usage error, 3 when the match was "
      "voided by a referee fault, 4 with --strict when a bot faulted.");
  cmd->add_option("--bot", opt->bots,
                  "bot per seat, two to seven (seat 0 first, play goes up the seats; with only one, seat 1 is builtin:greedy): builtin:random, builtin:greedy, builtin:ismcts, stdio:<command line> "
                  "(run by /bin/sh, JSON Lines on stdin/stdout, see docs/protocol.md), "
                  "grpc:<command line> or grpc-remote")
      ->capture_default_str();
  cmd->add_option("--deck", opt->decks, "deck per seat: a built-in deck name (" + dt::builtin_deck_names_text() + ") or a deck file (the last one repeats)")
      ->capture_default_str();
  cmd->add_option("--seed", opt->seed,
                  "match seed: fixes every shuffle and the built-in bots' choices (default: a secret random seed; "
                  "a fixed one makes the hidden cards predictable, so a warning says so)")
      ->each([opt](const std::string&) { opt->seed_fixed = true; });
  cmd->add_option("--rules", opt->rules, "rules preset: " + dt::preset_names_text())->capture_default_str();
  cmd->add_option("--promotion-target", opt->promotion_target, "P needed to win (default: the preset's, 25)");
  cmd->add_option("--transcript", opt->transcript, "write the JSON Lines transcript here (replay it with dtref replay)");
  cmd->add_option("--startup-ms", opt->clocks.startup_ms, "time a bot has to answer hello with ready")
      ->capture_default_str()->check(milliseconds_check());
  cmd->add_option("--decision-ms", opt->clocks.decision_ms, "free time per decision")
      ->capture_default_str()->check(milliseconds_check());
  cmd->add_option("--bank-ms", opt->clocks.bank_ms, "time bank per seat that overage draws from")
      ->capture_default_str()->check(milliseconds_check());
  cmd->add_option("--grace-ms", opt->clocks.grace_ms, "transport margin forgiven on every decision")
      ->capture_default_str()->check(milliseconds_check());
  cmd->add_option("--policy", opt->policy,
                  "ladder: any fault forfeits; dev: an illegal, malformed or stale answer gets an error and "
                  "the same request again (timeouts and crashes forfeit); training: a refused answer or a "
                  "timeout plays the default option and is counted (crashes forfeit)")
      ->capture_default_str();
  cmd->add_option("--stderr-dir", opt->stderr_dir, "also save each bot's whole stderr in this directory");
  cmd->add_option("--wire-log", opt->wire_log,
                  "write each stdio/gRPC seat's raw lines in both directions, with timestamps, to "
                  "DIR/<match id>-s<seat>.wire (debugging; see docs/protocol.md)");
  cmd->add_option("--wire-log-max-kb", opt->wire_log_max_kb, "size of a wire log file before it is rotated (.1, .2 kept)")
      ->capture_default_str()->check(CLI::PositiveNumber);
  cmd->add_flag("--allow-unimplemented", opt->allow_unimplemented,
                "accept decks holding cards whose effects are not implemented (they play without them)");
  add_sandbox_flags(cmd, opt->sandbox);
  add_style_options(cmd, opt->style);
  add_log_flags(cmd, opt->log, "warn");
  cmd->add_flag("--verbose,-v", opt->verbose, "print every decision and event");
  cmd->add_flag("--json", opt->json, "print the result as one JSON object on stdout (the header goes to stderr)");
  cmd->add_flag("--strict", opt->strict,
                "exit with status 4 when any bot faulted (did not start, crashed, timed out, answered wrong), "
                "although the match has a result");
  cmd->callback([opt, cmd, &exit_code] {
    opt->decks_given = cmd->count("--deck") > 0;
    exit_code = play(*opt);
  });
}

}  // namespace dtref
