// Several warriors on one side of a combat (groups.hpp).
#include "dt/designations.hpp"
#include "dt/handlers.hpp"
#include "combat/groups.hpp"

#include <algorithm>

#include "effects/lasting/borrowed.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

static bool warrior_card(const State& s, CardId c) {
  return c != kNoCard && s.def(c).type == CardType::Warrior;
}

bool is_assist_marker(const State& s, const CombatMod& m) {
  return m.immune != kNoCard && m.immune == m.source && m.target != m.source && warrior_card(s, m.source) &&
         warrior_card(s, m.target);
}

static bool is_strike_marker(const State& s, const CombatMod& m) {
  return m.source != kNoCard && m.source == m.target && m.immune != kNoCard && warrior_card(s, m.source) &&
         warrior_card(s, m.immune);
}

std::vector<CardId> assistants(const State& s, CardId leader) {
  std::vector<CardId> out;
  if (!s.combat.active) return out;
  for (const CombatMod& m : s.combat.mods)
    if (m.source == leader && is_assist_marker(s, m) && is_warrior_in_play(s, m.target)) out.push_back(m.target);
  return out;
}

CardId leader_of(const State& s, CardId w) {
  if (!s.combat.active) return kNoCard;
  for (const CombatMod& m : s.combat.mods)
    if (m.target == w && is_assist_marker(s, m)) return m.source;
  return kNoCard;
}

int group_rating(const State& s, CardId leader, int leader_rating) {
  int sum = leader_rating;
  for (CardId x : assistants(s, leader)) {
    const Stats st = stats(s, x);
    sum += s.combat.tactic == Tactic::Fight ? st.f : st.s;
  }
  return sum;
}

CardId struck(const State& s, CardId leader) {
  for (const CombatMod& m : s.combat.mods)
    if (m.immune == leader && is_strike_marker(s, m) && is_warrior_in_play(s, m.source) &&
        (m.source == leader || leader_of(s, m.source) == leader))
      return m.source;
  return leader;
}

bool can_assist(const State& s, CardId leader, CardId x, bool printed, bool joins_itself) {
  const Combat& c = s.combat;
  if (!c.active || leader == kNoCard || x == kNoCard || (leader != c.attacker && leader != c.defender)) return false;
  if (x == c.attacker || x == c.defender || leader_of(s, x) != kNoCard) return false;
  if (!is_warrior_in_play(s, x) || s.card(x).hidden || s.card(x).controller != s.card(leader).controller) return false;
  if (!can_take_part_in_combat(s, x) || (keywords(s, x) & kwNoncombatant) || !has_rating(s, x, c.tactic)) return false;
  const bool attacking = leader == c.attacker;
  const CardId opp = attacking ? c.defender : c.attacker;
  if (attacking && s.card(x).cover) return false;  // a warrior in cover does not attack
  // Doomtroopers do not reinforce the Dark Legion, nor the Dark Legion Doomtroopers.
  const bool xd = is_doomtrooper(s, x), xl = is_legion(s, x);
  const bool ld = is_doomtrooper(s, leader), ll = is_legion(s, leader);
  if ((xd && !xl && ll && !ld) || (xl && !xd && ld && !ll)) return false;
  if (printed) return (affiliations(s, x) & affiliations(s, opp) & kCorporations) == 0;
  // gEngine: a legal combatant, as if it were the one attacking or attacked.
  if (attacking) return can_attack_with(s, x) && attack_allowed(s, x, opp);
  // LURKER, which no one attacks, still joins a defence of its own accord.
  return (joins_itself || !(keywords(s, x) & kwNotAttackable)) && defender_may_fight(s, x, c.tactic) &&
         attack_allowed(s, opp, x);
}

void add_assistant(State& s, CardId leader, CardId x, bool printed) {
  if (!can_assist(s, leader, x, printed)) return;
  s.combat.mods.push_back({leader, x, {}, leader});
}

void assist_whole(State& s, CardId leader, CardId x) {
  if (!can_assist(s, leader, x, false)) return;
  s.combat.mods.push_back({leader, x, {}, leader});       // its F or S added to the group's (group_rating)
  s.combat.mods.push_back({leader, leader, {}, leader});  // the other side strikes the leader (struck)
  const Stats st = stats(s, x);
  LastingMod m{x, leader, {}, uint8_t(s.current)};  // at the latest, gone as this player's next turn begins
  m.bonus.a = int8_t(st.a);
  m.bonus.v = int8_t(st.v);
  m.lock = kWholeAssist;
  s.lasting.push_back(m);
  // Its special abilities too, keywords and all, for the combat (effects/lasting/borrowed.hpp).
  borrow_text(s, x, leader, x, LentFor::Combat);
}

