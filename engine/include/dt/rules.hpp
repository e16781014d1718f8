// Rules presets: every difference between the editions is a field here, never
// an `if (edition == ...)` in rules code. docs/rules-matrix.md lists them, with
// the rulebook passages, the presets and the tests.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dt {

// Whether a player with no warrior able to fight may be sabotaged, and how often.
enum class SabotageMode : uint8_t { Off, Once, Multiple };
// What a sabotage costs: a Tactical action (gEngine), one ordinary action that
// is not an attack (2nd ed), or an attack on the player (1st ed "attacking a
// player directly": Tactical, and its option reads `attack cN sM`).
enum class SabotageAction : uint8_t { Tactical, Standard, DirectAttack };
// When running out of cards ends the game: when every draw pile is empty,
// a tie playing on (gEngine, 2nd, 1st Standard); or as soon as any is, a tie
// being a draw (1st ed Beginner's game).
enum class DeckOut : uint8_t { AllEmptyTiePlaysOn, AnyEmptyTieDraws };
// How a kill's points may be taken: split between P and D, or all as P (Beginner).
enum class KillPoints : uint8_t { Split, PromotionOnly };

// How more than two players play (gEngine "Multi-Player Games", options 1-3;
// 1st edition starter rules, option 4). apply_style() turns one into the
// fields below; rules code reads the fields, never the style.
enum class Style : uint8_t { FreeForAll, PrimaryTargets, Teams, CartelVsLegion };

// One seat's differences from the table's rules: its team, and in The Cartel
// vs. the Dark Legion its organization and the Legion player's advantages.
struct SeatRules {
  int team = -1;              // -1: a team of its own
  int opening_hand = -1;      // -1 here and below: the table's value
  int hand_limit = -1;
  int starting_destiny = -1;
  int actions_per_turn = -1;
  bool free_attacks = false;  // an Attack (a direct attack on a player too) is one action: it neither ends the
                              // step nor is limited to one a turn
  bool never_discards = false;  // never discards down to the hand limit (1st ed "STEP THREE: DISCARD")
  uint16_t muster_only = 0;   // an AffilMask: 0 any warrior, else only warriors with one of these affiliations
};

// Which text of every card is played: the gEngine edition rewrote them all;
// the classic presets play them as printed (docs/effects.md, "Two texts").
enum class CardText : uint8_t { GEngine, Printed };

struct Rules {
  std::string name = "gengine";
  int promotion_target = 25;
  int starting_destiny = 5;
  int opening_hand = 7;
  int hand_limit = 7;
  int actions_per_turn = 3;
  int cover_armor_bonus = 3;
  int min_deck_size = 60;
  int max_copies = 0;                  // 0: each card's own deck limit; else this flat cap
  bool first_player_skips_draw = true;
  bool cardinals_gift = true;

  // --- actions ---
  bool seek_cover = true;              // Seek Cover and Exit Cover exist (not in the Beginner's game)
  bool muster_in_cover = false;        // 2nd and 1st ed action, three actions, paid when revealed
  bool build_fortifications = true;    // Build Fortification exists (not in the Beginner's game)
  bool tactical_in_first_turn = false; // the Beginner's game has no first-turn restriction
  SabotageMode sabotage = SabotageMode::Once;
  SabotageAction sabotage_action = SabotageAction::Tactical;
  // The no-warriors rule: a player without a warrior able to take part in
  // combat loses after this many of its turns (0: no such rule). It applies
  // when the draw pile is empty, and always when sabotage is off: sabotage
  // replaces it (2nd ed, "OPTIONAL RULE: SABOTAGE").
  int no_warrior_turns = 3;

  // --- attacks and combat ---
  bool affiliation_attack_limits = true;   // the step 1 restrictions (Beginner: any on any)
  bool brotherhood_attacks_tribal = true;  // gEngine: Brotherhood may attack Tribal too
  bool attack_own_warriors = false;        // 1st ed: a Squad warrior on an own Kohort one, and back
  int own_kill_multiplier = 1;             // 1st ed: killing one's own warrior earns twice its V (as D)
  KillPoints kill_points = KillPoints::Split;
  bool modifier_duplicates = true;         // 1st ed: one copy of a modifier per warrior and player

