// A card its warrior's attackers meet first (docs/effects.md "First encounters"; Card.first_encounter: RAZOR WIRE
// FENCE). An attack of the card's tactic on its warrior (the one aboard it, or the one it is on) is fought twice: first
// an encounter, a combat like any other in which the card strikes the attacker with its own F (or S) plus what the
// cards played on its warrior in that encounter add, while nothing strikes back and the card takes no harm; then, if
// the attacker lives and may still attack, the attack itself, a combat begun anew. Marker kFirstEncounter.
#pragma once

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// The card the warrior's attackers in a combat of tactic t meet first (kNoCard: none).
CardId first_encounter_card(const State& s, CardId w, Tactic t);
// A combat just begun on such a warrior is the encounter (the marker set); true if so.
bool first_encounter_begins(State& s);
// The combat under way is an encounter: its card (kNoCard: none).
CardId in_first_encounter(const State& s);
// Its blow (resolve.cpp, in place of the combatants' blows): the card's F (or S) and what the cards played on its
// warrior in the encounter add.
int first_encounter_rating(const State& s, CardId c);
// The encounter's response window closed: the attack itself begins if its attacker lives (true: it began).
bool first_encounter_over(State& s, Log log);

}  // namespace dt::detail
