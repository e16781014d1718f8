// Combat by the gEngine rulebook's eight steps ("ATTACK"): 1-2 announce
// attacker, defender and tactic (announce.cpp), 4 combat standing
// (standing.cpp: stats), 5 modification rounds (modify.cpp), 6-7 resolve and
// change warrior status (resolve.cpp), 8 award points (award.cpp). The Attack
// action that starts one is actions/attack.cpp.
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "events.hpp"

namespace dt::detail {

// --- 1-2: announce (announce.cpp; attack_allowed is public) ---
// May warrior a be announced as an attacker (it takes part in combat and is in the open)?
bool can_attack_with(const State& s, CardId a);
// Does no card in play forbid this tactic (HEAVY FOG: SHOOT ONLY, CHASM!: FIGHT ONLY)?
bool tactic_allowed(const State& s, Tactic t);

// --- 5: modify combat ratings (modify.cpp) ---
// Steps 1-2 done: the combat is on and the modification rounds open.
void start_combat(State& s, CardId attacker, CardId defender, Tactic t, int seat);
// The rounds are over: resolve, then points or the response window.
void end_modification_rounds(State& s, Log log);

// --- 6-7: resolve (resolve.cpp) ---
bool first_strike(const State& s, CardId w, Tactic t);
bool slayer(const State& s, CardId w, Tactic t);
void resolve_combat(State& s, Log log);

// --- 8: award points (award.cpp) ---
struct Kill { CardId victim, killer; int v; };
// Awards the kills' points, runs their triggers and removes the dead.
void award_kills(State& s, const std::vector<Kill>& kills, bool mutual, Log log);

}  // namespace dt::detail