void whole_assists_over(State& s) {
  std::erase_if(s.lasting, [](const LastingMod& m) { return m.lock == kWholeAssist; });
  combat_lendings_over(s);
}

bool assist_target_ok(const State& s, const std::vector<Effect>& fx, CardId leader, CardId t) {
  for (const Effect& e : fx)
    if (e.op == Op::Handler &&
        (e.handler == HandlerId::assist || e.handler == HandlerId::assist_printed || e.handler == HandlerId::assist_whole))
      if (!can_assist(s, leader, t, e.handler == HandlerId::assist_printed)) return false;
  return true;
}

// LURKER: the card's own warrior joins the target combatant's side (handler join_combat).
bool join_combat_target_ok(const State& s, const std::vector<Effect>& fx, CardId source, CardId t) {
  for (const Effect& e : fx)
    if (e.op == Op::Handler && e.handler == HandlerId::join_combat && !can_assist(s, t, bearer_of(s, source), false, true))
      return false;
  return true;
}

// GANG UP!: may x join the attack `seat` is making, its attacker matching `leader` and the group under `most`?
static bool may_join_attack(const State& s, int seat, CardId x, const WarriorFilter& leader, int most) {
  const Combat& c = s.combat;
  if (!c.active || c.attacking_seat != seat || s.card(c.attacker).controller != seat) return false;
  if (!filter_matches(s, leader, c.attacker, seat)) return false;
  if (int(assistants(s, c.attacker).size()) + 1 >= most) return false;
  return can_assist(s, c.attacker, x, false);
}

bool join_attack_target_ok(const State& s, int seat, const std::vector<Effect>& fx, CardId t) {
  for (const Effect& e : fx)
    if (e.op == Op::Handler && e.handler == HandlerId::join_attack && !may_join_attack(s, seat, t, e.filter, e.amount))
      return false;
  return true;
}

void join_attack(State& s, int seat, CardId x, const WarriorFilter& leader, int most) {
  if (may_join_attack(s, seat, x, leader, most)) s.combat.mods.push_back({s.combat.attacker, x, {}, s.combat.attacker});
}

void join_combat(State& s, CardId source, CardId leader) {
  const CardId x = bearer_of(s, source);
  if (can_assist(s, leader, x, false, true)) s.combat.mods.push_back({leader, x, {}, leader});
}

void queue_namesakes_join(State& s) {
  const CardId a = s.combat.attacker;
  if (!s.combat.active || !has_designation(s, a, desig::ItsNamesakesJoinItsAttacks)) return;
  const int seat = s.card(a).controller;
  std::vector<CardId> namesakes;
  for (CardId w : s.seats[seat].in_play)
    if (w != a && is_warrior_in_play(s, w) && s.def(w).name == s.def(a).name && s.card(w).area == s.card(a).area &&
        can_assist(s, a, w, false))
      namesakes.push_back(w);
  if (!namesakes.empty()) ask_pick(s, a, kNoCard, seat, seat, std::move(namesakes), -1);
}

bool queue_strike_picks(State& s) {
  bool any = false;
  for (CardId leader : {s.combat.attacker, s.combat.defender}) {
    std::vector<CardId> group = assistants(s, leader);
    if (group.empty()) continue;
    if (std::any_of(s.combat.mods.begin(), s.combat.mods.end(),
                    [&](const CombatMod& m) { return m.immune == leader && is_strike_marker(s, m); }))
      continue;
    group.insert(group.begin(), leader);
    const int striker = s.card(leader == s.combat.attacker ? s.combat.defender : s.combat.attacker).controller;
    ask_pick(s, leader, leader, striker, striker, std::move(group));
    any = true;
  }
  return any;
}

bool group_choice(const State& s, const PendingChoice& ch) {
  // A warrior's own choice as it enters play (BRASS APOCALYPT) is its card's Choice, not a group's.
  return warrior_card(s, ch.source) && (ch.target == kNoCard || ch.target == ch.source) && !s.def(ch.source).enter_choice;
}

void group_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left == 0) return;
  const bool join = ch.target == kNoCard;
  for (CardId x : ch.candidates) {
    const bool ok = join ? can_assist(s, ch.source, x, false)
                         : is_warrior_in_play(s, x) && (x == ch.source || leader_of(s, x) == ch.source);
    if (ok) out.push_back({OptKind::Choose, x});
  }
  if (join || out.empty()) out.push_back(choose_done());  // joining is optional, each Lion for itself
}

void apply_group_choice(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, o.a, -1});
  if (o.a == kNoCard) {
    ch.picks_left = 0;
    return;
  }
  std::erase(ch.candidates, o.a);
  if (ch.target == kNoCard) {
    add_assistant(s, ch.source, o.a, false);
    return;
  }
  ch.picks_left = 0;
  s.combat.mods.push_back({o.a, o.a, {}, ch.source});
}

}  // namespace dt::detail
