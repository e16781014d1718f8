#include "dt/rules.hpp"

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

}  // namespace dt
