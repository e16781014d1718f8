// An attack action declared before its warriors are named: see declared_attack.hpp.
#include "dt/designations.hpp"
#include "actions/declared_attack.hpp"

#include <algorithm>

#include "effects/attacks/orders.hpp"
#include "effects/attacks/plans.hpp"
#include "internal.hpp"
#include "../markers.hpp"

namespace dt::detail {


static bool has_marker(const State& s, uint8_t kind) {
  return std::any_of(s.lasting.begin(), s.lasting.end(),
                     [&](const LastingMod& m) { return m.lock == kind && m.source == kNoCard; });
}
static void drop_marker(State& s, uint8_t kind) {
  std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kind && m.source == kNoCard; });
}
static void push_marker(State& s, uint8_t kind) {
  LastingMod m{kNoCard, kNoCard, {}, kNoTurnEnds};
  m.lock = kind;
  s.lasting.push_back(m);
}

bool attack_declared(const State& s) { return has_marker(s, kAttackDeclared); }
bool attack_naming(const State& s) { return has_marker(s, kAttackNaming); }

static bool window_card(const CardDef& d) {
  return d.has_designation(kInDeclaredAttack) || d.has_designation(kInOpponentsDeclaredAttack);
}

bool declared_attack_gate(const State& s, int seat, const CardDef& d) {
  if (!window_card(d)) return true;
  if (s.phase != Phase::Window || !attack_declared(s)) return false;
  return !d.has_designation(kInOpponentsDeclaredAttack) || opponents(s, seat, s.current);
}

bool declared_attack_target_ok(const State& s, CardId card, CardId t) {
  if (!s.def(card).has_designation(kNamesTheAttacker)) return true;
  return t != kNoCard && is_warrior_in_play(s, t) && s.card(t).controller == s.current && can_attack_with(s, t);
}

// Could some player play or use a card of the window if it opened now? A
// quick look for such cards first (in hands, or on warriors: INVOKE PAIN),
// then the window's options on a copy of the game.
static bool window_wanted(const State& s, bool attacker_only) {
  bool any = false;
  for (const SeatState& st : s.seats)
    for (CardId c : st.hand) any = any || window_card(s.def(c));
  for (CardId c : s.attached) any = any || window_card(s.def(c));
  if (!any) return false;
  State t = s;
  push_marker(t, kAttackDeclared);
  open_response_window(t);
  for (size_t i = 0; i < t.window.order.size(); ++i) {
    if (attacker_only && t.window.order[i] != s.current) continue;
    t.window.index = uint8_t(i);
    std::vector<Option> opts;
    effect_options(t, t.window.order[i], opts);
    for (const Option& o : opts)
      if ((o.kind == OptKind::Play || o.kind == OptKind::Use) && window_card(t.def(o.a))) return true;
  }
  return false;
}

void offer_declaration(const State& s, const std::vector<CardId>& mine, std::vector<Option>& out) {
  const auto attack = [](const Option& o) { return o.kind == OptKind::Attack; };
  const auto it = std::find_if(out.begin(), out.end(), attack);
  if (it == out.end()) {
    if (!tactical_open(s, s.current, true)) return;
    if (std::none_of(mine.begin(), mine.end(), [&](CardId w) { return can_attack_with(s, w); })) return;
    if (window_wanted(s, true)) out.push_back(Option{OptKind::DeclareAttack});
    return;
  }
  if (!window_wanted(s, false)) return;
  const long at = it - out.begin();
  out.erase(std::remove_if(out.begin() + at, out.end(), attack), out.end());
  out.insert(out.begin() + at, Option{OptKind::DeclareAttack});
}

void naming_options(const State& s, std::vector<Option>& out) {
  const std::vector<CardId> mine = own_warriors(s, s.current);
  attack_options(s, mine, out);
  keep_boast(s, mine, out);
  keep_orders(s, out);  // SUGGESTION's warrior must attack, if it can
  keep_plan(s, out);    // EMPATHY
}

void apply_declare_attack(State& s, const Option&, Log) {
  push_marker(s, kAttackDeclared);
  open_response_window(s);  // the others first, then the attacker
}

void close_declared_window(State& s, Log) {
  drop_marker(s, kAttackDeclared);
  push_marker(s, kAttackNaming);
  std::vector<Option> opts;
  naming_options(s, opts);
  if (!opts.empty()) {
    s.phase = Phase::Actions;
    return;
  }
  // No attack is left to name (INVOKE PAIN): the Tactical action is spent for nothing.
  attack_named(s);
  pay_attack(s, s.current, kNoCard, 1);
  open_response_window(s);
}

void attack_named(State& s) {
  drop_marker(s, kAttackNaming);
  // SUGGESTION's order is for this attack alone.
  std::erase_if(s.lasting, [&](const LastingMod& m) {
    return m.lock == kOrderMustAttack && m.source != kNoCard && s.def(m.source).has_designation(kNamesTheAttacker);
  });
}

void discard_after_combat(State& s) {
  std::vector<CardId> gone;
  for (CardId c : s.attached)
    if (s.def(c).has_designation(desig::DiscardedAfterTheCombat)) gone.push_back(c);
  for (CardId c : gone)
    if (s.card(c).zone == Zone::InPlay) discard_from_play(s, c);
}

}  // namespace dt::detail
