// Equipment moved from warrior to warrior by a card, a pick in two steps: see moves.cpp.
#pragma once

#include <vector>

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// May equipment e be given to warrior w (GIVE TO, ARMOR, VEHICLE, ...)? The
// Equip action's test (actions/equip.cpp), which a move obeys too.
bool can_take_equipment(const State& s, CardId e, CardId w, bool any_affiliation = false);
// May `equip` be picked as the first step of the card's move (it has somewhere to go)?
bool move_pick_ok(const State& s, const std::vector<Effect>& on_pick, int seat, CardId source, CardId equip);
// Handler `move_equipment`, on a Choice's pick: an Equipment card picked opens
// the second step (where it goes); a warrior picked then takes it; the card
// itself picked again goes back to its owner's hand (TELEPORTATION).
void move_equipment_pick(State& s, int seat, CardId source, CardId picked, Log log);

}  // namespace dt::detail
