// PHANTASM (phantasm.hpp).
#include "effects/modifiers/phantasm.hpp"

#include <algorithm>

#include "internal.hpp"

namespace dt::detail {

bool takes_ratings(const CardDef& spell) {
  return spell.has_designation(kTakesRatings) || spell.has_designation(kTakesPrintedRatings);
}

int model_price(const State& s, CardId model) {
  if (model == kNoCard || !is_warrior_in_play(s, model)) return -1;
  if (affiliations(s, model) & bit(Affil::Brotherhood)) return 4;
  if (is_doomtrooper(s, model)) return 6;
  if (is_legion(s, model)) return 10;
  return -1;
}

void take_on_ratings(State& s, CardId spell, CardId caster, CardId model) {
  if (!s.combat.active || combat_opponent(s, caster) == kNoCard || !is_warrior_in_play(s, model)) return;
  Stats m;
  if (s.def(spell).has_designation(kTakesPrintedRatings)) {
    const CardDef& md = s.def(model);
    m = Stats{md.f.value_or(0), md.s.value_or(0), md.a, md.v};
  } else {
    m = stats(s, model);
  }
  const CardDef& c = s.def(caster);
  auto diff = [](int want, int had) { return int8_t(std::clamp(want - had, -127, 127)); };
  const StatBonus b{diff(m.f, c.f.value_or(0)), diff(m.s, c.s.value_or(0)), diff(m.a, c.a), diff(m.v, c.v)};
  s.combat.mods.push_back({spell, caster, b});
}

}  // namespace dt::detail
