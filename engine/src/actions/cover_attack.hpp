// Attacks and cover (docs/effects.md "Attacks and cover"): a modifier's
// `cover_attack` lets the warriors it reaches attack from cover and stay there
// (BLASTING AWAY, DESERT SCORPION), exit cover and attack as one Tactical
// action (DAI-SHO OF THE ANCIENT EMPERORS), or attack in the turn they exited
// cover (SEWERS); `cover_attack_tactics` limits it to some tactics. Asked only
// for a warrior in cover or out of it this turn, in a game holding such a card.
#pragma once

#include "dt/game.hpp"
#include "events.hpp"

namespace dt::detail {

// A wounded warrior in cover that STAYS IN COVER WHILE WOUNDED (SHELL SHOCKED): it does not exit cover,
// by an action or as part of an attack, until healed (actions/cover.cpp).
bool kept_in_cover(const State& s, CardId w);
// Does a card let `a`, in cover or out of it since this turn began, attack at all?
bool cover_lets_attack(const State& s, CardId a);
// May `a`, in cover, attack with tactic t?
bool attacks_from_cover(const State& s, CardId a, Tactic t);
// `a` attacks from cover with tactic t: it leaves cover first unless a card lets it stay. False when
// it was turned up and could not be paid for (2nd ed Muster in Cover): no attack then.
bool cover_before_attack(State& s, CardId a, Tactic t, Log log);

}  // namespace dt::detail
