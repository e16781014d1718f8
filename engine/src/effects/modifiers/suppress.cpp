// Combat suppression (effects/modifiers/suppress.hpp).
#include "effects/modifiers/suppress.hpp"

namespace dt::detail {

bool combat_suppressed(const State& s, uint8_t kind) {
  if (!s.combat.active) return false;
  for (const CombatMod& m : s.combat.mods) {
    if (m.target != kNoCard || m.source == kNoCard) continue;
    const CardDef& d = s.def(m.source);
    if (!d.play) continue;
    for (const Effect& e : d.play->effects)
      if (e.op == Op::Suppress && (e.suppress & kind)) return true;
  }
  return false;
}

bool specials_locked(const State& s, int seat) {
  if (!s.combat.active) return false;
  for (const CombatMod& m : s.combat.mods) {
    if (m.target != kNoCard || m.source == kNoCard) continue;
    const CardDef& d = s.def(m.source);
    if (!d.play) continue;
    for (const Effect& e : d.play->effects) {
      if (e.op != Op::Suppress) continue;
      if (e.suppress & suppressSpecials) return true;
      if ((e.suppress & suppressOthersSpecials) && s.card(m.source).owner != seat) return true;
    }
  }
  return false;
}

}  // namespace dt::detail
