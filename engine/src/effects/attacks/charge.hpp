// Attacks that follow a kill at once (gEngine HMG MK. XIXB "CHARGER"): see charge.cpp.
#pragma once

#include <vector>

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// Handler `attack_on_after_kill`, in a weapon's KILLS trigger (fired only when the
// weapon was used): the killer's player may name another warrior of the victim's
// combat area for its warrior to attack at once, read while the victim is still in
// play. Only in that player's own turn: the attack waits, as a second attack does
// (actions/second_attack.hpp), for the combat's response window to close.
void ask_attack_on(State& s, int seat, CardId weapon, CardId victim);
bool is_attack_on_choice(const State& s, const PendingChoice& ch);
void attack_on_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_attack_on(State& s, const Option& o, Log log);

}  // namespace dt::detail
