// dtref selfplay: many games between built-in random bots with every
// invariant checked after every decision.
#include <fmt/core.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "bot.hpp"
#include "commands.hpp"
#include "dt/card_loader.hpp"
#include "dt/deck.hpp"
#include "dt/game.hpp"
#include "dt/invariants.hpp"
#include "dt/observation.hpp"

namespace dtref {

namespace {

struct SelfplayOptions {
  int games = 100;
  uint64_t seed = 1;
  std::vector<std::string> decks{"corporate", "legion"};
  std::string rules = "gengine";
  bool checks = true;
  bool quiet = false;
  int max_decisions = 50000;
};

uint64_t mix(uint64_t a, uint64_t b) {
  uint64_t z = a * 0x9E3779B97F4A7C15ull + b;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

bool counts_as_action(dt::EventKind k) {
  using dt::EventKind;
  switch (k) {
    case EventKind::Meditate: case EventKind::Muster: case EventKind::SeekCover:
    case EventKind::ExitCover: case EventKind::Equip: case EventKind::Build:
    case EventKind::Attack: case EventKind::Sabotage: return true;
    default: return false;
  }
}

struct GameResult {
  int winner = -1;
  int decisions = 0;
  int turns = 0;
  std::vector<std::string> violations;
};

GameResult play_one(const dt::CardDb& db, const dt::GameConfig& cfg, const SelfplayOptions& opt,
                    uint64_t bot_seed) {
  GameResult r;
  std::vector<std::unique_ptr<dt::Bot>> bots;
  for (size_t i = 0; i < cfg.decks.size(); ++i) bots.push_back(dt::make_random_bot(mix(bot_seed, i)));
  std::vector<dt::Event> events;
  dt::State s = dt::new_game(db, cfg, opt.checks ? &events : nullptr);
  std::vector<size_t> choices;
  std::vector<uint64_t> hashes;
  int actions_this_turn = 0, tacticals_this_turn = 0;
  auto violation = [&](const std::string& what) {
    if (r.violations.size() < 5)
      r.violations.push_back(fmt::format("decision {}: {}", r.decisions, what));
  };
  while (!dt::game_over(s)) {
    if (r.decisions >= opt.max_decisions) {
      violation("the game did not end");
      break;
    }
    const int seat = dt::deciding_seat(s);
    const std::vector<dt::Option> opts = dt::legal_options(s);
    if (opts.empty()) {
      violation("no legal options");
      break;
    }
    const size_t idx = bots[size_t(seat)]->choose(dt::observe(s, seat), opts);
    ++r.decisions;
    if (!opt.checks) {
      dt::apply(s, opts[idx]);
      continue;
    }
    for (const std::string& v : dt::check_invariants(s)) violation(v);
    // A clone must behave exactly like the original.
    dt::State clone = s;
    if (dt::state_hash(clone) != dt::state_hash(s)) violation("clone hash differs before apply");
    events.clear();
    dt::apply(s, opts[idx], &events);
    dt::apply(clone, opts[idx]);
    if (dt::state_hash(clone) != dt::state_hash(s)) violation("clone diverged after apply: " + dt::to_text(opts[idx]));
    choices.push_back(idx);
    hashes.push_back(dt::state_hash(s));
    for (const dt::Event& e : events) {
      if (e.kind == dt::EventKind::TurnStart) actions_this_turn = tacticals_this_turn = 0;
      if (counts_as_action(e.kind)) ++actions_this_turn;
      if (e.kind == dt::EventKind::MusterCover) actions_this_turn += 3;
      if (e.kind == dt::EventKind::Attack || e.kind == dt::EventKind::Sabotage) ++tacticals_this_turn;
    }
    if (actions_this_turn > s.rules.actions_per_turn) violation("more actions than allowed in a turn");
    if (tacticals_this_turn > 1) violation("more than one Tactical action in a turn");
  }
  r.winner = s.winner;
  r.turns = s.turn_number;
  if (opt.checks && r.violations.empty()) {
    // Replaying the decisions from the seed must reproduce every state.
    dt::State re = dt::new_game(db, cfg);
    for (size_t i = 0; i < choices.size(); ++i) {
      std::vector<dt::Option> opts = dt::legal_options(re);
      if (choices[i] >= opts.size()) {
        violation(fmt::format("replay: decision {} no longer legal", i));
        break;
      }
      dt::apply(re, opts[choices[i]]);
      if (dt::state_hash(re) != hashes[i]) {
        violation(fmt::format("replay: state hash differs after decision {}", i));
        break;
      }
    }
  }
  return r;
}

int run_selfplay(const SelfplayOptions& opt) {
  const dt::CardDb& db = dt::builtin_cards();
  auto rules = dt::preset_by_name(opt.rules);
  if (!rules) {
    fmt::print(stderr, "dtref selfplay: unknown rules preset '{}' (known: gengine, second-edition)\n", opt.rules);
    return 2;
  }
  std::vector<dt::Deck> decks;
  for (const std::string& name : opt.decks) decks.push_back(dt::builtin_deck(name));
  if (decks.size() < 2) {
    fmt::print(stderr, "dtref selfplay: give at least two --deck values (one per seat)\n");
    return 2;
  }
  const int seats = int(decks.size());
  std::vector<int> wins(decks.size(), 0);
  int unfinished = 0, failed = 0;
  long long decisions = 0, turns = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (int g = 0; g < opt.games; ++g) {
    dt::GameConfig cfg;
    cfg.rules = *rules;
    cfg.seed = mix(opt.seed, uint64_t(g));
    // Rotate the decks around the seats so no deck always sits first.
    std::vector<int> deck_of(static_cast<size_t>(seats));
    for (int i = 0; i < seats; ++i) {
      deck_of[size_t(i)] = (i + g) % seats;
      cfg.decks.push_back(decks[size_t(deck_of[size_t(i)])].cards);
    }
    GameResult r = play_one(db, cfg, opt, mix(cfg.seed, 0xB07));
    decisions += r.decisions;
    turns += r.turns;
    if (r.winner >= 0) ++wins[size_t(deck_of[size_t(r.winner)])];
    else ++unfinished;
    if (!r.violations.empty()) {
      ++failed;
      fmt::print(stderr, "game {} (seed {}): invariant violated\n", g, cfg.seed);
      for (const std::string& v : r.violations) fmt::print(stderr, "  {}\n", v);
    }
    if (!opt.quiet && opt.games >= 20 && (g + 1) % (opt.games / 10) == 0)
      fmt::print(stderr, "  {}/{} games\n", g + 1, opt.games);
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  fmt::print("selfplay: {} games, seed {}, rules {}, checks {}\n", opt.games, opt.seed, opt.rules,
             opt.checks ? "on" : "off");
  for (size_t i = 0; i < decks.size(); ++i) fmt::print("  {:<12} wins {}\n", decks[i].name, wins[i]);
  if (unfinished) fmt::print("  draws        {} (tied at the turn limit)\n", unfinished);
  fmt::print("  decisions {} ({:.1f} per game), turns {:.1f} per game\n", decisions,
             opt.games ? double(decisions) / opt.games : 0.0, opt.games ? double(turns) / opt.games : 0.0);
  fmt::print("  {:.3f} s: {:.1f} games/s, {:.0f} decisions/s\n", secs, opt.games / secs, decisions / secs);
  if (failed) {
    fmt::print("FAIL: {} game(s) violated an invariant\n", failed);
    return 1;
  }
  fmt::print("OK: no invariant violated\n");
  return 0;
}

}  // namespace

void add_selfplay_command(CLI::App& app, int& exit_code) {
  auto opt = std::make_shared<SelfplayOptions>();
  CLI::App* cmd = app.add_subcommand(
      "selfplay",
      "Play games between built-in random bots, checking after every decision: card "
      "conservation, no negative D or P, action and Tactical-action limits, cover rules, "
      "clone == original, and that replaying the decisions from the seed reproduces every "
      "state hash. Prints games/s and decisions/s; exits 1 on any violation.");
  cmd->add_option("--games,-n", opt->games, "number of games")->check(CLI::NonNegativeNumber)->capture_default_str();
  cmd->add_option("--seed,-s", opt->seed, "base seed; game i uses a seed derived from it")->capture_default_str();
  cmd->add_option("--deck", opt->decks, "built-in deck per seat (give one per seat, in order)")->capture_default_str();
  cmd->add_option("--rules", opt->rules, "rules preset: gengine or second-edition")->capture_default_str();
  cmd->add_flag("!--no-checks", opt->checks, "skip the checks (measures raw engine speed)");
  cmd->add_flag("--quiet,-q", opt->quiet, "no progress lines");
  cmd->callback([opt, &exit_code] { exit_code = run_selfplay(*opt); });
}

}  // namespace dtref
