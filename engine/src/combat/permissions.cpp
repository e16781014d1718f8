// Combat step 1 (gEngine "ANNOUNCE ATTACKER AND DEFENDER") as cards change it:
// attack rules (docs/effects.md "Attack rules"), judged for one pair.
#include "combat/permissions.hpp"

#include <algorithm>

#include "effects/lasting/card_markers.hpp"
#include "internal.hpp"
#include "markers.hpp"
#include "effects/lasting/virus.hpp"

namespace dt::detail {

void fill_attack_rules(const State& s, std::vector<ActiveAttackRule>& out) {
  out.clear();
  std::vector<CardId> local;
  const std::vector<CardId>* sources = memoized_mod_sources(s);
  if (!sources) fill_mod_sources(s, local), sources = &local;
  for (CardId c : *sources)
    for (const StaticMod& m : s.def(c).mods)
      if (m.attack) out.push_back({&m, c});
  // WITHERING DEATH: a VIRUS's rules bind the warriors it infects (effects/lasting/virus.hpp), once per card.
  for (const LastingMod& v : s.lasting) {
    if (v.lock != kInfected) continue;
    for (const StaticMod& m : s.def(v.source).mods)
      if (m.attack && std::none_of(out.begin(), out.end(), [&](const ActiveAttackRule& r) { return r.mod == &m && r.source == v.source; }))
        out.push_back({&m, v.source});
  }
}

// The area a card stands in: an attachment stands where its warrior does.
static Area home_area(const State& s, CardId c) {
  const CardId home = home_of(s, c);
  return s.card(home).area;
}

// A filter of a rule on src: `marked` asks whether src remembers the warrior (ATTRACTION).
static bool matches(const State& s, const WarriorFilter& f, CardId w, CardId src) {
  if (f.marked && !marks_warrior(s, src, w)) return false;
  return filter_matches(s, f, w, s.card(src).controller);
}

// Does the modifier m of card src reach warrior w (its scope and conditions)?
static bool binds(const State& s, const StaticMod& m, CardId src, CardId w) {
  const int seat = s.card(src).controller;
  switch (m.scope) {
    case Scope::Self: if (w != src) return false; break;
    case Scope::Bearer:
      if ((s.card(src).attached_to == kNoCard || bearer_of(s, src) != w) && !infected_by(s, w, src)) return false;
      break;
    case Scope::YourWarriors: if (s.card(w).controller != seat) return false; break;
    case Scope::AllWarriors: break;
    default: return false;
  }
  if (m.exclude_self && w == src) return false;
  if (m.per_marker && markers_on(s, src) == 0) return false;  // TRENCHER: barred only while entrenched
  if (m.same_area && home_area(s, src) != s.card(w).area) return false;
  if (m.source_area && !(m.source_area & bit(home_area(s, src)))) return false;
  if (!matches(s, m.who, w, src)) return false;
  if (m.bearer && !filter_matches(s, *m.bearer, home_of(s, src), seat)) return false;  // a modifier kept for its bearer
  return !effect_blocked(s, w, src);
}

// PATRIARCH: no other warrior of its player's combat area but those ignored.
static bool alone_in_area(const State& s, const AttackRule& r, CardId w, int seat) {
  const CardInst& wi = s.card(w);
  for (CardId x : s.seats[size_t(wi.controller)].in_play) {
    if (x == w || !is_warrior_in_play(s, x) || s.card(x).area != wi.area) continue;
    const bool ignored = std::any_of(r.alone_ignores.begin(), r.alone_ignores.end(),
                                     [&](const WarriorFilter& f) { return filter_matches(s, f, x, seat); });
    if (!ignored) return false;
  }
  return true;
}

static bool in_play_match(const State& s, const WarriorFilter& f, CardId except, int seat) {
  for (const SeatState& st : s.seats)
    for (CardId x : st.in_play)
      if (x != except && is_warrior_in_play(s, x) && !s.card(x).hidden && filter_matches(s, f, x, seat)) return true;
  return false;
}

AttackVerdict judge_attack(const State& s, CardId a, CardId d) {
  AttackVerdict v;
  std::vector<ActiveAttackRule> scratch;
  const std::vector<ActiveAttackRule>& rules = attack_rules(s, scratch);
  if (rules.empty()) return v;
  bool only_bound = false, only_met = false;
  for (const ActiveAttackRule& ar : rules) {
    const AttackRule& r = *ar.mod->attack;
    const CardId bound = r.as_defender ? d : a, other = r.as_defender ? a : d;
    if (!binds(s, *ar.mod, ar.source, bound)) continue;
    if (r.chosen && chosen_alternative(s, ar.source) != r.chosen) continue;
    const int seat = s.card(ar.source).controller;
    bool match = !r.other || matches(s, *r.other, other, ar.source);
    if (match && r.lower_v) match = stats(s, d).v < stats(s, a).v;
    const uint8_t tactics = r.tactics ? r.tactics : 3;
    switch (r.kind) {
      case AttackRule::Kind::Forbid:
        if (match && !(r.unless_alone && alone_in_area(s, r, bound, seat))) v.forbidden |= tactics;
        break;
      case AttackRule::Kind::Allow:
        if (match) v.allowed = true;
        break;
      case AttackRule::Kind::Only:
        if (r.only_while == AttackRule::While::IfAble) break;  // judged with the options (only_if_able)
        if (r.only_while == AttackRule::While::InPlay && (!r.other || !in_play_match(s, *r.other, bound, seat))) break;
        only_bound = true;
        only_met = only_met || match;
        break;
      case AttackRule::Kind::Price:
        if (!match) break;
        v.cost_d += r.cost_d;
        v.cost_p += r.cost_p;
        v.actions = std::max<int>(v.actions, r.actions);
        break;
    }
  }
  if (only_bound && !only_met) v.forbidden = 3;
  return v;
}

int only_if_able(const State& s, CardId a, CardId d) {
  std::vector<ActiveAttackRule> scratch;
  int verdict = 0;
  for (const ActiveAttackRule& ar : attack_rules(s, scratch)) {
    const AttackRule& r = *ar.mod->attack;
    if (r.kind != AttackRule::Kind::Only || r.only_while != AttackRule::While::IfAble || r.as_defender) continue;
    if (!binds(s, *ar.mod, ar.source, a)) continue;
    if (r.chosen && chosen_alternative(s, ar.source) != r.chosen) continue;
    if (!r.other || matches(s, *r.other, d, ar.source)) return 1;
    verdict = 2;
  }
  return verdict;
}

bool attack_price_affordable(const State& s, int seat, const AttackVerdict& v) {
  return v.cost_d <= destiny(s, seat) && v.cost_p <= s.seats[size_t(seat)].promotion &&
         v.actions <= s.actions_left;
}

}  // namespace dt::detail
