#include <fmt/core.h>

#include <cstdio>
#include <exception>

#include "commands.hpp"
#include "dt/card_loader.hpp"
#include "dtref/convert.hpp"

#ifndef DTREF_VERSION
#define DTREF_VERSION "0"
#endif

int main(int argc, char** argv) {
  CLI::App app{"dtref: headless match runner and referee for the Doomtrooper card game"};
  app.require_subcommand(1);
  app.set_version_flag("--version", fmt::format("dtref {} (bot protocol {}, card database {})", DTREF_VERSION,
                                                dtref::kProtocolVersion, dt::builtin_cards().version));
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
  // `dtref help [COMMAND]`: what --help prints, for those who type the word.
  std::string topic;
  CLI::App* help = app.add_subcommand("help", "Print the commands, or one command's options: dtref help match");
  help->add_option("command", topic, "a command");
  help->callback([&] {
    if (topic.empty()) {  // app.help() would show the selected subcommand's, this one's
      fmt::print("{}", app.get_formatter()->make_help(&app, "dtref", CLI::AppFormatMode::Normal));
      return;
    }
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
      if (sub->get_name() == topic && sub != help) {
        fmt::print("{}", sub->help());
        return;
      }
    const std::string near = dtref::did_you_mean(topic, app);
    fmt::print(stderr, "dtref help: no command '{}'{}\nRun 'dtref help' for the list.\n", topic,
               near.empty() ? "" : " (did you mean '" + near + "'?)");
    exit_code = 2;
  });
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
