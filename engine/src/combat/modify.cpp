// Combat step 5 (gEngine "5) MODIFY COMBAT RATINGS"): the players take turns
// playing modifiers, starting with the attacker, until all pass in a row.
#include "effects/triggers/last_chance.hpp"
#include "internal.hpp"
#include "effects/modifiers/toll.hpp"
#include "combat/groups.hpp"
#include "effects/choices/control.hpp"
#include "combat/substitute.hpp"

namespace dt::detail {

void start_combat(State& s, CardId attacker, CardId defender, Tactic t, int seat) {
  return_lent(s);  // a combat left without finish_combat lends nothing to the next
  s.combat = Combat{};
  s.combat.active = true;
  s.combat.attacker = attacker;
  s.combat.defender = defender;
  s.combat.attacking_seat = uint8_t(seat);
  s.combat.tactic = t;
  if (s.rules.warzones && warzone_to_choose(s)) open_window(s, WindowKind::AnnounceWarzone, {s.card(defender).controller});
  else open_modification_rounds(s);
  queue_namesakes_join(s);  // GOLDEN LION: its namesakes may join the attack
  queue_substitutes(s);     // POINT GUARD: a guard may defend instead
}

void open_modification_rounds(State& s) {
  // Attacker, defender, then the others, and around again.
  const int seat = s.combat.attacking_seat;
  std::vector<uint8_t> order{uint8_t(seat), s.card(s.combat.defender).controller};
  for (uint8_t x : seats_from(s, seat))
    if (x != order[0] && x != order[1]) order.push_back(x);
  open_window(s, WindowKind::CombatModify, std::move(order));
  queue_tolls(s);  // LEGIONNAIRE OF SEMAI: its opponent pays or suffers before the first card
}

bool modifier_already_played(const State& s, int seat, CardId card, CardId target) {
  if (s.rules.modifier_duplicates) return false;
  for (const CombatMod& m : s.combat.mods)
    if (m.target == target && s.card(m.source).def == s.card(card).def && s.card(m.source).owner == seat) return true;
  return false;
}

void end_modification_rounds(State& s, Log log) {
  // A card ended the combat while a choice held the rounds open (a Special that
  // ends it, then MISCOMMUNICATION's offer to cancel it declined): no resolution.
  if (!s.combat.active) {
    if (s.awards.empty()) open_response_window(s);
    else s.phase = Phase::Points;
    return;
  }
  // A side of several warriors: the other side's player first picks which one
  // it strikes; the window closes again once the picks are made.
  if (queue_strike_picks(s)) return;
  resolve_combat(s, log);
  if (last_chance_pending(s)) return;  // a window for answers to the hits is open
  if (s.awards.empty()) open_response_window(s);
  else s.phase = Phase::Points;
}

}  // namespace dt::detail
