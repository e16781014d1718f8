// gEngine "EQUIP": one action puts an Equipment card on one of your warriors
// (ARMOR and VEHICLE: one each per warrior), or a weapon add-on on a weapon,
// or a Relic (cardtypes/relic.cpp says which).
#include "dt/action_prices.hpp"
#include "dt/designations.hpp"
#include "effects/choices/moves.hpp"
#include "effects/costs/upkeep.hpp"
#include "effects/economy/team_rules.hpp"
#include "effects/modifiers/text_off.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

static bool fight_weapon(const CardDef& d) {
  return is_weapon_card(d) && (d.weapon == WeaponKind::Fight || d.weapon == WeaponKind::FightShoot);
}

// VASSHT: a SOLE FIGHT WEAPON's warrior takes no other Fight or Fight/Shoot
// weapon, nor is it given to one that has one; SOLE FIGHT WEAPON EVER (gEngine)
// holds after it is gone too: its Equip leaves a marker on the warrior (State::lasting).
static bool sole_fight_weapon_ok(const State& s, CardId e, CardId w) {
  const CardDef& ed = s.def(e);
  if (fight_weapon(ed)) {
    for (CardId a : attachments_of(s, w))
      if (a != e && s.def(a).has_designation(desig::SoleFightWeapon)) return false;
    for (const LastingMod& m : s.lasting)
      if (m.target == w && s.def(m.source).has_designation(desig::SoleFightWeaponEver)) return false;
  }
  if (ed.has_designation(desig::SoleFightWeapon))
    for (CardId a : attachments_of(s, w))
      if (fight_weapon(s.def(a))) return false;
  return true;
}

bool can_take_equipment(const State& s, CardId e, CardId w, bool any_affiliation) {
  const CardDef& ed = s.def(e);
  if (ed.attach_to_weapon) return false;  // add-ons go on weapons (can_add_on)
  if (keywords(s, w) & kwNoEquipment) return false;
  // Attachment bans printed on a warrior: FLAMMEN SOLDAT takes no WEAPONS, GOMORRIAN EMASCULATOR no Shoot ones.
  if (is_weapon_card(ed) && own_designation_on(s, w, desig::NoWeapons)) return false;  // (AMNESIA: its text off)
  if ((ed.weapon == WeaponKind::Shoot || ed.weapon == WeaponKind::FightShoot) && own_designation_on(s, w, desig::NoShootWeapons))
    return false;
  if (has_designation(s, w, desig::NoAttachments)) return false;
  if (!any_affiliation && !gives_to(s, e, w)) return false;  // HEIST: whatever its affiliations
  if (!sole_fight_weapon_ok(s, e, w)) return false;
  if (!any_affiliation && borrow_price(s, ed.give_to.affil, w) > destiny(s, s.card(w).controller)) return false;
  // One VEHICLE or one Beast per warrior, and none for a BEAST.
  if (ed.has(kwVehicle) && (vehicle_of(s, w) != kNoCard || beast_of(s, w) != kNoCard || is_beast_warrior(s, w)))
    return false;
  if (ed.has_designation(desig::OnePerWarrior))  // PORTABLE FORCE SHIELD: not even a backup copy
    for (CardId a : attachments_of(s, w))
      if (s.card(a).def == s.card(e).def) return false;
  if (ed.has(kwArmor))  // one ARMOR per warrior
    for (CardId a : attachments_of(s, w))
      if (s.def(a).has(kwArmor)) return false;
  return true;
}

