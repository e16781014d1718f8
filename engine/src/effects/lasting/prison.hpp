// Prisoners (gEngine CYBERCURITY MP): see prison.cpp.
#pragma once

#include <vector>

#include "dt/state.hpp"
#include "events.hpp"
#include "markers.hpp"

namespace dt::detail {

// Handler `imprison`, an ability of a warrior in play (its user, the jailer) or a
// trigger of a card in play (the card: BAUHAUS COP, PRISON CAMP) on a
// warrior: the target is a NONCOMBATANT while the jailer stays in play (a
// kImprisoned marker, dropped by take_out when the jailer leaves play); its
// jailer's player then may discard any of the cards attached to it (a question:
// `choose c12` each, `choose done`). `stripped` (handler `imprison_stripped`):
// every card on it is discarded, no question asked.
void imprison(State& s, int seat, CardId jailer, CardId prisoner, Log log, bool stripped = false);
// Not a warrior imprisoned already; true for effects without either handler.
bool imprison_target_ok(const State& s, const std::vector<Effect>& fx, CardId t);
// Handler `release` (RESCUE MISSION): the warrior is freed: it is no longer anyone's prisoner, the cards on it
// having `designation` (MISSING IN ACTION: the card's name counts) are discarded, and it stands in the area a
// Muster would put it in.
void release(State& s, int seat, CardId source, CardId w, const std::string& designation, Log log);
// Handler `take_prisoner` (PRISONER WORK CAMP): `seat` is asked whether the prisoner `w` passes into `jailer`'s
// keeping, wherever it was held (fetch kTakePrisoner: `choose c12`, `choose done`).
void take_prisoner(State& s, int seat, CardId jailer, CardId w, Log log);
bool is_take_prisoner_choice(const State& s, const PendingChoice& ch);
void take_prisoner_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_take_prisoner(State& s, const Option& o, Log log);
// The warriors `jailer` holds prisoner (TurnRules::per_prisoner), and those that go with it as it leaves play (ITS
// PRISONERS GO WITH IT).
int prisoners_held(const State& s, CardId jailer);
std::vector<CardId> prisoners_going_with(const State& s, CardId jailer);
bool is_prison_choice(const State& s, const PendingChoice& ch);
void prison_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_prison_choice(State& s, const Option& o, Log log);

}  // namespace dt::detail
