// EMPATHY (both texts are the printed one): for every 10 D the caster picks a
// player (the same one again for its following turn) who must tell the caster
// alone its attack plan for its next turn and follow it if it can. Reading:
// - each pick leaves a kPlanDue marker on that player (seat kNoTurnEnds);
// - when that player's turn starts, one of them is armed (its seat the
//   player's, so the next turn's start removes it) and the player is asked at
//   once, before its Draw step, for the plan: one of the attacks it could make
//   now (`attack c12 c31 shoot`, taken as the plan, not made) or `choose done`
//   for no attack this turn; the caster alone is told it (dt/plans.hpp event);
// - an attack plan becomes a kPlanFight / kPlanShoot marker (target the
//   attacker, immune the defender); for the rest of the turn, while that attack
//   can be made, it is the only attack offered and the Actions step does not
//   end without it (as an order, effects/attacks/orders.hpp); made, the plan is done;
//   when it cannot be made, attacks are free. A plan of no attack (the armed
//   kPlanDue marker left in place) takes every attack away for the turn.
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// Handler `attack_plan` (on a Choice's pick of a player).
void plan_due(State& s, CardId card, int planner);
// The current player's turn starts: a plan falls due, its question asked.
void arm_plan(State& s);
bool is_plan_choice(const State& s, const PendingChoice& ch);
void plan_choice_options(const State& s, std::vector<Option>& out);
// An attack option taken while the plan question is open: the plan. True when it was.
bool plan_attack_taken(State& s, const Option& o, Log log);
void apply_plan_choice(State& s, const Option& o, Log log);  // `choose done`: no attack
// The Actions step's options under a plan (after the orders).
void keep_plan(const State& s, std::vector<Option>& out);
// An attack from a to d in tactic t was made: a plan it follows is done.
void plan_met(State& s, CardId a, CardId d, Tactic t);

}  // namespace dt::detail
