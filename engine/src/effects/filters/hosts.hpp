// Cards that sit on something other than a warrior (docs/effects.md "Hosts"):
// a Warzone, a player's combat area, a VEHICLE, a Relic, a Fortification or
// another Equipment card. One model for all of them: the card is played with
// TARGET_HOST on a host its PlaySpec names (host_kinds, host_filter), stays
// there, leaves play with its host (zones.cpp: attachments go with their base),
// and its HOST_REACH modifiers reach the warriors its host reaches.
#pragma once

#include <vector>

#include "dt/state.hpp"
#include "effects/effects.hpp"

namespace dt::detail {

// The HostKind bit of card c in play as a host (0: it is none).
uint8_t host_kind_of(const State& s, CardId c);
// Every host the card `source` may be played on by `seat` (an area: card kNoCard, seat and area set).
void host_targets(const State& s, int seat, CardId source, std::vector<Target>& out);
// Does a card lying on an area (attached to nothing) sit there as a host card?
bool lies_on_area(const State& s, CardId c);
// LISTEN UP!: may `seat` put no Equipment card onto a combat area (a card before it says so)?
bool area_equipment_barred(const State& s, int seat);
// ... and every Equipment card lying on player `seat`'s combat areas discarded (handler `discard_area_equipment`).
void discard_area_equipment(State& s, int seat, CardId source, Log log);
// Does the card x, sitting on a host that is not a warrior's attachment (an area,
// a Warzone, a Fortification), reach warrior w with its HOST_REACH modifiers?
bool host_reaches(const State& s, CardId x, CardId w);

}  // namespace dt::detail
