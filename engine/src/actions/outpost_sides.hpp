// gEngine "TRANSFER WARRIOR": Doomtroopers and Dark Legion warriors never stand
// together in one player's Outpost. Asked by a Transfer (transfer.cpp) and by a
// card that puts a warrior into play beside its user (effects/choices/fetch.cpp);
// a header of its own so that neither rebuilds every engine file.
#pragma once

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// Would w in `seat`'s Outpost put Doomtroopers and Dark Legion warriors together?
// (A HERETIC still counted a Doomtrooper mixes with both.)
bool outpost_conflict(const State& s, int seat, CardId w);
// GET OFF THAT ROCK (Effect RETURN_TO_AREA): w, in an Outpost and free to leave it (no Tribal warrior, Beast or
// rider), goes back to its Squad or Kohort, as a Transfer would take it, for nothing.
void send_back_from_outpost(State& s, CardId w);
// REDEPLOYMENT (Effect TRANSFER_WARRIOR): may w make its Transfer now, by the usual rules, actions aside? Then it does,
// for no action and with no window of its own.
bool may_transfer_for_free(const State& s, CardId w);
void transfer_for_free(State& s, int seat, CardId w, Log log);

}  // namespace dt::detail
