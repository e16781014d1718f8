// Triggers on a combat's wound (Trigger.when WOUNDS; gEngine BAUHAUS COP, EAONIAN JUSTIFIER,
// PRISON CAMP). As a combat's hits stand, each blow that wounded a warrior (or, for a trigger
// with `or_kills`, killed it) is matched against the WOUNDS triggers of every card in play:
// `victim` filters the warrior struck and `killer` the one that struck, each as seen from the
// trigger card's player. The triggers fire once the combat is over: `killer_survives` asks that
// the striker is still in play then; the warrior its effects reach (TARGET: the one struck, or
// with `target_killer` the striker) must still be in play. An `optional` trigger is its player's
// to take or leave (`choose c<target>`, `choose done`). Without such cards nothing is looked at.
#pragma once

#include <vector>

#include "dt/state.hpp"
#include "effects/effects.hpp"
#include "events.hpp"

namespace dt::detail {

struct WoundFire {
  CardId card = kNoCard;   // the card whose trigger it is
  int8_t trigger = -1;     // which of its triggers
  uint8_t seat = 0;        // its player then
  CardId striker = kNoCard, struck = kNoCard;
};

// The blows of the combat under way, read as its hits stand (before kills leave play):
// `a_hurt`/`d_hurt` the attacker's side (SA) or defender's side (SD) was wounded or killed,
// `a_dead`/`d_dead` killed.
std::vector<WoundFire> combat_wound_triggers(const State& s, CardId A, CardId SA, bool a_hurt, bool a_dead, CardId D,
                                             CardId SD, bool d_hurt, bool d_dead);
// Once the combat is over: each trigger whose conditions still hold fires (or is offered).
void fire_wound_triggers(State& s, const std::vector<WoundFire>& fire, Log log);

// An optional trigger's question (effects/choices/choices.cpp's table).
bool is_may_trigger_choice(const State& s, const PendingChoice& ch);
void may_trigger_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_may_trigger(State& s, const Option& o, Log log);

}  // namespace dt::detail
