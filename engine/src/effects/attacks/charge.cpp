// Attacks that follow a kill at once (gEngine HMG MK. XIXB "CHARGER"). The
// victim's combat area is read as its kill trigger fires, before it leaves
// play; the warriors of that area its killer may attack are the candidates.
// The attack named is a Shoot attack (the weapon's own kind, so that a kill in
// it can carry the chain on), costs no action, and starts when the combat's
// response window closes, if its warrior can still make it.
#include "effects/attacks/charge.hpp"
#include "dt/handlers.hpp"

#include <algorithm>

#include "markers.hpp"
#include "internal.hpp"

namespace dt::detail {

static bool attacks_on(const CardDef& d) {
  return std::any_of(d.triggers.begin(), d.triggers.end(),
                     [](const Trigger& t) { return has_handler(t.effects, HandlerId::attack_on_after_kill); });
}

static bool may_attack(const State& s, CardId killer, CardId t) {
  return is_warrior_in_play(s, t) && !s.card(t).hidden && attack_allowed(s, killer, t) &&
         defender_may_fight(s, t, Tactic::Shoot);
}

void ask_attack_on(State& s, int seat, CardId weapon, CardId victim) {
  const CardId killer = bearer_of(s, weapon);
  if (killer == kNoCard || victim == kNoCard || !is_warrior_in_play(s, victim) || seat != s.current ||
      s.card(killer).controller != seat)
    return;
  const CardInst& v = s.card(victim);
  std::vector<CardId> ws;
  for (CardId w : s.seats[v.controller].in_play)
    if (w != victim && w != killer && s.card(w).area == v.area && may_attack(s, killer, w)) ws.push_back(w);
  if (!ws.empty()) ask_pick(s, weapon, killer, seat, seat, std::move(ws));
}

bool is_attack_on_choice(const State& s, const PendingChoice& ch) { return attacks_on(s.def(ch.source)); }

void attack_on_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left != 0 && is_warrior_in_play(s, ch.target))
    for (CardId c : ch.candidates)
      if (may_attack(s, ch.target, c)) out.push_back({OptKind::Choose, c});
  out.push_back(choose_done());  // "may": the chain can stop here
}

void apply_attack_on(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, o.a, o.a != kNoCard ? -1 : o.p});
  ch.picks_left = 0;
  if (o.a == kNoCard || !is_warrior_in_play(s, ch.target)) return;
  s.lasting.push_back({ch.target, o.a, {}, uint8_t(ch.seat), kNoCard, 0, kSecondAttackShoot});
}

}  // namespace dt::detail
