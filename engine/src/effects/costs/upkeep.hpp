// Cards kept in play for a price paid at each of their player's Draw steps,
// and GALE FORCE WINDS' grounding of AIRSHIPS: see upkeep.cpp.
#pragma once

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// Handler `upkeep` (a YOUR_DRAW trigger): the card's own Choice is put to its
// player again, as when it was played: pay its price to keep it, or let it go.
void ask_upkeep(State& s, int seat, CardId card, Log log);
// Handler `discard_airships`: every AIRSHIP in play (warrior or vehicle) is discarded.
void discard_airships(State& s, int seat, CardId source, Log log);
// A card lying in play that GROUNDS AIRSHIPS: no AIRSHIP may be played (mustered or equipped).
bool airships_grounded(const State& s);

}  // namespace dt::detail
