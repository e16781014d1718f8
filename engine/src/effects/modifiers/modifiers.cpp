// Static modifiers (docs/effects.md "mods"): the continuous bonuses and
// keywords that cards in play give to warriors, and when they hold.
#include <algorithm>
#include <optional>

#include "dt/designations.hpp"
#include "actions/aimed.hpp"
#include "actions/storage.hpp"
#include "combat/attachment_times.hpp"
#include "internal.hpp"
#include "markers.hpp"
#include "effects/filters/hosts.hpp"
#include "effects/lasting/afflictions.hpp"
#include "effects/lasting/carriers.hpp"
#include "effects/modifiers/suppress.hpp"
#include "effects/modifiers/text_off.hpp"
#include "effects/modifiers/toll.hpp"
#include "effects/lasting/card_markers.hpp"

namespace dt::detail {

// is_warrior_in_play for a card known to exist (one of a seat's lists), inline:
// asked for every card in play at every decision.
static inline bool warrior_in_play(const State& s, CardId c) {
  const CardInst& ci = s.card(c);
  return ci.zone == Zone::InPlay && ci.attached_to == kNoCard && s.def(c).type == CardType::Warrior;
}

// Does a static modifier's condition hold for warrior w?
static bool mod_holds(const State& s, const StaticMod& m, CardId w, CardId source, int source_seat) {
  const CardId opp = combat_opponent(s, w);
  if ((m.in_combat || m.attacking || m.tactics || m.vs || m.opponent_base) && opp == kNoCard) return false;
  if (m.sergeant_group && !in_sergeant_group(s, source, w)) return false;
  if (m.chosen && chosen_alternative(s, source) != m.chosen) return false;  // TURN OF EVENTS
  if (!m.while_using.empty() &&
      !uses_card(s, home_of(s, source), m.while_using))
    return false;  // WOLFE: only with its DEATHLOCKDRUM in use
  if (m.attacking && s.combat.attacker != w) return false;
  if (m.aimed_actions && !aimed_holds(s, m, w, source)) return false;  // only in its card's aimed attack
  if (m.tactics && !(m.tactics & (s.combat.tactic == Tactic::Fight ? 1 : 2))) return false;
  if (m.vs && !filter_matches(s, *m.vs, opp, s.card(w).controller)) return false;
  if (m.vs && m.vs->marked && !marks_warrior(s, source, opp)) return false;  // RAGE: the one warrior it remembers
  if (m.who.marked_affiliation && !shares_marked_affiliation(s, source, w)) return false;  // MARTYR
  if (m.exclude_self && source == w) return false;
  if (m.like_aboard && !like_aboard(s, source, w)) return false;  // WATCH TOWER: while its warrior is inside
  // BRINGER OF LIGHT: only while the warrior its card is on matches (a CARDINAL).
  if (m.bearer && !filter_matches(s, *m.bearer, home_of(s, source), source_seat)) return false;
  if (m.same_area && !same_area(s, source, w)) return false;  // across the Outpost's edge too (areas.hpp)
  if (m.source_area) {
    // An attachment is where its warrior is (PEGASUS SCOUT BIKE).
    const CardId home = home_of(s, source);
    if (!area_mask_reaches(s, s.card(home).controller, m.source_area, s.card(home).area))
      return false;  // printed SERGEANT, CAPTAIN: while it is in the Squad
  }
  if (m.min_count) {
    int n = 0;
    for (CardId x : s.seats[s.card(w).controller].in_play)
      if (is_warrior_in_play(s, x) && same_area(s, x, w) && mod_filter_matches(s, m.who, x, source_seat))
        ++n;
    if (n < m.min_count) return false;
  }
  return true;
}

// A SERGEANT: a card that leads card groups, or is designated one (SERGEANT CARTER).
static bool is_sergeant(const CardDef& d) { return d.sergeant.has_value() || d.has_designation(desig::Sergeant); }

// SERGEANT CARTER: does a card in play that SHIELDS ITS WARRIORS FROM OTHER SERGEANTS, other than `src`, reach `w`
// with one of its modifiers? Asked only for a SERGEANT's modifiers.
static bool shielded_from_sergeant(const State& s, CardId w, CardId src) {
  for (const SeatState& st : s.seats)
    for (CardId c : st.in_play) {
      if (c == src || !s.def(c).has_designation(desig::ShieldsItsWarriorsFromOtherSergeants) || !is_warrior_in_play(s, c))
        continue;
      const int seat = s.card(c).controller;
      for (const StaticMod& m : s.def(c).mods) {
        if (m.scope == Scope::YourWarriors ? s.card(w).controller != seat : m.scope != Scope::AllWarriors) continue;
        if (mod_filter_matches(s, m.who, w, seat) && mod_holds(s, m, w, c, seat)) return true;
      }
    }
  return false;
}

// Other warriors of w's controller in w's combat area that match (the "for each" of a modifier).
static int count_others(const State& s, CardId w, const WarriorFilter& f) {
  int n = 0;
  const int seat = s.card(w).controller;
  for (CardId x : s.seats[size_t(seat)].in_play)
    if (x != w && is_warrior_in_play(s, x) && same_area(s, x, w) && filter_matches(s, f, x, seat)) ++n;
  return n;
}

// The cards in play whose static modifiers may reach other warriors, in the
// order they are applied: each warrior (or Special lying before its player,
// NECROMUTANT FRENZY) and then its attachments, seat by seat. Only cards with
// modifiers are listed, which is few, so asking for every warrior stays cheap.
static void collect_mod_sources(const State& s, std::vector<CardId>& out) {
  out.clear();
  for (const SeatState& st : s.seats)
    for (CardId x : st.in_play) {
      if (!warrior_in_play(s, x)) {
        // A card lying before its player (NECROMUTANT FRENZY, an Alliance, an Art spell kept cast: ARCTIC
        // WAVE), on one of its combat areas, or a Fortification with modifiers (THE BURROUGHS CATHEDRAL,
        // GOLGOTHA'S CITADEL, THE STAHLER PALACE's attack price).
        const CardType t = s.def(x).type;
        if ((t == CardType::Special || t == CardType::Art || t == CardType::Alliance || t == CardType::Fortification ||
             lies_on_area(s, x)) &&
            !s.def(x).mods.empty())
          out.push_back(x);
        // Cards on a Fortification or a Warzone (docs/effects.md "Hosts").
        for (CardId a : attachments_of(s, x))
          if (!s.def(a).mods.empty()) out.push_back(a);
        continue;
      }
      if (!s.def(x).mods.empty()) out.push_back(x);
      // An attachment a vehicle puts out of use (its warrior inside or outside)
      // gives nothing; the gate is worked out only for an attachment with modifiers.
      const AttachRange xs = attachments_of(s, x);
      std::optional<AttachmentGate> xg;
      for (CardId a : xs) {
        if (s.def(a).mods.empty()) continue;
        if (!xg) xg = gate_of(s, xs);
        if (xg->allows(s, a)) out.push_back(a);
      }
    }
}

void fill_mod_sources(const State& s, std::vector<CardId>& out) { collect_mod_sources(s, out); }

// Can m give the caller anything (ModWant)? Asked before any of a modifier's
// conditions, which are pure queries: a caller that reads only keywords need
// not judge the filters of modifiers that only add ratings.
static inline bool wanted(const StaticMod& m, ModWant want) {
  switch (want) {
    case ModWant::All: return true;
    case ModWant::Keywords: return m.grant != 0 || m.revoke != 0;
    case ModWant::Designations: return !m.grant_designations.empty();
    case ModWant::Casts: return m.casts != 0;
    case ModWant::Ratings: return !m.bonus.empty() || m.opponent_base != 0 || m.base || m.attachment_times;
    case ModWant::Kills: return m.kills_over_a_times != 0;
    case ModWant::Fates: return m.after_combat != 0;
    case ModWant::CoverAttack: return m.cover_attack != 0;
    case ModWant::SpellPrice: return m.spell_price != nullptr;
  }
  return true;
}

static constexpr ModWant kWants[] = {ModWant::Keywords, ModWant::Designations, ModWant::Casts, ModWant::Ratings,
                                     ModWant::Kills,    ModWant::Fates,        ModWant::CoverAttack, ModWant::SpellPrice};

void index_mod_wants(CardDef& d) {
  d.scope_wants.fill(0);
  for (const StaticMod& m : d.mods) {
    uint16_t& w = d.scope_wants[size_t(m.scope)];
    w |= uint16_t(1u << unsigned(ModWant::All));
    for (ModWant x : kWants)
      if (wanted(m, x)) w |= uint16_t(1u << unsigned(x));
  }
}

// Has d a modifier of this scope that can give the caller anything? (CardDb indexes every card.)
static inline bool any_wanted(const CardDef& d, Scope scope, ModWant want) {
  return (d.scope_wants[size_t(scope)] >> unsigned(want)) & 1u;
}

void for_each_mod(const State& s, CardId w, const std::function<void(const StaticMod&, CardId)>& fn, ModWant want) {
  const CardInst& wi = s.card(w);
  const int seat = wi.controller;
  // ok() says whether the source works at all (a weapon used, a toll unpaid);
  // it is asked only for a source with a modifier the caller wants.
  // Asked before from_card is called: most cards have nothing a caller wants, and the call
  // itself showed in profiles.
  const auto wants = [&](CardId src, Scope scope) { return any_wanted(s.def(src), scope, want); };
  auto from_card = [&](CardId src, Scope scope, CardId subject, auto ok) {
    const CardDef& d = s.def(src);
    if (!ok()) return;
    if (effect_blocked(s, w, src)) return;
    if ((s.families & famSergeantShield) && is_sergeant(d) && shielded_from_sergeant(s, w, src)) return;  // SERGEANT CARTER
    // AMNESIA, INCONVENIENT PHONE CALL: a warrior's own modifiers, its text switched off (effects/modifiers/text_off.hpp)
    const uint8_t off = text_off_now(s, src);
    for (const StaticMod& m : d.mods) {
      if (m.scope != scope || !wanted(m, want)) continue;
      if (off && !own_mod_holds(off, m, src, w)) continue;
      if (!mod_filter_matches(s, m.who, subject, s.card(src).controller) &&
          !(src == s.combat.warzone && warzone_limits_waived(s, subject) &&  // gEngine IMPERIAL
            mod_filter_matches(s, without_affiliation(m.who), subject, s.card(src).controller)))
        continue;
      if (!mod_holds(s, m, w, src, s.card(src).controller)) continue;
      if (m.opponent_base) {  // TORONAGA'S RAGING MIGHT: + the opponent's printed rating
        const CardDef& od = s.def(combat_opponent(s, w));
        StaticMod plus = m;
        if (m.opponent_base & 1) plus.bonus.f = int8_t(plus.bonus.f + od.f.value_or(0));
        if (m.opponent_base & 2) plus.bonus.s = int8_t(plus.bonus.s + od.s.value_or(0));
        if (m.opponent_base & 4) plus.bonus.a = int8_t(plus.bonus.a + od.a);
        if (m.opponent_base & 8) plus.bonus.v = int8_t(plus.bonus.v + od.v);
        fn(plus, src);
        continue;
      }
      // A bonus counted several times: for each other matching warrior (for_each), each marker on its
      // card (GENDARME BESTAL), each card kept under it (PANDORA'S BOX), each action spent from its aimed_actions-th
      // on (NIMROD MK I).
      if (m.for_each || m.per_marker || m.per_stored || m.per_extra_action) {
        const int n = m.for_each     ? count_others(s, w, *m.for_each)
                      : m.per_marker ? markers_on(s, src)
                      : m.per_stored ? int(stored_under(s, src).size())
                                     : aimed_times(s, m);
        if (n == 0 && !m.per_extra_action) continue;
        StaticMod scaled = m;
        scaled.bonus = times_bonus(m.bonus, n);
        fn(scaled, src);
        continue;
      }
      fn(m, src);
    }
  };
  const auto yes = [] { return true; };
  // A weapon gives its mods only when used; a vehicle only with its warrior
  // inside; equipment only when that vehicle allows it. Which weapons are used,
  // and the vehicle gate, are worked out only for an attachment with a wanted
  // modifier (few have one).
  auto usable = [&](std::optional<AttachmentGate>& g, const AttachRange& xs, CardId a, CardId bearer) {
    const CardDef& ad = s.def(a);
    if (!g) g = gate_of(s, xs);
    if (!g->allows(s, a)) return false;
    if (is_weapon_card(ad)) {
      const std::vector<CardId> used = used_weapons(s, bearer);
      return std::find(used.begin(), used.end(), a) != used.end();
    }
    return true;
  };
  if (wants(w, Scope::Self)) from_card(w, Scope::Self, w, yes);
  const AttachRange mine = shared_attachments(s, w);
  std::optional<AttachmentGate> my_gate;
  for (CardId a : mine) {
    if (wants(a, Scope::Bearer)) from_card(a, Scope::Bearer, w, [&] { return usable(my_gate, mine, a, w); });
    // A card on this attachment (docs/effects.md "Hosts") counts while its host does: GRENADE
    // LAUNCHER's text while its weapon is used (BEARER), a VEHICLE's or Relic's add-on (HOST_REACH).
    const bool weapon = is_weapon_card(s.def(a));
    for (CardId add : attachments_of(s, a)) {
      if (weapon && wants(add, Scope::Bearer)) from_card(add, Scope::Bearer, w, [&] { return usable(my_gate, mine, a, w); });
      if (wants(add, Scope::HostReach)) from_card(add, Scope::HostReach, w, [&] { return usable(my_gate, mine, a, w); });
    }
  }
  // A VIRUS's BEARER modifiers reach each warrior it infects (effects/lasting/virus.hpp); an infection
  // stays whatever shields its player raises later (INOCULATIONS), so no immunity is asked.
  // A POISON's AFFLICTED modifiers reach each warrior it afflicts (effects/lasting/afflictions.hpp).
  for (const LastingMod& m : s.lasting) {
    if ((m.lock != kInfected && m.lock != kAfflicted) || m.target != w) continue;
    if (m.lock == kAfflicted && !affliction_holds(s, m)) continue;
    const Scope scope = m.lock == kInfected ? Scope::Bearer : Scope::Afflicted;
    for (const StaticMod& x : s.def(m.source).mods)
      if (x.scope == scope && wanted(x, want) && mod_filter_matches(s, x.who, w, m.player) &&
          mod_holds(s, x, w, m.source, m.player))
        fn(x, m.source);
  }
  // Within a QueryMemo the list is made once per decision; outside, each time
  // (a local list: rating queries nest, so no shared scratch list will do).
  std::vector<CardId> local;
  const std::vector<CardId>* sources = memoized_mod_sources(s);
  if (!sources) collect_mod_sources(s, local), sources = &local;
  // A Fortification card's text does nothing in a Warzone combat, nor in one COMMANDO RAID turned it off.
  // BAUHAUS BULLY's warrior gains nothing from any Fortification card.
  auto fort_ok = [&](CardId x) {
    if (s.def(x).type != CardType::Fortification && !s.def(x).fort) return true;  // (EMBASSY stands in for one)
    if (gains_nothing_from_fortifications(s, w)) return false;
    if (combat_opponent(s, w) == kNoCard) return true;
    return !in_warzone_combat(s, w) && !combat_suppressed(s, suppressFortifications);
  };
  for (CardId x : *sources) {
    if (s.card(x).controller == seat && wants(x, Scope::YourWarriors)) from_card(x, Scope::YourWarriors, w, [&] { return fort_ok(x); });
    if (wants(x, Scope::AllWarriors)) from_card(x, Scope::AllWarriors, w, [&] { return fort_ok(x); });
    if (wants(x, Scope::HostReach)) from_card(x, Scope::HostReach, w, [&] { return host_reaches(s, x, w); });
    // A carrier's modifiers for the warriors aboard it (effects/lasting/carriers.hpp).
    if (wants(x, Scope::Aboard)) from_card(x, Scope::Aboard, w, [&] { return fort_ok(x) && carrier_of(s, w) == x; });
  }
  // A Warzone's text is for both warriors of a combat fought in it.
  if (in_warzone_combat(s, w) && wants(s.combat.warzone, Scope::Combatants)) from_card(s.combat.warzone, Scope::Combatants, w, yes);
  const CardId opp = combat_opponent(s, w);
  if (opp != kNoCard) {
    if (wants(opp, Scope::Opponent)) from_card(opp, Scope::Opponent, w, [&] { return !toll_paid(s, opp); });  // LEGIONNAIRE OF SEMAI's toll paid
    const AttachRange theirs = attachments_of(s, opp);
    std::optional<AttachmentGate> their_gate;
    for (CardId a : theirs)
      if (wants(a, Scope::Opponent)) from_card(a, Scope::Opponent, w, [&] { return usable(their_gate, theirs, a, opp); });
  }
}

}  // namespace dt::detail
