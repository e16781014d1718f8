// gEngine "TIMING": after every action each other player, then the acting
// one, may play a card that fits; the pre-draw and pre-discard phases and
// combat's modification rounds are windows of the same kind. A window closes
// when everyone in it has passed in a row.
#include <algorithm>

#include "actions/declared_attack.hpp"
#include "actions/second_attack.hpp"
#include "actions/storage.hpp"
#include "effects/triggers/last_chance.hpp"
#include "effects/triggers/reactions.hpp"
#include "effects/economy/economy.hpp"
#include "effects/triggers/picked.hpp"
#include "actions/several_attacks.hpp"
#include "combat/first_encounter.hpp"
#include "internal.hpp"

namespace dt::detail {

void open_window(State& s, WindowKind kind, std::vector<uint8_t> order) {
  s.phase = Phase::Window;
  s.window = Window{kind, std::move(order), 0, 0};
}

void open_window_from(State& s, WindowKind kind, int first) {
  const SeatOrder order = seats_from(s, first);
  s.phase = Phase::Window;
  s.window.kind = kind;
  s.window.order.assign(order.begin(), order.end());
  s.window.index = 0;
  s.window.passes = 0;
}

void open_response_window(State& s) {
  s.answer_due = false;  // this window answers whatever was done for no action too
  open_window_from(s, WindowKind::Response, next_active_seat(s, s.current));
}

// An OFFER with amount 1 is a duty (SHRIEKETH: a HERETIC must be placed):
// while one of its uses is open, its player may not pass the window.
static void drop_pass_for_required_offer(const State& s, std::vector<Option>& out) {
  auto required = [&](CardId c) {
    for (const Trigger& t : s.def(c).triggers)
      for (const Effect& e : t.effects)
        if (e.op == Op::Offer && e.amount > 0) return true;
    return false;
  };
  const bool must = std::any_of(out.begin(), out.end(), [&](const Option& o) {
    return o.kind == OptKind::Use && required(o.a) &&
           std::find(s.offers.begin(), s.offers.end(), o.a) != s.offers.end();
  });
  if (must) std::erase_if(out, [](const Option& o) { return o.kind == OptKind::Pass; });
}

void window_options(const State& s, std::vector<Option>& out) {
  if (last_chance_pending(s)) {  // answers to a combat's hits only
    last_chance_options(s, deciding_seat(s), out);
    return;
  }
  if (s.window.kind == WindowKind::AnnounceWarzone) {
    warzone_options(s, out);
    return;
  }
  out.push_back({OptKind::Pass});
  const int seat = deciding_seat(s);
  effect_options(s, seat, out);
  any_time_options(s, seat, out);
  if (s.window.kind == WindowKind::Response && !s.offers.empty()) drop_pass_for_required_offer(s, out);
  if (s.window.kind == WindowKind::CombatModify) combat_round_options(s, seat, out);
}

void combat_round_options(const State& s, int seat, std::vector<Option>& out) {
  combat_modifier_options(s, seat, out);
  warzone_equip_options(s, seat, out);  // SHINRIKYO UNDERWORLD
  add_d_options(s, seat, out);
}

void close_window(State& s, Log log) {
  if (last_chance_pending(s)) {  // the hits still marked take effect
    close_last_chance(s, log);
    return;
  }
  if (attack_declared(s)) {  // the attacker names the attack now
    close_declared_window(s, log);
    return;
  }
  if (effect_deaths_pending(s)) {  // deaths nobody answered (RAZIDE, NARROW ESCAPE!) happen now
    settle_effect_deaths(s, log);
    if (s.combat.active && (!is_warrior_in_play(s, s.combat.attacker) || !is_warrior_in_play(s, s.combat.defender))) {
      finish_combat(s, log);  // a combatant died: no resolution
      open_response_window(s);
      if (!s.awards.empty()) s.phase = Phase::Points;
      return;
    }
  }
  if (reveals_pending(s)) {  // a reveal nobody answered (BLUFF): its cards are played now, the window going on after them
    s.window.passes = 0;
    settle_reveals(s, log);
    return;
  }
  clear_just_happened(s);  // "immediately after" is over once a window closes
  switch (s.window.kind) {
    case WindowKind::PreDraw: {
      SeatState& st = s.seats[s.current];
      int want = draw_step_cap(s, s.current, hand_limit(s, s.current) - int(st.hand.size()));  // THROWING IT ALL AWAY
      if (draw_step_barred(s, s.current)) want = 0;  // SUPPLY LINE SEVERED
      int n = want > 0 ? draw_cards(s, s.current, want) : 0;
      if (n) emit(log, {EventKind::Draw, int8_t(s.current), kNoCard, kNoCard, n});
      start_actions(s);
      break;
    }
    case WindowKind::PreDiscard:
      s.phase = Phase::Discard;
      run_discard_triggers(s, s.current, log);  // KARNOPHAGE (effects/triggers/picked.hpp)
      break;
    case WindowKind::Response:
      s.recent_survivor = kNoCard;  // "just happened" is over
      s.recent_p_seat = -1;
      s.recent_p = 0;
      s.offers.clear();  // a kill's offer (Effect OFFER) is taken now or never
      discard_after_combat(s);  // printed BLIND FURY
      if ((s.families2 & fam2FirstEncounter) && first_encounter_over(s, log)) break;  // RAZOR WIRE FENCE: the attack
      if (start_second_attack(s, log)) break;  // NIMROD AUTOCANNON: the attack named with the first
      if ((s.families2 & fam2SeveralAttacks) && ask_next_attack(s)) break;  // GRINDER: the next of its attacks
      // An attack made at once in the Draw or Discard step (GRAND ASSAULT, effects/choices/inspire.hpp): that
      // step's window opens again.
      if (s.step == Step::Draw) open_window_from(s, WindowKind::PreDraw, s.current);
      else if (s.step == Step::Discard) open_window_from(s, WindowKind::PreDiscard, s.current);
      else after_action(s);
      break;
    case WindowKind::CombatModify: end_modification_rounds(s, log); break;
    case WindowKind::AnnounceWarzone:
      if (warzone_ends_combat(s)) {  // gEngine VENUSIAN JUNGLE: a VEHICLE fighting there ends the combat
        finish_combat(s, log);
        open_response_window(s);
      } else {  // named anew by the attacking player (TRANSFER): the rounds go on, their tolls asked already
        open_modification_rounds(s, s.window.order.empty() || s.window.order[0] != s.combat.attacking_seat);
      }
      break;
  }
  // A death settled above pays its points first; a response window follows them.
  if (!s.awards.empty() && s.phase != Phase::GameOver && s.phase != Phase::Points) s.phase = Phase::Points;
}

}  // namespace dt::detail
