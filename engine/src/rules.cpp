// The presets (one per rulebook in ../shared/rules) and the table of Rules
// fields. docs/rules-matrix.md gives the passage behind every value.
#include "dt/rules.hpp"

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

}  // namespace dt
