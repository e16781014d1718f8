// The Art (gEngine "THE ART"): who may cast a spell, on whom, and when.
#include <algorithm>

#include "internal.hpp"

namespace dt::detail {

// May `caster` cast `spell`? Its aspects (or BLESSED), from cover too.
static bool can_cast(const State& s, CardId caster, CardId spell) {
  const CardDef& sd = s.def(spell);
  const CardDef& cd = s.def(caster);
  if ((cd.casts & sd.aspect) || (keywords(s, caster) & kwBlessed)) return true;
  // The Beginner's game: every Brotherhood warrior casts every spell.
  if (s.rules.brotherhood_casts_any_aspect && (affiliations(s, caster) & bit(Affil::Brotherhood))) return true;
  uint8_t granted = 0;
  for_each_mod(s, caster, [&](const StaticMod& m, CardId) { granted |= m.casts; });
  return (granted & sd.aspect) != 0;
}

// A pure Brother helps no Dark Legion warrior, a full Heretic only them.
static bool art_target_ok(const State& s, CardId caster, CardId target) {
  if (target == kNoCard) return true;
  const bool legion_caster = is_legion(s, caster), trooper_caster = is_doomtrooper(s, caster);
  const bool legion_target = is_legion(s, target);
  if (!legion_caster) return !legion_target || s.card(target).controller != s.card(caster).controller;
  if (legion_caster && !trooper_caster) return legion_target;
  return true;
}

void art_options(const State& s, int seat, CardId c, int n, std::vector<Option>& out) {
  const CardDef& d = s.def(c);
  const PlaySpec& p = *d.play;
  Timing t = d.spell == SpellKind::Action ? Timing::Action
             : d.spell == SpellKind::AnyTime ? p.timing : Timing::Combat;
  if (!timing_open(s, t, seat, std::max<int>(1, p.actions))) return;
  for (CardId caster : s.seats[size_t(seat)].in_play) {
    if (!is_warrior_in_play(s, caster) || !can_cast(s, caster, c)) continue;
    if (d.spell == SpellKind::Personal) {
      if (combat_opponent(s, caster) == kNoCard || effect_blocked(s, caster, c)) continue;
      Option o{OptKind::Play, c, kNoCard};  // the caster is its own target
      o.c = caster;
      push_times(out, o, p.per_d, n);
      continue;
    }
    for (const Target& t : targets(s, seat, p.target, p.filter, c)) {
      if (!art_target_ok(s, caster, t.card) || !defender_ok(s, p.effects, t.card)) continue;
      if (t.card != kNoCard && d.spell == SpellKind::Combat && effect_blocked(s, t.card, c)) continue;
      Option o{OptKind::Play, c, t.card};
      o.c = caster;
      o.seat = t.seat;
      push_times(out, o, p.per_d, n);
    }
  }
}

}  // namespace dt::detail
