// Each dtref subcommand lives in its own file and registers itself here.
#pragma once

#include <CLI/CLI.hpp>

namespace dtref {

// Each add_* registers a subcommand; the callback it installs sets `exit_code`.
void add_selfplay_command(CLI::App& app, int& exit_code);
void add_scenario_command(CLI::App& app, int& exit_code);
void add_match_command(CLI::App& app, int& exit_code);
void add_cards_command(CLI::App& app, int& exit_code);
void add_deck_command(CLI::App& app, int& exit_code);
void add_replay_command(CLI::App& app, int& exit_code);
void add_check_bot_command(CLI::App& app, int& exit_code);
void add_tournament_command(CLI::App& app, int& exit_code);
void add_standings_command(CLI::App& app, int& exit_code);
void add_merge_command(CLI::App& app, int& exit_code);
void add_ladder_command(CLI::App& app, int& exit_code);
void add_bench_command(CLI::App& app, int& exit_code);


// Checks a clock option: a whole number of milliseconds, 0 to a week; the
// message names the unit ("1s" is a common first try), not CLI11's range.
CLI::Validator milliseconds_check();

// A command-line mistake (CLI11 parse error) reported the same way for every
// subcommand: the message, the nearest known option or command, exit status 2.
// --help and --version keep CLI11's output and status 0.
int report_parse_error(CLI::App& app, const CLI::ParseError& e);
// The option (for "-..." words) or subcommand of `app` nearest to `word`; "" if none is close.
std::string did_you_mean(const std::string& word, const CLI::App& app);

}  // namespace dtref
