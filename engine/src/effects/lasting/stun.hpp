// POWERFUL BLOW (gEngine): a warrior wounded, not killed, by one that a
// STUNS WHEN IT WOUNDS card was played on is stunned until the next turn of
// that card's player: a LastingMod from that card marks it. It performs no
// actions (attack, cover, Transfer, Sabotage, vehicle moves, action abilities,
// spells cast as actions) but still defends.
#pragma once

#include "dt/state.hpp"

namespace dt::detail {

bool stunned(const State& s, CardId w);
// INFERIOR TECHNOLOGY: may w not perform this kind of Tactical action (`attack`: an attack, a direct
// attack or an ability that is an attack; else a sabotage or an ability that is a Tactical action)?
// PERFORMS NO TACTICAL ACTION (gEngine) bars both, PERFORMS NO ATTACK (printed) the attacks. It still defends.
bool tactical_barred(const State& s, CardId w, bool attack);

}  // namespace dt::detail
