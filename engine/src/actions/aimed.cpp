// Aimed attacks (docs/effects.md "Aimed attacks"; actions/aimed.hpp): actions
// spent on one attack, beyond the Tactical action, buy what the aimed card's
// modifiers give. Only games holding such a card (famAimed) ask for them.
#include "actions/aimed.hpp"

#include "internal.hpp"

namespace dt::detail {

// The most actions an aimed attack of card c may take for tactic t (0: none of its modifiers fits).
static int aim_range(const State& s, CardId c, Tactic t, int& least) {
  int most = 0;
  least = 0;
  for (const StaticMod& m : s.def(c).mods) {
    if (!m.aimed_actions) continue;
    if (m.tactics && !(m.tactics & (t == Tactic::Fight ? 1 : 2))) continue;
    if (!least || m.aimed_actions < least) least = m.aimed_actions;
    most = std::max(most, m.per_extra_action ? int(s.actions_left) : int(m.aimed_actions));
  }
  return most;
}

void aimed_attack_options(const State& s, CardId a, size_t first, std::vector<Option>& out) {
  if (!(s.families & famAimed) || s.actions_left < 2) return;
  // The cards that may be aimed: the warrior, what it carries, and what sits on its weapons (LASER SIGHT).
  std::vector<CardId> cards;
  auto consider = [&](CardId c) {
    for (const StaticMod& m : s.def(c).mods)
      if (m.aimed_actions) {
        cards.push_back(c);
        return;
      }
  };
  consider(a);
  const AttachRange as = attachments_of(s, a);
  std::optional<AttachmentGate> gate;
  for (CardId e : as) {
    if (!gate) gate = gate_of(s, as);
    if (!gate->allows(s, e)) continue;
    consider(e);
    if (is_weapon_card(s.def(e)))
      for (CardId add : attachments_of(s, e)) consider(add);
  }
  if (cards.empty()) return;
  const size_t end = out.size();
  for (size_t i = first; i < end; ++i) {
    if (out[i].p != 0) continue;  // plain attacks only: not doubled, not a pair
    for (CardId c : cards) {
      int least = 0;
      const int most = std::min(aim_range(s, c, out[i].tactic, least), int(s.actions_left));
      for (int n = std::max(least, 2); n <= most; ++n) {
        Option o = out[i];
        o.p = kAimedAttack;
        o.c = c;
        o.n = int16_t(n);
        out.push_back(o);
      }
    }
  }
}

bool aimed_holds(const State& s, const StaticMod& m, CardId w, CardId source) {
  return s.combat.active && s.combat.attacker == w && s.combat.aimed == source && s.combat.aimed_actions >= m.aimed_actions &&
         (!m.tactics || (m.tactics & (s.combat.tactic == Tactic::Fight ? 1 : 2)));
}

int aimed_times(const State& s, const StaticMod& m) {
  return m.per_extra_action ? s.combat.aimed_actions - m.aimed_actions + 1 : 1;
}

CardId aimed_weapon(const State& s, CardId w) {
  const CardId c = s.combat.aimed;
  if (c == kNoCard || s.combat.attacker != w) return kNoCard;
  if (is_weapon_card(s.def(c))) return c;
  const CardId host = s.card(c).attached_to;
  return host != kNoCard && host != w && is_weapon_card(s.def(host)) ? host : kNoCard;
}

}  // namespace dt::detail
