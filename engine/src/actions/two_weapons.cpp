// USES TWO WEAPONS AS TWO ACTIONS: see two_weapons.hpp.
#include "actions/two_weapons.hpp"

#include <algorithm>

#include "dt/designations.hpp"
#include "effects/lasting/card_markers.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

namespace {
// Does WEAPON e (with its add-ons) fit a combat of tactic t? Its own tactic only (a SHOTGUN's weapon_used_in).
bool fits(const State& s, CardId e, Tactic t) {
  const CardDef& ed = s.def(e);
  bool fit = ed.weapon_used_in ? (ed.weapon_used_in & (t == Tactic::Fight ? 1 : 2)) != 0 : weapon_fits(ed.weapon, t);
  for (CardId add : attachments_of(s, e)) fit = fit || weapon_fits(s.def(add).weapon, t);
  return fit;
}

// The WEAPONS w carries and may use now.
std::vector<CardId> weapons_of(const State& s, CardId w) {
  std::vector<CardId> out;
  const AttachRange as = attachments_of(s, w);
  const AttachmentGate g = gate_of(s, as);
  for (CardId e : as)
    if (is_weapon_card(s.def(e)) && g.allows(s, e) && !unloaded(s, e)) out.push_back(e);
  return out;
}
}  // namespace

void two_weapon_options(const State& s, CardId a, size_t first, std::vector<Option>& out) {
  if (s.actions_left < 2 || !has_designation(s, a, desig::UsesTwoWeaponsAsTwoActions)) return;
  const std::vector<CardId> ws = weapons_of(s, a);
  if (ws.size() < 2) return;
  const size_t end = out.size();
  auto plain = [&](const Option& o) { return o.kind == OptKind::Attack && o.a == a && o.p == 0 && o.b != kNoCard; };
  // One attack, two WEAPONS of its tactic at once.
  for (size_t i = first; i < end; ++i) {
    if (!plain(out[i])) continue;
    for (size_t x = 0; x < ws.size(); ++x)
      for (size_t y = x + 1; y < ws.size(); ++y)
        if (fits(s, ws[x], out[i].tactic) && fits(s, ws[y], out[i].tactic)) {
          Option o = out[i];
          o.p = kTwoWeaponsAttack;
          o.d = ws[x];
          o.n = ws[y];
          out.push_back(o);
        }
  }
  // Two attacks, each with a WEAPON of its own.
  for (size_t i = first; i < end; ++i) {
    if (!plain(out[i])) continue;
    for (size_t j = first; j < end; ++j) {
      if (!plain(out[j])) continue;
      for (CardId x : ws)
        for (CardId y : ws)
          if (x != y && fits(s, x, out[i].tactic) && fits(s, y, out[j].tactic)) {
            Option o = out[i];
            o.p = kTwoWeaponsAttacks;
            o.c = out[j].b;
            o.then = out[j].tactic;
            o.d = x;
            o.n = y;
            out.push_back(o);
          }
    }
  }
}

static void drop_named(State& s, CardId w, bool waiting_too) {
  std::erase_if(s.lasting, [&](const LastingMod& m) {
    return m.lock == kWeaponNamed && m.target == w && (waiting_too || m.count == 0);
  });
}

void weapons_named(State& s, const Option& o) {
  drop_named(s, o.a, true);
  auto push = [&](CardId e, int16_t waits) {
    LastingMod m{e, o.a, {}, uint8_t(s.current)};
    m.lock = kWeaponNamed;
    m.count = waits;
    s.lasting.push_back(m);
  };
  push(o.d, 0);
  push(o.n, o.p == kTwoWeaponsAttacks ? 1 : 0);
}

void second_weapon_named(State& s, CardId a) {
  drop_named(s, a, false);
  for (LastingMod& m : s.lasting)
    if (m.lock == kWeaponNamed && m.target == a) m.count = 0;
}

std::vector<CardId> named_weapons(const State& s, CardId w) {
  std::vector<CardId> out;
  if (!s.combat.active || s.combat.attacker != w) return out;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kWeaponNamed && m.target == w && m.count == 0 && m.seat == s.combat.attacking_seat) out.push_back(m.source);
  return out;
}

void named_weapons_over(State& s) {
  std::erase_if(s.lasting, [](const LastingMod& m) { return m.lock == kWeaponNamed && m.count == 0; });
}

}  // namespace dt::detail
