// Triggers whose target their player picks (Trigger.pick), at the Discard step
// (When YOUR_DISCARD; KARNOPHAGE). As its player's Discard step begins, each card
// it controls with such a trigger fires in turn: its player picks one warrior in
// play matching `pick` (`choose c12`; no passing), the effects' TARGET, or, with
// none, the trigger's `otherwise` effects run (the card discarded). Several cards
// are asked one after another, each seeing what the ones before did.
#pragma once

#include <vector>

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

inline constexpr uint8_t kTriggerPick = 42;  // PendingChoice::fetch: a picked trigger's target

// `seat`'s Discard step begins: its YOUR_DISCARD triggers fire.
void run_discard_triggers(State& s, int seat, Log log);
bool is_trigger_pick(const State& s, const PendingChoice& ch);
void trigger_pick_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_trigger_pick(State& s, const Option& o, Log log);

}  // namespace dt::detail
