// The Art (gEngine "THE ART"): who may cast a spell, on whom, and when.
#include <algorithm>

#include "dt/designations.hpp"
#include "actions/declared_attack.hpp"
#include "effects/costs/mystic.hpp"
#include "effects/modifiers/phantasm.hpp"
#include "effects/choices/revelation.hpp"
#include "effects/lasting/stun.hpp"
#include "effects/attacks/command.hpp"
#include "effects/modifiers/text_off.hpp"
#include "internal.hpp"
#include "markers.hpp"
#include "effects/lasting/card_markers.hpp"

namespace dt::detail {

// A spell the caster casts only through AT PEACE WITH THE ART: any spell (gEngine), any
// non-combat spell (printed), each casting 2 D more.
static bool at_peace_only(const State& s, CardId caster, CardId spell);

// May `caster` cast `spell`? Its aspects (or BLESSED), from cover too; never a
// PROFANE warrior, whatever gives it the Art (gEngine "PROFANE").
static bool native_cast(const State& s, CardId caster, CardId spell);
bool can_cast(const State& s, CardId caster, CardId spell) {
  return native_cast(s, caster, spell) || at_peace_only(s, caster, spell);
}

static bool at_peace_only(const State& s, CardId caster, CardId spell) {
  if (keywords(s, caster) & kwProfane) return false;
  const SpellKind k = s.def(spell).spell;
  const bool any = has_designation(s, caster, desig::CastsAnySpellForMore);
  const bool non_combat = has_designation(s, caster, desig::CastsNonCombatSpellsForMore) &&
                          (k == SpellKind::AnyTime || k == SpellKind::Action);
  return (any || non_combat) && !native_cast(s, caster, spell);
}

static bool native_cast(const State& s, CardId caster, CardId spell) {
  const CardDef& sd = s.def(spell);
  const CardDef& cd = s.def(caster);
  const uint32_t kw = keywords(s, caster);
  if (kw & kwProfane) return false;
  const bool own = !own_acts_off(text_off_now(s, caster));  // AMNESIA: no spell of its own text
  if ((own && (cd.casts & sd.aspect)) || (kw & kwBlessed)) return true;
  if (revealed(s, caster)) return true;  // REVELATION: any spell, this instant
  if (own && (cd.casts_personal & sd.aspect) && sd.spell == SpellKind::Personal) return true;  // NICHOLAI
  // The Beginner's game: every Brotherhood warrior casts every spell.
  if (s.rules.brotherhood_casts_any_aspect && (affiliations(s, caster) & bit(Affil::Brotherhood))) return true;
  uint8_t granted = 0;
  for_each_mod(s, caster, [&](const StaticMod& m, CardId) { granted |= m.casts; }, ModWant::Casts);
  return (granted & sd.aspect) != 0;
}

// Does the spell help the warrior it is cast on (its target, or the one a
// PERSONAL COMBAT SPELL works on): a bonus, a heal, cover, or
// (when it stays on it) a modifier that adds to its ratings or grants it
// something? Spells that hinder it, or only move the combat, do not.
static bool spell_helps(const CardDef& d) {
  const PlaySpec& p = *d.play;
  for (const Effect& e : p.effects) {
    if (e.who != Who::Target && !(e.who == Who::User && d.spell == SpellKind::Personal)) continue;
    if (e.op == Op::CombatBonus && e.bonus.f + e.bonus.s + e.bonus.a + e.bonus.v > 0) return true;
    if (e.op == Op::Heal || e.op == Op::Cover) return true;
  }
  // A choice of bonuses or immunities for the target (EXORCISE DISEASE, MIND WALL).
  if (p.choice) {
    for (const Effect& e : p.choice->on_pick)
      if (e.who == Who::Target && e.op == Op::ImmuneToPicked) return true;
    for (const Alternative& a : p.choice->alternatives)
      for (const Effect& e : a.effects)
        if (e.who == Who::Target && e.op == Op::CombatBonus && e.bonus.f + e.bonus.s + e.bonus.a + e.bonus.v > 0)
          return true;
  }
  if (p.stays || d.post_play == PostPlay::Attach)
    for (const StaticMod& m : d.mods)
      if (m.scope == Scope::Bearer && (m.bonus.f + m.bonus.s + m.bonus.a + m.bonus.v > 0 || m.grant)) return true;
  return false;
}

// gEngine "THE ART": the Art never helps a Dark Legion warrior, whoever
// controls it, unless its caster is tainted; a pure Brother may still cast a
// spell that hinders one. A tainted caster (Doomtrooper and Dark Legion) casts
// on anyone, a full Heretic only on the Dark Legion.
static bool art_target_ok(const State& s, CardId caster, CardId spell, CardId target) {
  if (target == kNoCard) return true;
  if (has_designation(s, caster, desig::CastsOnAnyWarrior)) return true;  // VALPURGIUS
  const bool legion_caster = is_legion(s, caster), trooper_caster = is_doomtrooper(s, caster);
  const bool legion_target = is_legion(s, target);
  if (!legion_caster) return !legion_target || !spell_helps(s.def(spell));
  if (!trooper_caster) return legion_target;
  return true;
}

// What `caster` pays for `spell` with its "for every X D" price bought n times.
// Casters' texts change it: each D counts twice (KEEPER OF THE ART), or every
// casting costs 3 D more (ETOILES MORTANT's gEngine BLESSED). A spell whose first purchase is free
// (RESIST ELEMENTS) pays for the others only.
// PROFICIENCY: in the turn it was cast, its caster's spells cost 1 D less for
// each price (never below 1 D): the fixed price and each "for every X D".
static bool cheaper_this_turn(const State& s, CardId caster) {
  for (const LastingMod& m : s.lasting)
    if (m.target == caster && m.seat == s.current && m.source != kNoCard &&
        s.def(m.source).has_designation(desig::CastersSpellsCheaperThisTurn))
      return true;
  return false;
}
static int cheaper(int price) { return price > 0 ? std::max(1, price - 1) : 0; }

// What one more purchase of a spell's "for every X D" costs its caster.
static int per_d_for(const State& s, CardId caster, CardId spell) {
  const int per = s.def(spell).play->per_d;
  return cheaper_this_turn(s, caster) ? cheaper(per) : per;
}

// StaticMod.spell_price (docs/effects.md "Spell prices"): while a modifier reaching the caster holds, its spells
// of an aspect (in a combat, on a matching target) cost it more (DWINDLING FAITH: twice the price) or each D
// it spends counts several times (ELEMENTAL MASTER: five). Prices multiply; of several counts the highest holds.
struct PriceRules {
  int d_counts = 1, times = 1;
};
static PriceRules price_rules(const State& s, CardId caster, CardId spell, CardId target) {
  PriceRules r;
  if (!(s.families & famSpellPrice) || caster == kNoCard || !is_warrior_in_play(s, caster)) return r;
  const uint8_t aspect = s.def(spell).aspect;
  for_each_mod(
      s, caster,
      [&](const StaticMod& m, CardId src) {
        const SpellPrice& p = *m.spell_price;
        if (p.aspects && !(p.aspects & aspect)) return;
        if (p.in_combat && !s.combat.active) return;
        if (p.target && (target == kNoCard || !is_warrior_in_play(s, target) ||
                         !filter_matches(s, *p.target, target, s.card(src).controller)))
          return;
        r.d_counts = std::max(r.d_counts, int(p.d_counts));
        r.times *= p.price_times;
      },
      ModWant::SpellPrice);
  return r;
}

// BRAIN STRAIN (SpellPrice.spend_cap): a warrior a capping modifier reaches spends no more than the cap on spells of
// its aspects from one Draw step of the capping card's player to the next; what it spent is a kSpellSpent marker per
// capping card, gone as that player's turn begins. The D it may still spend (kNoCap when nothing caps it).
constexpr int kNoCap = 1 << 20;
template <typename Fn>
static void for_each_cap(const State& s, CardId caster, CardId spell, Fn&& fn) {
  if (!(s.families & famSpellPrice) || caster == kNoCard || !is_warrior_in_play(s, caster)) return;
  const uint8_t aspect = s.def(spell).aspect;
  for_each_mod(
      s, caster,
      [&](const StaticMod& m, CardId src) {
        const SpellPrice& p = *m.spell_price;
        if (p.spend_cap && (!p.aspects || (p.aspects & aspect))) fn(int(p.spend_cap), src);
      },
      ModWant::SpellPrice);
}

static bool spent_by(const LastingMod& m, CardId caster, CardId cap_card) {
  return m.lock == kSpellSpent && m.target == caster && m.source == cap_card;
}

static const LastingMod* spent_marker(const State& s, CardId caster, CardId cap_card) {
  for (const LastingMod& m : s.lasting)
    if (spent_by(m, caster, cap_card)) return &m;
  return nullptr;
}

int spell_allowance(const State& s, CardId caster, CardId spell) {
  int left = kNoCap;
  for_each_cap(s, caster, spell, [&](int cap, CardId src) {
    const LastingMod* m = spent_marker(s, caster, src);
    left = std::min(left, std::max(0, cap - (m ? m->count : 0)));
  });
  return left;
}

void note_spell_spent(State& s, CardId caster, CardId spell, int d) {
  if (d <= 0) return;
  std::vector<CardId> caps;
  for_each_cap(s, caster, spell, [&](int, CardId src) { caps.push_back(src); });
  for (CardId src : caps) {
    auto found = std::find_if(s.lasting.begin(), s.lasting.end(), [&](const LastingMod& m) { return spent_by(m, caster, src); });
    if (found != s.lasting.end()) {
      found->count = int16_t(std::min(found->count + d, 9999));
      continue;
    }
    LastingMod m{src, caster, {}, s.card(src).controller};  // the span ends as the capping card's player's turn begins
    m.lock = kSpellSpent;
    m.count = int16_t(d);
    s.lasting.push_back(m);
  }
}

int spell_d(const State& s, CardId caster, CardId spell, int d, CardId target) {
  if (!(s.families & famSpellPrice) || d <= 0) return d;
  const PriceRules r = price_rules(s, caster, spell, target);
  return (d * r.times + r.d_counts - 1) / r.d_counts;
}

// `fixed`: the spell's fixed price (PHANTASM: its model's).
static int price_of(const State& s, CardId caster, CardId spell, int n, int fixed, CardId target = kNoCard) {
  const PlaySpec& p = *s.def(spell).play;
  if (n > 0 && s.def(spell).has_designation(desig::FirstPurchaseFree)) --n;
  const bool cheap = cheaper_this_turn(s, caster);
  int d = (cheap ? cheaper(fixed) : fixed) + (cheap ? cheaper(p.per_d) : p.per_d) * n;
  d = spell_d(s, caster, spell, d, target);
  if (has_designation(s, caster, desig::SpellDCountsTwice)) d = (d + 1) / 2;
  if (has_designation(s, caster, desig::CastsForMore)) d += 3;
  if (at_peace_only(s, caster, spell)) d += 2;  // AT PEACE WITH THE ART
  return d;
}

int cast_price(const State& s, CardId caster, CardId spell, int n, CardId target) {
  return price_of(s, caster, spell, n, s.def(spell).play->cost_d, target);
}

int cast_price_on_model(const State& s, CardId caster, CardId spell, CardId model) {
  return price_of(s, caster, spell, 0, model_price(s, model));
}

// KEEPER OF THE ART, THE BROTHERHOOD Alliance, the CODEX: its personal combat
// spells count as combat spells, cast on either combatant.
static bool personal_as_combat(const State& s, CardId caster) {
  return has_ability(s, caster, desig::PersonalSpellsAsCombatSpells);
}

// Where `caster` could cast `spell` (a spell with a target of its own, not a PERSONAL COMBAT SPELL), as its
// options list them, whatever the price: REDIRECT sends a spell just cast to one of them.
std::vector<Target> spell_targets(const State& s, int seat, CardId caster, CardId spell) {
  std::vector<Target> out;
  const CardDef& d = s.def(spell);
  if (!d.play || d.spell == SpellKind::Personal || !is_warrior_in_play(s, caster)) return out;
  const PlaySpec& p = *d.play;
  for (const Target& t : targets(s, seat, p.target, p.filter, spell)) {
    if (!art_target_ok(s, caster, spell, t.card) || !defender_ok(s, p.effects, t.card)) continue;
    if (t.card != kNoCard && (immune_to(s, t.card, spell) || effect_blocked_target(s, t.card, spell))) continue;
    out.push_back(t);
  }
  return out;
}

// REPUDIATE: a spell any caster may cast (no aspect of its own) needs a warrior that casts some spell.
bool casts_any_spell(const State& s, CardId w) {
  if (!is_warrior_in_play(s, w)) return false;
  const uint32_t kw = keywords(s, w);
  if (kw & kwProfane) return false;
  const bool own = (s.def(w).casts || s.def(w).casts_personal) && !own_acts_off(text_off_now(s, w));  // AMNESIA
  if (own || (kw & kwBlessed) || revealed(s, w)) return true;
  if (s.rules.brotherhood_casts_any_aspect && (affiliations(s, w) & bit(Affil::Brotherhood))) return true;
  uint8_t granted = 0;
  for_each_mod(s, w, [&](const StaticMod& m, CardId) { granted |= m.casts; }, ModWant::Casts);
  return granted != 0 || has_designation(s, w, desig::CastsAnySpellForMore) ||
         has_designation(s, w, desig::CastsNonCombatSpellsForMore);
}

void art_options(const State& s, int seat, CardId c, std::vector<Option>& out, CardId holder) {
  const CardDef& d = s.def(c);
  const PlaySpec& p = *d.play;
  Timing t = d.spell == SpellKind::Action ? Timing::Action
             : d.spell == SpellKind::AnyTime ? p.timing : Timing::Combat;
  if (!timing_open(s, t, seat, std::max<int>(1, p.actions))) return;
  if (faces_immunity(s, seat, c)) return;
  if (forces_attack(d) && !forced_attack_open(s, seat)) return;  // COMMAND: a Tactical action
  const int own_d = dt::destiny(s, seat);
  // One caster's options; REVELATION may lend the player another's warrior.
  // `mystic`: a warrior of the player discarded to give the spell D (MYSTIC),
  // marked on each option; the player's D then goes that much further.
  auto list = [&](CardId caster, int destiny) {
    if (!is_warrior_in_play(s, caster) || (holder == kNoCard && !can_cast(s, caster, c))) return;
    // A spell cast as an action is an action of its caster: none for a stunned
    // warrior (POWERFUL BLOW) nor one that PERFORMS NO ACTIONS (printed STRANGLEHOLD).
    if (d.spell == SpellKind::Action && stunned(s, caster)) return;
    // How many times this caster can buy the price (1 for a fixed price), on `on` (a price may depend on it).
    // "For every X D" has no cap but the player's D (and the card's own maximum).
    // A D counting several times (ELEMENTAL MASTER) buys as many more purchases.
    const bool per_target = (s.families & famSpellPrice) != 0;
    const int cap = p.per_d > 0 ? (p.max_times > 0 ? p.max_times : (destiny + 1) * (per_target ? 9 : 1)) : 1;
    auto times_on = [&](CardId on) {
      int n = 0;
      while (n < cap && cast_price(s, caster, c, p.per_d > 0 ? n + 1 : 0, on) <= destiny) ++n;
      return n;
    };
    auto affordable = [&](int n, CardId on) { return n > 0 || (p.zero_times && cast_price(s, caster, c, 0, on) <= destiny); };
    const int times = times_on(kNoCard);
    // IT SHALL BE DONE, EXCELLENCY: a spell may cost less on some targets; each target is priced on its own.
    if (!per_target && !affordable(times, kNoCard)) return;
    if (d.spell == SpellKind::Personal && takes_ratings(d)) {  // PHANTASM: on a model, priced by it
      if (combat_opponent(s, caster) == kNoCard || effect_blocked(s, caster, c)) return;
      for (const Target& t : targets(s, seat, p.target, p.filter, c)) {
        if (t.card == kNoCard || t.card == caster || model_price(s, t.card) < 0) continue;
        if (immune_to(s, t.card, c)) continue;  // an immune warrior is no spell's target
        if (cast_price_on_model(s, caster, c, t.card) > destiny) continue;
        Option o{OptKind::Play, c, t.card};
        o.c = caster;
        out.push_back(o);
      }
      return;
    }
    if (d.spell == SpellKind::Personal && personal_as_combat(s, caster)) {
      if (!s.combat.active) return;
      for (CardId w : {s.combat.attacker, s.combat.defender}) {
        if (!art_target_ok(s, caster, c, w) || immune_to(s, w, c) || effect_blocked(s, w, c)) continue;
        const int n = per_target ? times_on(w) : times;
        if (!affordable(n, w)) continue;
        Option o{OptKind::Play, c, w};
        o.c = caster;
        push_times(out, o, p.per_d, n, p.zero_times);
      }
      return;
    }
    if (per_target && !affordable(times, kNoCard) && d.spell == SpellKind::Personal) return;
    if (d.spell == SpellKind::Personal) {
      if (combat_opponent(s, caster) == kNoCard || effect_blocked(s, caster, c)) return;
      Option o{OptKind::Play, c, kNoCard};  // the caster is its own target
      o.c = caster;
      push_times(out, o, p.per_d, times, p.zero_times);
      return;
    }
    for (const Target& t : targets(s, seat, p.target, p.filter, c)) {
      if (!art_target_ok(s, caster, c, t.card) || !defender_ok(s, p.effects, t.card)) continue;
      if (!declared_attack_target_ok(s, c, t.card)) continue;  // SUGGESTION
      if (!forced_attacker_ok(s, seat, c, t.card)) continue;   // COMMAND
      if (t.card != kNoCard && d.spell == SpellKind::Combat && effect_blocked_target(s, t.card, c)) continue;
      const int n = per_target && t.card != kNoCard ? times_on(t.card) : times;
      if (!affordable(n, t.card)) continue;
      Option o{OptKind::Play, c, t.card};
      o.c = caster;
      o.seat = t.seat;
      push_times(out, o, p.per_d, n, p.zero_times);
    }
  };
  auto by = [&](CardId caster, CardId mystic = kNoCard) {
    const size_t first = out.size();
    // POWER STABILIZER: D stored on the caster's cards count for its spells.
    const int stored = (s.families & famSpellFund) ? spell_markers(s, caster) : 0;
    const int funds = own_d + stored + (mystic != kNoCard ? spell_fund(s, mystic, c) : 0);
    list(caster, std::min(funds, spell_allowance(s, caster, c)));  // BRAIN STRAIN: no more than its cap allows
    if (mystic == kNoCard) return;
    // Discarded as the spell is cast, the MYSTIC is no target of it.
    out.erase(std::remove_if(out.begin() + long(first), out.end(), [&](const Option& o) { return o.b == mystic; }), out.end());
    for (size_t i = first; i < out.size(); ++i) set_mystic(out[i], mystic);
  };
  if (holder != kNoCard) {  // THE FALCON OF PILGRIMS: its warrior alone, its price on top
    const CardId caster = bearer_of(s, holder);
    if (caster == kNoCard || s.card(caster).controller != seat) return;
    const int extra = s.def(holder).storage->cast_d;
    const int stored = (s.families & famSpellFund) ? spell_markers(s, caster) : 0;
    if (own_d + stored < extra) return;
    list(caster, std::min(own_d + stored - extra, spell_allowance(s, caster, c)));
    return;
  }
  for (CardId caster : s.seats[size_t(seat)].in_play) by(caster);
  // MYSTIC: only where one of the player's warriors may give its D to another's spell.
  for (CardId m : s.seats[size_t(seat)].in_play)
    if (is_warrior_in_play(s, m) && spell_fund(s, m, c) > 0)
      for (CardId caster : s.seats[size_t(seat)].in_play)
        if (caster != m) by(caster, m);
  for (const LastingMod& m : s.lasting)
    if (m.lock == kRevealed && is_warrior_in_play(s, m.target) && s.card(m.target).controller != seat) by(m.target);
}

}  // namespace dt::detail