// A weapon add-on (ATTACH TO ANY SHOOT WEAPON ...): one of each on a weapon.
// Its GIVE TO names the warrior carrying the weapon (a POISON: a MORTIFICATOR's weapon).
static bool can_add_on(const State& s, CardId e, CardId weapon, CardId w) {
  const CardDef& ed = s.def(e);
  const CardDef& wd = s.def(weapon);
  if (!ed.attach_to_weapon || !is_weapon_card(wd)) return false;
  if (!(ed.attach_to_weapon & (1u << unsigned(wd.weapon)))) return false;
  // CHAIN BAYONET: a Dark Legion weapon, by its own affiliation or by the warriors its GIVE TO names.
  if (ed.attach_to_weapon_of) {
    const AffilMask of = wd.affil | wd.give_to.affil | (wd.give_to.legion ? bit(Affil::Legion) : AffilMask(0));
    if (!(ed.attach_to_weapon_of & of)) return false;
  }
  if (!gives_to(s, e, w)) return false;
  // ARMOR-PIERCING AMMO: no FLAMETHROWER (the printed text's own name for one too).
  if (ed.has_designation(desig::NotOnAFlamethrower) &&
      (wd.has_designation(desig::Flamethrower) || wd.has_designation(desig::HeavyMachineGunWithIntegratedFlameThrower)))
    return false;
  for (CardId a : attachments_of(s, weapon))
    if (s.card(a).def == s.card(e).def) return false;
  return true;
}

// A card given "as two actions" (KEY-CODE SKULL) needs that many left, unless a privilege equips for no action.
static bool equip_affordable(const State& s, CardId c, CardId w) {
  const int n = s.def(c).equip_actions;
  return n <= 1 || n <= s.actions_left || free_of_action(s, s.current, PrivAction::Equip, w, c);
}

void equip_options(const State& s, CardId c, const std::vector<CardId>& mine, std::vector<Option>& out) {
  const CardDef& d = s.def(c);
  if (d.type == CardType::Relic) {  // gEngine "Equip (Equipment or Relic)"
    for (CardId w : mine)
      if (can_equip_relic(s, c, w) && equip_affordable(s, c, w)) out.push_back({OptKind::Equip, c, w});
    return;
  }
  if (d.type != CardType::Equipment) return;
  if (equipment_barred(s)) return;  // AGE OF CATASTROPHE
  if (d.play && d.play->target == TargetKind::Host) return;  // played onto a host: LANCELOT LIGHT FREIGHTER lies in the Squad
  if (d.has(kwAirship) && airships_grounded(s)) return;  // GALE FORCE WINDS: no AIRSHIP is played
  if (d.play) return;  // ATTACH TO GAME (HOMING MISSILE): played before its player, not given to a warrior
  for (CardId w : mine) {
    if (!equip_affordable(s, c, w)) continue;
    if (can_take_equipment(s, c, w)) {
      if (!is_vehicle_card(s, c) || !s.rules.vehicle_rules) {
        out.push_back({OptKind::Equip, c, w});
      } else {  // the player says where the warrior is; a warrior in cover stays outside
        Option o{OptKind::Equip, c, w};
        if (!s.card(w).cover) o.p = 1, out.push_back(o);
        o.p = 2;
        out.push_back(o);
      }
    }
    if (d.attach_to_weapon)
      for (CardId wpn : attachments_of(s, w))
        if (can_add_on(s, c, wpn, w)) out.push_back({OptKind::Equip, c, wpn});
  }
}

// An Equipment card of the hand that is equipped onto a warrior at all (not played, not an add-on, no AIRSHIP
// while they are grounded).
static bool equipped_from_hand(const State& s, const CardDef& d) {
  return d.type == CardType::Equipment && !d.play && !d.attach_to_weapon && !(d.has(kwAirship) && airships_grounded(s)) &&
         !equipment_barred(s);
}

void drop_barred_attachments(const State& s, std::vector<Option>& out) {
  std::erase_if(out, [&](const Option& o) {
    bool costs = false;
    switch (o.kind) {
      case OptKind::Equip: case OptKind::Bestow: case OptKind::BestowKi: case OptKind::Wrangle: costs = true; break;
      case OptKind::Play:  // a Special put on a warrior as actions
        costs = o.a != kNoCard && s.def(o.a).post_play == PostPlay::Attach && play_actions_now(s, s.current, o.a) > 0;
        break;
      default: break;
    }
    if (!costs || o.b == kNoCard || s.card(o.b).zone != Zone::InPlay) return false;
    const CardId w = is_warrior_in_play(s, o.b) ? o.b : bearer_of(s, o.b);  // an add-on goes on a weapon of the warrior
    return w != kNoCard && has_designation(s, w, desig::NoAttachmentsCostingActions);
  });
}

