// Equipment cards: who may be given them, which weapons a combatant uses, and
// what the bearer gains (gEngine "EQUIP", "WEAPONS", "ARMOR", "VEHICLES").
#include <algorithm>
#include <optional>

#include "actions/aimed.hpp"
#include "combat/attachment_times.hpp"
#include "dt/designations.hpp"
#include "effects/modifiers/suppress.hpp"
#include "effects/modifiers/text_off.hpp"
#include "effects/lasting/card_markers.hpp"
#include "actions/two_weapons.hpp"
#include "internal.hpp"

namespace dt::detail {

// EX-BAUHAUS FREELANCER and its kind (USES <CORPORATION> CARDS): cards meant
// for that corporation's warriors are theirs too, for 3 D each.
AffilMask borrowed_affiliations(const State& s, CardId w) {
  const CardDef& d = s.def(w);
  if (d.type != CardType::Warrior || d.designations.empty()) return 0;
  AffilMask m = 0;
  static constexpr std::pair<std::string_view, Affil> kCorps[] = {
      {"BAUHAUS", Affil::Bauhaus}, {"CAPITOL", Affil::Capitol}, {"CYBERTRONIC", Affil::Cybertronic},
      {"IMPERIAL", Affil::Imperial}, {"MISHIMA", Affil::Mishima}};
  for (const std::string& x : d.designations)
    if (const std::string_view corp = family::UsesCards.param_of(x); !corp.empty())
      for (const auto& [name, a] : kCorps)
        if (corp == name) m |= bit(a);
  return m;
}

int borrow_price(const State& s, AffilMask meant_for, CardId w) {
  if (!meant_for || (meant_for & affiliations(s, w))) return 0;
  return (meant_for & borrowed_affiliations(s, w)) ? 3 : 0;
}

static bool gives_to_as_printed(const State& s, CardId e, CardId w);

// ALGEROTH-APOSTLE OF WAR: a privilege that equips its warriors with any Equipment card. Asked
// only once the card's own GIVE TO refuses the warrior.
bool gives_to(const State& s, CardId e, CardId w) {
  if (gives_to_as_printed(s, e, w)) return true;
  const Privilege* p = privilege_for(s, s.card(w).controller, PrivAction::Equip, w, e);
  return p && p->any_card;
}

static bool gives_to_as_printed(const State& s, CardId e, CardId w) {
  const GiveTo& g = s.def(e).give_to;
  const CardDef& ed = s.def(e);
  // Neither restricted to nor affiliated with the Dark Legion.
  const bool not_legions = !g.legion && !(ed.affil & bit(Affil::Legion));
  // The CYBERTRONIC Alliance: its warriors use any Equipment or Relic but the Dark Legion's.
  if (not_legions && has_ability(s, w, desig::UsesAnyEquipmentOrRelic)) return true;
  // CHRIS JACKSON's SEA LIONS, JAKE KRAMER: any Equipment card (a Relic is none) but the Dark Legion's.
  if (not_legions && ed.type == CardType::Equipment && has_ability(s, w, desig::UsesAnyEquipment)) return true;
  // ARCHANGEL: any airship equipment, whatever affiliations it is meant for.
  if (s.def(e).has_designation(desig::Airship) && has_designation(s, w, desig::AnyAirship)) return true;
  // CERTIFIED OPERATOR: any VEHICLE but a Dark Legion one, whatever affiliation it is meant for; its other limits
  // (a Doomtrooper, a designation, a V) still hold.
  const bool any_affiliation = (ed.keywords & kwVehicle) && !(ed.affil & bit(Affil::Legion)) && !g.legion &&
                               has_designation(s, w, desig::AnyVehicle);
  if (g.affil && !any_affiliation && !(g.affil & affiliations(s, w)) && !(g.affil & borrowed_affiliations(s, w))) return false;
  if (g.doomtrooper && !is_doomtrooper(s, w)) return false;
  if (g.legion && !is_legion(s, w)) return false;
  // TICKER: for a non-Brotherhood Doomtrooper.
  if (s.def(e).has_designation(desig::NotForTheBrotherhood) && (affiliations(s, w) & bit(Affil::Brotherhood))) return false;
  if (!g.designations.empty() &&
      std::none_of(g.designations.begin(), g.designations.end(), [&](const std::string& d) { return has_designation(s, w, d); }))
    return false;
  if (g.who && !filter_matches(s, *g.who, w, s.card(e).controller)) return false;  // DEATH ANGEL: base V 3 or less
  return true;
}

bool weapon_fits(WeaponKind k, Tactic t) {
  switch (k) {
    case WeaponKind::Fight: return t == Tactic::Fight;
    case WeaponKind::Shoot: return t == Tactic::Shoot;
    case WeaponKind::FightShoot:
    case WeaponKind::Special: return true;
    case WeaponKind::None: return false;
  }
  return false;
}

static int gain_for(const StatBonus& b, Tactic t) { return t == Tactic::Fight ? b.f : b.s; }

// The weapons a combatant uses: the best for the tactic (add-ons included),
// and a second HANDGUN beside a first (any second weapon in a Shoot combat: TWO
// WEAPONS IN SHOOT COMBATS). None that its vehicle forbids.
// BODY ARMOR: the kinds of weapon w's combat opponent's cards bar it from (StaticMod no_weapons, scope Opponent).
static uint8_t barred_weapon_kinds(const State& s, CardId opp) {
  uint8_t barred = 0;
  auto scan = [&](CardId c) {
    for (const StaticMod& m : s.def(c).mods)
      if (m.scope == Scope::Opponent && m.no_weapons) barred |= m.no_weapons;
  };
  scan(opp);
  for (CardId a : attachments_of(s, opp)) scan(a);
  return barred;
}

std::vector<CardId> used_weapons(const State& s, CardId w) {
  std::vector<CardId> out;
  const CardId opp = combat_opponent(s, w);
  if (opp == kNoCard) return out;
  const Tactic t = s.combat.tactic;
  const uint8_t barred = barred_weapon_kinds(s, opp);
  // ASTEROID SETTLEMENT: no Shoot or Fight/Shoot weapon is used in a combat fought in it.
  const bool no_shoot = in_warzone_combat(s, w) && s.def(s.combat.warzone).has_designation(desig::NoShootWeaponsInIt);
  std::vector<std::pair<int, CardId>> fits;
  const AttachRange as = shared_attachments(s, w);
  const AttachmentGate g = gate_of(s, as);
  for (CardId e : as) {
    const CardDef& ed = s.def(e);
    if (!is_weapon_card(ed)) continue;  // Relics that are WEAPONs are used like any other
    if (!g.allows(s, e)) continue;
    if (std::find(s.combat.used.begin(), s.combat.used.end(), e) != s.combat.used.end()) continue;  // DULL BLADE
    if (unloaded(s, e)) continue;  // NAZGAROTH out of ammunition
    if (barred & (1u << unsigned(ed.weapon))) continue;
    if (no_shoot && (ed.weapon == WeaponKind::Shoot || ed.weapon == WeaponKind::FightShoot)) continue;
    // A SHOTGUN is a SHOOT WEAPON used in Fight combats (weapon_used_in).
    bool fit = ed.weapon_used_in ? (ed.weapon_used_in & (t == Tactic::Fight ? 1 : 2)) != 0 : weapon_fits(ed.weapon, t);
    int gain = gain_for(ed.bonus, t);
    for (CardId add : attachments_of(s, e)) {
      fit = fit || weapon_fits(s.def(add).weapon, t);
      const bool art = s.def(add).type == CardType::Art;  // MORTIS SWORD
      gain += art ? (ed.has_designation(desig::ArtCardsRepeatItsBonus) ? gain_for(ed.bonus, t) : 0) : gain_for(s.def(add).bonus, t);
    }
    if (fit) fits.push_back({gain, e});
  }
  // YUICHIRO, GUNFIGHTER, WEAPON LINK: a weapon whose bonus counts several times is worth that much more
  // (combat/attachment_times.hpp). Asked only where there is a choice, and not from inside the question
  // itself (the multipliers never sit on a weapon, so the weapons in use do not change them).
  static thread_local bool weighing = false;
  if (fits.size() >= 2 && !weighing) {
    weighing = true;
    const TimesList l = attachment_times_of(s, w);
    weighing = false;
    for (auto& [gain, e] : fits)
      if (!l.empty()) gain += gain_for(s.def(e).bonus, t) * (times_for(s, l, e) - 1);
  }
  std::stable_sort(fits.begin(), fits.end(), [](auto& x, auto& y) { return x.first > y.first; });
  // The weapon aimed is the one used (actions/aimed.hpp: ARCHER SNIPER RIFLE, LASER SIGHT's weapon).
  if (s.families & famAimed)
    if (const CardId aim = aimed_weapon(s, w); aim != kNoCard)
      std::stable_partition(fits.begin(), fits.end(), [&](const auto& x) { return x.second == aim; });
  if (fits.empty()) return out;
  // WEAPONS EXPERT: the WEAPONS named for the attack (actions/two_weapons.hpp), those of them that fit.
  if (s.families2 & fam2TwoWeapons)
    if (const std::vector<CardId> named = named_weapons(s, w); !named.empty()) {
      for (const auto& [gain, e] : fits)
        if (std::find(named.begin(), named.end(), e) != named.end()) out.push_back(e);
      return out;
    }
  out.push_back(fits[0].second);
  if (s.def(fits[0].second).has(kwHandgun))
    for (size_t i = 1; i < fits.size(); ++i)
      if (s.def(fits[i].second).has(kwHandgun) && s.card(fits[i].second).def != s.card(fits[0].second).def) {
        out.push_back(fits[i].second);
        break;
      }
  // PUNISHER BLADE: a second copy of the same weapon is used beside the first.
  if (out.size() == 1 && s.def(fits[0].second).has_designation(desig::TwoMayBeUsed))
    for (size_t i = 1; i < fits.size(); ++i)
      if (s.card(fits[i].second).def == s.card(fits[0].second).def) {
        out.push_back(fits[i].second);
        break;
      }
  // MASTODONT: in a Shoot combat the second best weapon counts too.
  if (out.size() == 1 && fits.size() >= 2 && t == Tactic::Shoot && has_designation(s, w, desig::TwoWeaponsInShootCombats))
    out.push_back(fits[1].second);
  return out;
}

bool uses_card(const State& s, CardId w, std::string_view d) {
  if (w == kNoCard || combat_opponent(s, w) == kNoCard) return false;
  const AttachRange as = shared_attachments(s, w);
  std::optional<AttachmentGate> gate;
  for (CardId a : as) {
    const CardDef& ad = s.def(a);
    if (!ad.has_designation_text(d)) continue;
    if (is_weapon_card(ad)) {
      const std::vector<CardId> used = used_weapons(s, w);
      if (std::find(used.begin(), used.end(), a) != used.end()) return true;
      continue;
    }
    if (!gate) gate = gate_of(s, as);
    if (gate->allows(s, a)) return true;  // an Equipment card that is no weapon counts whenever it works
  }
  return false;
}

void apply_vehicle_doubling(const State& s, CardId w, Stats& st) {
  for (CardId e : attachments_of(s, w)) {  // one VEHICLE per warrior
    const uint8_t x = s.def(e).doubles;
    if (!x || !attachment_in_use(s, e) || effect_blocked(s, w, e)) continue;
    if ((s.families & famTextOff) && plus_modifiers_denied(s, w)) break;  // OUR ENEMY'S WEAKNESS IS EXPOSED
    if (x & 1) st.f *= 2;
    if (x & 2) st.s *= 2;
    if (x & 4) st.a *= 2;
    if (x & 8) st.v *= 2;
    break;
  }
}

// POWER INDUCTION: a weapon w's combat opponent uses (or its add-on) leaves w nothing from its ARMOR.
static bool armor_ignored(const State& s, CardId w) {
  const CardId opp = combat_opponent(s, w);
  if (opp == kNoCard) return false;
  auto negates = [&](CardId c) {
    for (const StaticMod& m : s.def(c).mods)
      if (m.scope == Scope::Opponent && m.no_armor) return true;
    return false;
  };
  for (CardId wpn : used_weapons(s, opp)) {
    if (negates(wpn)) return true;
    for (CardId add : attachments_of(s, wpn))
      if (negates(add)) return true;
  }
  return false;
}

void add_equipment(const State& s, CardId w, bool forts, Stats& st) { add_equipment_times(s, w, forts, st, {}); }

// OUR ENEMY'S WEAKNESS IS EXPOSED (kExposed): each card's losses alone (effects/modifiers/text_off.hpp); the usual
// case is compiled apart, with no test per card.
template <bool kExposed>
static void equipment_into(const State& s, CardId w, bool forts, Stats& st, const TimesList& times) {
  // Equipment: any number, but one of each card (backups don't stack) and the
  // weapon(s) of the combat's tactic (gEngine "EQUIP" and combat step 4).
  std::vector<uint16_t> seen;
  const AttachRange as = shared_attachments(s, w);
  const AttachmentGate g = gate_of(s, as);
  int ignored = -1;  // armor_ignored, asked only for a warrior with ARMOR
  int reversed = -1;  // BACKLASH (combat/standing.cpp), asked only for a warrior with a Dark Symmetry card
  auto add_bonus = [&](Stats& to, const StatBonus& b) { detail::add_bonus(to, kExposed ? losses_only(b) : b); };
  for (CardId e : as) {
    const CardDef& ed = s.def(e);
    if (ed.has(kwArmor) && (ignored < 0 ? (ignored = armor_ignored(s, w)) : ignored)) continue;
    const bool fort_like = ed.type == CardType::Fortification || ed.has(kwCountsAsFort);
    if (is_weapon_card(ed)) continue;
    if (!g.allows(s, e)) continue;
    // In a Warzone, Fortification cards give nothing; equipment considered one does.
    if (ed.type == CardType::Fortification && in_warzone_combat(s, w)) continue;
    if (ed.type == CardType::Fortification && combat_opponent(s, w) != kNoCard &&
        combat_suppressed(s, suppressFortifications))
      continue;  // COMMANDO RAID: no Fortification card in this combat
    // An Art or Dark Symmetry card its warrior is immune to; a Special switched off (BAUHAUS BLITZER).
    if ((ed.type == CardType::Art || ed.type == CardType::Symmetry || ed.type == CardType::Special) &&
        effect_blocked(s, w, e))
      continue;
    if (fort_like && !forts) continue;
    if (ed.type == CardType::Equipment) {  // backup equipment doesn't stack (CYBERNETIC RETINAS: two do); DEMOTED twice does
      if (std::count(seen.begin(), seen.end(), s.card(e).def) >= std::max<int>(1, ed.copies_used)) continue;
      seen.push_back(s.card(e).def);
    }
    if (ed.type == CardType::Symmetry && (reversed < 0 ? (reversed = reverses_symmetry(s, w)) : reversed)) {
      add_bonus(st, reversed_gains(ed.bonus));
      continue;
    }
    add_bonus(st, ed.bonus);
  }
  for (CardId wpn : used_weapons(s, w)) {
    add_bonus(st, times.empty() ? s.def(wpn).bonus : times_bonus(s.def(wpn).bonus, times_for(s, times, wpn)));
    // MORTIS SWORD: each Art card on it counts its bonus once more, and does nothing else.
    const bool arts_repeat = s.def(wpn).has_designation(desig::ArtCardsRepeatItsBonus);
    for (CardId addon : attachments_of(s, wpn)) {
      if (s.def(addon).type == CardType::Art) {
        if (arts_repeat) add_bonus(st, s.def(wpn).bonus);
        continue;
      }
      add_bonus(st, s.def(addon).bonus);
    }
  }
}

void add_equipment_times(const State& s, CardId w, bool forts, Stats& st, const TimesList& times) {
  if ((s.families & famTextOff) && plus_modifiers_denied(s, w)) equipment_into<true>(s, w, forts, st, times);
  else equipment_into<false>(s, w, forts, st, times);
}

}  // namespace dt::detail
