// Playing a card from hand, casting a spell or using an ability, in the
// Actions step (when it is an action) or in any timing window; then settling
// the flow: an action opens the response window, and a combat whose warrior
// left play, or that an effect ended, is over without a resolution.
#include "effects/choices/revelation.hpp"
#include "effects/choices/secret.hpp"
#include "actions/storage.hpp"
#include "effects/lasting/carriers.hpp"
#include "effects/warriors/merged.hpp"
#include "internal.hpp"

namespace dt::detail {

static void settle(State& s, bool in_window, bool was_combat, bool action, Log log) {
  if (s.combat.active && (!is_warrior_in_play(s, s.combat.attacker) || !is_warrior_in_play(s, s.combat.defender)))
    finish_combat(s, log);
  if (!s.awards.empty()) {  // a card killed for points (PERFECT HIT): they are taken first
    s.phase = Phase::Points;
    return;
  }
  if (in_window) {
    s.window.passes = 0;
    // gEngine "TIMING": outside combat every other player may answer a card
    // before its player plays another; in combat's modification rounds the
    // same player may go on playing.
    const WindowKind k = s.window.kind;
    if (!was_combat && !s.combat.active && !s.window.order.empty() &&
        (k == WindowKind::Response || k == WindowKind::PreDraw || k == WindowKind::PreDiscard))
      s.window.index = uint8_t((s.window.index + 1) % s.window.order.size());
    if (was_combat && !s.combat.active && s.window.kind == WindowKind::CombatModify) open_response_window(s);
  } else if (action) {
    open_response_window(s);
  }
}

void after_free_action(State& s) {
  if (s.phase == Phase::Window) s.window.passes = 0;
}

void end_standard_action(State& s, bool free) {
  if (free) {
    after_free_action(s);
    return;
  }
  --s.actions_left;
  open_response_window(s);
}

void any_time_options(const State& s, int seat, std::vector<Option>& out) {
  // Mustering, bestowing and Ki at any time are an Alliance's privileges: without
  // one they offer nothing, so the per-warrior checks are skipped (this list
  // is asked at every window a seat might pass automatically).
  const bool allied = has_privileges(s, seat);
  // Each generator offers cards of one type: asked only for its own.
  for (CardId c : s.seats[size_t(seat)].hand) {
    switch (s.def(c).type) {
      case CardType::Alliance: proclaim_options(s, seat, c, out); break;
      case CardType::Warrior:
        if (allied) any_time_muster_options(s, seat, c, out);
        break;
      case CardType::Symmetry:
        if (allied) any_time_bestow_options(s, seat, c, out);
        break;
      case CardType::Ki:
        if (allied) ki_options(s, seat, c, true, out);  // in a window: a privilege too
        break;
      case CardType::Equipment:
        if (allied) any_time_equip_options(s, seat, c, out);  // ALGEROTH-APOSTLE OF WAR
        break;
      default: break;
    }
  }
  if (allied) any_time_transfer_options(s, seat, out);
  assign_options(s, seat, out);
  storage_options(s, seat, false, out);  // what its cards keep under them, for no action (actions/storage.hpp)
  carrier_options(s, seat, false, out);   // leaving a carrier for no action (PROTECTIVE WALL)
  merge_options(s, seat, false, out);     // joining a group for no action (effects/warriors/merged.hpp)
}

void apply_play_card(State& s, const Option& o, Log log) {
  if (!s.def(o.a).play) {
    play_combat_modifier(s, o, log);
    return;
  }
  // REVELATION: a cast its choice offers is made in the decision it interrupted.
  const bool revealing = revelation_choice(s);
  if (revealing) revelation_cast(s);
  // SECRET MISSION: a mission's assignment its choice offers, made face down.
  const CardId secret = secret_choice(s) ? secret_begin(s) : kNoCard;
  const bool in_window = s.phase == Phase::Window;
  const bool was_combat = s.combat.active;
  // THE FALCON OF PILGRIMS: a spell cast from under a card goes back there (actions/storage.hpp).
  const CardId holder = s.families2 & fam2StoredCasts ? begin_stored_cast(s, o) : kNoCard;
  const bool action = apply_play(s, o, log);
  if (holder != kNoCard) end_stored_cast(s, o.a, holder);
  if (revealing) revelation_over(s);
  if (secret != kNoCard) secret_placed(s, secret, o.a);
  settle(s, in_window, was_combat, action, log);
}

void apply_use_ability(State& s, const Option& o, Log log) {
  const bool in_window = s.phase == Phase::Window;
  const bool was_combat = s.combat.active;
  const bool action = apply_use(s, o, log);
  settle(s, in_window, was_combat, action, log);
}

}  // namespace dt::detail
