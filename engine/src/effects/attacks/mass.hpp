// Every warrior of some kind attacking, one after another (Effect MASS_ATTACK, docs/effects.md "Mass attacks"):
// the card's player names an attacker among its warriors matching `mass_attack.attackers` (`choose c12`), its
// defender (`choose c31`: one matching `defenders`, or the card's target), then the tactic when both would do
// (`choose a0` Fight, `choose a1` Shoot). Each attack named waits as a second attack does
// (actions/second_attack.hpp) and is made, if it still can be, once the window before it closes, in the order
// named. With `separate` no defender is named twice; without `optional` its player names attacks while one of
// its attackers left can make one. BATTLE CRY, POWERFUL COMMAND, TRAIL OF EVIDENCE.
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

inline constexpr uint8_t kMassQuestion = 63;  // PendingChoice::fetch: an attacker, then its defender
inline constexpr uint8_t kMassTactic = 64;    // PendingChoice::fetch: the tactic of the attack just named

// Effect MASS_ATTACK played by `seat` (`target`: the card's target warrior, if any).
void ask_mass_attack(State& s, int seat, CardId source, CardId target, const Effect& e);

bool is_mass_choice(const State& s, const PendingChoice& ch);
void mass_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_mass(State& s, const Option& o, Log log);

}  // namespace dt::detail
