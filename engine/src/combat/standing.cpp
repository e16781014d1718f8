// Combat step 4 (gEngine "4) DETERMINE COMBAT STANDING"): a warrior's ratings
// with everything that modifies them, in the order they apply.
#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "combat/attachment_times.hpp"
#include "combat/redirect.hpp"
#include "effects/lasting/base_gains.hpp"
#include "effects/modifiers/doubling.hpp"
#include "effects/modifiers/share.hpp"
#include "effects/modifiers/text_off.hpp"
#include "dt/designations.hpp"
#include "effects/lasting/card_markers.hpp"
#include "effects/warriors/merged.hpp"
#include "internal.hpp"

namespace dt {

using namespace detail;

namespace detail {

// The warriors of w's player in w's combat area that match, w too (FUSILIER).
static int count_in_area(const State& s, CardId w, const WarriorFilter& f) {
  int n = 0;
  const int seat = s.card(w).controller;
  for (CardId x : s.seats[size_t(seat)].in_play)
    if (is_warrior_in_play(s, x) && s.card(x).area == s.card(w).area && filter_matches(s, f, x, seat)) ++n;
  return n;
}

// One change of ratings (docs/effects.md "Base ratings"), on the stats its bits name.
// `times`: how often a PLUS change counts (its mod's markers: GENDARME BESTAL).
static void apply_change(const State& s, CardId w, const BaseRatings& b, Stats& st, int times = 1) {
  int* stat[4] = {&st.f, &st.s, &st.a, &st.v};
  switch (b.how) {
    case BaseRatings::How::Plus:
      for (int i = 0; i < 4; ++i)
        if (b.stats & (1 << i)) *stat[i] += b.value * times;
      break;
    case BaseRatings::How::Set: {
      const int v = b.value * (b.per_warrior ? count_in_area(s, w, *b.per_warrior) : 1);
      for (int i = 0; i < 4; ++i)
        if (b.stats & (1 << i)) *stat[i] = v;
      break;
    }
    case BaseRatings::How::Times:
      for (int i = 0; i < 4; ++i)
        if (b.stats & (1 << i)) *stat[i] *= b.value;
      break;
    case BaseRatings::How::HalfUp:  // rounded up
      for (int i = 0; i < 4; ++i)
        if (b.stats & (1 << i)) *stat[i] = *stat[i] >= 0 ? (*stat[i] + 1) / 2 : -((-*stat[i]) / 2);
      break;
    case BaseRatings::How::Highest: {
      const int top = std::max({st.f, st.s, st.a, st.v});
      for (int i = 0; i < 4; ++i)
        if (b.stats & (1 << i)) *stat[i] = top;
      break;
    }
    case BaseRatings::How::Swap: {
      int* pair[2] = {nullptr, nullptr};
      for (int i = 0, k = 0; i < 4 && k < 2; ++i)
        if (b.stats & (1 << i)) pair[k++] = stat[i];
      if (pair[1]) std::swap(*pair[0], *pair[1]);
      break;
    }
  }
}

// The changes of ratings reaching w, in the order of its modifiers: base ones
// (before any bonus) and, apart, those applied to the modified ratings.
struct Change {
  const BaseRatings* change;
  int times;  // PLUS: once per marker of its card (StaticMod::per_marker), else once
};
static Change change_of(const State& s, const StaticMod& m, CardId src) {
  return {m.base.get(), m.per_marker ? markers_on(s, src) : 1};
}
struct Changes {
  std::vector<Change> base, modified;
};

// TRIANGULATING SCOPE: a combat opponent that IGNORES COVER takes the cover's armor away.
static bool opponent_ignores_cover(const State& s, CardId w) {
  const CardId opp = combat_opponent(s, w);
  return opp != kNoCard && has_ability(s, opp, desig::IgnoresCover);
}

// The ratings printed on the card: where every derived rating starts.
static Stats printed_ratings(const CardDef& d) {
  Stats st;
  st.f = d.f.value_or(0);
  st.s = d.s.value_or(0);
  st.a = d.a;
  st.v = d.v;
  st.can_fight = d.f.has_value();
  st.can_shoot = d.s.has_value();
  return st;
}

// RAMPAGE!: the Beast's F, S and A counted `k` times in all (its V once).
static void beast_times(const State& s, CardId w, const TimesList& times, Stats& st) {
  const CardId b = beast_of(s, w);
  if (b == kNoCard) return;
  const int k = times_for(s, times, b);
  if (k == 1) return;
  const CardDef& bd = s.def(b);
  st.f += bd.f.value_or(0) * (k - 1);
  st.s += bd.s.value_or(0) * (k - 1);
  st.a += bd.a * (k - 1);
}

Stats base_stats(const State& s, CardId w) {
  const CardDef& d = s.def(w);
  Stats st = printed_ratings(d);
  apply_beast(s, w, st);
  if (s.families & famBaseGains) add_base_gains(s, w, st);  // SHORE LEAVE, GRIZZLY: before any base change
  std::vector<Change> base;
  TimesList times;
  for_each_mod(s, w, [&](const StaticMod& m, CardId src) {
    if (m.base && !m.base->modified) base.push_back(change_of(s, m, src));
    if (m.attachment_times) times.push_back({m.attachment_times.get(), src});
  }, ModWant::Ratings);
  if (!times.empty()) beast_times(s, w, times, st);
  for (const Change& b : base) apply_change(s, w, *b.change, st, b.times);
  if (s.families & famCombatTurns) add_shared_base(s, w, st);  // TRANSMUTATION, CHANGELING POWER
  return st;
}
}  // namespace detail

namespace detail {
// BACKLASH: a card on the warrior that REVERSES DARK SYMMETRY GAINS, in a combat (it stays for that combat).
bool reverses_symmetry(const State& s, CardId w) {
  return s.card(w).first_attachment != kNoCard && combat_opponent(s, w) != kNoCard &&
         carries_designated(s, w, desig::ReversesDarkSymmetryGains);
}

StatBonus reversed_gains(const StatBonus& b) {
  StatBonus x = b;
  if (x.f > 0) x.f = int8_t(-x.f);
  if (x.s > 0) x.s = int8_t(-x.s);
  if (x.a > 0) x.a = int8_t(-x.a);
  return x;
}
}  // namespace detail

Stats stats(const State& s, CardId w) {
  const CardDef& d = s.def(w);
  const CardInst& wi = s.card(w);
  Stats st = printed_ratings(d);
  const bool forts = fortified(s, w);
  // BACKLASH: what Dark Symmetry cards give it turns into losses (asked only of a combatant with attachments).
  const bool reversed = reverses_symmetry(s, w);
  // OUR ENEMY'S WEAKNESS IS EXPOSED: attacked by that card's player, it keeps each card's losses alone.
  const bool exposed = (s.families & famTextOff) && plus_modifiers_denied(s, w);
  auto gain_of = [&](const StatBonus& b, CardId src) {
    if (exposed && src != kNoCard) return losses_only(b);
    return reversed && src != kNoCard && s.def(src).type == CardType::Symmetry ? reversed_gains(b) : b;
  };

  apply_beast(s, w, st);  // a Beast makes new base ratings, before anything else
  if (s.families & famBaseGains) add_base_gains(s, w, st);  // SHORE LEAVE, GRIZZLY: before any base change
  // Static modifiers of the vocabulary (own abilities, gifts, other warriors, the opponent's): their
  // bonuses are added below; changes of base ratings (ELITE TROOPER) come first, and changes of the
  // modified ratings (printed GRIM REAPER) last. Few warriors have any: the lists stay empty.
  int sum[4] = {0, 0, 0, 0};
  Changes changes;
  // Multipliers of attachments (combat/attachment_times.hpp) and the bonuses of weapons' own
  // modifiers they may multiply; both lists stay empty in most games.
  TimesList times;
  std::vector<std::pair<StatBonus, CardId>> from_weapons;
  // CLUMSINESS: in its combat only the warrior's own cards count (combat/redirect.hpp).
  const bool others_off = (s.families & famCombatTurns) && other_cards_off(s, w);
  for_each_mod(s, w, [&](const StaticMod& m, CardId src) {
    if (others_off && !own_card(s, w, src)) return;
    if (m.attachment_times) times.push_back({m.attachment_times.get(), src});
    if (!m.bonus.empty() && s.card(src).attached_to != kNoCard && is_weapon_card(s.def(src))) {
      from_weapons.push_back({m.bonus, src});
    } else {
      StatBonus b = gain_of(src == s.combat.warzone ? warzone_mod_bonus(s, w, m.bonus) : m.bonus, src);
      // EXCRUTIATING POWER FLOW: a card whose effects are doubled gives its static bonus twice (what its
      // abilities gave is doubled as they run: effects/abilities.cpp).
      if (s.families2 & fam2DoubledEffects) b = times_bonus(b, effects_factor(s, src));
      if (b.a && s.def(src).type == CardType::Fortification)
        b.a = int8_t(b.a * (1 + armor_doublers(s, src)));  // ADVANCED SECURITY SYSTEM
      sum[0] += b.f, sum[1] += b.s, sum[2] += b.a, sum[3] += b.v;
    }
    if (m.base) (m.base->modified ? changes.modified : changes.base).push_back(change_of(s, m, src));
  }, ModWant::Ratings);
  // A weapon's modifiers count as often as its bonus: its bearer's multipliers for its own weapon,
  // the opponent's for a weapon of the opponent's that hinders this warrior.
  if (!from_weapons.empty()) {
    std::optional<TimesList> theirs;
    for (auto& [b, src] : from_weapons) {
      const CardId bearer = bearer_of(s, src);
      int k = 1;
      if (bearer == w) {
        k = times.empty() ? 1 : times_for(s, times, src);
      } else if (bearer != kNoCard) {
        if (!theirs) theirs = attachment_times_of(s, bearer);
        k = theirs->empty() ? 1 : times_for(s, *theirs, src);
      }
      const StatBonus x = exposed ? losses_only(times_bonus(b, k)) : times_bonus(b, k);
      sum[0] += x.f, sum[1] += x.s, sum[2] += x.a, sum[3] += x.v;
    }
  }
  if (!times.empty()) beast_times(s, w, times, st);
  for (const Change& b : changes.base) apply_change(s, w, *b.change, st, b.times);
  if (s.families & famCombatTurns) add_shared_base(s, w, st);  // TRANSMUTATION, CHANGELING POWER
  apply_vehicle_doubling(s, w, st);  // then doubled "base" ratings
  add_equipment_times(s, w, forts, st, times);
  apply_warzone(s, w, st);
  if (forts) add_fortifications(s, w, st);
  st.f += sum[0], st.s += sum[1], st.a += sum[2], st.v += sum[3];

  for (const LastingMod& m : s.lasting)
    if (m.target == w && !(others_off && !own_card(s, w, m.source))) add_bonus(st, gain_of(m.bonus, m.source));
  if (wi.cover && !opponent_ignores_cover(s, w)) st.a += s.rules.cover_armor_bonus;
  if (combat_opponent(s, w) != kNoCard)
    for (const CombatMod& m : s.combat.mods)
      if (m.target == w && !effect_blocked(s, w, m.source) && !(others_off && !own_card(s, w, m.source)))
        add_bonus(st, gain_of(m.bonus, m.source));
  if ((s.families2 & fam2Merged) && s.combat.active) add_merged_ratings(s, w, st);  // a group one warrior in combat
  for (const Change& b : changes.modified) apply_change(s, w, *b.change, st, b.times);
  if (reversed) st.f = std::max(0, st.f), st.s = std::max(0, st.s), st.a = std::max(0, st.a);  // BACKLASH: never below 0
  st.v = std::max(0, st.v);  // V never below 0 (gEngine step 5)
  return st;
}

}  // namespace dt
