// Bot settings from the command line and TOML (see bot_config.hpp).
#include "bot_config.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <limits>

#include "dt/deck.hpp"
#include "dtref/tournament/bot_arg.hpp"

namespace dtref {

namespace {

constexpr int64_t kUnset = -1;  // a clock field the bot did not set

int64_t parse_ms(const std::string& key, const std::string& value) {
  try {
    size_t used = 0;
    const long long v = std::stoll(value, &used);
    if (used == value.size() && v >= 0) return v;
  } catch (const std::exception&) {
  }
  throw UsageError(fmt::format("bot setting {}={}: give a number of milliseconds (0 or more)", key, value));
}

int64_t* clock_field(tour::Player& p, const std::string& key) {
  if (!p.clocks) p.clocks = Clocks{kUnset, kUnset, kUnset, kUnset};
  if (key == "startup_ms") return &p.clocks->startup_ms;
  if (key == "decision_ms") return &p.clocks->decision_ms;
  if (key == "bank_ms") return &p.clocks->bank_ms;
  return &p.clocks->grace_ms;
}

const char* const kSettingKeys[] = {"name",       "spec",        "cmd",     "deck",     "arg",    "dir",
                                    "env",        "startup_ms",  "decision_ms", "bank_ms", "grace_ms", "limits", "network"};

std::string nearest_key(const std::string& word, const std::vector<std::string>& known) {
  std::string best;
  size_t best_d = std::numeric_limits<size_t>::max();
  for (const std::string& k : known) {
    const size_t d = dt::edit_distance(word, k);
    if (d < best_d) best_d = d, best = k;
  }
  return best_d <= std::max<size_t>(2, word.size() / 3) ? best : "";
}

}  // namespace

void apply_bot_setting(tour::Player& p, const std::string& item) {
  const auto eq = item.find('=');
  if (eq == std::string::npos || eq == 0)
    throw UsageError(fmt::format("bot setting '{}' is not KEY=VALUE (e.g. name=alpha spec=\"stdio:./bot\" arg=--fast)", item));
  const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
  if (key == "name") p.name = value;
  else if (key == "spec" || key == "cmd") p.spec = value;
  else if (key == "deck") p.deck = value, p.deck_given = true;
  else if (key == "arg") p.args.push_back(value);
  else if (key == "dir") p.dir = value;
  else if (key == "env") {
    const auto e = value.find('=');
    if (e == std::string::npos || e == 0) throw UsageError(fmt::format("bot setting env={}: give env=NAME=VALUE", value));
    p.env.emplace_back(value.substr(0, e), value.substr(e + 1));
  } else if (key == "startup_ms" || key == "decision_ms" || key == "bank_ms" || key == "grace_ms") {
    *clock_field(p, key) = parse_ms(key, value);
  } else if (key == "limits") {
    p.limits += (p.limits.empty() ? "" : ",") + value;
  } else if (key == "network") {
    if (value != "on" && value != "off") throw UsageError(fmt::format("bot setting network={}: give network=on or network=off", value));
    p.network = value == "on";
  } else {
    const std::string near = nearest_key(key, {std::begin(kSettingKeys), std::end(kSettingKeys)});
    throw UsageError(fmt::format("unknown bot setting '{}'{} (known: name, spec, deck, arg, dir, env, startup_ms, "
                                 "decision_ms, bank_ms, grace_ms, limits, network)",
                                 key, near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near)));
  }
}

tour::Player player_from_engine(const std::vector<std::string>& items, const std::string& default_deck) {
  tour::Player p;
  for (const std::string& item : items) apply_bot_setting(p, item);
  if (p.spec.empty()) throw UsageError("--engine needs spec=... (e.g. --engine name=alpha spec=\"stdio:./bot\")");
  if (p.name.empty()) p.name = tour::default_bot_name(p.spec);
  if (p.deck.empty()) p.deck = default_deck;
  return p;
}

void apply_each(std::vector<tour::Player>& players, const std::vector<std::string>& each) {
  if (each.empty()) return;
  for (const std::string& item : each) {
    const std::string key = item.substr(0, item.find('='));
    if (key == "name" || key == "spec" || key == "cmd" || key == "deck")
      throw UsageError(fmt::format("--each {}: name, spec and deck belong to one bot; give them with --bot or --engine", item));
  }
  for (tour::Player& p : players) {
    tour::Player merged;
    for (const std::string& item : each) apply_bot_setting(merged, item);
    merged.args.insert(merged.args.end(), p.args.begin(), p.args.end());
    merged.env.insert(merged.env.end(), p.env.begin(), p.env.end());  // later entries win
    if (!p.dir.empty()) merged.dir = p.dir;
    if (!p.limits.empty()) merged.limits += (merged.limits.empty() ? "" : ",") + p.limits;  // later settings win
    if (p.network) merged.network = p.network;
    if (p.clocks && !merged.clocks) merged.clocks = p.clocks;
    else if (p.clocks)
      for (auto [mine, own] : {std::pair{&merged.clocks->startup_ms, p.clocks->startup_ms},
                               {&merged.clocks->decision_ms, p.clocks->decision_ms},
                               {&merged.clocks->bank_ms, p.clocks->bank_ms}, {&merged.clocks->grace_ms, p.clocks->grace_ms}})
        if (own != kUnset) *mine = own;
    p.args = merged.args;
    p.env = merged.env;
    p.dir = merged.dir;
    p.clocks = merged.clocks;
    p.limits = merged.limits;
    p.network = merged.network;
  }
}

