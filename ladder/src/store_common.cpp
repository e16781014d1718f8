// What both ladder stores share: how seats, bot settings and keys are stored.
#include <fmt/core.h>

#include <cctype>

#include <nlohmann/json.hpp>

#include "dtref/ladder/store.hpp"

namespace dtref::ladder {

const char* const kMatchColumns =
    "id, pair_no, leg, seed, seats, status, winner, reason, results, turns, decisions, wall_ms, transcript, "
    "finished_at, worker";

std::string name_key(const std::string& name) {
  std::string out = name;
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string LadderMatch::key() const { return fmt::format("m{:06}", id); }

std::string seats_to_json(const std::vector<LadderSeat>& seats) {
  nlohmann::json a = nlohmann::json::array();
  for (const LadderSeat& s : seats) a.push_back({{"bot", s.bot}, {"deck", s.deck}});
  return a.dump();
}

std::vector<LadderSeat> seats_from_json(const std::string& text) {
  std::vector<LadderSeat> out;
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_array()) return out;
  for (const auto& s : j)
    if (s.is_object()) out.push_back({s.value("bot", int64_t(0)), s.value("deck", "")});
  return out;
}

std::string bot_settings_json(const tour::Player& p) {
  nlohmann::json j = {{"spec", p.spec}, {"deck", p.deck}, {"deck_given", p.deck_given}};
  if (!p.args.empty()) j["args"] = p.args;
  if (!p.dir.empty()) j["dir"] = p.dir;
  if (!p.env.empty()) {
    nlohmann::json env = nlohmann::json::array();
    for (const auto& [k, v] : p.env) env.push_back({k, v});
    j["env"] = env;
  }
  if (p.clocks)
    j["clocks"] = {{"startup_ms", p.clocks->startup_ms}, {"decision_ms", p.clocks->decision_ms},
                   {"bank_ms", p.clocks->bank_ms}, {"grace_ms", p.clocks->grace_ms}};
  return j.dump();
}

tour::Player bot_settings_from_json(const std::string& name, const std::string& text) {
  tour::Player p;
  p.name = name;
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object()) return p;
  p.spec = j.value("spec", "");
  p.deck = j.value("deck", "");
  p.deck_given = j.value("deck_given", false);
  p.args = j.value("args", std::vector<std::string>{});
  p.dir = j.value("dir", "");
  if (j.contains("env") && j["env"].is_array())
    for (const auto& kv : j["env"])
      if (kv.is_array() && kv.size() == 2) p.env.emplace_back(kv[0].get<std::string>(), kv[1].get<std::string>());
  if (j.contains("clocks") && j["clocks"].is_object()) {
    const auto& c = j["clocks"];
    p.clocks = Clocks{c.value("startup_ms", int64_t(10000)), c.value("decision_ms", int64_t(1000)),
                      c.value("bank_ms", int64_t(30000)), c.value("grace_ms", int64_t(50))};
  }
  return p;
}

}  // namespace dtref::ladder
