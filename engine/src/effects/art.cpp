// The Art (gEngine "THE ART"): who may cast a spell, on whom, and when.
#include <algorithm>

#include "internal.hpp"

namespace dt::detail {

// May `caster` cast `spell`? Its aspects (or BLESSED), from cover too; never a
// PROFANE warrior, whatever gives it the Art (gEngine "PROFANE").
static bool can_cast(const State& s, CardId caster, CardId spell) {
  const CardDef& sd = s.def(spell);
  const CardDef& cd = s.def(caster);
  const uint32_t kw = keywords(s, caster);
  if (kw & kwProfane) return false;
  if ((cd.casts & sd.aspect) || (kw & kwBlessed)) return true;
  if ((cd.casts_personal & sd.aspect) && sd.spell == SpellKind::Personal) return true;  // NICHOLAI
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

// What `caster` pays for `spell` with its "for every X D" price bought n times.
// Casters' texts change it: each D counts twice (KEEPER OF THE ART), or every
// casting costs 3 D more (ETOILES MORTANT's gEngine BLESSED).
int cast_price(const State& s, CardId caster, const PlaySpec& p, int n) {
  int d = p.cost_d + p.per_d * n;
  if (has_designation(s, caster, "SPELL D COUNTS TWICE")) d = (d + 1) / 2;
  if (has_designation(s, caster, "CASTS FOR 3 D MORE")) d += 3;
  return d;
}

// KEEPER OF THE ART: its personal combat spells count as combat spells.
static bool personal_as_combat(const State& s, CardId caster) {
  return has_designation(s, caster, "PERSONAL SPELLS AS COMBAT SPELLS");
}

void art_options(const State& s, int seat, CardId c, std::vector<Option>& out) {
  const CardDef& d = s.def(c);
  const PlaySpec& p = *d.play;
  Timing t = d.spell == SpellKind::Action ? Timing::Action
             : d.spell == SpellKind::AnyTime ? p.timing : Timing::Combat;
  if (!timing_open(s, t, seat, std::max<int>(1, p.actions))) return;
  const int destiny = dt::destiny(s, seat);
  for (CardId caster : s.seats[size_t(seat)].in_play) {
    if (!is_warrior_in_play(s, caster) || !can_cast(s, caster, c)) continue;
    // How many times this caster can buy the price (1 for a fixed price).
    int times = 0;
    const int cap = p.per_d > 0 ? (p.max_times > 0 ? p.max_times : 10) : 1;
    while (times < cap && cast_price(s, caster, p, p.per_d > 0 ? times + 1 : 0) <= destiny) ++times;
    if (times == 0) continue;
    if (d.spell == SpellKind::Personal && personal_as_combat(s, caster)) {
      if (!s.combat.active) continue;
      for (CardId w : {s.combat.attacker, s.combat.defender}) {
        if (!art_target_ok(s, caster, w) || immune_to(s, w, c) || effect_blocked(s, w, c)) continue;
        Option o{OptKind::Play, c, w};
        o.c = caster;
        push_times(out, o, p.per_d, times);
      }
      continue;
    }
    if (d.spell == SpellKind::Personal) {
      if (combat_opponent(s, caster) == kNoCard || effect_blocked(s, caster, c)) continue;
      Option o{OptKind::Play, c, kNoCard};  // the caster is its own target
      o.c = caster;
      push_times(out, o, p.per_d, times);
      continue;
    }
    for (const Target& t : targets(s, seat, p.target, p.filter, c)) {
      if (!art_target_ok(s, caster, t.card) || !defender_ok(s, p.effects, t.card)) continue;
      if (t.card != kNoCard && d.spell == SpellKind::Combat && effect_blocked(s, t.card, c)) continue;
      Option o{OptKind::Play, c, t.card};
      o.c = caster;
      o.seat = t.seat;
      push_times(out, o, p.per_d, times);
    }
  }
}

}  // namespace dt::detail