void resolve_bot_clocks(std::vector<tour::Player>& players, const Clocks& match) {
  for (tour::Player& p : players) {
    if (!p.clocks) continue;
    for (auto [own, from] : {std::pair{&p.clocks->startup_ms, match.startup_ms}, {&p.clocks->decision_ms, match.decision_ms},
                             {&p.clocks->bank_ms, match.bank_ms}, {&p.clocks->grace_ms, match.grace_ms}})
      if (*own == kUnset) *own = from;
  }
}

void check_toml_keys(const toml::table& table, std::initializer_list<std::string_view> known, const std::string& file,
                     const std::string& where) {
  const std::vector<std::string> names(known.begin(), known.end());
  for (const auto& [key, node] : table) {
    const std::string k(key.str());
    if (std::find(names.begin(), names.end(), k) != names.end()) continue;
    const std::string near = nearest_key(k, names);
    throw UsageError(fmt::format("config '{}': line {}: unknown key '{}'{}{}", file, key.source().begin.line, k,
                                 where.empty() ? "" : " in " + where,
                                 near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near)));
  }
}

tour::Player player_from_toml(const toml::node& b, const std::string& file) {
  const int line = int(b.source().begin.line);
  if (auto s = b.value<std::string>()) {
    tour::Player p = tour::parse_bot_arg(*s, "");
    return p;
  }
  const toml::table* t = b.as_table();
  if (!t) throw UsageError(fmt::format("config '{}': line {}: bots entries are strings or tables", file, line));
  check_toml_keys(*t, {"name", "spec", "cmd", "deck", "args", "dir", "env", "clocks", "limits", "network"}, file, "[[bots]]");
  auto str = [&](const char* key) -> std::string {
    const toml::node* n = t->get(key);
    if (!n) return "";
    if (!n->is_string())
      throw UsageError(fmt::format("config '{}': line {}: '{}' must be a string", file, n->source().begin.line, key));
    return *n->value<std::string>();
  };
  tour::Player p;
  p.name = str("name");
  p.spec = str("spec");
  if (p.spec.empty()) p.spec = str("cmd");
  if (p.spec.empty()) throw UsageError(fmt::format("config '{}': line {}: every [[bots]] entry needs spec = \"...\"", file, line));
  p.deck = str("deck");
  p.deck_given = !p.deck.empty();
  p.dir = str("dir");
  p.limits = str("limits");  // "memory=2G,processes=64": checked with the other bot settings
  if (const toml::node* n = t->get("network")) {
    if (!n->is_boolean()) throw UsageError(fmt::format("config '{}': line {}: 'network' must be true or false", file, n->source().begin.line));
    p.network = *n->value<bool>();
  }
  if (const toml::node* a = t->get("args")) {
    const toml::array* arr = a->as_array();
    if (!arr) throw UsageError(fmt::format("config '{}': line {}: 'args' must be a list of strings", file, a->source().begin.line));
    for (const toml::node& x : *arr) {
      if (!x.is_string()) throw UsageError(fmt::format("config '{}': line {}: 'args' must be a list of strings", file, x.source().begin.line));
      p.args.push_back(*x.value<std::string>());
    }
  }
  if (const toml::node* e = t->get("env")) {
    const toml::table* env = e->as_table();
    if (!env) throw UsageError(fmt::format("config '{}': line {}: 'env' must be a table, e.g. env = {{ LEVEL = \"3\" }}", file, e->source().begin.line));
    for (const auto& [k, v] : *env) {
      if (!v.is_string()) throw UsageError(fmt::format("config '{}': line {}: env values are strings", file, v.source().begin.line));
      p.env.emplace_back(std::string(k.str()), *v.value<std::string>());
    }
  }
  if (const toml::node* c = t->get("clocks")) {
    const toml::table* ct = c->as_table();
    if (!ct) throw UsageError(fmt::format("config '{}': line {}: 'clocks' must be a table", file, c->source().begin.line));
    check_toml_keys(*ct, {"startup_ms", "decision_ms", "bank_ms", "grace_ms"}, file, "a bot's clocks");
    for (const auto& [k, v] : *ct) {
      if (!v.is_integer() || *v.value<int64_t>() < 0)
        throw UsageError(fmt::format("config '{}': line {}: clocks.{} must be a whole number of milliseconds", file,
                                     v.source().begin.line, k.str()));
      *clock_field(p, std::string(k.str())) = *v.value<int64_t>();
    }
  }
  if (p.name.empty()) p.name = tour::default_bot_name(p.spec);
  return p;
}

}  // namespace dtref