  // --- the Outpost, vehicles, beasts, warzones ---
  bool outposts = true;                    // the Outpost: Tribal warriors, Transfer, Beasts
  bool vehicle_rules = true;               // inside/outside and Enter/Exit Vehicle; off: always in use
  bool warzones = true;                    // Establish Warzone and combat step 3
  bool warzone_one_copy_per_player = true; // 002: any number of copies, even one's own

  // --- cards ---
  CardText card_text = CardText::GEngine;  // which text of every card is played
  bool gift_levels = true;                 // Beginner: any Dark Legion warrior may have any gift
  bool brotherhood_casts_any_aspect = false;  // Beginner: every Brotherhood warrior casts every spell

  // --- relics, the Art, the side board ---
  // 1st ed as printed: only a NOTED COLLECTOR gives Relics to its warriors (the
  // 1st ed additions, 2nd ed and gEngine drop the requirement).
  bool relics_need_collector = false;
  // gEngine and 2nd ed: D may go on being added to a "for every X D" spell
  // through the modification rounds of the combat it was cast in (not in 1st ed).
  bool spell_d_added_in_combat = true;
  // The gEngine Side Board: when a deck list has one, exactly this many cards.
  // The other books speak of "your collection"; the engine lets the side board
  // stand for it under every preset (docs/rules-matrix.md).
  int side_board_size = 25;

  // --- end of turn and of the game ---
  bool discard_down_to_limit = false;      // 1st ed: a hand over the limit is discarded down to it
  DeckOut deck_out = DeckOut::AllEmptyTiePlaysOn;

  bool auto_pass = true;  // engine passes for a seat whose only option is `pass`
  // Referee adjudication, not a rulebook rule: a game still going after this
  // many turns ends; the higher P wins and a tie is a draw (winner -1). Tied
  // players with empty draw piles and no way to wound each other would
  // otherwise play on forever. 0: no limit.
  int turn_limit = 1000;  // engine passes for a seat whose only option is `pass`

  // --- Multi-player styles (docs/rules-matrix.md, "Multi-player styles") ---
  Style style = Style::FreeForAll;
  // D paid before attacking a warrior of an opponent who is not your primary
  // target, the next opponent clockwise (option 2: 2 D; 0: no primary targets).
  int secondary_target_toll = 0;
  bool team_pool = false;         // team members draw on one common pool of D (option 3) ...
  int team_pool_destiny = 10;     // ... which starts with this many, whatever the team's size
  // P a team needs between its members to win (0: promotion_target, each
  // player being a team of its own unless `seats` says otherwise).
  int team_promotion_target = 0;
  std::vector<SeatRules> seats;   // per seat; empty: every seat plays for itself by the fields above
};

Rules preset_gengine();

std::string_view to_string(Style);  // free-for-all, primary-targets, teams, cartel-vs-legion
std::optional<Style> style_by_name(std::string_view name);
std::vector<std::string> style_names();
// The seat counts a style is played at (teams: even; cartel-vs-legion: 7).
bool style_allows_seats(Style style, int seats);
// Sets `r` up for `style` at `seats` players: resets the style fields, then
// sets those of the style. `teams` gives each seat's team (teams style only;
// empty: pairs by seat order, s0+s1, s2+s3, ...). Returns what is wrong, or
// an empty string.
std::string apply_style(Rules& r, Style style, int seats, const std::vector<int>& teams = {});
// Do some seats play together (teams, cartel-vs-legion)?
bool has_teams(const Rules& r);
// Reads "0,0,1,1" (a team number per seat); nullopt when malformed.
std::optional<std::vector<int>> parse_teams(std::string_view text);
Rules preset_second_edition();
Rules preset_beginner();
Rules preset_first_edition();
Rules preset_first_edition_plus();
std::optional<Rules> preset_by_name(std::string_view name);
std::vector<std::string> preset_names();
// The names as one line for messages and help texts ("gengine, second-edition, ...").
std::string preset_names_text();

// Every field of Rules by name, so files that name them (scenario `set` lines,
// transcript headers) read and write them in one way. Values are ints:
// numbers, 0/1 for flags, an enum's index for enums (`values` names them).
struct RulesField {
  std::string_view name;
  enum Kind : uint8_t { Number, Flag, Choice } kind;
  std::vector<std::string_view> values;  // Choice: the names of the enum's values, in order
  int (*get)(const Rules&);
  void (*set)(Rules&, int);
};
const std::vector<RulesField>& rules_fields();
const RulesField* rules_field(std::string_view name);

}  // namespace dt
