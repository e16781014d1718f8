// Several attacks as one Attack action: see several_attacks.hpp.
#include "actions/several_attacks.hpp"

#include <algorithm>
#include <optional>

#include "effects/modifiers/text_off.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

SeveralAttacks several_attacks_of(const State& s, CardId w) {
  SeveralAttacks out;
  auto take = [&](const CardDef& d) {
    if (d.several_attacks > out.count)
      out = {d.several_attacks, d.combined_attack_bonus, d.attacks_different_defenders, d.attacks_carry_mods,
             d.several_attacks_tactic};
  };
  if (s.def(w).several_attacks && !own_acts_off(text_off_now(s, w))) take(s.def(w));
  const AttachRange as = shared_attachments(s, w);  // DOUBLE DUTY: its twin's cards too
  std::optional<AttachmentGate> gate;  // worked out only for a card that has them: the costly part
  for (CardId c : as) {
    if (!s.def(c).several_attacks || s.def(c).several_attacks <= out.count) continue;
    if (!gate) gate = gate_of(s, as);
    if (gate->allows(s, c)) take(s.def(c));
  }
  return out;
}

namespace {
// The record of what is left of w's action (no target), or nullptr: none under way.
LastingMod* left_of(State& s, CardId w) {
  for (LastingMod& m : s.lasting)
    if (m.lock == kAttacksLeft && m.source == w && m.target == kNoCard) return &m;
  return nullptr;
}
const LastingMod* left_of(const State& s, CardId w) { return left_of(const_cast<State&>(s), w); }

bool attacked_in_action(const State& s, CardId w, CardId d) {
  return std::any_of(s.lasting.begin(), s.lasting.end(),
                     [&](const LastingMod& m) { return m.lock == kAttacksLeft && m.source == w && m.target == d; });
}

void drop_records(State& s, CardId w) {
  std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kAttacksLeft && m.source == w; });
}

// The warrior whose next attack is being asked for (the choice in front), else kNoCard.
CardId asking(const State& s) {
  if (s.phase != Phase::Choice || s.choices.empty() || s.choices.front().fetch != kFetchNextAttack) return kNoCard;
  return s.choices.front().source;
}

// The attacks w may make next in its action: its plain attacks and their combined forms, as attack_options offers
// them at the start of an action (the Tactical action spent by the first one does not count against them).
void next_attacks(const State& s, CardId w, std::vector<Option>& out) {
  State t = s;
  t.phase = Phase::Actions;
  t.tactical_used = false;
  t.actions_left = std::max<int>(t.actions_left, 1);
  t.choices.clear();
  const std::vector<CardId> mine{w};
  std::vector<Option> all;
  attack_options(t, mine, all);
  const SeveralAttacks m = several_attacks_of(s, w);
  const LastingMod* r = left_of(s, w);
  const int left = r ? r->count : 0;
  for (const Option& o : all) {
    if (o.kind != OptKind::Attack || o.a != w || o.b == kNoCard) continue;
    if (o.p != 0 && o.p != kCombinedAttack) continue;  // no second attack named with it, no aimed one
    if (o.p == kCombinedAttack && o.n > left) continue;  // no more combined than are left
    if (m.different && attacked_in_action(s, w, o.b)) continue;
    if (m.tactic >= 0 && int8_t(o.tactic) != m.tactic) continue;
    out.push_back(o);
  }
}
}  // namespace

void combined_attack_options(const State& s, CardId a, size_t first, std::vector<Option>& out) {
  const SeveralAttacks m = several_attacks_of(s, a);
  if (m.count <= 2 || m.bonus <= 0) return;
  const int left = m.count;  // the next attacks of an action offer no more than are left (next_attacks)
  const size_t end = out.size();
  for (size_t i = first; i < end; ++i) {
    if (out[i].kind != OptKind::Attack || out[i].p != 0 || out[i].b == kNoCard || out[i].a != a) continue;
    if (m.tactic >= 0 && int8_t(out[i].tactic) != m.tactic) continue;
    for (int k = 2; k <= left; ++k) {
      Option o = out[i];
      o.p = kCombinedAttack;
      o.n = int16_t(k);
      out.push_back(o);
    }
  }
}

bool next_attack_taken(State& s, const Option& o) {
  if (asking(s) != o.a) return false;
  s.choices.erase(s.choices.begin());  // answered: the combat (or its void window) takes the game on
  return true;
}

void several_attacks_begun(State& s, const Option& o, bool asked) {
  const SeveralAttacks m = several_attacks_of(s, o.a);
  if (m.count <= 2) return;
  const int used = o.p == kCombinedAttack ? int(o.n) : 1;
  if (!asked) drop_records(s, o.a);  // a new action: nothing is left of an old one
  LastingMod* r = left_of(s, o.a);
  if (!r) {
    LastingMod x{o.a, kNoCard, {}, uint8_t(s.current)};
    x.lock = kAttacksLeft;
    x.count = int16_t(m.count);
    s.lasting.push_back(x);
    r = &s.lasting.back();
  }
  r->count = int16_t(std::max(0, int(r->count) - used));
  r->given = int16_t(used);  // the attacks combined in the combat under way (combined_bonus_again)
  if (m.different) {
    LastingMod x{o.a, o.b, {}, uint8_t(s.current)};
    x.lock = kAttacksLeft;
    s.lasting.push_back(x);
  }
  // Combined: F and S higher by the bonus for each attack beyond the first, in this combat.
  if (o.p == kCombinedAttack && m.bonus && s.combat.active && s.combat.attacker == o.a) {
    const int8_t b = int8_t(m.bonus * (used - 1));
    StatBonus sb;
    sb.f = b;
    sb.s = b;
    s.combat.mods.push_back({o.a, o.a, sb});
  }
}

void combined_bonus_again(State& s, CardId a) {
  const SeveralAttacks m = several_attacks_of(s, a);
  const LastingMod* r = left_of(s, a);
  if (!r || r->given <= 1 || m.bonus <= 0 || !s.combat.active || s.combat.attacker != a) return;
  StatBonus sb;
  sb.f = sb.s = int8_t(m.bonus * (r->given - 1));
  s.combat.mods.push_back({a, a, sb});
}

bool ask_next_attack(State& s) {
  CardId w = kNoCard;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kAttacksLeft && m.target == kNoCard && m.seat == s.current) w = m.source;
  if (w == kNoCard) return false;
  const LastingMod* r = left_of(s, w);
  std::vector<Option> next;
  if (r->count > 0 && is_warrior_in_play(s, w) && s.card(w).controller == s.current) next_attacks(s, w, next);
  if (next.empty()) {  // none left, or none it could make: the action is over
    drop_records(s, w);
    return false;
  }
  PendingChoice ch;
  ch.source = w;
  ch.by = uint8_t(s.current);
  ch.seat = uint8_t(s.current);
  ch.picks_left = 1;
  ch.fetch = kFetchNextAttack;
  ch.resume = Phase::Actions;
  s.choices.insert(s.choices.begin(), std::move(ch));
  s.phase = Phase::Choice;
  return true;
}

void several_attacks_over(State& s) {
  std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kAttacksLeft && m.seat == s.current; });
}

bool is_next_attack_choice(const State&, const PendingChoice& ch) { return ch.fetch == kFetchNextAttack; }

void next_attack_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  next_attacks(s, ch.source, out);
  out.push_back(choose_done());  // no more attacks: the action is over
}

void apply_next_attack(State& s, const Option&, Log log) {
  const PendingChoice ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, kNoCard, -1});
  s.choices.erase(s.choices.begin());
  drop_records(s, ch.source);
  after_action(s);
}

}  // namespace dt::detail
