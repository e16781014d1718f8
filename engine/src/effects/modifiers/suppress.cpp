// Combat suppression (effects/modifiers/suppress.hpp).
#include "effects/modifiers/suppress.hpp"

namespace dt::detail {

// Whether `hit(source, kinds)` holds for a SUPPRESS a card played into the combat still keeps up.
template <class Hit>
static bool any_suppress(const State& s, Hit hit) {
  if (!s.combat.active) return false;
  for (const CombatMod& m : s.combat.mods) {
    if (m.target != kNoCard || m.source == kNoCard) continue;
    const CardDef& d = s.def(m.source);
    if (!d.play) continue;
    for (const Effect& e : d.play->effects)
      if (e.op == Op::Suppress && hit(m.source, e.suppress)) return true;
  }
  return false;
}

bool combat_suppressed(const State& s, uint8_t kind) {
  return any_suppress(s, [&](CardId, uint8_t kinds) { return (kinds & kind) != 0; });
}

bool specials_locked(const State& s, int seat) {
  return any_suppress(s, [&](CardId source, uint8_t kinds) {
           return (kinds & suppressSpecials) || ((kinds & suppressOthersSpecials) && s.card(source).owner != seat);
         }) ||
         outsider_locked(s, seat);
}

bool outsider_locked(const State& s, int seat) {
  if (!s.combat.active || s.num_seats() <= 2 || s.combat.mods.empty()) return false;
  if (s.card(s.combat.attacker).controller == seat || s.card(s.combat.defender).controller == seat) return false;
  return combat_suppressed(s, suppressOutsiders);
}

bool combat_opening(const State& s) {
  return s.combat.active && s.phase == Phase::Window && s.window.kind == WindowKind::CombatModify &&
         s.combat.mods.empty() && s.combat.spells.empty() && s.combat.used.empty() && s.undo.empty();
}

}  // namespace dt::detail
