// Bots and their settings as operators write them, shared by `dtref tournament`
// and `dtref ladder`: --bot "[name=]spec[@deck]", cutechess-style --engine
// KEY=VALUE ... and --each KEY=VALUE ..., and [[bots]] tables in a TOML config.
// Also the config file's own hygiene: unknown keys are refused with their line.
#pragma once

#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <toml++/toml.h>
#include <vector>

#include "dtref/match.hpp"
#include "dtref/tournament/plan.hpp"

namespace dtref {

// A mistake in what the operator wrote: reported with exit status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The keys a bot setting may have, on the command line and in TOML:
//   name, spec (or cmd), deck, arg (repeatable), dir, env (NAME=VALUE, repeatable),
//   startup_ms, decision_ms, bank_ms, grace_ms (the bot's own clocks).
// Applies one KEY=VALUE item to `p`; throws UsageError naming a bad item.
void apply_bot_setting(tour::Player& p, const std::string& item);
// A bot from --engine's items; the deck defaults to `default_deck`.
tour::Player player_from_engine(const std::vector<std::string>& items, const std::string& default_deck);
// --each: settings for every bot (no name, spec or deck); a bot's own
// arguments come after them, and its own directory, environment and clocks win.
void apply_each(std::vector<tour::Player>& players, const std::vector<std::string>& each);
// A bot's own clocks are given field by field: the fields not given take the match's.
void resolve_bot_clocks(std::vector<tour::Player>& players, const Clocks& match);

// Throws UsageError for a key of `table` not in `known`: "config 'FILE': line N:
// unknown key 'X' in WHERE (did you mean 'Y'?)".
void check_toml_keys(const toml::table& table, std::initializer_list<std::string_view> known, const std::string& file,
                     const std::string& where);
// A [[bots]] entry: a string in the --bot syntax or a table of bot settings
// (name, spec, deck, args = [...], dir, env = {NAME = "value"}, clocks = {decision_ms = ...}).
tour::Player player_from_toml(const toml::node& node, const std::string& file);

}  // namespace dtref
