// REVELATION: a Doomtrooper casts, at once, one Art spell from its player's
// hand, whatever aspects it has (docs/effects.md, handler `revelation`). The
// handler queues a choice for that player, so it decides before anyone else
// (Phase::Choice); its options are that warrior's casts, listed as if the
// decision the card interrupted were open again, and `choose done` (it may cast
// nothing). A cast picked ends the choice first and is then made in that
// decision, as any cast there would be. While the casts are listed or one is
// made, a LastingMod marker (lock kRevealed, source REVELATION) on the warrior
// lets it cast any spell; it never outlives the decision.
#pragma once

#include <vector>

#include "dt/designations.hpp"
#include "dt/game.hpp"
#include "dt/state.hpp"
#include "markers.hpp"

namespace dt::detail {

// The card's designation that makes its choice this one.
inline constexpr DesigKey kCastsAtOnce(desig::ItsTargetCastsASpellAtOnce);

void queue_revelation(State& s, int seat, CardId source, CardId w);
// Is the choice under way REVELATION's?
bool revelation_choice(const State& s);
void revelation_options(const State& s, std::vector<Option>& out);
// A cast picked from those options: ends the choice, brings the interrupted
// decision back and lets the warrior cast any spell until revelation_over().
void revelation_cast(State& s);
void revelation_over(State& s);
// May warrior w cast any spell right now (the marker)?
bool revealed(const State& s, CardId w);

}  // namespace dt::detail
