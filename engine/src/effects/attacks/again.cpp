// Attacks made again straight after a combat: PURSUIT (the attacker on the same
// defender), BITE THE DUST (your warrior on the one it just wounded), TUSKED
// SERETT (the same two warriors fight again), SHELTER OF THE CROWD (the
// attacker makes a new Tactical action, on anyone but the same defender). The
// combat just over is known from markers set as it ended (kJustFought,
// kJustWounded), dropped when its response window closes.
#include "effects/attacks/again.hpp"

#include <algorithm>

#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

namespace {
struct Pair {
  CardId a = kNoCard, d = kNoCard;
  Tactic t = Tactic::Fight;
};

const LastingMod* just_fought(const State& s) {
  for (const LastingMod& m : s.lasting)
    if (m.lock == kJustFought) return &m;
  return nullptr;
}
}  // namespace

static Pair pair_for(const State& s, int seat, const Effect& e, CardId source) {
  const LastingMod* m = just_fought(s);
  if (!m) return {};
  // A card makes one attack again after a combat, not another after the combat it made (TUSKED SERETT).
  if (source != kNoCard && m->other == source) return {};
  const Pair fought{m->source, m->target, m->count ? Tactic::Shoot : Tactic::Fight};
  Pair p = fought;
  if (e.again == Effect::Again::WoundedOne) {  // your warrior, on the one it wounded
    p = {};
    for (const LastingMod& w : s.lasting)
      if (w.lock == kJustWounded && is_warrior_in_play(s, w.source) && s.card(w.source).controller == seat)
        p = {w.source, w.target, fought.t};
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

// The tactics `a` may attack `d` in now, one bit each (1 Fight, 2 Shoot), as a second attack is judged
// when it starts (actions/attack.cpp start_second_attack) and as announce.cpp judges any attack.
int attack_tactics(const State& s, CardId a, CardId d) {
  if (d == kNoCard || d == a || !is_warrior_in_play(s, d) || !can_take_part_in_combat(s, d)) return 0;
  int out = 0;
  for (Tactic t : {Tactic::Fight, Tactic::Shoot}) {
    if (!has_rating(s, a, t) || !tactic_allowed(s, t, a, d) || !defender_may_fight(s, d, t)) continue;
    if (t == Tactic::Fight && (flies_or_dives(s, a) || (keywords(s, a) & kwNoFightAttack))) continue;
    if (attack_allowed(s, a, d, t)) out |= t == Tactic::Fight ? 1 : 2;
  }
  return out;
}

// SHELTER OF THE CROWD: may the attacker of the combat just over (or still under way, which the card's
// END_COMBAT is about to end) make its new Tactical action? Only in its player's turn.
static CardId anew_attacker(const State& s) {
  CardId a = kNoCard;
  if (s.combat.active) a = s.combat.attacker;
  else if (const LastingMod* m = just_fought(s)) a = m->source;
  if (a == kNoCard || !is_warrior_in_play(s, a) || s.card(a).controller != s.current) return kNoCard;
  return a;
}

bool attack_again_possible(const State& s, int seat, const Effect& e, CardId source) {
  if (e.again == Effect::Again::AnotherDefender) return anew_attacker(s) != kNoCard;
  // Its attack again already waits (TUSKED SERETT, used once in the window).
  if (source != kNoCard && std::any_of(s.lasting.begin(), s.lasting.end(), [&](const LastingMod& m) {
        return m.lock == kMadeAgain && m.source == source;
      }))
    return false;
  const Pair p = pair_for(s, seat, e, source);
  return p.a != kNoCard && has_rating(s, p.a, p.t) && defender_may_fight(s, p.d, p.t) && attack_allowed(s, p.a, p.d, p.t);
}

// The second attack waits for the window to close (start_second_attack); the card that made it is
// remembered until that combat is over.
static void queue_attack(State& s, CardId source, CardId a, CardId d, Tactic t) {
  s.lasting.push_back({a, d, {}, uint8_t(s.card(a).controller), kNoCard, 0,
                       uint8_t(t == Tactic::Shoot ? kSecondAttackShoot : kSecondAttackFight)});
  if (source == kNoCard) return;
  LastingMod m{source, a, {}, uint8_t(s.card(a).controller)};
  m.lock = kMadeAgain;
  m.other = d;
  s.lasting.push_back(m);
}

// The new Tactical action's candidates: the warriors its attacker may attack but the defender it had, and
// (where the rules make a sabotage a Tactical action) the players it may sabotage.
static void ask_anew(State& s, int seat, CardId source, Log) {
  const CardId a = anew_attacker(s);
  const LastingMod* m = just_fought(s);
  if (a == kNoCard || !m || m->source != a || !can_attack_with(s, a)) return;
  const CardId old = m->target;
  std::vector<CardId> warriors;
  decltype(PendingChoice::seats) players;
  for (int p = 0; p < s.num_seats(); ++p) {
    if (p == s.card(a).controller) continue;
    for (CardId w : s.seats[size_t(p)].in_play)
      if (w != old && attack_tactics(s, a, w)) warriors.push_back(w);
    if (tactical_sabotage_possible(s, a, p)) players.push_back(int8_t(p));
  }
  if (warriors.empty() && players.empty()) return;
  ask_pick(s, source, a, seat, s.card(a).controller, std::move(warriors), 1);
  s.choices.back().seats = std::move(players);
}

void attack_again(State& s, int seat, const Effect& e, CardId source, Log log) {
  if (e.again == Effect::Again::AnotherDefender) return ask_anew(s, seat, source, log);
  const Pair p = pair_for(s, seat, e, source);
  if (p.a == kNoCard) return;
  queue_attack(s, source, p.a, p.d, p.t);
}

CardId again_combat_over(State& s, CardId a, CardId d) {
  CardId made_by = kNoCard;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kMadeAgain && m.target == a && m.other == d) made_by = m.source;
  again_not_made(s);
  return made_by;
}

void again_not_made(State& s) {
  std::erase_if(s.lasting, [](const LastingMod& m) { return m.lock == kMadeAgain; });
}

// --- The new Tactical action's question (SHELTER OF THE CROWD) ---
// First `choose c12` (a warrior to attack), `choose s1` (a player to sabotage) or `choose done`; then, when
// both tactics would do, `choose a0` (Fight) or `choose a1` (Shoot). PendingChoice::user holds the warrior
// picked between the two steps.

static bool anew_effect(const std::vector<Effect>& fx) {
  return std::any_of(fx.begin(), fx.end(),
                     [](const Effect& e) { return e.op == Op::AttackAgain && e.again == Effect::Again::AnotherDefender; });
}

bool is_anew_choice(const State& s, const PendingChoice& ch) {
  const CardDef& d = s.def(ch.source);
  if (d.play && anew_effect(d.play->effects)) return true;
  return std::any_of(d.abilities.begin(), d.abilities.end(), [](const Ability& ab) { return anew_effect(ab.effects); });
}

void anew_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  const CardId a = ch.target;
  if (ch.picks_left != 0 && is_warrior_in_play(s, a)) {
    if (ch.user != kNoCard) {  // the tactic
      const int tactics = attack_tactics(s, a, ch.user);
      for (int i : {0, 1})
        if (tactics & (1 << i)) out.push_back(choose_answer(i));
    } else {
      for (CardId w : ch.candidates)
        if (attack_tactics(s, a, w)) out.push_back({OptKind::Choose, w});
      for (int8_t p : ch.seats)
        if (tactical_sabotage_possible(s, a, p)) {
          Option o{OptKind::Choose};
          o.seat = p;
          out.push_back(o);
        }
    }
  }
  out.push_back(choose_done());  // "may": the attacker may let it go
}

void apply_anew(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, o.a,
             o.a != kNoCard ? -1 : o.seat >= 0 ? kPickedSeat + o.seat : o.p});
  const CardId a = ch.target;
  if (o.a == kNoCard && o.seat < 0 && o.p < 0) {  // done
    ch.picks_left = 0;
    return;
  }
  if (o.seat >= 0) {  // a sabotage, at once
    ch.picks_left = 0;
    tactical_sabotage(s, a, o.seat, log);
    return;
  }
  CardId d = ch.user;
  Tactic t = o.p == 1 ? Tactic::Shoot : Tactic::Fight;
  if (o.a != kNoCard) {
    d = o.a;
    const int tactics = attack_tactics(s, a, d);
    if (tactics == 3) {  // both: the tactic is asked next
      ch.user = d;
      return;
    }
    t = tactics == 2 ? Tactic::Shoot : Tactic::Fight;
  }
  ch.picks_left = 0;
  if (attack_tactics(s, a, d) & (t == Tactic::Fight ? 1 : 2)) queue_attack(s, ch.source, a, d, t);
}

}  // namespace dt::detail
