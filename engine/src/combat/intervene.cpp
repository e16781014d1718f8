// Strikes into a combat (combat/intervene.hpp).
#include "combat/intervene.hpp"

#include <algorithm>

#include "effects/triggers/last_chance.hpp"
#include "internal.hpp"

namespace dt::detail {

CardId intervention_victim(const State& s, CardId striker) {
  const Combat& c = s.combat;
  if (!c.active || striker == kNoCard || !is_warrior_in_play(s, striker)) return kNoCard;
  if (striker == c.attacker || striker == c.defender) return kNoCard;
  if (!is_warrior_in_play(s, c.attacker) || !is_warrior_in_play(s, c.defender)) return kNoCard;
  const int seat = s.card(striker).controller;
  if (s.card(c.attacker).controller != seat) return c.attacker;
  if (s.card(c.defender).controller != seat) return c.defender;
  return kNoCard;  // both its player's: no one to strike
}

void strike_into_combat(State& s, CardId striker, uint8_t with, Log log) {
  const CardId victim = intervention_victim(s, striker);
  if (victim == kNoCard || !can_take_part_in_combat(s, striker)) return;
  const bool fight = with ? (with & 1) != 0 : s.combat.tactic == Tactic::Fight;
  const Stats mine = stats(s, striker), theirs = stats(s, victim);
  if ((fight ? mine.f : mine.s) < theirs.a) return;  // a miss
  if (combat_hit(s, victim, striker, log)) effect_death(s, victim, true, striker, log);  // the kill pays as a combat's
}

// --- Strikes its player chooses as a combat begins (INFANTRY SNIPER: an ability of timing COMBAT_BEGINS) ---

// The COMBAT_BEGINS ability of card c (used by its warrior `user`) that may strike into this combat now: its index,
// or -1. Its target must take in the combat's attacker (INFANTRY SNIPER: an enemy attacking another Capitol warrior).
static int begin_ability(const State& s, CardId c, CardId user) {
  const CardDef& d = s.def(c);
  const int seat = s.card(c).controller;
  if (user == kNoCard || intervention_victim(s, user) != s.combat.attacker || !can_take_part_in_combat(s, user))
    return -1;
  for (size_t i = 0; i < d.abilities.size(); ++i) {
    const Ability& ab = d.abilities[i];
    if (ab.timing != Timing::CombatBegins) continue;
    if (ab.user && !filter_matches(s, *ab.user, user, seat)) continue;
    if (ab.target != TargetKind::None) {
      bool found = false;
      for (const Target& t : targets(s, seat, ab.target, ab.filter, c)) found = found || t.card == s.combat.attacker;
      if (!found) continue;
    }
    return int(i);
  }
  return -1;
}

static CardId user_of(const State& s, CardId c) {
  return s.def(c).type == CardType::Warrior && s.card(c).attached_to == kNoCard ? c : bearer_of(s, c);
}

// The cards of `seat` whose warriors may strike into this combat as it begins.
static std::vector<CardId> strikers_of(const State& s, int seat) {
  std::vector<CardId> out;
  for (CardId w : s.seats[size_t(seat)].in_play) {
    if (!is_warrior_in_play(s, w) || s.card(w).hidden) continue;
    if (begin_ability(s, w, w) >= 0) out.push_back(w);
    for (CardId x : attachments_of(s, w))
      if (begin_ability(s, x, w) >= 0) out.push_back(x);
  }
  return out;
}

void queue_interventions(State& s) {
  if (!(s.families & famIntervene) || !s.combat.active) return;
  const CardId a = s.combat.attacker, d = s.combat.defender;
  bool any = false;
  for (uint8_t p : seats_from(s, s.combat.attacking_seat)) {
    std::vector<CardId> cards = strikers_of(s, p);
    if (cards.empty()) continue;
    const int n = int(cards.size());
    ask_pick(s, d, a, p, p, std::move(cards), n);
    s.choices.back().fetch = kInterveneQuestion;
    any = true;
  }
  if (!any) return;
  // Those that will strike gather here; the first defender's player orders them when there are several.
  const int dseat = s.card(d).controller;
  ask_pick(s, d, a, dseat, dseat, {}, -1);
  s.choices.back().fetch = kInterveneOrder;
}

bool is_intervene_choice(const State&, const PendingChoice& ch) {
  return ch.fetch == kInterveneQuestion || ch.fetch == kInterveneOrder;
}

void intervene_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left != 0 && s.combat.active && s.combat.attacker == ch.target)
    for (CardId c : ch.candidates)
      if (begin_ability(s, c, user_of(s, c)) >= 0) out.push_back({OptKind::Choose, c});
  if (ch.fetch == kInterveneQuestion || out.empty()) out.push_back(choose_done());  // the order: none left to strike
}

static void strike_now(State& s, CardId c, Log log) {
  const CardId user = user_of(s, c);
  const int i = begin_ability(s, c, user);
  if (i < 0) return;
  const Ability& ab = s.def(c).abilities[size_t(i)];
  const int seat = s.card(c).controller;
  emit(log, {EventKind::Use, int8_t(seat), c, s.combat.attacker});
  run_effects(s, seat, c, user, {s.combat.attacker, -1, -1, user}, 1, ab.effects, log, nullptr);
}

void apply_intervene(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, o.a, -1});
  if (ch.fetch == kInterveneOrder) {  // the next to strike
    if (o.a == kNoCard) {
      ch.picks_left = 0;
      return;
    }
    std::erase(ch.candidates, o.a);
    strike_now(s, o.a, log);
    if (ch.candidates.empty() || !s.combat.active) ch.picks_left = 0;
    return;
  }
  // A player names one of its warriors that strikes, or is done.
  PendingChoice* order = nullptr;
  for (PendingChoice& x : s.choices)
    if (x.fetch == kInterveneOrder && x.target == ch.target) order = &x;
  if (o.a != kNoCard) {
    std::erase(ch.candidates, o.a);
    if (order) order->candidates.push_back(o.a);
    if (ch.picks_left > 0) --ch.picks_left;
    if (!ch.candidates.empty() && ch.picks_left != 0) return;
  }
  ch.picks_left = 0;
  // The last player answered: one warrior alone strikes at once; none: nothing to order.
  const bool last = std::none_of(s.choices.begin() + 1, s.choices.end(),
                                 [](const PendingChoice& x) { return x.fetch == kInterveneQuestion; });
  if (!last || !order || order->candidates.size() > 1) return;
  if (order->candidates.size() == 1) strike_now(s, order->candidates.front(), log);
  order->candidates.clear();
  order->picks_left = 0;
}

}  // namespace dt::detail
