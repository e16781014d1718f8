// Every warrior of some kind attacking, one after another: see mass.hpp. The attacks named wait as
// second attacks do (markers kSecondAttackFight / kSecondAttackShoot of the player, in the order named), so
// the question reads the defenders already named from them.
#include "effects/attacks/mass.hpp"

#include <algorithm>

#include "effects/attacks/again.hpp"
#include "effects/card_effect.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

namespace {
// The card's MASS_ATTACK (the loader gives every one its `mass`).
const MassAttackSpec* mass_of(const CardDef& d) {
  const Effect* e = card_effect(d, Op::MassAttack);
  return e ? e->mass.get() : nullptr;
}

bool queued(const LastingMod& m, int seat) {
  return (m.lock == kSecondAttackFight || m.lock == kSecondAttackShoot) && m.seat == seat;
}

// The attack named last, waiting for its tactic.
LastingMod* last_named(State& s, int seat) {
  for (auto it = s.lasting.rbegin(); it != s.lasting.rend(); ++it)
    if (queued(*it, seat)) return &*it;
  return nullptr;
}

// The tactics `a` may attack `d` in (bit 0 Fight, 1 Shoot): an attacker out of cover that can fight.
int tactics(const State& s, CardId a, CardId d) {
  if (!is_warrior_in_play(s, a) || s.card(a).cover || !can_take_part_in_combat(s, a)) return 0;
  return attack_tactics(s, a, d);
}

bool defender_ok(const State& s, const PendingChoice& ch, const MassAttackSpec& m, CardId d) {
  if (!is_warrior_in_play(s, d) || s.card(d).hidden) return false;  // a face-down warrior is no known defender
  if (m.defenders ? !filter_matches(s, *m.defenders, d, ch.by) : d != ch.target) return false;
  if (m.separate)
    for (const LastingMod& x : s.lasting)
      if (queued(x, ch.by) && x.target == d) return false;
  return true;
}

// The defenders `a` could be named against now.
template <class F>
void each_defender(const State& s, const PendingChoice& ch, const MassAttackSpec& m, CardId a, F f) {
  for (const SeatState& st : s.seats)
    for (CardId d : st.in_play)
      if (d != a && defender_ok(s, ch, m, d) && tactics(s, a, d)) f(d);
}

bool may_attack(const State& s, const PendingChoice& ch, const MassAttackSpec& m, CardId a) {
  bool any = false;
  each_defender(s, ch, m, a, [&](CardId) { any = true; });
  return any;
}
}  // namespace

void ask_mass_attack(State& s, int seat, CardId source, CardId target, const Effect& e) {
  if (!e.mass) return;
  std::vector<CardId> attackers;
  for (CardId w : s.seats[size_t(seat)].in_play)
    if (is_warrior_in_play(s, w) && filter_matches(s, e.mass->attackers, w, seat)) attackers.push_back(w);
  if (attackers.empty()) return;
  ask_pick(s, source, target, seat, seat, std::move(attackers), -1);
  s.choices.back().fetch = kMassQuestion;
}

bool is_mass_choice(const State&, const PendingChoice& ch) {
  return ch.fetch == kMassQuestion || ch.fetch == kMassTactic;
}

void mass_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  const MassAttackSpec* m = mass_of(s.def(ch.source));
  if (!m || ch.picks_left == 0) return out.push_back(choose_done());
  if (ch.fetch == kMassTactic) {  // the attack just named: Fight (a0) or Shoot (a1)
    for (auto it = s.lasting.rbegin(); it != s.lasting.rend(); ++it)
      if (queued(*it, ch.by)) {
        const int t = tactics(s, it->source, it->target);
        for (int i : {0, 1})
          if (t & (1 << i)) out.push_back(choose_answer(i));
        break;
      }
    if (out.empty()) out.push_back(choose_done());
    return;
  }
  const size_t first = out.size();
  if (ch.user != kNoCard) {  // its defender
    each_defender(s, ch, *m, ch.user, [&](CardId d) { out.push_back({OptKind::Choose, d}); });
  } else {  // an attacker that can still attack
    for (CardId a : ch.candidates)
      if (may_attack(s, ch, *m, a)) out.push_back({OptKind::Choose, a});
    if (m->optional) out.push_back(choose_done());
  }
  if (out.size() == first) out.push_back(choose_done());
}

void apply_mass(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, o.a, o.a != kNoCard ? -1 : o.p});
  if (ch.fetch == kMassTactic) {
    LastingMod* m = last_named(s, ch.by);
    if (m && o.p == 1) m->lock = kSecondAttackShoot;
    if (m && o.p < 0) std::erase_if(s.lasting, [&](const LastingMod& x) { return &x == m; });  // no tactic left
    ch.fetch = kMassQuestion;
    return;
  }
  if (o.a == kNoCard) {  // done: no more attacks named
    ch.picks_left = 0;
    ch.user = kNoCard;
    return;
  }
  if (ch.user == kNoCard) {  // the attacker
    ch.user = o.a;
    std::erase(ch.candidates, o.a);
    return;
  }
  const CardId a = ch.user, d = o.a;
  ch.user = kNoCard;
  const int t = tactics(s, a, d);
  s.lasting.push_back({a, d, {}, uint8_t(ch.by), kNoCard, 0, uint8_t(t == 2 ? kSecondAttackShoot : kSecondAttackFight)});
  if (t == 3) ch.fetch = kMassTactic;  // both would do: its player names the tactic
}

}  // namespace dt::detail
