// Substitute defenders (docs/effects.md "Substitute defenders"; POINT GUARD,
// REAR GUARD, FURY ELITE GUARD): as a combat begins, the defender's player may
// have a guard defend in the attacked warrior's place. A card's `substitute`
// says when (tactics), for whom (`protects`, the guard's own combat area unless
// the card is assigned to one warrior) and what it costs the guard (a wound
// once the combat is over, whose kill pays the attacker's player).
//
// The question is a PendingChoice whose `fetch` is kSubstituteQuestion (source:
// the defender first named, target: the attacker); a guard that defended
// carries a kGuardDefended marker until the combat is over, an assignment a
// kGuardAssigned one (markers.hpp).
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "events.hpp"

namespace dt::detail {

inline constexpr uint8_t kSubstituteQuestion = 20;  // PendingChoice::fetch of this mechanism's question

// The combat has just begun: asks the defender's player, when it has a guard that may defend instead.
void queue_substitutes(State& s);
bool is_substitute_choice(const State& s, const PendingChoice& ch);
void substitute_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_substitute(State& s, const Option& o, Log log);
// The combat is over: the guards that defended take their wound, a kill by it paying `killer`'s player.
void wound_guards(State& s, CardId killer, Log log);

// Assigning a guard to the warrior it protects (`assign c12 c31`): the options of `seat`, and the apply.
void guard_assign_options(const State& s, int seat, std::vector<Option>& out);
bool is_guard_assignment(const State& s, const Option& o);
void apply_guard_assign(State& s, const Option& o, Log log);

}  // namespace dt::detail
