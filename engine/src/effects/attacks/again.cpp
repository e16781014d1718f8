// Attacks made again straight after a combat: PURSUIT (the attacker on the same
// defender), BITE THE DUST (your warrior on the one it just wounded). The combat
// just over is known from markers set as it ended (kJustFought, kJustWounded),
// dropped when its response window closes.
#include "effects/attacks/again.hpp"

#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

namespace {
struct Pair {
  CardId a = kNoCard, d = kNoCard;
  Tactic t = Tactic::Fight;
};
}  // namespace

static Pair pair_for(const State& s, int seat, const Effect& e) {
  Pair fought;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kJustFought) fought = {m.source, m.target, m.count ? Tactic::Shoot : Tactic::Fight};
  if (fought.a == kNoCard) return {};
  Pair p = fought;
  if (e.again == Effect::Again::WoundedOne) {  // your warrior, on the one it wounded
    p = {};
    for (const LastingMod& m : s.lasting)
      if (m.lock == kJustWounded && is_warrior_in_play(s, m.source) && s.card(m.source).controller == seat)
        p = {m.source, m.target, fought.t};
  } else if (e.again != Effect::Again::SameDefender) {
    return {};
  }
  if (e.tactics) p.t = (e.tactics & 1) ? Tactic::Fight : Tactic::Shoot;
  if (p.a == kNoCard || !is_warrior_in_play(s, p.a) || !is_warrior_in_play(s, p.d)) return {};
  // The new attack is the attacker's player's, in its own turn.
  if (s.card(p.a).controller != s.current) return {};
  return p;
}

CardId fought_opponent(const State& s, CardId user, Tactic* tactic) {
  if (user == kNoCard) return kNoCard;
  for (const LastingMod& m : s.lasting) {
    if (m.lock != kJustFought || (m.source != user && m.target != user)) continue;
    const CardId opp = m.source == user ? m.target : m.source;
    if (!is_warrior_in_play(s, user) || !is_warrior_in_play(s, opp)) return kNoCard;
    if (tactic) *tactic = m.count ? Tactic::Shoot : Tactic::Fight;
    return opp;
  }
  return kNoCard;
}

bool game_attacks_again(const State& s) {
  for (const CardInst& c : s.cards)
    if (s.db->attacks_again(c.def)) return true;
  return false;
}

bool attack_again_possible(const State& s, int seat, const Effect& e) {
  const Pair p = pair_for(s, seat, e);
  return p.a != kNoCard && has_rating(s, p.a, p.t) && defender_may_fight(s, p.d, p.t) && attack_allowed(s, p.a, p.d, p.t);
}

void attack_again(State& s, int seat, const Effect& e) {
  const Pair p = pair_for(s, seat, e);
  if (p.a == kNoCard) return;
  s.lasting.push_back({p.a, p.d, {}, uint8_t(s.card(p.a).controller), kNoCard, 0,
                       uint8_t(p.t == Tactic::Shoot ? kSecondAttackShoot : kSecondAttackFight)});
}

}  // namespace dt::detail
