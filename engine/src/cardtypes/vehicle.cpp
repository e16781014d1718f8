// VEHICLE equipment (gEngine "VEHICLES"; 2nd ed "ADVANCED VEHICLE RULES";
// 002 "VEHICLES IN DOOMTROOPER"): a warrior is inside or outside its vehicle
// and only gains its benefits inside. Inside it the warrior gets no
// fortification benefits, may not seek cover, and in an AIRSHIP or SUBMARINE
// neither attacks nor is attacked in a Fight combat. Without the vehicle
// rules (Rules::vehicle_rules off, 1st ed) a vehicle is simply in use.
#include <algorithm>

#include "dt/designations.hpp"
#include "effects/lasting/carriers.hpp"
#include "effects/warriors/wounds.hpp"
#include "effects/lasting/shutdown.hpp"
#include "internal.hpp"

namespace dt::detail {

bool is_vehicle_card(const State& s, CardId c) {
  const CardDef& d = s.def(c);
  return d.type == CardType::Equipment && d.has(kwVehicle);
}

// A warrior "considered a VEHICLE" is always inside and may never exit.
static bool is_vehicle_warrior(const State& s, CardId w) {
  return s.def(w).type == CardType::Warrior && s.def(w).has(kwVehicle);
}

CardId vehicle_of(const State& s, CardId w) {
  for (CardId a : attachments_of(s, w))
    if (is_vehicle_card(s, a)) return a;
  return kNoCard;
}

bool switched_off_in_combat(const State& s, CardId a) {
  const CardType t = s.def(a).type;
  if (t == CardType::Ki) return ki_denied(s, s.card(a).attached_to);              // YOMURA'S AMULET
  if (t == CardType::Symmetry) return symmetry_barred(s, s.card(a).attached_to);  // DEAD ZONE
  return false;
}

bool attachment_in_use(const State& s, CardId a) {
  if (switched_off_in_combat(s, a)) return false;
  if ((s.families & famTurnedDown) && is_shut_down(s, a)) return false;  // TOTAL ECLIPSE: face down
  if (!is_vehicle_card(s, a)) return true;
  if (vehicles_barred(s, s.card(a).attached_to)) return false;  // VENUSIAN JUNGLE
  return !s.rules.vehicle_rules || s.card(a).inside;
}

bool symmetry_barred(const State& s, CardId w) {
  return w != kNoCard && in_warzone_combat(s, w) &&
         carries_designated(s, s.combat.warzone, desig::NoDarkSymmetryInItsWarzone);
}

bool vehicles_barred(const State& s, CardId w) {
  return in_warzone_combat(s, w) && s.def(s.combat.warzone).has_designation(desig::NoVehiclesInIt);
}

// A carrier that is a VEHICLE (a troop carrier) with w aboard (effects/lasting/carriers.hpp).
static CardId vehicle_aboard(const State& s, CardId w) {
  if (!(s.families & famCarriers)) return kNoCard;
  const CardId c = carrier_of(s, w);
  return c != kNoCard && s.def(c).has(kwVehicle) ? c : kNoCard;
}

CardId vehicle_used(const State& s, CardId w) {
  if (is_vehicle_warrior(s, w)) return w;
  if (const CardId c = vehicle_aboard(s, w); c != kNoCard) return c;
  const CardId v = vehicle_of(s, w);
  return v != kNoCard && attachment_in_use(s, v) ? v : kNoCard;
}

bool inside_vehicle(const State& s, CardId w) {
  if (!s.rules.vehicle_rules) return false;
  if (is_vehicle_warrior(s, w)) return true;
  const CardId v = vehicle_of(s, w);
  if (v != kNoCard && s.card(v).inside) return true;
  return vehicle_aboard(s, w) != kNoCard;
}

AttachmentGate gate_of(const State& s, const AttachRange& attachments) {
  AttachmentGate g;
  // A VEHICLE with its warrior inside, or Equipment that allows no other (CARCASS SUIT): the strictest holds.
  for (CardId a : attachments)
    if (s.def(a).restricts != VehicleRestricts::Nothing && attachment_in_use(s, a))
      g.restricts = std::max(g.restricts, s.def(a).restricts);
  // A carrier's warriors aboard (KLEIN HELITEK DRAGONFLY: no other Equipment); the warrior is the one the
  // attachments sit on (with none there is nothing to restrict).
  if ((s.families & famCarriers) && attachments.begin() != attachments.end())
    if (const CardId c = carrier_of(s, s.card(*attachments.begin()).attached_to); c != kNoCard)
      g.restricts = std::max(g.restricts, s.def(c).restricts);
  return g;
}

bool AttachmentGate::allows(const State& s, CardId a) const {
  if (!attachment_in_use(s, a)) return false;
  const CardDef& ad = s.def(a);
  // A WEAPON Relic is a weapon; a Relic is never Equipment (gEngine "RELICS").
  if (ad.type == CardType::Relic) return restricts != VehicleRestricts::Weapons || ad.weapon == WeaponKind::None;
  // The card that restricts the others is not restricted by itself (a VEHICLE, CARCASS SUIT).
  if (ad.type != CardType::Equipment || ad.has(kwVehicle) || ad.restricts != VehicleRestricts::Nothing) return true;
  switch (restricts) {
    case VehicleRestricts::Nothing: return true;
    case VehicleRestricts::Weapons: return ad.weapon == WeaponKind::None;
    case VehicleRestricts::Equipment: return false;
  }
  return true;
}

bool flies_or_dives(const State& s, CardId w) {
  if (!inside_vehicle(s, w)) return false;
  auto airborne = [](const CardDef& d) { return d.has(kwAirship) || d.has_designation(desig::Submarine); };
  if (is_vehicle_warrior(s, w)) return airborne(s.def(w));
  if (const CardId c = vehicle_aboard(s, w); c != kNoCard) return airborne(s.def(c));
  return airborne(s.def(vehicle_of(s, w)));
}

// A card lying face up before w's player that lets its VEHICLES TAKE COVER, and a VEHICLE that neither flies nor
// dives (its TANKS and the like, a warrior considered one too).
bool vehicle_takes_cover(const State& s, CardId w) {
  if (!(s.families & famVehicleCover) || flies_or_dives(s, w)) return false;
  for (CardId c : s.seats[size_t(s.card(w).controller)].in_play)
    if (!s.card(c).hidden && s.def(c).has_designation(desig::ItsPlayersVehiclesTakeCover)) return true;
  return false;
}

void vehicles_leave_cover(State& s, Log log) {
  for (int t = 0; t < s.num_seats(); ++t)
    for (CardId w : std::vector<CardId>(s.seats[size_t(t)].in_play))
      if (is_warrior_in_play(s, w) && s.card(w).cover && inside_vehicle(s, w) && !vehicle_takes_cover(s, w)) {
        s.card(w).cover = false;
        reveal(s, w, log);
      }
}

CardId bearer_inside(const State& s, CardId vehicle) {
  if (!s.rules.vehicle_rules || !is_vehicle_card(s, vehicle)) return kNoCard;
  const CardInst& vi = s.card(vehicle);
  if (vi.zone != Zone::InPlay || vi.attached_to == kNoCard || !vi.inside) return kNoCard;
  return vi.attached_to;
}

// The warrior is wounded, no points being earned if that kills it.
void vehicle_lost(State& s, CardId vehicle, CardId warrior, Log log) {
  if (!is_warrior_in_play(s, warrior)) return;
  emit(log, {EventKind::VehicleLost, int8_t(s.card(warrior).controller), warrior, vehicle});
  if (keywords(s, warrior) & kwNoWound) return;
  if (s.card(warrior).wounded || (keywords(s, warrior) & kwDiesWhenWounded)) discard_from_play(s, warrior);
  else take_wound(s, warrior);
}

void leave_vehicle(State& s, CardId w) {
  const CardId v = vehicle_of(s, w);
  if (v != kNoCard) s.card(v).inside = false;
}

}  // namespace dt::detail