namespace dt::detail {

// gEngine "THE ART": a spell cast during combat may go on taking D through
// the modification rounds. The engine lets its caster buy more of a "for
// every X D" price while the spell could still be cast on its target; only
// spells whose effects are combat bonuses grow this way (more of the same).
static bool grows(const CardDef& d) {
  if (!d.play || d.play->per_d <= 0 || d.play->effects.empty()) return false;
  for (const Effect& e : d.play->effects)  // FIST OF FURY: more points to share out
    if (e.op != Op::CombatBonus && !(e.op == Op::ShareRatings && e.share->points == ShareSpec::Points::Bought)) return false;
  return true;
}

void remember_spell(State& s, const Option& o, int seat) {
  const CardDef& d = s.def(o.a);
  if (!s.combat.active || d.type != CardType::Art || !grows(d)) return;
  s.combat.spells.push_back({o.a, o.c, o.b, int8_t(seat), o.seat, o.n});
}

// The warrior a PERSONAL COMBAT SPELL works on: its caster, or the combatant
// it was cast on as a COMBAT SPELL.
CardId spell_user(const State& s, CardId spell, CardId caster, CardId target) {
  if (takes_ratings(s.def(spell))) return caster;  // PHANTASM: its target is a model
  return s.def(spell).spell == SpellKind::Personal && target != kNoCard ? target : caster;
}

// The warrior a cast spell works on (kNoCard: none, e.g. a player).
static CardId spell_subject(const State& s, const CastSpell& sp) {
  if (sp.target != kNoCard) return sp.target;
  return s.def(sp.card).spell == SpellKind::Personal ? sp.caster : kNoCard;
}

static const CastSpell* cast_spell(const State& s, CardId card) {
  for (const CastSpell& sp : s.combat.spells)
    if (sp.card == card) return &sp;
  return nullptr;
}

// D that `n` more purchases of a spell cast in this combat cost: per purchase, or with spell prices in the game
// (StaticMod.spell_price) what they add to its whole price.
static int more_d(const State& s, const CastSpell& sp, int n) {
  if (!(s.families & famSpellPrice)) return per_d_for(s, sp.caster, sp.card) * n;
  return cast_price(s, sp.caster, sp.card, sp.times + n, sp.target) - cast_price(s, sp.caster, sp.card, sp.times, sp.target);
}

void add_d_options(const State& s, int seat, std::vector<Option>& out) {
  if (!s.rules.spell_d_added_in_combat) return;
  for (const CastSpell& sp : s.combat.spells) {
    if (sp.seat != seat || !is_warrior_in_play(s, sp.caster) || faces_immunity(s, seat, sp.card)) continue;
    const CardDef& d = s.def(sp.card);
    const CardId on = spell_subject(s, sp);
    if (on != kNoCard && (combat_opponent(s, on) == kNoCard || effect_blocked(s, on, sp.card))) continue;
    const int cap = d.play->max_times > 0 ? d.play->max_times - sp.times : 0;
    if (d.play->max_times > 0 && cap <= 0) continue;
    int n = 0;
    if (s.families & famSpellPrice) {  // ELEMENTAL MASTER: what more purchases add to the spell's whole price
      const int limit = cap > 0 ? cap : (destiny(s, seat) + 1) * 9;
      const int may_spend = std::min(destiny(s, seat), spell_allowance(s, sp.caster, sp.card));  // BRAIN STRAIN
      while (n < limit && more_d(s, sp, n + 1) <= may_spend) ++n;
    } else {
      n = max_times(s, seat, 0, per_d_for(s, sp.caster, sp.card), cap);
    }
    Option o{OptKind::AddD, sp.card};
    push_times(out, o, d.play->per_d, n);
  }
}

void apply_add_d(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  CastSpell sp = *cast_spell(s, o.a);
  const PlaySpec& p = *s.def(o.a).play;
  const int paid = more_d(s, sp, o.n);
  destiny(s, me) -= paid;
  note_spell_spent(s, sp.caster, sp.card, paid);
  for (CastSpell& x : s.combat.spells)
    if (x.card == o.a) x.times = int16_t(x.times + o.n);
  emit(log, {EventKind::AddD, int8_t(me), o.a, sp.target, o.n, paid});
  run_effects(s, me, o.a, spell_user(s, sp.card, sp.caster, sp.target), {sp.target, sp.target_seat}, o.n, p.effects,
              log, nullptr);
  s.window.passes = 0;  // the same player may go on
}

}  // namespace dt::detail
