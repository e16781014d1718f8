// gEngine LESSER TELEPATHY: until the start of its caster's next turn, the
// caster picks the battle tactic of every combat, once the attacker is named
// and before the defender is (gEngine "Combat", steps 1-2). A marker on the
// caster (kTacticPicker, its seat the caster's, so its next turn removes it)
// splits each attack of another player in three: the attacking player names
// its warrior (`attack c12`), the caster picks the tactic (`choose a0` Fight,
// `choose a1` Shoot, only tactics some attack of that warrior allows), then the
// attacking player names a defender for that tactic (`attack c12 c31 shoot`,
// nothing else offered). Without such a marker attacks are offered as always.
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// Handler `pick_tactics`: `seat` picks the tactics from now to its next turn.
void pick_tactics(State& s, int seat, CardId source);
// The marker whose player picks the tactics of `attacker_seat`'s attacks
// (the newest), or nullptr when that player picks them itself.
const LastingMod* tactic_picker(const State& s, int attacker_seat);
// Each attacker's attacks become one `attack c12` (the attacking player names
// the warrior first) while another player picks the tactics.
void split_attacks(const State& s, std::vector<Option>& out);
// The tactic is picked: the attacking player names the defender now.
bool defender_stage(const State& s);
void defender_stage_options(const State& s, std::vector<Option>& out);
// `attack c12` was taken: the picker is asked for the tactic.
void apply_attacker_named(State& s, const Option& o, Log log);
bool is_tactic_choice(const State& s, const PendingChoice& ch);
void tactic_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_tactic_choice(State& s, const Option& o, Log log);
// The attack is made (or void): the split's markers go.
void tactic_split_over(State& s);

// WORKING ON THE SLY (ITS PLAYER NAMES ITS BEARER'S DEFENDER): an attack with a warrior carrying such a card of
// another player is split too: its player names the warrior (`attack c12`), the card's player names the defender
// among the legal ones (`choose c31`, a kDefenderNamed marker), then the attacking player makes that attack.
bool is_named_defender_choice(const State& s, const PendingChoice& ch);
void named_defender_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_named_defender(State& s, const Option& o, Log log);

}  // namespace dt::detail
