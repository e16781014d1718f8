#include <cstdio>
#include <exception>

#include "commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"dtref: headless match runner and referee for the Doomtrooper card game"};
  app.require_subcommand(1);
  int exit_code = 0;
  dtref::add_match_command(app, exit_code);
  dtref::add_replay_command(app, exit_code);
  dtref::add_check_bot_command(app, exit_code);
  dtref::add_selfplay_command(app, exit_code);
  dtref::add_scenario_command(app, exit_code);
  dtref::add_cards_command(app, exit_code);
  dtref::add_deck_command(app, exit_code);
  dtref::add_tournament_command(app, exit_code);
  dtref::add_standings_command(app, exit_code);
  dtref::add_merge_command(app, exit_code);
  dtref::add_ladder_command(app, exit_code);
  dtref::add_bench_command(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return dtref::report_parse_error(app, e);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "dtref: error: %s\n", e.what());
    return 2;
  }
  return exit_code;
}
