// dtref selfplay: many games between built-in random bots with every
// invariant checked after every decision; --all-pairs plays every ordered pair
// of decks.
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bot.hpp"
#include "commands.hpp"
#include "style_options.hpp"
#include "dt/action_prices.hpp"
#include "dt/card_loader.hpp"
#include "dt/designations.hpp"
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
  bool fingerprint = false;  // print a hash of every position of every game
  // A game ends by the rules or at the turn limit; a turn that goes on past max_turn_decisions never ends. A game
  // still going after max_decisions is judged so only without a turn limit: a stalled game whose players keep using
  // free abilities at any time (CULTISTs declaring their side) takes 60 random decisions a turn up to its limit.
  int max_decisions = 50000;
  int max_turn_decisions = 20000;
  int turn_limit = -1;  // -1: the preset's (a referee setting, not a rule)
  bool all_pairs = false;
  bool decks_given = false;  // --deck was on the command line
  bool allow_unimplemented = false;
  int seats = 0;  // 0: one per --deck; else the decks go round this many seats
  StyleOptions style;
};

uint64_t mix(uint64_t a, uint64_t b) {
  uint64_t z = a * 0x9E3779B97F4A7C15ull + b;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Actions an event stands for, from the rulebook's list of actions and the
// cards involved (worked out here, not read from the engine's own counter).
int event_action_cost(const dt::State& s, const dt::Event& e) {
  using dt::EventKind;
  switch (e.kind) {
    case EventKind::Meditate: case EventKind::SeekCover: case EventKind::ExitCover:
    case EventKind::Equip: case EventKind::Build: case EventKind::Attack:
    case EventKind::Bestow:
      return 1;
    case EventKind::Sabotage: return e.y > 0 ? e.y : 1;  // a card's own way of sabotaging names its actions (SUPPORT ARTILLERY OX)
    case EventKind::Muster: return s.def(e.a).has(dt::kwFreeMuster) ? 0 : 1;  // FREE MUSTER
    case EventKind::MusterCover: return 3;
    default: return 0;
  }
}

// Actions the chosen Play or Use option costs, as its card states: a card or
// ability played as an action costs its number of actions (a play at least one).
int option_action_cost(const dt::State& s, const dt::Option& o) {
  if (o.kind == dt::OptKind::Play) {
    const dt::CardDef& d = s.def(o.a);
    if (!d.play) return 0;
    const bool action = d.type == dt::CardType::Art ? d.spell == dt::SpellKind::Action
                                                     : d.play->timing == dt::Timing::Action;
    // AGENT NICK MICHAELS (FREE MISSIONS, printed on him): missions assigned to him cost none.
    if (d.type == dt::CardType::Mission && o.b >= 0 && size_t(o.b) < s.cards.size() &&
        s.def(o.b).has_designation(dt::desig::FreeMissions))
      return 0;
    // PALANQUIN AIRVESSEL: its player's cards may make the play cheaper (dt/action_prices.hpp).
    if (action && d.type != dt::CardType::Art) return dt::play_actions_now(s, s.current, o.a);
    return action ? std::max<int>(1, d.play->actions) : 0;
  }
  // SURVEILLANCE SHIP: a card pick of a Choice priced in actions (Choice.pick_actions) costs them.
  if (o.kind == dt::OptKind::Choose && o.a != dt::kNoCard) return dt::choice_pick_actions(s);
  if (o.kind == dt::OptKind::Use) {
    const dt::CardDef& d = s.def(o.a);
    if (o.p < 0 || size_t(o.p) >= d.abilities.size()) return 0;
    const dt::Ability& ab = d.abilities[size_t(o.p)];
    return ab.timing == dt::Timing::Action ? ab.actions : 0;
  }
  return 0;
}

struct GameResult {
  int winner = -1;
  std::vector<int> won;  // every seat on the winning side (a team wins together)
  int decisions = 0;
  int turns = 0;
  uint64_t fingerprint = 0;  // every state hash and option count, in order
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
  int turn_seat = s.current;  // whose turn the counts above belong to
  // The actions the turn began with: cards may lower the figure later in it (a PRISONER WORK CAMP's prisoner lost)
  // without taking back the actions already given.
  int allowance = dt::actions_per_turn_of(s, s.current);
  auto violation = [&](const std::string& what) {
    if (r.violations.size() < 5)
      r.violations.push_back(fmt::format("decision {}: {}", r.decisions, what));
  };
  int turn_at = s.turn_number, turn_decisions = 0;
  while (!dt::game_over(s)) {
    if (s.turn_number != turn_at) turn_at = s.turn_number, turn_decisions = 0;
    if (++turn_decisions > opt.max_turn_decisions) {
      violation("a turn did not end");
      break;
    }
    if (s.rules.turn_limit <= 0 && r.decisions >= opt.max_decisions) {
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
      if (opt.fingerprint) r.fingerprint = mix(mix(r.fingerprint, opts.size()), dt::state_hash(s));
      continue;
    }
    for (const std::string& v : dt::check_invariants(s)) violation(v);
    // A clone must behave exactly like the original.
    dt::State clone = s;
    if (dt::state_hash(clone) != dt::state_hash(s)) violation("clone hash differs before apply");
    events.clear();
    const int option_cost = option_action_cost(s, opts[idx]);
    // A gift bestowed for no action (ALAKHAI THE CUNNING, printed ILIAN-MISTRESS OF THE VOID) costs none.
    const int bestow_cost = opts[idx].kind == dt::OptKind::Bestow ? dt::bestow_actions_now(s, opts[idx].a, opts[idx].b) : 1;
    // An action a card lends at once (GRAND ASSAULT, HIDDEN, INSPIRED: made from a choice, the turn's actions and
    // Tactical action put back after it) is none of the turn's: it neither costs nor counts below.
    const bool from_choice = s.phase == dt::Phase::Choice && opts[idx].kind != dt::OptKind::Choose;
    const int actions_before = s.actions_left, current_before = s.current;
    const bool tactical_before = s.tactical_used;
    dt::apply(s, opts[idx], &events);
    dt::apply(clone, opts[idx]);
    if (dt::state_hash(clone) != dt::state_hash(s)) violation("clone diverged after apply: " + dt::to_text(opts[idx]));
    choices.push_back(idx);
    hashes.push_back(dt::state_hash(s));
    if (opt.fingerprint) r.fingerprint = mix(mix(r.fingerprint, opts.size()), hashes.back());
    // The option's own cost counts in the turn it was chosen, before any
    // TurnStart it leads to.
    const bool lent = from_choice && s.current == current_before && s.actions_left == actions_before &&
                      s.tactical_used == tactical_before;
    if (!lent) actions_this_turn += option_cost;
    // An attack or Sabotage the chosen option did not make is one a card gives beside the turn's Tactical
    // action, for no action (a second attack starting as a window closes: NIMROD AUTOCANNON, PURSUIT, TUSKED
    // SERETT, SHELTER OF THE CROWD), or the combat a played card starts, its actions counted with the card
    // (CHARGE, COMMAND): neither costs an action nor counts as another Tactical action here.
    const bool tactical_option = opts[idx].kind == dt::OptKind::Attack || opts[idx].kind == dt::OptKind::DirectAttack ||
                                 opts[idx].kind == dt::OptKind::Sabotage;
    bool tactical_counted = false;
    for (const dt::Event& e : events) {
      if (e.kind == dt::EventKind::TurnStart) {
        // The turn that just ended is judged whole, including its last action.
        if (actions_this_turn > std::max(allowance, dt::actions_per_turn_of(s, turn_seat)) + dt::own_actions_taken(s, turn_seat))
          violation("more actions than allowed in a turn");
        actions_this_turn = tacticals_this_turn = 0;
        turn_seat = e.seat;
        if (s.current == e.seat) allowance = dt::actions_per_turn_of(s, e.seat);
      }
      // An Equipment card or Relic a card puts into play (PRIVATE COLLECTOR) costs that card's actions, counted above.
      const bool tactical_event = e.kind == dt::EventKind::Attack || e.kind == dt::EventKind::Sabotage;
      if (tactical_event && (!tactical_option || lent)) continue;
      // One attack option is one Tactical action, whatever combats it opens at once: a RAZOR WIRE FENCE's encounter,
      // then the attack itself (combat/first_encounter.hpp).
      if (tactical_event && std::exchange(tactical_counted, true)) continue;
      if (lent) continue;
      // Leaving cover as part of an attack (DAI-SHO OF THE ANCIENT EMPERORS, CHARGE) costs no action of its own.
      if (e.kind == dt::EventKind::ExitCover && opts[idx].kind != dt::OptKind::ExitCover) continue;
      if (e.kind == dt::EventKind::Bestow) actions_this_turn += bestow_cost;
      else if (e.kind != dt::EventKind::Equip || opts[idx].kind == dt::OptKind::Equip) actions_this_turn += event_action_cost(s, e);
      if (tactical_event) ++tacticals_this_turn;
    }
    // A seat's own limits: the Dark Legion player of cartel-vs-legion has more
    // actions and attacks as often as it has them (Rules::seats).
    if (actions_this_turn > std::max(allowance, dt::actions_per_turn_of(s, turn_seat)) + dt::own_actions_taken(s, turn_seat))
      violation("more actions than allowed in a turn");
    if (tacticals_this_turn > 1 && !dt::free_attacks(s, turn_seat)) violation("more than one Tactical action in a turn");
  }
  r.winner = s.winner;
  for (int i = 0; i < s.num_seats(); ++i)
    if (dt::seat_won(s, i)) r.won.push_back(i);
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

// One pairing of decks to seats, played `games` times.
struct Matchup {
  std::vector<size_t> decks;  // index into the loaded decks, one per seat
  bool rotate = false;        // rotate the decks around the seats game by game
};

struct Tallies {
  std::vector<int> wins;  // per loaded deck
  int draws = 0;
};

int run_selfplay(const SelfplayOptions& opt) {
  const dt::CardDb& db = dt::builtin_cards();
  auto rules = dt::preset_by_name(opt.rules);
  if (!rules) {
    fmt::print(stderr, "dtref selfplay: unknown rules preset '{}' (known: {})\n", opt.rules, dt::preset_names_text());
    return 2;
  }
  std::vector<std::string> deck_args = opt.decks;
  if (opt.all_pairs && !opt.decks_given) deck_args = dt::builtin_deck_names();
  if (!opt.all_pairs && !opt.decks_given && !style_default_decks(opt.style).empty())
    deck_args = style_default_decks(opt.style);
  if (opt.seats > 0 && opt.all_pairs) {
    fmt::print(stderr, "dtref selfplay: --seats and --all-pairs do not go together (all-pairs plays two seats)\n");
    return 2;
  }
  if (opt.seats != 0 && (opt.seats < 2 || opt.seats > dt::kMaxSeats)) {
    fmt::print(stderr, "dtref selfplay: --seats {}: a game has 2 to {} seats\n", opt.seats, dt::kMaxSeats);
    return 2;
  }
  if (!opt.all_pairs && opt.seats > 0 && int(deck_args.size()) > opt.seats) {
    fmt::print(stderr, "dtref selfplay: {} decks for {} seats: give at most one --deck per seat\n", deck_args.size(),
               opt.seats);
    return 2;
  }
  std::vector<dt::Deck> decks;
  for (const std::string& arg : deck_args) {
    try {
      decks.push_back(dt::load_deck_arg(arg, db, *rules, opt.allow_unimplemented));
    } catch (const std::exception& e) {
      // The built-in decks that the chosen rules forbid (Tribal decks under
      // second-edition) sit the all-pairs run out; a deck the user named must load.
      if (opt.all_pairs && !opt.decks_given) {
        fmt::print(stderr, "dtref selfplay: leaving out built-in deck '{}': not legal under the {} rules\n", arg,
                   rules->name);
        continue;
      }
      fmt::print(stderr, "dtref selfplay: {}\n", e.what());
      return 2;
    }
  }
  if (decks.size() < 2 && !(opt.seats >= 2 && decks.size() == 1)) {
    fmt::print(stderr, "dtref selfplay: give at least two --deck values (one per seat), or --seats\n");
    return 2;
  }
  if (decks.size() > size_t(dt::kMaxSeats) && !opt.all_pairs) {
    fmt::print(stderr, "dtref selfplay: {} decks: a game has at most {} seats (use --all-pairs to pair them up)\n",
               decks.size(), dt::kMaxSeats);
    return 2;
  }
  const int table = opt.all_pairs ? 2 : opt.seats > 0 ? opt.seats : int(decks.size());
  if (auto problem = apply_style_options(opt.style, table, *rules)) {
    fmt::print(stderr, "dtref selfplay: {}\n", *problem);
    return 2;
  }
  std::vector<Matchup> matchups;
  if (opt.all_pairs) {
    // Every ordered pair of distinct decks: each pairing is played with each
    // deck in the first seat.
    for (size_t a = 0; a < decks.size(); ++a)
      for (size_t b = 0; b < decks.size(); ++b)
        if (a != b) matchups.push_back({{a, b}, false});
  } else {
    // The decks go round the table; with a style that gives seats their own
    // organization (cartel-vs-legion) each deck keeps its seat.
    const bool own_organizations = std::any_of(rules->seats.begin(), rules->seats.end(),
                                               [](const dt::SeatRules& x) { return x.muster_only != 0; });
    Matchup m{{}, !own_organizations};
    for (int i = 0; i < table; ++i) m.decks.push_back(size_t(i) % decks.size());
    matchups.push_back(m);
  }
  Tallies total{std::vector<int>(decks.size(), 0), 0};
  std::vector<Tallies> per_matchup(matchups.size(), Tallies{std::vector<int>(decks.size(), 0), 0});
  int failed = 0;
  long long games = 0, decisions = 0, turns = 0;
  uint64_t fingerprint = 0;
  const long long planned = (long long)opt.games * (long long)matchups.size();
  const auto t0 = std::chrono::steady_clock::now();
  for (size_t mi = 0; mi < matchups.size(); ++mi) {
    const Matchup& m = matchups[mi];
    const int seats = int(m.decks.size());
    for (int g = 0; g < opt.games; ++g, ++games) {
      dt::GameConfig cfg;
      cfg.rules = *rules;
      if (opt.turn_limit >= 0) cfg.rules.turn_limit = opt.turn_limit;
      // Game g of matchup mi: the seed depends on both, so every game differs
      // and a single-matchup run reproduces the plain selfplay seeds.
      cfg.seed = mix(opt.all_pairs ? mix(opt.seed, 0xA11 + mi) : opt.seed, uint64_t(g));
      std::vector<size_t> deck_of(static_cast<size_t>(seats));
      for (int i = 0; i < seats; ++i) {
        deck_of[size_t(i)] = m.decks[size_t(m.rotate ? (i + g) % seats : i)];
        cfg.decks.push_back(decks[deck_of[size_t(i)]].cards);
        cfg.side_boards.push_back(decks[deck_of[size_t(i)]].side_board);
      }
      GameResult r = play_one(db, cfg, opt, mix(cfg.seed, 0xB07));
      decisions += r.decisions;
      turns += r.turns;
      fingerprint = mix(fingerprint, r.fingerprint);
      for (Tallies* t : {&total, &per_matchup[mi]}) {
        for (int w : r.won) ++t->wins[deck_of[size_t(w)]];
        if (r.won.empty()) ++t->draws;
      }
      if (!r.violations.empty()) {
        ++failed;
        std::string who;
        for (size_t d : deck_of) who += (who.empty() ? "" : " vs ") + decks[d].name;
        fmt::print(stderr, "game {} ({}, game seed {}): invariant violated\n", g, who, cfg.seed);
        for (const std::string& v : r.violations) fmt::print(stderr, "  {}\n", v);
      }
      if (!opt.quiet && planned >= 20 && (games + 1) % (planned / 10) == 0)
        fmt::print(stderr, "  {}/{} games\n", games + 1, planned);
    }
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  fmt::print("selfplay: {} games{}, seed {}, rules {}{}, checks {}\n", games,
             opt.all_pairs ? fmt::format(" ({} per ordered pair of {} decks)", opt.games, decks.size())
                           : fmt::format(" at {} seats", table),
             opt.seed, opt.rules, rules->style == dt::Style::FreeForAll ? "" : ", style " + opt.style.style,
             opt.checks ? "on" : "off");
  if (opt.all_pairs) {
    fmt::print("  {:<28} {:>7} {:>7} {:>6}\n", "first seat vs second seat", "wins 1", "wins 2", "draws");
    for (size_t mi = 0; mi < matchups.size(); ++mi) {
      const size_t a = matchups[mi].decks[0], b = matchups[mi].decks[1];
      fmt::print("  {:<28} {:>7} {:>7} {:>6}\n", decks[a].name + " vs " + decks[b].name, per_matchup[mi].wins[a],
                 per_matchup[mi].wins[b], per_matchup[mi].draws);
    }
    fmt::print("  totals:\n");
  }
  // A team's win counts for the deck of each of its members.
  for (size_t i = 0; i < decks.size(); ++i) fmt::print("  {:<16} wins {}\n", decks[i].name, total.wins[i]);
  if (total.draws) fmt::print("  draws            {} (tied at the turn limit)\n", total.draws);
  fmt::print("  decisions {} ({:.1f} per game), turns {:.1f} per game\n", decisions,
             games ? double(decisions) / games : 0.0, games ? double(turns) / games : 0.0);
  fmt::print("  {:.3f} s: {:.1f} games/s, {:.0f} decisions/s\n", secs, games / secs, decisions / secs);
  if (opt.fingerprint) fmt::print("  fingerprint {:016x}\n", fingerprint);
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
  cmd->add_option("--games,-n", opt->games, "number of games (with --all-pairs: per ordered pair)")->check(CLI::NonNegativeNumber)->capture_default_str();
  cmd->add_option("--seed,-s", opt->seed, "base seed; game i uses a seed derived from it")->capture_default_str();
  cmd->add_option("--deck", opt->decks,
                  "deck per seat, in order: a built-in deck name (" + dt::builtin_deck_names_text() +
                      ") or a deck-list file (docs/decks.md); with --all-pairs, the decks to pair up")
      ->capture_default_str();
  cmd->add_flag("--all-pairs", opt->all_pairs,
                "play --games games for every ordered pair of decks (all built-in decks unless --deck is given)");
  cmd->add_flag("--allow-unimplemented", opt->allow_unimplemented,
                "accept decks holding cards the engine does not implement (they play only what of them is expressed)");
  cmd->add_option("--rules", opt->rules, "rules preset: " + dt::preset_names_text())->capture_default_str();
  cmd->add_option("--turn-limit", opt->turn_limit,
                  "end games after this many turns, the higher P winning (default: the preset's 1000; "
                  "0: none). Short limits keep quick runs quick when decks stall")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--seats", opt->seats,
                  "players per game, 2 to 7 (default: one per --deck); the decks go round the table")
      ->check(CLI::NonNegativeNumber);
  add_style_options(cmd, opt->style);
  cmd->add_flag("!--no-checks", opt->checks, "skip the checks (measures raw engine speed)");
  cmd->add_flag("--quiet,-q", opt->quiet, "no progress lines");
  cmd->add_flag("--fingerprint", opt->fingerprint,
                "print a hash of every position (state hash and number of options) of every game: a speed "
                "change to the engine must leave it unchanged for the same arguments");
  cmd->callback([opt, cmd, &exit_code] {
    opt->decks_given = cmd->count("--deck") > 0;
    exit_code = run_selfplay(*opt);
  });
}

}  // namespace dtref
