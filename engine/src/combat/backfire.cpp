// BACKFIRE (gEngine "5) MODIFY COMBAT RATINGS"): a Shoot weapon its warrior uses in the combat gives its
// bonus (its add-ons' too) to that warrior's opponent instead, as a combat modifier of the card played,
// and is discarded at once. The combat is then resolved as usual.
#include "combat/backfire.hpp"

#include <algorithm>

#include "dt/handlers.hpp"
#include "internal.hpp"

namespace dt::detail {

static bool in_use(const State& s, CardId w) {
  if (w == kNoCard || s.card(w).zone != Zone::InPlay) return false;
  const CardId user = bearer_of(s, w);
  if (user == kNoCard || combat_opponent(s, user) == kNoCard) return false;
  const std::vector<CardId> used = used_weapons(s, user);
  return std::find(used.begin(), used.end(), w) != used.end();
}

bool backfire_target_ok(const State& s, const std::vector<Effect>& fx, CardId w) {
  return !has_handler(fx, HandlerId::backfire) || in_use(s, w);
}

void backfire(State& s, CardId source, CardId weapon, Log log) {
  if (!in_use(s, weapon)) return;
  const CardId user = bearer_of(s, weapon);
  const CardId opp = combat_opponent(s, user);
  StatBonus b = s.def(weapon).bonus;
  for (CardId add : attachments_of(s, weapon)) {
    const StatBonus& x = s.def(add).bonus;
    b.f = int8_t(b.f + x.f), b.s = int8_t(b.s + x.s), b.a = int8_t(b.a + x.a), b.v = int8_t(b.v + x.v);
  }
  emit(log, {EventKind::Effect, int8_t(s.card(source).owner), source, weapon, int(Op::Discard), -1});
  discard_from_play(s, weapon);  // its add-ons go with it
  s.combat.mods.push_back({source, opp, b});
}

}  // namespace dt::detail
