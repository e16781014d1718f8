// The effect vocabulary at work (docs/effects.md): effective affiliations,
// designations and keywords, immunity, static modifiers, and the options and
// resolution of cards played from hand, Art spells, abilities and gifts.
#include <algorithm>
#include <functional>
#include <map>

#include "internal.hpp"

namespace dt {

using namespace detail;

namespace {

bool is_attached_top(const State& s, CardId c) {
  return s.card(c).zone == Zone::InPlay && s.card(c).attached_to != kNoCard;
}

// The warrior an attachment ultimately sits on (add-ons sit on weapons).
CardId bearer_of(const State& s, CardId c) {
  CardId b = s.card(c).attached_to;
  while (b != kNoCard && s.card(b).attached_to != kNoCard) b = s.card(b).attached_to;
  return b;
}

}  // namespace

AffilMask affiliations(const State& s, CardId w) {
  AffilMask m = s.def(w).affil, revoked = 0;
  for (CardId a : attachments_of(s, w)) m |= s.def(a).grant_affil, revoked |= s.def(a).revoke_affil;
  return m & ~revoked;
}

bool has_designation(const State& s, CardId w, std::string_view d) {
  if (s.def(w).has_designation(d)) return true;
  for (CardId a : attachments_of(s, w))
    for (const auto& g : s.def(a).grant_designations)
      if (g == d) return true;
  return false;
}

bool filter_matches(const State& s, const WarriorFilter& f, CardId w, int seat) {
  const CardInst& wi = s.card(w);
  if (f.side == Side::Yours && wi.controller != seat) return false;
  if (f.side == Side::Enemy && wi.controller == seat) return false;
  if (f.wounded && !wi.wounded) return false;
  if (f.in_cover && !wi.cover) return false;
  if (f.area && !(f.area & bit(wi.area))) return false;
  if (f.protection && protected_by_fortification(s, w) != (f.protection == 1)) return false;
  if (f.combatant && !(s.combat.active && (s.combat.attacker == w || s.combat.defender == w))) return false;
  if (f.defending && !(s.combat.active && s.combat.defender == w)) return false;
  if (f.vs_legion) {
    const CardId opp = combat_opponent(s, w);
    if (opp == kNoCard || !is_legion(s, opp)) return false;
  }
  if (f.non_personality && s.def(w).has(kwPersonality)) return false;
  const AffilMask m = (f.affil || f.not_affil || f.legion) ? affiliations(s, w) : 0;
  if (f.affil && !(f.affil & m)) return false;
  if (f.not_affil && (f.not_affil & m)) return false;
  if (f.legion && !(m & bit(Affil::Legion))) return false;
  if (f.doomtrooper && !is_doomtrooper(s, w)) return false;
  if (!f.designation.empty() && !has_designation(s, w, f.designation)) return false;
  return true;
}

namespace detail {

CardId combat_opponent(const State& s, CardId w) {
  if (!s.combat.active) return kNoCard;
  if (s.combat.attacker == w) return s.combat.defender;
  if (s.combat.defender == w) return s.combat.attacker;
  return kNoCard;
}

}  // namespace detail

namespace {

// Keywords from the card and its attachments only: what immunity is judged on
// (a warrior's own abilities and equipment are not mystical effects).
uint32_t base_keywords(const State& s, CardId w) {
  uint32_t k = s.def(w).keywords;
  for (CardId a : attachments_of(s, w)) k |= s.def(a).grant_keywords;
  return k;
}

bool immune_kw(uint32_t k, const CardDef& src) {
  if (src.type == CardType::Art) return (k & kwArtImmunity) != 0;
  if (src.type == CardType::Symmetry) {
    if (k & kwCompleteSymmetryImmunity) return true;
    return (k & kwMinorSymmetryImmunity) && src.gift.level != GiftLevel::Major;
  }
  return false;
}

}  // namespace

bool immune_to(const State& s, CardId w, CardId source) {
  if (source == kNoCard) return false;
  const CardDef& src = s.def(source);
  if (src.type != CardType::Art && src.type != CardType::Symmetry) return false;
  if (has_designation(s, w, "IMMUNE TO " + src.name)) return true;  // e.g. CYBERNETIC RETINAS
  uint32_t k = base_keywords(s, w);
  // Granted immunities from other cards (BIG BOB WATTS for his FREE MARINES, ...).
  for (const SeatState& st : s.seats)
    for (CardId x : st.in_play) {
      if (!is_warrior_in_play(s, x)) continue;
      for (const StaticMod& m : s.def(x).mods) {
        if (!m.grant || (m.scope != Scope::YourWarriors && m.scope != Scope::AllWarriors)) continue;
        if (m.scope == Scope::YourWarriors && s.card(x).controller != s.card(w).controller) continue;
        if (m.exclude_self && x == w) continue;
        if (filter_matches(s, m.who, w, s.card(x).controller)) k |= m.grant;
      }
    }
  return immune_kw(k, src);
}

namespace detail {

// gEngine "IMMUNITY": during a combat, an Art or Dark Symmetry effect on either
// combatant is off while either of them is immune to it.
bool effect_blocked(const State& s, CardId w, CardId source) {
  if (immune_to(s, w, source)) return true;
  const CardId opp = combat_opponent(s, w);
  return opp != kNoCard && immune_to(s, opp, source);
}

bool weapon_fits(WeaponKind k, Tactic t) {
  switch (k) {
    case WeaponKind::Fight: return t == Tactic::Fight;
    case WeaponKind::Shoot: return t == Tactic::Shoot;
    case WeaponKind::FightShoot:
    case WeaponKind::Special: return true;
    case WeaponKind::None: return false;
  }
  return false;
}

static int gain_for(const StatBonus& b, Tactic t) { return t == Tactic::Fight ? b.f : b.s; }

// The weapons a combatant uses: the best for the tactic (add-ons included),
// and a second HANDGUN beside a first. None while it flies a doubling vehicle.
std::vector<CardId> used_weapons(const State& s, CardId w) {
  std::vector<CardId> out;
  if (combat_opponent(s, w) == kNoCard) return out;
  const Tactic t = s.combat.tactic;
  std::vector<std::pair<int, CardId>> fits;
  for (CardId e : attachments_of(s, w)) {
    const CardDef& ed = s.def(e);
    if (ed.type == CardType::Equipment && ed.doubles) return {};
    if (ed.type != CardType::Equipment || ed.weapon == WeaponKind::None) continue;
    if (std::find(s.combat.used.begin(), s.combat.used.end(), e) != s.combat.used.end()) continue;  // DULL BLADE
    bool fit = weapon_fits(ed.weapon, t);
    int gain = gain_for(ed.bonus, t);
    for (CardId add : attachments_of(s, e)) {
      fit = fit || weapon_fits(s.def(add).weapon, t);
      gain += gain_for(s.def(add).bonus, t);
    }
    if (fit) fits.push_back({gain, e});
  }
  std::stable_sort(fits.begin(), fits.end(), [](auto& x, auto& y) { return x.first > y.first; });
  if (fits.empty()) return out;
  out.push_back(fits[0].second);
  if (s.def(fits[0].second).has(kwHandgun))
    for (size_t i = 1; i < fits.size(); ++i)
      if (s.def(fits[i].second).has(kwHandgun) && s.card(fits[i].second).def != s.card(fits[0].second).def) {
        out.push_back(fits[i].second);
        break;
      }
  return out;
}

// Does a static modifier's condition hold for warrior w?
static bool mod_holds(const State& s, const StaticMod& m, CardId w, CardId source, int source_seat) {
  const CardId opp = combat_opponent(s, w);
  if ((m.in_combat || m.attacking || m.tactics || m.vs) && opp == kNoCard) return false;
  if (m.attacking && s.combat.attacker != w) return false;
  if (m.tactics && !(m.tactics & (s.combat.tactic == Tactic::Fight ? 1 : 2))) return false;
  if (m.vs && !filter_matches(s, *m.vs, opp, s.card(w).controller)) return false;
  if (m.exclude_self && source == w) return false;
  if (m.same_area && s.card(source).area != s.card(w).area) return false;
  if (m.min_count) {
    int n = 0;
    for (CardId x : s.seats[s.card(w).controller].in_play)
      if (is_warrior_in_play(s, x) && s.card(x).area == s.card(w).area &&
          filter_matches(s, m.who, x, source_seat))
        ++n;
    if (n < m.min_count) return false;
  }
  return true;
}

// Other warriors of w's controller in w's combat area that match (the "for each" of a modifier).
static int count_others(const State& s, CardId w, const WarriorFilter& f) {
  int n = 0;
  const int seat = s.card(w).controller;
  for (CardId x : s.seats[size_t(seat)].in_play)
    if (x != w && is_warrior_in_play(s, x) && s.card(x).area == s.card(w).area && filter_matches(s, f, x, seat)) ++n;
  return n;
}

void for_each_mod(const State& s, CardId w, const std::function<void(const StaticMod&, CardId)>& fn) {
  const CardInst& wi = s.card(w);
  const int seat = wi.controller;
  auto from_card = [&](CardId src, Scope scope, CardId subject, bool attached_weapon_ok) {
    const CardDef& d = s.def(src);
    if (d.mods.empty()) return;
    if (!attached_weapon_ok) return;
    if (effect_blocked(s, w, src)) return;
    for (const StaticMod& m : d.mods) {
      if (m.scope != scope) continue;
      if (!filter_matches(s, m.who, subject, s.card(src).controller)) continue;
      if (!mod_holds(s, m, w, src, s.card(src).controller)) continue;
      if (m.for_each) {
        const int n = count_others(s, w, *m.for_each);
        if (n == 0) continue;
        StaticMod scaled = m;
        scaled.bonus = StatBonus{int8_t(m.bonus.f * n), int8_t(m.bonus.s * n), int8_t(m.bonus.a * n), int8_t(m.bonus.v * n)};
        fn(scaled, src);
        continue;
      }
      fn(m, src);
    }
  };
  const std::vector<CardId> weapons = used_weapons(s, w);
  auto usable = [&](CardId bearer, CardId a, const std::vector<CardId>& used) {
    const CardDef& ad = s.def(a);
    if (ad.type == CardType::Equipment && ad.weapon != WeaponKind::None)
      return std::find(used.begin(), used.end(), a) != used.end();
    (void)bearer;
    return true;
  };
  from_card(w, Scope::Self, w, true);
  for (CardId a : attachments_of(s, w)) from_card(a, Scope::Bearer, w, usable(w, a, weapons));
  for (const SeatState& st : s.seats)
    for (CardId x : st.in_play) {
      if (!is_warrior_in_play(s, x)) {  // a card lying before its player (NECROMUTANT FRENZY)
        if (s.def(x).type == CardType::Special) {
          if (s.card(x).controller == seat) from_card(x, Scope::YourWarriors, w, true);
          from_card(x, Scope::AllWarriors, w, true);
        }
        continue;
      }
      const bool same = s.card(x).controller == seat;
      if (same) from_card(x, Scope::YourWarriors, w, true);
      from_card(x, Scope::AllWarriors, w, true);
      for (CardId a : attachments_of(s, x)) {
        if (s.def(a).mods.empty()) continue;
        if (s.card(a).controller == seat) from_card(a, Scope::YourWarriors, w, true);
        from_card(a, Scope::AllWarriors, w, true);
      }
    }
  const CardId opp = combat_opponent(s, w);
  if (opp != kNoCard) {
    from_card(opp, Scope::Opponent, w, true);
    const std::vector<CardId> ow = used_weapons(s, opp);
    for (CardId a : attachments_of(s, opp)) from_card(a, Scope::Opponent, w, usable(opp, a, ow));
  }
}

}  // namespace detail

uint32_t keywords(const State& s, CardId w) {
  uint32_t k = s.def(w).keywords;
  for (CardId a : attachments_of(s, w))
    if (!effect_blocked(s, w, a)) k |= s.def(a).grant_keywords;
  for_each_mod(s, w, [&](const StaticMod& m, CardId) { k |= m.grant; });
  return k;
}

// ---- playing cards, casting spells, using abilities, bestowing gifts ----

namespace detail {

// HEAVY FOG and CHASM! lie before their player with FIGHT ONLY / SHOOT ONLY.
bool tactic_allowed(const State& s, Tactic t) {
  const char* forbidden_by = t == Tactic::Fight ? "SHOOT ONLY" : "FIGHT ONLY";
  for (const SeatState& st : s.seats)
    for (CardId c : st.in_play)
      if (s.def(c).type != CardType::Warrior && s.def(c).has_designation(forbidden_by)) return false;
  return true;
}

using Handler = std::function<void(State&, int seat, CardId source, CardId target, int target_seat, Log)>;

// Registered handlers for effects too particular for the vocabulary.
static std::map<std::string, Handler>& handlers() {
  static std::map<std::string, Handler> h = [] {
    std::map<std::string, Handler> m;
    // RETREAT!: the player's combatant leaves the combat; the other side's
    // player takes half its V (rounded up) as P.
    m["retreat"] = [](State& s, int, CardId, CardId mine, int, Log) {
      if (!s.combat.active || mine == kNoCard) return;
      const CardId other = mine == s.combat.attacker ? s.combat.defender : s.combat.attacker;
      const int v = stats(s, mine).v;
      SeatState& o = s.seats[s.card(other).controller];
      o.promotion += (v + 1) / 2;
      s.combat = Combat{};
    };
    // DOOMED: discarded once its player's D is down to 0.
    m["discard_if_no_destiny"] = [](State& s, int seat, CardId source, CardId, int, Log) {
      if (s.seats[size_t(seat)].destiny <= 0 && s.card(source).zone == Zone::InPlay) discard_from_play(s, source);
    };
    // DEMOTED: a warrior whose V has come down to 0 is discarded.
    m["discard_if_no_value"] = [](State& s, int, CardId, CardId target, int, Log) {
      if (target != kNoCard && is_warrior_in_play(s, target) && stats(s, target).v <= 0)
        discard_from_play(s, target);
    };
    return m;
  }();
  return h;
}

bool timing_open(const State& s, Timing t, int seat, int actions) {
  switch (t) {
    case Timing::None: return false;
    case Timing::Combat:
      return s.phase == Phase::Window && s.window.kind == WindowKind::CombatModify;
    case Timing::AnyTime: return s.phase == Phase::Window || (s.phase == Phase::Actions && seat == s.current);
    case Timing::YourTurn:
      return seat == s.current && (s.phase == Phase::Window || s.phase == Phase::Actions);
    case Timing::Action: return s.phase == Phase::Actions && seat == s.current && s.actions_left >= actions;
    case Timing::YourDrawStep:
      return s.phase == Phase::Window && s.window.kind == WindowKind::PreDraw && seat == s.current;
    case Timing::AfterCombat:
      return s.phase == Phase::Window && s.window.kind == WindowKind::Response &&
             (s.recent_survivor != kNoCard || s.recent_p_seat >= 0);
  }
  return false;
}

struct Target { CardId card = kNoCard; int8_t seat = -1; };
struct KillContext { int victim_v = 0; bool mutual = false; };

static bool visible_warrior(const State& s, CardId w, int seat) {
  return is_warrior_in_play(s, w) && (!s.card(w).hidden || s.card(w).controller == seat);
}

static std::vector<Target> targets(const State& s, int seat, TargetKind k, const WarriorFilter& f, CardId source) {
  std::vector<Target> out;
  const bool attaches = s.def(source).post_play == PostPlay::Attach && s.card(source).zone == Zone::Hand;
  // gEngine "ASSIGN MISSION": never two copies of one mission on the same warrior or player.
  const bool mission = s.def(source).type == CardType::Mission;
  auto has_copy = [&](const auto& cards) {
    for (CardId a : cards)
      if (s.card(a).def == s.card(source).def) return true;
    return false;
  };
  auto warrior_ok = [&](CardId w) {
    if (attaches && has_designation(s, w, "NO ATTACHMENTS")) return false;
    if (mission && has_copy(attachments_of(s, w))) return false;
    return visible_warrior(s, w, seat) && filter_matches(s, f, w, seat) && !immune_to(s, w, source);
  };
  switch (k) {
    case TargetKind::None: out.push_back({}); break;
    case TargetKind::Warrior:
      for (const SeatState& st : s.seats)
        for (CardId w : st.in_play)
          if (warrior_ok(w)) out.push_back({w, -1});
      break;
    case TargetKind::Combatant:
      if (s.combat.active)
        for (CardId w : {s.combat.attacker, s.combat.defender})
          if (warrior_ok(w)) out.push_back({w, -1});
      break;
    case TargetKind::Player:
    case TargetKind::OpponentPlayer:
      for (int t = 0; t < s.num_seats(); ++t)
        if (!s.seats[size_t(t)].eliminated && (k == TargetKind::Player || t != seat) &&
            !(mission && has_copy(s.seats[size_t(t)].in_play)))
          out.push_back({kNoCard, int8_t(t)});
      break;
    case TargetKind::YourCard:
      for (CardId c : s.seats[size_t(seat)].in_play)
        if (!s.card(c).hidden) out.push_back({c, -1});
      for (CardId c : s.attached)
        if (s.card(c).controller == seat) out.push_back({c, -1});
      break;
    case TargetKind::RecentAttacker:
      if (s.recent_survivor != kNoCard && is_warrior_in_play(s, s.recent_survivor)) out.push_back({s.recent_survivor, -1});
      break;
    case TargetKind::RecentEarner:
      if (s.recent_p_seat >= 0) out.push_back({kNoCard, s.recent_p_seat});
      break;
    case TargetKind::YourDrawPile:
      for (CardId c : s.seats[size_t(seat)].draw) out.push_back({c, -1});
      break;
    case TargetKind::Mission:
      for (size_t i = 0; i < s.cards.size(); ++i)
        if (s.cards[i].zone == Zone::InPlay && s.def(CardId(i)).type == CardType::Mission) out.push_back({CardId(i), -1});
      break;
    case TargetKind::Fortification:
      for (const SeatState& st : s.seats)
        for (CardId c : st.in_play)
          if (s.def(c).type == CardType::Fortification &&
              (f.designation.empty() || s.def(c).has_designation(f.designation)))
            out.push_back({c, -1});
      break;
    case TargetKind::Equipment:
    case TargetKind::Gift:
      for (size_t i = 0; i < s.cards.size(); ++i) {
        const CardId c = CardId(i);
        const CardType want = k == TargetKind::Gift ? CardType::Symmetry : CardType::Equipment;
        if (!is_attached_top(s, c) || s.def(c).type != want) continue;
        const CardId b = s.card(c).attached_to;
        if (is_warrior_in_play(s, b) && visible_warrior(s, b, seat) && filter_matches(s, f, b, seat))
          out.push_back({c, -1});
      }
      break;
  }
  return out;
}

// A warrior an effect list may make the new defender: not already fighting,
// able to fight in this tactic, open to attack; amount 1 on the effect also
// requires the attacker to be allowed to attack it.
static bool defender_ok(const State& s, const std::vector<Effect>& fx, CardId t) {
  for (const Effect& e : fx) {
    if (e.op != Op::ChangeDefender) continue;
    if (t == kNoCard || !s.combat.active || t == s.combat.attacker || t == s.combat.defender) return false;
    if (!can_take_part_in_combat(s, t) || !has_rating(s, t, s.combat.tactic)) return false;
    if (keywords(s, t) & kwNotAttackable) return false;
    if (e.amount == 1 && !attack_allowed(s, s.combat.attacker, t)) return false;
  }
  return true;
}

static bool controls_match(const State& s, int seat, const WarriorFilter& f) {
  for (CardId w : s.seats[size_t(seat)].in_play)
    if (is_warrior_in_play(s, w) && filter_matches(s, f, w, seat)) return true;
  return false;
}

// How many times a "for every X D" price can be bought (1 when there is none).
static int max_times(const State& s, int seat, int cost_d, int per_d, int cap) {
  const int d = s.seats[size_t(seat)].destiny - cost_d;
  if (d < 0) return 0;
  if (per_d <= 0) return 1;
  int n = d / per_d;
  n = std::min(n, cap > 0 ? cap : 10);  // the engine offers at most 10 purchases
  return n;
}

static void push_times(std::vector<Option>& out, Option o, int per_d, int n) {
  if (per_d <= 0) {
    out.push_back(o);
    return;
  }
  for (int i = 1; i <= n; ++i) {
    o.n = int16_t(i);
    out.push_back(o);
  }
}

// Does an effect list change the combat's tactic? Then both warriors need the other rating.
static bool effects_possible(const State& s, const std::vector<Effect>& fx) {
  for (const Effect& e : fx) {
    if (e.tactics) continue;  // conditional on a combat: a no-op without one
    if ((e.op == Op::ChangeTactic) && s.combat.active) {
      const Tactic t = s.combat.tactic == Tactic::Fight ? Tactic::Shoot : Tactic::Fight;
      if (!has_rating(s, s.combat.attacker, t) || !has_rating(s, s.combat.defender, t)) return false;
      if (!tactic_allowed(s, t)) return false;
    }
    if ((e.op == Op::CombatBonus || e.op == Op::ChangeTactic || e.op == Op::EndCombat ||
         e.op == Op::AttackerFirst || e.op == Op::DefenderFirst || e.op == Op::UserFirst ||
         e.op == Op::ChangeDefender) && !s.combat.active)
      return false;
  }
  return true;
}

// Art: may `caster` cast `spell`? gEngine "THE ART": aspects (or BLESSED), from
// cover too; a pure Brother helps no Dark Legion warrior, a full Heretic only them.
static bool can_cast(const State& s, CardId caster, CardId spell) {
  const CardDef& sd = s.def(spell);
  const CardDef& cd = s.def(caster);
  if ((cd.casts & sd.aspect) || (keywords(s, caster) & kwBlessed)) return true;
  uint8_t granted = 0;
  for_each_mod(s, caster, [&](const StaticMod& m, CardId) { granted |= m.casts; });
  return (granted & sd.aspect) != 0;
}

static bool art_target_ok(const State& s, CardId caster, CardId target) {
  if (target == kNoCard) return true;
  const bool legion_caster = is_legion(s, caster), trooper_caster = is_doomtrooper(s, caster);
  const bool legion_target = is_legion(s, target);
  if (!legion_caster) return !legion_target || s.card(target).controller != s.card(caster).controller;
  if (legion_caster && !trooper_caster) return legion_target;
  return true;
}

void effect_options(const State& s, int seat, std::vector<Option>& out) {
  const SeatState& st = s.seats[size_t(seat)];
  // Cards from hand.
  for (CardId c : st.hand) {
    const CardDef& d = s.def(c);
    if (!d.play) continue;
    const PlaySpec& p = *d.play;
    if (st.promotion < p.min_p) continue;
    if (p.outside_combat && s.combat.active) continue;
    if (p.after == After::YourAttackerSurvived &&
        (s.recent_survivor == kNoCard || s.card(s.recent_survivor).controller != seat))
      continue;
    if (p.after == After::YouEarnedP && !(s.recent_p_seat == seat && s.recent_p > 0)) continue;
    if (p.after == After::SomeoneEarnedP && !(s.recent_p_seat >= 0 && s.recent_p > 0)) continue;
    if (p.requires_warrior && !controls_match(s, seat, *p.requires_warrior)) continue;
    if (!effects_possible(s, p.effects)) continue;
    const int n = max_times(s, seat, p.cost_d, p.per_d, p.max_times);
    if (n <= 0) continue;
    if (d.type == CardType::Art) {
      Timing t = d.spell == SpellKind::Action ? Timing::Action
                 : d.spell == SpellKind::AnyTime ? p.timing : Timing::Combat;
      if (!timing_open(s, t, seat, std::max<int>(1, p.actions))) continue;
      for (CardId caster : st.in_play) {
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
      continue;
    }
    if (!timing_open(s, p.timing, seat, p.actions)) continue;
    for (const Target& t : targets(s, seat, p.target, p.filter, c)) {
      if (!defender_ok(s, p.effects, t.card)) continue;
      if (p.weapon_kinds && (t.card == kNoCard || !(p.weapon_kinds & (1u << unsigned(s.def(t.card).weapon))))) continue;
      Option o{OptKind::Play, c, t.card};
      o.seat = t.seat;
      push_times(out, o, p.per_d, n);
    }
  }
  // Abilities of warriors and attachments this seat controls.
  auto abilities_of = [&](CardId src, CardId user) {
    const CardDef& d = s.def(src);
    for (size_t i = 0; i < d.abilities.size(); ++i) {
      const Ability& ab = d.abilities[i];
      if (!timing_open(s, ab.timing, seat, ab.actions)) continue;
      if (ab.timing == Timing::Combat && combat_opponent(s, user) == kNoCard) continue;
      if (ab.user_wounded && !s.card(user).wounded) continue;
      if (ab.once_per_combat &&
          std::find(s.combat.used.begin(), s.combat.used.end(), src) != s.combat.used.end())
        continue;
      if (!effects_possible(s, ab.effects)) continue;
      const int n = max_times(s, seat, ab.cost_d, ab.per_d, 0);
      if (n <= 0) continue;
      for (const Target& t : targets(s, seat, ab.target, ab.filter, src)) {
        if (ab.target_in_user_area &&
            (t.card == kNoCard || s.card(t.card).controller != s.card(user).controller ||
             s.card(t.card).area != s.card(user).area))
          continue;
        Option o{OptKind::Use, src, t.card};
        o.p = int16_t(i);
        o.seat = t.seat;
        push_times(out, o, ab.per_d, n);
      }
    }
  };
  for (CardId w : st.in_play) {
    if (!is_warrior_in_play(s, w)) continue;
    abilities_of(w, w);  // a card plays what of its text is expressed (docs/effects.md)
    for (CardId a : attachments_of(s, w))
      if (s.card(a).controller == seat) abilities_of(a, w);
  }
}

// gEngine "BESTOW DARK SYMMETRY GIFT": one action, on one of your warriors
// that may have the gift, never two copies of one gift on a warrior.
bool can_bestow(const State& s, CardId gift, CardId w) {
  const CardDef& g = s.def(gift);
  if (g.type != CardType::Symmetry || g.gift.level == GiftLevel::None) return false;
  switch (g.gift.level) {
    case GiftLevel::Minor: if (!is_legion(s, w)) return false; break;
    case GiftLevel::MinorHeretic: if (!has_designation(s, w, "HERETIC")) return false; break;
    case GiftLevel::Major:  // an empty apostle: the `only` filter alone decides
      if (!g.gift.apostle.empty() && !has_designation(s, w, "FOLLOWER OF " + g.gift.apostle) &&
          !has_designation(s, w, "ANY APOSTLE"))
        return false;
      break;
    case GiftLevel::None: return false;
  }
  if (g.gift.only && !filter_matches(s, *g.gift.only, w, s.card(w).controller)) return false;
  if (has_designation(s, w, "NO DARK SYMMETRY") || has_designation(s, w, "NO ATTACHMENTS")) return false;
  for (CardId a : attachments_of(s, w))
    if (s.card(a).def == s.card(gift).def) return false;
  return true;
}

static void emit_fx(Log log, int seat, CardId src, Op op, CardId target, int tseat) {
  emit(log, {EventKind::Effect, int8_t(seat), src, target, int(op), tseat});
}

static void add_points(State& s, int seat, int dp, int dd) {
  SeatState& st = s.seats[size_t(seat)];
  st.promotion = std::max(0, st.promotion + dp);
  st.destiny = std::max(0, st.destiny + dd);
}

static void kill_card(State& s, CardId w, bool annihilate) {
  if (annihilate) annihilate_from_play(s, w);
  else discard_from_play(s, w);
}

void run_effects(State& s, int seat, CardId source, CardId user, Target target, int times,
                 const std::vector<Effect>& fx, Log log, const KillContext* kill) {
  const int k = std::max(1, times);
  for (const Effect& e : fx) {
    if (e.if_mutual && !(kill && kill->mutual)) continue;
    if (e.tactics && !(s.combat.active && (e.tactics & (s.combat.tactic == Tactic::Fight ? 1 : 2)))) continue;
    const int amount = e.amount * k + (kill ? e.per_victim_v * kill->victim_v : 0) + e.per_recent_p * s.recent_p;
    std::vector<CardId> cards;
    std::vector<int> seats;
    switch (e.who) {
      case Who::Target:
        if (target.card != kNoCard) cards.push_back(target.card);
        if (target.seat >= 0) seats.push_back(target.seat);
        break;
      case Who::User: if (user != kNoCard) cards.push_back(user); break;
      case Who::You: seats.push_back(seat); break;
      case Who::TargetPlayer: if (target.seat >= 0) seats.push_back(target.seat); break;
      case Who::EachPlayer:
        for (int t = 0; t < s.num_seats(); ++t)
          if (!s.seats[size_t(t)].eliminated) seats.push_back(t);
        break;
      case Who::AllWarriors:
        for (const SeatState& st : s.seats)
          for (CardId w : st.in_play)
            if (is_warrior_in_play(s, w) && filter_matches(s, e.filter, w, seat) && !immune_to(s, w, source))
              cards.push_back(w);
        break;
      case Who::AllCards:
        if (e.designation == "MISSION") {  // every mission in play, on warriors or players
          for (size_t i = 0; i < s.cards.size(); ++i)
            if (s.cards[i].zone == Zone::InPlay && s.def(CardId(i)).type == CardType::Mission) cards.push_back(CardId(i));
          break;
        }
        for (const SeatState& st : s.seats)
          for (CardId c : st.in_play)
            if (s.def(c).type == CardType::Fortification &&
                (e.designation.empty() || s.def(c).has_designation(e.designation)))
              cards.push_back(c);
        break;
      case Who::ThisCard: cards.push_back(source); break;
    }
    // Cards may have left play through an earlier effect in the list.
    auto in_play = [&](CardId c) { return s.card(c).zone == Zone::InPlay; };
    for (CardId c : cards) {
      if (e.op == Op::TakeIntoHand) {  // from a pile, not from play
        if (s.card(c).zone == Zone::InPlay) continue;
        emit_fx(log, seat, source, e.op, kNoCard, s.card(c).owner);  // which card stays secret
        take_out(s, c);
        put_into(s, c, Zone::Hand);
        continue;
      }
      if (!in_play(c) && e.op != Op::CombatBonus) continue;
      emit_fx(log, seat, source, e.op, c, -1);
      switch (e.op) {
        case Op::Wound:
          if (keywords(s, c) & kwNoWound) break;
          if (s.card(c).wounded || (keywords(s, c) & kwDiesWhenWounded)) kill_card(s, c, false);
          else s.card(c).wounded = true;
          break;
        case Op::Kill:
          if (!(keywords(s, c) & kwNoWound)) kill_card(s, c, false);
          break;
        case Op::DisableForCombat:
          if (s.combat.active) s.combat.used.push_back(c);
          break;
        case Op::ChangeDefender:
          if (s.combat.active && is_warrior_in_play(s, c)) s.combat.defender = c;
          break;
        case Op::Heal: s.card(c).wounded = false; break;
        case Op::Discard: discard_from_play(s, c); break;
        case Op::Annihilate: annihilate_from_play(s, c); break;
        case Op::Cover: s.card(c).cover = true; break;
        case Op::Uncover:
          s.card(c).cover = false;
          reveal(s, c, log);
          break;
        case Op::ReturnToHand: {
          for (CardId a : attachments_of(s, c)) discard_from_play(s, a);
          take_out(s, c);
          put_into(s, c, Zone::Hand);
          break;
        }
        case Op::DiscardGifts:
          for (CardId a : attachments_of(s, c))
            if (s.def(a).type == CardType::Symmetry) discard_from_play(s, a);
          break;
        case Op::MoveHere:
          if (s.card(source).zone == Zone::InPlay && s.card(source).attached_to != kNoCard && source != c) {
            attach_to(s, source, c);
          }
          break;
        case Op::CombatBonus: {
          StatBonus b = e.bonus;
          b.f = int8_t(b.f * k), b.s = int8_t(b.s * k), b.a = int8_t(b.a * k), b.v = int8_t(b.v * k);
          s.combat.mods.push_back({source, c, b});
          break;
        }
        default: break;
      }
    }
    for (int t : seats) {
      emit_fx(log, seat, source, e.op, kNoCard, t);
      SeatState& st = s.seats[size_t(t)];
      switch (e.op) {
        case Op::Draw: draw_cards(s, t, amount); break;
        case Op::GainD: add_points(s, t, 0, amount); break;
        case Op::LoseD: add_points(s, t, 0, -amount); break;
        case Op::GainP: add_points(s, t, amount, 0); break;
        case Op::LoseP: add_points(s, t, -amount, 0); break;
        case Op::Award: queue_award(s, t, amount, false, source); break;
        case Op::ShuffleDraw: s.rng.shuffle(st.draw); break;
        case Op::ExtraActions:
          if (t == s.current) s.actions_left = std::clamp(s.actions_left + amount, 0, s.rules.actions_per_turn);
          break;
        case Op::EmptyD: st.destiny = 0; break;
        case Op::HalveP: st.promotion -= st.promotion / 2; break;
        case Op::SwapD: std::swap(st.destiny, s.seats[size_t(seat)].destiny); break;
        default: break;
      }
    }
    switch (e.op) {
      case Op::ChangeTactic:
        if (s.combat.active) s.combat.tactic = s.combat.tactic == Tactic::Fight ? Tactic::Shoot : Tactic::Fight;
        break;
      case Op::EndCombat: s.combat = Combat{}; break;
      case Op::AttackerFirst: if (s.combat.active) s.combat.order = 1; break;
      case Op::DefenderFirst: if (s.combat.active) s.combat.order = 2; break;
      case Op::UserFirst:
        if (s.combat.active && user != kNoCard) s.combat.order = s.combat.attacker == user ? 1 : 2;
        break;
      case Op::CoinFlip:
        run_effects(s, seat, source, user, target, times, s.rng.below(2) == 0 ? e.if_heads : e.if_tails, log, kill);
        break;
      case Op::Handler: {
        auto it = handlers().find(e.handler);
        if (it != handlers().end()) it->second(s, seat, source, target.card, target.seat, log);
        break;
      }
      default: break;
    }
  }
}

// Applies Play (cards and spells), Use and Bestow options. Returns true when
// the option was an action of the Actions step (the caller then opens the
// response window, as after any action).
bool apply_effect_option(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  SeatState& st = s.seats[size_t(me)];
  if (o.kind == OptKind::Bestow) {
    put_attached(s, o.a, o.b, me);
    --s.actions_left;
    emit(log, {EventKind::Bestow, int8_t(me), o.a, o.b});
    return true;
  }
  const Target tgt{o.b, o.seat};
  bool action = false;
  if (o.kind == OptKind::Use) {
    const Ability& ab = s.def(o.a).abilities[size_t(o.p)];
    const CardId user = is_warrior_in_play(s, o.a) ? o.a : bearer_of(s, o.a);
    st.destiny -= ab.cost_d + ab.per_d * o.n;
    action = ab.timing == Timing::Action;
    if (action) s.actions_left -= ab.actions;
    emit(log, {EventKind::Use, int8_t(me), o.a, o.b});
    if (ab.once_per_combat && s.combat.active) s.combat.used.push_back(o.a);
    if (ab.discard_self) discard_from_play(s, o.a);
    run_effects(s, me, o.a, user, tgt, o.n, ab.effects, log, nullptr);
  } else {
    const CardDef& d = s.def(o.a);
    const PlaySpec& p = *d.play;
    st.destiny -= p.cost_d + p.per_d * o.n;
    action = d.type == CardType::Art ? d.spell == SpellKind::Action : p.timing == Timing::Action;
    if (action) s.actions_left -= std::max<int>(1, p.actions);
    take_out(s, o.a);
    if (p.stays || d.post_play == PostPlay::Attach) {
      // It stays on its target warrior (a spell without one: on its caster), or
      // lies before its target player (a player's mission), or before you.
      const CardId on = o.b != kNoCard ? o.b : o.c;
      if (on != kNoCard && s.card(on).zone == Zone::InPlay) {
        put_attached(s, o.a, on, me);
      } else {
        put_into(s, o.a, Zone::InPlay, o.seat >= 0 ? o.seat : me);
      }
    } else {
      put_into(s, o.a, d.post_play == PostPlay::Annihilate ? Zone::Annihilated : Zone::Discard);
    }
    emit(log, {EventKind::Play, int8_t(me), o.a, o.b, o.seat});
    run_effects(s, me, o.a, o.c, tgt, o.n, p.effects, log, nullptr);
  }
  return action;
}

// gEngine "ASSIGN MISSION": a mission whose terms a kill meets is completed at
// once (it is not optional), its reward paid and the card discarded.
void on_kill(State& s, CardId victim, CardId killer, int victim_v, bool mutual, Log log) {
  const KillContext ctx{victim_v, mutual};
  const int kseat = s.card(killer).controller;
  bool last = true;
  for (CardId w : s.seats[s.card(victim).controller].in_play)
    if (w != victim && is_warrior_in_play(s, w) && s.card(w).area == s.card(victim).area) last = false;
  struct Fire { CardId card; const Trigger* t; int seat; CardId user; };
  std::vector<Fire> fire;
  auto consider = [&](CardId card, When when, int seat, CardId user) {
    for (const Trigger& t : s.def(card).triggers) {
      if (t.when != when) continue;
      if (t.victim && !filter_matches(s, *t.victim, victim, seat)) continue;
      if (t.killer && !filter_matches(s, *t.killer, killer, seat)) continue;
      if (t.victim_last_in_area && !last) continue;
      fire.push_back({card, &t, seat, user});
    }
  };
  for (CardId a : attachments_of(s, killer)) consider(a, When::Kills, kseat, killer);
  for (CardId c : s.seats[size_t(kseat)].in_play)
    if (s.def(c).type == CardType::Mission) consider(c, When::Kills, kseat, killer);
  for (CardId a : attachments_of(s, victim)) consider(a, When::Killed, s.card(victim).controller, victim);
  for (const Fire& f : fire) {
    if (s.card(f.card).zone != Zone::InPlay) continue;
    emit(log, {EventKind::Effect, int8_t(f.seat), f.card, victim, 0, f.seat});
    run_effects(s, f.seat, f.card, f.user, {victim, -1}, 0, f.t->effects, log, &ctx);
    if (s.def(f.card).type == CardType::Mission && s.card(f.card).zone == Zone::InPlay) discard_from_play(s, f.card);
  }
}

void run_draw_triggers(State& s, int seat, Log log) {
  std::vector<std::pair<CardId, CardId>> fire;  // (card, user)
  std::vector<CardId> candidates = s.seats[size_t(seat)].in_play;
  candidates.insert(candidates.end(), s.attached.begin(), s.attached.end());
  for (CardId c : candidates) {
    const CardInst& ci = s.card(c);
    if (ci.zone != Zone::InPlay || ci.controller != seat) continue;
    for (const Trigger& t : s.def(c).triggers)
      if (t.when == When::YourDraw) {
        fire.push_back({c, ci.attached_to != kNoCard ? bearer_of(s, c) : c});
        break;
      }
  }
  for (auto [c, user] : fire) {
    if (s.card(c).zone != Zone::InPlay) continue;
    for (const Trigger& t : s.def(c).triggers)
      if (t.when == When::YourDraw) run_effects(s, seat, c, user, {}, 0, t.effects, log, nullptr);
  }
}

}  // namespace detail
}  // namespace dt
