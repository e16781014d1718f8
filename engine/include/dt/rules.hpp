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
};

Rules preset_gengine();
Rules preset_second_edition();
std::optional<Rules> preset_by_name(std::string_view name);
std::vector<std::string> preset_names();

}  // namespace dt
