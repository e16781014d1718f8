// Cards that watch a player's plays from hand and hold a hand to a cap (famCardPlayed):
// - Trigger CARD_PLAYED: its player (the player a card lies before; on an attachment, its warrior's
//   controller) plays another card from hand (a muster, equip, build, bestow, cast or play; a discard is
//   no play); its effects run with YOU that player, or, `optional`, that player is asked first
//   (`choose c<card>` / `choose done`, through wound_triggers' kMayTrigger question), paying the
//   trigger's `cost_d` and `cost_p` (MASK OF THE VESTALS: a card drawn for 1 P; DEAL WITH IT: always).
// - Card::hand_max (DEAL WITH IT): lying before its player, the hand limit is at most this, and after any
//   decision a hand holding more asks its player which cards to discard (`choose c7`) down to it.
// - Card::hand_bonus (PALADINE'S FAVOR): lying before its player, the limit is raised per matching warrior; the
//   limit is remembered (kHandLimitHeld) and when it falls, a hand holding more is discarded down to it alike.
#pragma once

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// `seat` just played `card` from its hand (called once the play is applied).
void card_played_triggers(State& s, int seat, CardId card, Log log);
// After any decision: a player over its hand cap is asked to discard down to it.
void ask_hand_over_cap(State& s);
bool is_hand_cap_choice(const State& s, const PendingChoice& ch);
void hand_cap_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_hand_cap(State& s, const Option& o, Log log);

}  // namespace dt::detail
