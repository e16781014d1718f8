// dtref tournament's config file and options (see tournament_config.hpp).
#include "tournament_config.hpp"

#include <fmt/core.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <toml++/toml.h>

#include "bot_config.hpp"
#include "log_flags.hpp"
#include "dtref/tournament/bot_arg.hpp"
#include "dt/bounded_file.hpp"

namespace dtref {

using namespace dtref::tour;

void apply_config(TournamentOptions& o, const std::function<bool(const char*)>& given) {
  std::string text;
  try {
    text = dt::read_bounded_file(o.config, kMaxConfigBytes, "config");
  } catch (const dt::FileRefused& e) {
    throw UsageError(std::string(e.what()) + "; a tournament config is a few lines");
  }
  apply_config_text(o, text, given);
}

// Values from the config file; options given on the command line win.
void apply_config_text(TournamentOptions& o, std::string_view text, const std::function<bool(const char*)>& given) {
  toml::table t;
  try {
    t = toml::parse(text, o.config);
  } catch (const toml::parse_error& e) {
    throw UsageError(fmt::format("config '{}': {} (line {}, column {})", o.config, e.description(),
                                 e.source().begin.line, e.source().begin.column));
  }
  check_toml_keys(t,
                  {"format", "rounds", "seed", "concurrency", "db", "deck", "deck_pool", "own_decks", "duplicate_deals", "transcripts",
                   "policy", "rules", "shard", "promotion_target", "sprt", "clocks", "bots", "sandbox", "seats", "style",
                   "teams", "log"},
                  o.config, "");
  if (const toml::table* c = t["clocks"].as_table())
    check_toml_keys(*c, {"startup_ms", "decision_ms", "bank_ms", "grace_ms"}, o.config, "[clocks]");
  auto take_str = [&](const char* key, const char* opt, std::string& dst) {
    if (auto v = t[key].value<std::string>(); v && !given(opt)) dst = *v;
    else if (t.contains(key) && !t[key].is_string()) throw UsageError(fmt::format("config '{}': '{}' must be a string", o.config, key));
  };
  auto take_int = [&](toml::node_view<toml::node> node, const char* key, const char* opt, auto& dst) {
    if (!node) return;
    if (!node.is_integer()) throw UsageError(fmt::format("config '{}': '{}' must be an integer", o.config, key));
    if (!given(opt)) dst = static_cast<std::remove_reference_t<decltype(dst)>>(*node.value<int64_t>());
  };
  take_str("format", "--format", o.format);
  take_str("db", "--db", o.db);
  take_str("deck", "--deck", o.deck);
  take_str("transcripts", "--transcripts", o.transcripts);
  take_str("wire_log", "--wire-log", o.wire_log);
  take_str("policy", "--policy", o.policy);
  take_str("rules", "--rules", o.rules);
  take_str("shard", "--shard", o.shard);
  take_str("style", "--style", o.style.style);
  take_str("teams", "--teams", o.style.teams);
  take_int(t["seats"], "seats", "--seats", o.seats);
  take_int(t["rounds"], "rounds", "--rounds", o.rounds);
  take_int(t["concurrency"], "concurrency", "--concurrency", o.concurrency);
  take_int(t["seed"], "seed", "--seed", o.seed);
  take_int(t["promotion_target"], "promotion_target", "--promotion-target", o.promotion_target);
  take_int(t["clocks"]["startup_ms"], "clocks.startup_ms", "--startup-ms", o.startup_ms);
  take_int(t["clocks"]["decision_ms"], "clocks.decision_ms", "--decision-ms", o.decision_ms);
  take_int(t["clocks"]["bank_ms"], "clocks.bank_ms", "--bank-ms", o.bank_ms);
  take_int(t["clocks"]["grace_ms"], "clocks.grace_ms", "--grace-ms", o.grace_ms);
  if (auto v = t["sprt"].value<std::string>(); v && !given("--sprt")) o.sprt = {*v};
  apply_log_toml(t, o.log, o.config, given);
  // [sandbox]: isolation = "auto", limits = "memory=1G,...", network = false, hide = ["..."]
  if (const toml::table* sb = t["sandbox"].as_table()) {
    check_toml_keys(*sb, {"isolation", "limits", "network", "hide"}, o.config, "[sandbox]");
    if (auto v = (*sb)["isolation"].value<std::string>(); v && !given("--isolation")) o.sandbox.isolation = *v;
    if (auto v = (*sb)["limits"].value<std::string>(); v && !given("--limit")) o.sandbox.limits = {*v};
    if (auto v = (*sb)["network"].value<bool>(); v && !given("--bot-network")) o.sandbox.network = *v;
    if (const toml::array* h = (*sb)["hide"].as_array())
      for (const toml::node& n : *h)
        if (auto v = n.value<std::string>()) o.sandbox.hide.push_back(*v);
  }
  if (const toml::array* pool = t["deck_pool"].as_array(); pool && !given("--deck-pool")) {
    for (const toml::node& d : *pool) {
      if (!d.is_string())
        throw UsageError(fmt::format("config '{}': line {}: deck_pool lists deck names", o.config, d.source().begin.line));
      o.deck_pool.push_back(*d.value<std::string>());
    }
  }
  if (auto v = t["own_decks"].value<bool>(); v && !given("--own-decks")) o.own_decks = *v;
  if (auto v = t["duplicate_deals"].value<bool>(); v && !given("--duplicate-deals")) o.duplicate_deals = *v;
  if (const toml::node* bots = t.get("bots")) {
    const toml::array* list = bots->as_array();
    if (!list) throw UsageError(fmt::format("config '{}': line {}: 'bots' must be [[bots]] tables or a list", o.config, bots->source().begin.line));
    if (!given("--bot") && !given("--engine"))
      for (const toml::node& b : *list) o.config_bots.push_back(player_from_toml(b, o.config));
  }
}

TournamentSetup make_setup(const TournamentOptions& o) {
  TournamentSetup t;
  const auto format = parse_format(o.format);
  if (!format) throw UsageError(fmt::format("unknown --format '{}' (round-robin, gauntlet, swiss, knockout)", o.format));
  t.format = *format;
  t.rounds = o.rounds;
  t.seed = o.seed;
  for (const std::string& b : o.bots) t.players.push_back(parse_bot_arg(b, o.deck));
  for (const auto& e : o.engines) t.players.push_back(player_from_engine(e, o.deck));
  for (Player p : o.config_bots) {
    if (p.deck.empty()) p.deck = o.deck;  // the default deck, from the command line or the config
    t.players.push_back(p);
  }
  apply_each(t.players, o.each);
  t.deck_pool = o.deck_pool;
  t.own_decks = o.own_decks;
  t.duplicate_deals = o.duplicate_deals;
  auto rules = dt::preset_by_name(o.rules);
  if (!rules) throw UsageError(fmt::format("unknown --rules '{}' ({})", o.rules, dt::preset_names_text()));
  if (o.promotion_target > 0) rules->promotion_target = o.promotion_target;
  if (o.seats < 2 || o.seats > kMaxSeats) throw UsageError(fmt::format("--seats {}: a table has 2 to {} seats", o.seats, kMaxSeats));
  if (auto problem = apply_style_options(o.style, o.seats, *rules)) throw UsageError(*problem);
  if (o.seats > 2 && !o.sprt.empty())
    throw UsageError("--sprt compares the first two bots over seat-swapped pairs of two-seat matches; leave it out with --seats above 2");
  t.seats = o.seats;
  if (o.deck_pool.empty()) t.table_decks = style_default_decks(o.style);
  t.rules = *rules;
  t.clocks = {o.startup_ms, o.decision_ms, o.bank_ms, o.grace_ms};
  resolve_bot_clocks(t.players, t.clocks);
  const auto policy = policy_by_name(o.policy);
  if (!policy) throw UsageError(fmt::format("unknown --policy '{}' (ladder, dev, training)", o.policy));
  t.policy = *policy;
  try {
    t.sandbox = sandbox_settings(o.sandbox);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  if (!o.shard.empty()) {
    int i = -1, n = 0;
    char extra = 0;
    if (std::sscanf(o.shard.c_str(), "%d/%d%c", &i, &n, &extra) != 2 || n < 1 || i < 0 || i >= n)
      throw UsageError(fmt::format("--shard '{}': give i/N with 0 <= i < N, e.g. --shard 0/3", o.shard));
    t.shard_index = i;
    t.shard_count = n;
  }
  return t;
}


}  // namespace dtref
