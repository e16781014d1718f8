// dtref match: one complete match between two bots, the result printed for a person.
#include <fmt/core.h>

#include <memory>
#include <string>
#include <vector>

#include "bot.hpp"
#include "commands.hpp"
#include "dt/card_loader.hpp"
#include "dt/deck.hpp"
#include "dt/game.hpp"
#include "dt/observation.hpp"

namespace dtref {

namespace {

struct MatchOptions {
  std::vector<std::string> bots{"builtin:greedy", "builtin:greedy"};
  std::vector<std::string> decks{"corporate", "legion"};
  uint64_t seed = 1;
  std::string rules = "gengine";
  int promotion_target = 0;
  bool verbose = false;
};

int run_match(const MatchOptions& opt) {
  const dt::CardDb& db = dt::builtin_cards();
  auto rules = dt::preset_by_name(opt.rules);
  if (!rules) {
    fmt::print(stderr, "dtref match: unknown rules preset '{}' (known: gengine, second-edition)\n", opt.rules);
    return 2;
  }
  if (opt.promotion_target > 0) rules->promotion_target = opt.promotion_target;
  if (opt.bots.size() < 2) {
    fmt::print(stderr, "dtref match: give two --bot values (one per seat)\n");
    return 2;
  }
  std::vector<std::unique_ptr<dt::Bot>> bots;
  std::vector<std::string> labels;
  for (size_t i = 0; i < opt.bots.size(); ++i) {
    const std::string& spec = opt.bots[i];
    const std::string prefix = "builtin:";
    std::unique_ptr<dt::Bot> b;
    if (spec.rfind(prefix, 0) == 0) b = dt::make_builtin_bot(spec.substr(prefix.size()), opt.seed * 1000003 + i);
    if (!b) {
      std::string known;
      for (const auto& n : dt::builtin_bot_names()) known += " builtin:" + n;
      fmt::print(stderr, "dtref match: unknown bot '{}' (this version runs built-in bots:{})\n", spec, known);
      return 2;
    }
    labels.push_back(fmt::format("s{} {}", i, b->name()));
    bots.push_back(std::move(b));
  }
  std::vector<dt::Deck> decks;
  for (size_t i = 0; i < bots.size(); ++i) {
    const std::string& name = opt.decks[std::min(i, opt.decks.size() - 1)];
    try {
      decks.push_back(dt::builtin_deck(name));
    } catch (const std::exception& e) {
      fmt::print(stderr, "dtref match: {}\n", e.what());
      return 2;
    }
    for (const std::string& problem : dt::validate_deck(decks.back(), db, *rules, false))
      fmt::print(stderr, "dtref match: deck '{}': {}\n", name, problem);
  }
  dt::GameConfig cfg;
  cfg.rules = *rules;
  cfg.seed = opt.seed;
  for (const dt::Deck& d : decks) cfg.decks.push_back(d.cards);

  std::vector<dt::Event> events;
  dt::State s = dt::new_game(db, cfg, &events);
  auto flush = [&] {
    if (opt.verbose)
      for (const dt::Event& e : events) fmt::print("  {}\n", dt::describe(s, e));
    events.clear();
  };
  fmt::print("match: {} ({}) vs {} ({}), rules {}, seed {}, first to {} P\n", labels[0], decks[0].name,
             labels[1], decks[1].name, rules->name, opt.seed, rules->promotion_target);
  flush();
  while (!dt::game_over(s)) {
    const int seat = dt::deciding_seat(s);
    const auto opts = dt::legal_options(s);
    const size_t idx = bots[size_t(seat)]->choose(dt::observe(s, seat), opts);
    if (opt.verbose) fmt::print("s{} > {}\n", seat, dt::to_text(opts[idx]));
    dt::apply(s, opts[idx], &events);
    flush();
  }
  fmt::print("result: ");
  if (s.winner >= 0) fmt::print("s{} ({}) wins after {} turns\n", s.winner, labels[size_t(s.winner)], s.turn_number);
  else fmt::print("no winner after {} turns\n", s.turn_number);
  for (int i = 0; i < s.num_seats(); ++i)
    fmt::print("  {:<16} {:>3} P {:>3} D\n", labels[size_t(i)], s.seats[size_t(i)].promotion, s.seats[size_t(i)].destiny);
  fmt::print("  {} decisions\n", s.decisions);
  return 0;
}

}  // namespace

void add_match_command(CLI::App& app, int& exit_code) {
  auto opt = std::make_shared<MatchOptions>();
  CLI::App* cmd = app.add_subcommand(
      "match", "Play one complete match between two bots on built-in decks and print the result.");
  cmd->add_option("--bot", opt->bots, "bot per seat: builtin:random or builtin:greedy")->capture_default_str();
  cmd->add_option("--deck", opt->decks, "built-in deck per seat")->capture_default_str();
  cmd->add_option("--seed", opt->seed, "match seed: fixes every shuffle and random choice")->capture_default_str();
  cmd->add_option("--rules", opt->rules, "rules preset: gengine or second-edition")->capture_default_str();
  cmd->add_option("--promotion-target", opt->promotion_target, "P needed to win (default: the preset's, 25)");
  cmd->add_flag("--verbose,-v", opt->verbose, "print every decision and event");
  cmd->callback([opt, &exit_code] { exit_code = run_match(*opt); });
}

}  // namespace dtref
