// The presets (one per rulebook in ../shared/rules) and the table of Rules
// fields. docs/rules-matrix.md gives the passage behind every value.
#include "dt/rules.hpp"

#include <array>
#include <charconv>

#include "dt/cards.hpp"

namespace dt {

// gEngine edition (001): the default; integrates every expansion.
Rules preset_gengine() { return Rules{}; }

// 2nd edition (000): flat five-copy limit, optional sabotage (off; when on,
// one ordinary action and not an attack), Muster Warrior in Cover, no
// Outposts or Tribal warriors, Brotherhood attacks only the Dark Legion, and
// every player (also the first) has a Draw step. Its expansion notes keep
// Warzones (one copy per player) and the vehicle rules ("official").
Rules preset_second_edition() {
  Rules r;
  r.name = "second-edition";
  r.max_copies = 5;
  r.first_player_skips_draw = false;
  r.muster_in_cover = true;
  r.sabotage = SabotageMode::Off;
  r.sabotage_action = SabotageAction::Standard;
  r.brotherhood_attacks_tribal = false;
  r.outposts = false;
  r.card_text = CardText::Printed;
  return r;
}

// 1st edition Standard rules (004, second part): the base set alone. Cover is
// worth +5 A, the hand is discarded down to seven, a player with no warriors
// may be attacked directly, a Squad warrior may attack its own player's
// Kohort (and back) for twice the V as D, one copy of a modifier per warrior.
// No Outposts, Warzones or vehicle rules (vehicles are simply in use). Cards
// play as printed, like every classic preset.
Rules preset_first_edition() {
  Rules r;
  r.name = "first-edition";
  r.max_copies = 5;
  r.first_player_skips_draw = false;
  r.cardinals_gift = false;
  r.muster_in_cover = true;
  r.cover_armor_bonus = 5;
  r.sabotage_action = SabotageAction::DirectAttack;
  r.no_warrior_turns = 2;
  r.brotherhood_attacks_tribal = false;
  r.attack_own_warriors = true;
  r.own_kill_multiplier = 2;
  r.modifier_duplicates = false;
  r.outposts = false;
  r.vehicle_rules = false;
  r.warzones = false;
  r.discard_down_to_limit = true;
  r.card_text = CardText::Printed;
  r.relics_need_collector = true;
  r.spell_d_added_in_combat = false;
  return r;
}

// 1st edition with its rule additions (002) and the Info cards (003): own
// warriors are no longer attacked and their kills earn V as D; duplicate
// modifiers add up; the vehicle rules; Warzones in any number of copies;
// the Outpost with Tribal warriors, Transfer and Beasts.
Rules preset_first_edition_plus() {
  Rules r = preset_first_edition();
  r.name = "first-edition-plus";
  r.attack_own_warriors = false;
  r.own_kill_multiplier = 1;
  r.modifier_duplicates = true;
  r.vehicle_rules = true;
  r.warzones = true;
  r.warzone_one_copy_per_player = false;
  r.outposts = true;
  r.brotherhood_attacks_tribal = true;
  r.relics_need_collector = false;  // 002 RELICS, 003 Relics
  return r;
}

// The Beginner's game (004, first part): 15 P, half a starter deck each;
// Add Warrior, Equip, Bestow Gift, Assign Mission, Meditate and Attack only;
// any warrior may attack any of the opponent's; kills are worth P; every
// Brotherhood warrior casts every spell, every Dark Legion warrior may have
// every gift; the game ends when a draw pile runs out.
Rules preset_beginner() {
  Rules r = preset_first_edition();
  r.name = "beginner";
  r.promotion_target = 15;
  r.min_deck_size = 30;
  r.seek_cover = false;
  r.muster_in_cover = false;
  r.build_fortifications = false;
  r.tactical_in_first_turn = true;
  r.sabotage = SabotageMode::Off;
  r.sabotage_action = SabotageAction::Tactical;
  r.no_warrior_turns = 0;
  r.affiliation_attack_limits = false;
  r.attack_own_warriors = false;
  r.own_kill_multiplier = 1;
  r.kill_points = KillPoints::PromotionOnly;
  r.gift_levels = false;
  r.brotherhood_casts_any_aspect = true;
  r.deck_out = DeckOut::AnyEmptyTieDraws;
  return r;
}

std::optional<Rules> preset_by_name(std::string_view name) {
  if (name == "gengine") return preset_gengine();
  if (name == "second-edition" || name == "2nd") return preset_second_edition();
  if (name == "beginner") return preset_beginner();
  if (name == "first-edition" || name == "1st") return preset_first_edition();
  if (name == "first-edition-plus" || name == "1st+") return preset_first_edition_plus();
  return std::nullopt;
}

std::vector<std::string> preset_names() {
  return {"gengine", "second-edition", "beginner", "first-edition", "first-edition-plus"};
}

std::string preset_names_text() {
  std::string out;
  for (const std::string& n : preset_names()) out += (out.empty() ? "" : ", ") + n;
  return out;
}

namespace {

#define DT_NUMBER(f) \
  RulesField{#f, RulesField::Number, {}, [](const Rules& r) { return int(r.f); }, [](Rules& r, int v) { r.f = v; }}
#define DT_FLAG(f) \
  RulesField{#f, RulesField::Flag, {}, [](const Rules& r) { return int(r.f); }, [](Rules& r, int v) { r.f = v != 0; }}
#define DT_CHOICE(f, T, ...)                                                                     \
  RulesField{#f, RulesField::Choice, {__VA_ARGS__}, [](const Rules& r) { return int(r.f); }, \
             [](Rules& r, int v) { r.f = T(v); }}

}  // namespace

const std::vector<RulesField>& rules_fields() {
  static const std::vector<RulesField> fields = {
      DT_NUMBER(promotion_target),
      DT_NUMBER(starting_destiny),
      DT_NUMBER(opening_hand),
      DT_NUMBER(hand_limit),
      DT_NUMBER(actions_per_turn),
      DT_NUMBER(cover_armor_bonus),
      DT_NUMBER(min_deck_size),
      DT_NUMBER(max_copies),
      DT_FLAG(first_player_skips_draw),
      DT_FLAG(cardinals_gift),
      DT_FLAG(seek_cover),
      DT_FLAG(muster_in_cover),
      DT_FLAG(build_fortifications),
      DT_FLAG(tactical_in_first_turn),
      DT_CHOICE(sabotage, SabotageMode, "off", "once", "multiple"),
      DT_CHOICE(sabotage_action, SabotageAction, "tactical", "standard", "direct-attack"),
      DT_NUMBER(no_warrior_turns),
      DT_FLAG(affiliation_attack_limits),
      DT_FLAG(brotherhood_attacks_tribal),
      DT_FLAG(attack_own_warriors),
      DT_NUMBER(own_kill_multiplier),
      DT_CHOICE(kill_points, KillPoints, "split", "promotion-only"),
      DT_FLAG(modifier_duplicates),
      DT_FLAG(outposts),
      DT_FLAG(vehicle_rules),
      DT_FLAG(warzones),
      DT_FLAG(warzone_one_copy_per_player),
      DT_CHOICE(card_text, CardText, "gengine", "printed"),
      DT_FLAG(gift_levels),
      DT_FLAG(brotherhood_casts_any_aspect),
      DT_FLAG(relics_need_collector),
      DT_FLAG(spell_d_added_in_combat),
      DT_NUMBER(side_board_size),
      DT_FLAG(discard_down_to_limit),
      DT_CHOICE(deck_out, DeckOut, "all-empty", "any-empty"),
      DT_FLAG(auto_pass),
      DT_NUMBER(turn_limit),
      // Multi-player styles (the style and its per-seat table are not numbers: see apply_style).
      DT_NUMBER(secondary_target_toll),
      DT_FLAG(team_pool),
      DT_NUMBER(team_pool_destiny),
      DT_NUMBER(team_promotion_target),
  };
  return fields;
}

#undef DT_NUMBER
#undef DT_FLAG
#undef DT_CHOICE

const RulesField* rules_field(std::string_view name) {
  for (const RulesField& f : rules_fields())
    if (f.name == name) return &f;
  return nullptr;
}

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
    // gEngine "Multi-Player Games", option 2: each seat's primary target is the
    // next seat clockwise (its left); attacking anyone else costs 2 D each time.
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
      legion.never_discards = true;
      break;
    }
  }
  return {};
}

}  // namespace dt
