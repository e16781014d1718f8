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
void add_tournament_command(CLI::App& app, int& exit_code);
void add_standings_command(CLI::App& app, int& exit_code);
void add_merge_command(CLI::App& app, int& exit_code);
void add_bench_command(CLI::App& app, int& exit_code);

}  // namespace dtref
