// EMPATHY's attack plans: see plans.hpp.
#include "effects/attacks/plans.hpp"

#include <algorithm>

#include "dt/plans.hpp"
#include "effects/attacks/orders.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

void plan_due(State& s, CardId card, int planner) {
  if (planner < 0 || planner >= s.num_seats()) return;
  LastingMod m{card, kNoCard, {}, kNoTurnEnds, kNoCard, 0, kPlanDue};
  m.player = int8_t(planner);
  s.lasting.push_back(m);
}

static LastingMod* armed(State& s, int seat) {
  for (LastingMod& m : s.lasting)
    if (m.lock == kPlanDue && m.player == seat && m.seat == seat) return &m;
  return nullptr;
}
static const LastingMod* armed(const State& s, int seat) { return armed(const_cast<State&>(s), seat); }

void arm_plan(State& s) {
  const int me = s.current;
  for (LastingMod& m : s.lasting)
    if (m.lock == kPlanDue && m.player == me && m.seat == kNoTurnEnds) {
      m.seat = uint8_t(me);
      ask_pick(s, m.source, kNoCard, s.card(m.source).owner, me, {}, 1);
      return;
    }
}

bool is_plan_choice(const State& s, const PendingChoice& ch) {
  const LastingMod* m = armed(s, ch.seat);
  return m && m->source == ch.source && ch.target == kNoCard && ch.candidates.empty() && ch.seats.empty();
}

// The attacks the player could make now, one combat each (a plan names one attack).
static std::vector<Option> plannable(const State& s) {
  std::vector<Option> all;
  if (s.seats[s.current].turns_taken <= 1 && !s.rules.tactical_in_first_turn) return all;
  const std::vector<CardId> mine = own_warriors(s, s.current);
  attack_options(s, mine, all);
  keep_boast(s, mine, all);
  keep_orders(s, all);
  std::erase_if(all, [](const Option& o) { return o.kind != OptKind::Attack || o.b == kNoCard || o.p != 0; });
  return all;
}

void plan_choice_options(const State& s, std::vector<Option>& out) {
  if (s.choices.front().picks_left == 0) return;
  for (const Option& o : plannable(s)) out.push_back(o);
  out.push_back(choose_done());  // no attack this turn
}

static void tell(State& s, const PendingChoice& ch, CardId a, CardId d, int what, Log log) {
  emit(log, {EventKind::Effect, int8_t(ch.by), ch.source, a, plan_x(ch.seat, what), d});
}

bool plan_attack_taken(State& s, const Option& o, Log log) {
  if (s.phase != Phase::Choice || s.choices.empty() || !is_plan_choice(s, s.choices.front())) return false;
  PendingChoice& ch = s.choices.front();
  ch.picks_left = 0;
  LastingMod* m = armed(s, ch.seat);
  m->lock = o.tactic == Tactic::Shoot ? kPlanShoot : kPlanFight;
  m->target = o.a;
  m->other = o.b;
  tell(s, ch, o.a, o.b, o.tactic == Tactic::Shoot ? 1 : 0, log);
  return true;
}

void apply_plan_choice(State& s, const Option&, Log log) {
  PendingChoice& ch = s.choices.front();
  ch.picks_left = 0;
  tell(s, ch, kNoCard, kNoCard, 2, log);  // the armed marker stays: no attack this turn
}

void keep_plan(const State& s, std::vector<Option>& out) {
  const int me = s.current;
  if (armed(s, me)) {  // a plan of no attack
    std::erase_if(out, [](const Option& o) { return o.kind == OptKind::Attack || o.kind == OptKind::DeclareAttack; });
    return;
  }
  for (const LastingMod& m : s.lasting) {
    if ((m.lock != kPlanFight && m.lock != kPlanShoot) || m.seat != me || m.target == kNoCard) continue;
    const Tactic t = m.lock == kPlanShoot ? Tactic::Shoot : Tactic::Fight;
    auto planned = [&](const Option& o) { return o.kind == OptKind::Attack && o.a == m.target && o.b == m.other && o.tactic == t; };
    if (std::none_of(out.begin(), out.end(), planned)) return;  // it cannot be followed: attacks are free
    std::erase_if(out, [&](const Option& o) { return o.kind == OptKind::Attack && !planned(o); });
    keep_demanded(s, out, planned);
    return;
  }
}

void plan_met(State& s, CardId a, CardId d, Tactic t) {
  const uint8_t lock = t == Tactic::Shoot ? kPlanShoot : kPlanFight;
  std::erase_if(s.lasting, [&](const LastingMod& m) {
    return m.lock == lock && m.target == a && m.other == d && m.seat == s.current;
  });
}

}  // namespace dt::detail
