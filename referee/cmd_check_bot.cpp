// dtref check-bot: a compliance run for one bot (referee/lib/check_bot.cpp):
// each check passed or failed, with the line that broke it.
#include <fmt/core.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "commands.hpp"
#include "dt/card_loader.hpp"
#include "dt/deck.hpp"
#include "dtref/check_bot.hpp"

namespace dtref {

namespace {

struct CheckBotCli {
  std::string spec;
  std::string deck = "corporate", opponent_deck = "legion";
  std::string rules = "gengine";
  Clocks clocks;
  bool json = false;
};

int run(const CheckBotCli& o) {
  auto usage = [](const std::string& msg) {
    fmt::print(stderr, "dtref check-bot: {}\n", msg);
    return 2;
  };
  CheckBotOptions opt;
  auto rules = dt::preset_by_name(o.rules);
  if (!rules) return usage(fmt::format("unknown rules preset '{}' ({})", o.rules, dt::preset_names_text()));
  opt.rules = *rules;
  opt.clocks = o.clocks;
  try {
    opt.deck = dt::load_deck_arg(o.deck, dt::builtin_cards(), *rules, false);
    opt.opponent_deck = dt::load_deck_arg(o.opponent_deck, dt::builtin_cards(), *rules, false);
  } catch (const std::exception& e) {
    return usage(e.what());
  }
  BotSpec bot{"", o.spec};
  CheckBotReport rep;
  try {
    rep = check_bot(bot, opt);
  } catch (const std::invalid_argument& e) {
    return usage(e.what());
  }
  int passed = 0, applicable = 0;
  for (const CheckResult& c : rep.checks) {
    passed += c.passed;
    applicable += !c.skipped;
  }
  if (o.json) {
    nlohmann::ordered_json j{{"bot", o.spec}, {"passed", rep.passed()}, {"checks", nlohmann::ordered_json::array()}};
    for (const CheckResult& c : rep.checks) {
      nlohmann::ordered_json cj{{"name", c.name}, {"result", c.skipped ? "skipped" : c.passed ? "pass" : "fail"}, {"detail", c.detail}};
      if (!c.offending.empty()) cj["offending"] = c.offending;
      j["checks"].push_back(cj);
    }
    fmt::print("{}\n", j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
  } else {
    fmt::print("check-bot {}\n", o.spec);
    for (const CheckResult& c : rep.checks) {
      fmt::print("  {:<4}  {:<13} {}\n", c.skipped ? "skip" : c.passed ? "PASS" : "FAIL", c.name, c.detail);
      if (!c.offending.empty()) fmt::print("        {:<13} the bot: {}\n", "", c.offending.substr(0, 400));
    }
    fmt::print("{} of {} checks passed{}\n", passed, applicable,
               rep.checks.size() < 7 ? " (the rest were not run: the bot did not get that far)" : "");
  }
  return rep.passed() ? 0 : 1;
}

}  // namespace

void add_check_bot_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<CheckBotCli>();
  CLI::App* cmd = app.add_subcommand(
      "check-bot",
      "Check that a bot follows the protocol: it says ready within the startup window, answers a request, "
      "answers the same request again after an error (dev policy), answers a decision whose only option is pass, "
      "ignores fields it does not know (stdio), leaves after match_end, and plays a short match against "
      "builtin:random with every answer legal and in time. Exit status: 0 all passed, 1 a check failed, 2 usage.");
  cmd->add_option("spec", o->spec, "the bot, as for dtref match --bot: stdio:<command>, grpc:<command>, builtin:<name>")
      ->required();
  cmd->add_option("--deck", o->deck, "the bot's deck: a built-in deck name (" + dt::builtin_deck_names_text() + ") or a deck file")->capture_default_str();
  cmd->add_option("--opponent-deck", o->opponent_deck, "the deck of builtin:random in the short match")->capture_default_str();
  cmd->add_option("--rules", o->rules, "rules preset: " + dt::preset_names_text())->capture_default_str();
  cmd->add_option("--startup-ms", o->clocks.startup_ms, "time to answer hello with ready")->capture_default_str()->check(milliseconds_check());
  cmd->add_option("--decision-ms", o->clocks.decision_ms, "free time per decision")->capture_default_str()->check(milliseconds_check());
  cmd->add_option("--bank-ms", o->clocks.bank_ms, "time bank per seat")->capture_default_str()->check(milliseconds_check());
  cmd->add_flag("--json", o->json, "print the checks as JSON");
  cmd->callback([o, &exit_code] { exit_code = run(*o); });
}

}  // namespace dtref
