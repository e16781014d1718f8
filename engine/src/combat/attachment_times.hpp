// Attachments giving more than printed (docs/effects.md "Attachment bonuses multiplied", combat step 4):
// a StaticMod's `attachment_times` makes the warriors it reaches count the modifiers of some of their
// weapons (all, of a kind, with a designation, or the one its card remembers) or of their Beast so
// many times (YUICHIRO's FIGHT WEAPONS twice, GUNFIGHTER's HANDGUNs three times, RAMPAGE!'s Beast
// twice). Read with the ratings (ModWant::Ratings), so a game without such a card pays nothing more.
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "dt/state.hpp"

namespace dt::detail {

// One multiplier reaching a warrior, with the card giving it (WEAPON LINK remembers its weapon).
struct TimesFrom {
  const AttachmentTimes* times;
  CardId source;
};
using TimesList = std::vector<TimesFrom>;

// The multipliers reaching w now.
TimesList attachment_times_of(const State& s, CardId w);
// How many times attachment `a` of a warrior gives its modifiers under `l`: the product of
// those that match it (1: none).
int times_for(const State& s, const TimesList& l, CardId a);
// b, k times over.
StatBonus times_bonus(const StatBonus& b, int k);
// Equipment (cardtypes/equipment.cpp, add_equipment) with its weapons' bonuses multiplied by `l`.
void add_equipment_times(const State& s, CardId w, bool fortified, Stats& st, const TimesList& l);

}  // namespace dt::detail
