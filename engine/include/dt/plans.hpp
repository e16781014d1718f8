// An attack plan told to one player alone (EMPATHY, engine/src/effects/attacks/plans.hpp).
// The telling is an Effect event whose x is kPlanEvent - (3 * the planner + what):
// what 0 a Fight attack, 1 a Shoot attack, 2 no attack; b is the attacker, y the
// defender. Only the event's seat (the caster) and the planner read b, y and what.
#pragma once

#include "dt/game.hpp"

namespace dt {

inline constexpr int kPlanEvent = -100;
inline constexpr int plan_x(int planner, int what) { return kPlanEvent - (3 * planner + what); }
inline bool is_plan_event(const Event& e) { return e.kind == EventKind::Effect && e.x <= kPlanEvent; }
inline int plan_planner(const Event& e) { return (kPlanEvent - e.x) / 3; }
inline int plan_what(const Event& e) { return (kPlanEvent - e.x) % 3; }
// May `viewer` (-1: everyone, omniscient) not read the plan?
inline bool plan_hidden_from(const Event& e, int viewer) {
  return is_plan_event(e) && viewer >= 0 && viewer != e.seat && viewer != plan_planner(e);
}

}  // namespace dt
