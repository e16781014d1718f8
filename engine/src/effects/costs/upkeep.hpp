// Cards kept in play for a price paid at each of their player's Draw steps,
// and GALE FORCE WINDS' grounding of AIRSHIPS: see upkeep.cpp.
#pragma once

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// Handler `upkeep` (a YOUR_DRAW trigger): the card's own Choice is put to its
// player again, as when it was played: pay its price to keep it, or let it go.
void ask_upkeep(State& s, int seat, CardId card, Log log);
// Handler `upkeep_per_card` (ATTRITION, a YOUR_DRAW trigger of every player): `seat` pays the effect's amount
// in D for each card it controls in play of the effect's `filter.card_type`s. When its D fall short it is asked
// which of them go (`choose c12`, one at a time) until it can pay for the rest, which it then does.
void upkeep_per_card(State& s, int seat, CardId source, Log log);
bool is_per_card_upkeep_choice(const State& s, const PendingChoice& ch);
void per_card_upkeep_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_per_card_upkeep(State& s, const Option& o, Log log);
// Handler `discard_airships`: every AIRSHIP in play (warrior or vehicle) is discarded.
void discard_airships(State& s, int seat, CardId source, Log log);
// A card lying in play that GROUNDS AIRSHIPS: no AIRSHIP may be played (mustered or equipped).
bool airships_grounded(const State& s);

}  // namespace dt::detail
