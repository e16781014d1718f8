// A wound dealt by a card rather than by a combat's hits (an effect's WOUND,
// area damage, a wound after combat): one rule for all of them.
#pragma once

#include "dt/state.hpp"

namespace dt::detail {

// Whether a card's wound kills `w`: it does when the warrior was wounded
// already or dies when wounded. Otherwise the warrior is now wounded, unless it
// heals at once (WOLFE IN THE HEAT). The caller settles a death (points or
// none) and checks first whether the warrior may be wounded at all.
bool wound_kills(State& s, CardId w);

// `w`, healthy, is wounded now, by a card or a hit. The combat under way
// remembers it (Combat::wounded_in_it: gEngine NARROW ESCAPE!).
void take_wound(State& s, CardId w);

// gEngine "8) AWARD POINTS" for a death a card's effect causes: a card whose
// text says its kills earn points (designation ITS KILLS EARN POINTS, or an
// effect that always pays, KILL_AWARDED) has them paid as for a kill in combat,
// to the player whose warrior dealt the blow: the warrior using the card, or
// the card itself when no warrior uses it or the warrior it kills is that one
// (the card's player then killed its own warrior: D only). The killer to name
// for the death of `victim`, or kNoCard when it earns nothing.
CardId card_killer(const State& s, CardId source, CardId user, CardId victim, bool always_pays = false);
// LIFEGUARD ARMOR (TAKES ITS WARRIOR'S WOUNDS): a card on w takes the wound (`kill`: an automatic kill) in
// w's place, a marker its first, annihilated at its second or at a kill. True when it did: w is unharmed.
bool absorbs_wound(State& s, CardId w, bool kill);

}  // namespace dt::detail
