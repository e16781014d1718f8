// Damage to every warrior in play at once: see area_damage.cpp.
#pragma once

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// `dmg` points to each warrior in play (plus 2 for each of the user's
// warriors in its area that ADDS 2 DAMAGE TO <the source's name>, plus one
// for each of `seat`'s warriors matching `per_warrior` when given). Those it
// kills earn points as any death by a card does (wounds.hpp card_killer).
void area_damage(State& s, int seat, CardId source, CardId user, int dmg, const WarriorFilter* per_warrior,
                 Log log);

}  // namespace dt::detail