bool equipment_barred(const State& s) {
  if (!(s.families & famGlobalBans)) return false;
  for (const SeatState& st : s.seats)
    for (CardId c : st.in_play)
      if (!s.card(c).hidden && s.def(c).has_designation(desig::NoEquipmentPlayed)) return true;
  return false;
}

// A privilege to equip at any time (ALGEROTH-APOSTLE OF WAR): Equipment from hand onto the
// warriors it names, in a timing window (its Actions-step options are equip_options').
void any_time_equip_options(const State& s, int seat, CardId c, std::vector<Option>& out) {
  if (!equipped_from_hand(s, s.def(c))) return;
  for (CardId w : warriors_of(s, seat))
    if (any_time_for(s, seat, PrivAction::Equip, w, c)) equip_option(s, c, w, out);
  if (s.families & famEquipsOthers) others_equip_options(s, seat, c, true, out);
}

// VAC ENGINEER (Privilege::any_players): Equipment from hand onto the other players' warriors its privilege names
// (`any_time`: in a window too; in the Actions step, for an action unless `no_action`).
void others_equip_options(const State& s, int seat, CardId c, bool window, std::vector<Option>& out) {
  if (!equipped_from_hand(s, s.def(c))) return;
  for (int t = 0; t < s.num_seats(); ++t) {
    if (t == seat) continue;
    for (CardId w : warriors_of(s, t)) {
      const Privilege* p = privilege_for(s, seat, PrivAction::Equip, w, c);
      if (!p || !p->any_players || (window && !p->any_time)) continue;
      if (!window && !p->no_action && s.actions_left < s.def(c).equip_actions) continue;
      equip_option(s, c, w, out);
    }
  }
}

void equip_option(const State& s, CardId c, CardId w, std::vector<Option>& out) {
  if (!equipped_from_hand(s, s.def(c)) || !can_take_equipment(s, c, w)) return;
  Option o{OptKind::Equip, c, w};
  if (is_vehicle_card(s, c) && s.rules.vehicle_rules) o.p = s.card(w).cover ? 2 : 1;
  out.push_back(o);
}

void apply_equip(State& s, const Option& o, Log log) {
  if (s.card(o.a).zone == Zone::InPlay) return apply_team_equipment_move(s, o, log);  // ARMS CONVOY
  const int me = deciding_seat(s);
  const bool on_warrior = is_warrior_in_play(s, o.b);
  if (on_warrior) destiny(s, me) -= borrow_price(s, s.def(o.a).give_to.affil, o.b);
  // VAC ENGINEER: on another player's warrior it is that player's card
  const int holder = on_warrior ? int(s.card(o.b).controller) : me;
  // In a window, or by a privilege for no action: no action is spent.
  const bool free = on_warrior && (s.phase == Phase::Window || free_of_action(s, me, PrivAction::Equip, o.b, o.a));
  put_attached(s, o.a, o.b, holder);
  if (s.def(o.a).has_designation(desig::SoleFightWeaponEver) && on_warrior)
    s.lasting.push_back({o.a, o.b, {}, kNoTurnEnds});  // leaving play removes it
  s.card(o.a).inside = o.p == 1;  // entering at once costs no action of its own
  emit(log, {EventKind::Equip, int8_t(me), o.a, o.b, o.p});
  if (!free) s.actions_left -= s.def(o.a).equip_actions - 1;  // end_standard_action spends the last one
  end_standard_action(s, free);
}

}  // namespace dt::detail
