// Rules presets: every difference between the editions is a field here, never
// an `if (edition == ...)` in rules code. docs/rules-matrix.md lists them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dt {

enum class SabotageMode : uint8_t { Off, Once, Multiple };

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
  bool free_attacks = false;  // an Attack is one action: it neither ends the step nor is limited to one a turn
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
  bool muster_in_cover = false;        // 2nd ed action, three actions, paid when revealed
  SabotageMode sabotage = SabotageMode::Once;
  // The no-warriors rule (lose after three turns without a warrior able to
  // take part in combat) applies when the draw pile is empty, and always when
  // sabotage is off: sabotage replaces it (2nd ed, "OPTIONAL RULE: SABOTAGE").
  bool brotherhood_attacks_tribal = true;  // gEngine: Brotherhood may attack Tribal too
  bool outposts = true;                    // gEngine: Outpost combat area and Tribal warriors
  bool cardinals_gift = true;
  CardText card_text = CardText::GEngine;
  bool auto_pass = true;
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
std::optional<Rules> preset_by_name(std::string_view name);
std::vector<std::string> preset_names();

}  // namespace dt
