#include "dt/rules.hpp"

#include <array>
#include <charconv>

#include "dt/cards.hpp"

namespace dt {

// gEngine edition (001): the default; integrates every expansion.
Rules preset_gengine() { return Rules{}; }

// 2nd edition (000): flat five-copy limit, optional sabotage (off), Muster
// Warrior in Cover, no Outposts or Tribal warriors, Brotherhood attacks only the
// Dark Legion, and every player (also the first) has a Draw step.
Rules preset_second_edition() {
  Rules r;
  r.name = "second-edition";
  r.max_copies = 5;
  r.first_player_skips_draw = false;
  r.muster_in_cover = true;
  r.sabotage = SabotageMode::Off;
  r.brotherhood_attacks_tribal = false;
  r.outposts = false;
  r.card_text = CardText::Printed;
  return r;
}

std::optional<Rules> preset_by_name(std::string_view name) {
  if (name == "gengine") return preset_gengine();
  if (name == "second-edition" || name == "2nd") return preset_second_edition();
  return std::nullopt;
}

std::vector<std::string> preset_names() { return {"gengine", "second-edition"}; }

namespace {

constexpr std::array<std::pair<Style, std::string_view>, 4> kStyles = {{
    {Style::FreeForAll, "free-for-all"},
    {Style::PrimaryTargets, "primary-targets"},
    {Style::Teams, "teams"},
    {Style::CartelVsLegion, "cartel-vs-legion"},
}};

}  // namespace

std::string_view to_string(Style st) {
  for (const auto& [v, n] : kStyles)
    if (v == st) return n;
  return "?";
}

std::optional<Style> style_by_name(std::string_view name) {
  for (const auto& [v, n] : kStyles)
    if (n == name) return v;
  return std::nullopt;
}

std::vector<std::string> style_names() {
  std::vector<std::string> out;
  for (const auto& [v, n] : kStyles) out.emplace_back(n);
  return out;
}

bool style_allows_seats(Style st, int seats) {
  switch (st) {
    case Style::FreeForAll: return seats >= 2;
    case Style::PrimaryTargets: return seats >= 3;
    case Style::Teams: return seats >= 4 && seats % 2 == 0;
    case Style::CartelVsLegion: return seats == 7;
  }
  return false;
}

bool has_teams(const Rules& r) {
  for (size_t i = 0; i < r.seats.size(); ++i)
    for (size_t k = 0; k < i; ++k)
      if (r.seats[i].team >= 0 && r.seats[i].team == r.seats[k].team) return true;
  return false;
}

std::optional<std::vector<int>> parse_teams(std::string_view text) {
  std::vector<int> out;
  size_t i = 0;
  while (i <= text.size()) {
    size_t j = text.find(',', i);
    if (j == std::string_view::npos) j = text.size();
    std::string_view w = text.substr(i, j - i);
    while (!w.empty() && w.front() == ' ') w.remove_prefix(1);
    while (!w.empty() && w.back() == ' ') w.remove_suffix(1);
    int v = -1;
    const auto r = std::from_chars(w.data(), w.data() + w.size(), v);
    if (w.empty() || r.ec != std::errc() || r.ptr != w.data() + w.size() || v < 0 || v > 99) return std::nullopt;
    out.push_back(v);
    i = j + 1;
  }
  return out;
}

std::string apply_style(Rules& r, Style st, int seats, const std::vector<int>& teams) {
  const Rules plain;
  r.style = st;
  r.secondary_target_toll = plain.secondary_target_toll;
  r.team_pool = plain.team_pool;
  r.team_pool_destiny = plain.team_pool_destiny;
  r.team_promotion_target = plain.team_promotion_target;
  r.seats.clear();
  if (!style_allows_seats(st, seats)) {
    switch (st) {
      case Style::PrimaryTargets: return "primary-targets needs 3 or more players";
      case Style::Teams: return "teams needs an even number of players, 4 or more";
      case Style::CartelVsLegion: return "cartel-vs-legion is played by exactly 7 players";
      default: return "a game needs 2 or more players";
    }
  }
  if (!teams.empty() && st != Style::Teams) return "team numbers are only given for the teams style";
  switch (st) {
    case Style::FreeForAll: break;
    // gEngine "Multi-Player Games", option 2: your primary target is the
    // player to your left; any other opponent costs 2 D per attack.
    case Style::PrimaryTargets: r.secondary_target_toll = 2; break;
    // Option 3: a common pool of 10 D per team, a team P target (50).
    case Style::Teams: {
      std::vector<int> t = teams;
      if (t.empty())
        for (int i = 0; i < seats; ++i) t.push_back(i / 2);
      if (int(t.size()) != seats) return "give one team number per player";
      int used[100] = {};
      for (int x : t) ++used[x];
      // "If the number of players works out evenly": teams of one size, two or more players each.
      int n = 0, size = 0;
      for (int k = 0; k < 100; ++k) {
        if (!used[k]) continue;
        if (used[k] < 2) return "a team needs two or more players";
        if (size && used[k] != size) return "every team needs the same number of players";
        size = used[k];
        ++n;
      }
      if (n < 2) return "teams needs two or more teams";
      r.team_pool = true;
      r.team_promotion_target = 50;
      r.seats.resize(size_t(seats));
      for (int i = 0; i < seats; ++i) r.seats[size_t(i)].team = t[size_t(i)];
      break;
    }
    // 1st edition option 4: six cartel players (the five corporations and
    // the Brotherhood, seats 0-5) against the Dark Legion player (seat 6);
    // each fields only its own organization's warriors; a side wins with 50 P.
    case Style::CartelVsLegion: {
      constexpr std::array<Affil, 7> orgs = {Affil::Bauhaus, Affil::Capitol,  Affil::Cybertronic, Affil::Imperial,
                                             Affil::Mishima, Affil::Brotherhood, Affil::Legion};
      r.team_promotion_target = 50;
      r.seats.resize(7);
      for (size_t i = 0; i < 7; ++i) {
        r.seats[i].team = orgs[i] == Affil::Legion ? 1 : 0;
        r.seats[i].muster_only = bit(orgs[i]);
      }
      SeatRules& legion = r.seats[6];
      legion.opening_hand = 10;
      legion.hand_limit = 15;
      legion.starting_destiny = 20;
      legion.actions_per_turn = 5;
      legion.free_attacks = true;
      break;
    }
  }
  return {};
}

}  // namespace dt
