// A combatant's own pick as its combat begins (docs/effects.md "A combatant's pick as the combat begins"): an
// ability of timing COMBAT_BEGINS with a `choice`, on a combatant or a card it carries, whose target takes in its
// opponent (YORAMA'S DEFLECTING HANDS: one WEAPON of the opponent discarded). The rulebook's combat steps announce
// the attacker and the defender (1), then the tactic (2): the pick comes between them. Here the attack names its
// tactic with it, so the pick is asked as the combat begins, before any other question of that moment, and when
// it changed the attacker's cards (its warrior defends) the attacking player names the tactic anew (`choose a0`
// Fight, `choose a1` Shoot, among those it may still attack in). With `after_first_strike`, against an opponent
// having FIRST STRIKE in the combat's tactic, the cards picked are marked (kDiscardAfterStrike) and the pick's
// effects wait until that first strike is over (resolve.cpp).
#pragma once

#include <vector>

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// PendingChoice::fetch codes (150-159 are this helper's).
inline constexpr uint8_t kOwnBeginQuestion = 150;  // source: the card; target: the opponent; user: the combatant
inline constexpr uint8_t kTacticAnew = 151;        // source, target: the attacker; the attacking player names the tactic

// As a combat begins (famliy fam2OwnBegins): each combatant's player in turn from the attacker's is asked.
void queue_own_begins(State& s);
bool is_own_begin_choice(const State& s, const PendingChoice& ch);
void own_begin_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_own_begin(State& s, const Option& o, Log log);
// The combat's first strike is over (resolve.cpp): the picks waiting for it take their effects.
void after_first_strike(State& s, Log log);

}  // namespace dt::detail
