// Each card type's own rules, one file per type (gEngine "CARD TYPE ICON").
// The Art, Dark Symmetry gifts and Missions are parts of the effect
// vocabulary and live in effects/.
#pragma once

#include <optional>
#include <vector>

#include "dt/game.hpp"
#include "events.hpp"
#include "zones.hpp"

namespace dt::detail {

inline void add_bonus(Stats& st, const StatBonus& b) {
  st.f += b.f;
  st.s += b.s;
  st.a += b.a;
  st.v += b.v;
}

// --- A warrior entering play (entering.cpp): every way into play goes through enter_play ---
// Takes w from where it is into `seat`'s play, in `area` (none: where a Muster
// puts it, judged once it is in play), with what entering sets.
void enter_play(State& s, CardId w, int seat, std::optional<Area> area = std::nullopt);
// A Ki Power or a gift just given to warrior w asks its enter_choice, w its target (WEAPON LINK's weapon).
void ask_attach_choice(State& s, int seat, CardId card, CardId w);
// The same for a warrior already put into `seat`'s play list (a Muster, which may cover it first).
void entered_play(State& s, CardId w, int seat, Area area);
// w and what it carries now stand in `area` (entering play, a Transfer); an Outpost opens to Transfers.
void place_in_area(State& s, CardId w, Area area);

// --- Warrior (warrior.cpp; the public queries are in dt/game.hpp) ---
bool has_combat_warrior(const State& s, int seat);
// EMISSARIES: a Tribal warrior in a Kohort, a HERETIC there (asked only in a game with famSideMoves).
bool tribal_heretic(const State& s, CardId c);
std::vector<CardId> own_warriors(const State& s, int seat);
// The same warriors without the copy: a view over the seat's in-play list that
// skips the cards that are not warriors in play. Only for loops that move no
// card (option generators); own_warriors allocated a list per call.
struct WarriorView {
  struct It {
    const State* s;
    const CardId* p;
    const CardId* e;
    void skip() {
      while (p != e && !is_warrior_in_play(*s, *p)) ++p;
    }
    CardId operator*() const { return *p; }
    It& operator++() {
      ++p;
      skip();
      return *this;
    }
    bool operator!=(const It& o) const { return p != o.p; }
  };
  const State* s;
  const CardId* b;
  const CardId* e;
  It begin() const {
    It i{s, b, e};
    i.skip();
    return i;
  }
  It end() const { return {s, e, e}; }
};
inline WarriorView warriors_of(const State& s, int seat) {
  const std::vector<CardId>& v = s.seats[size_t(seat)].in_play;
  return {&s, v.data(), v.data() + v.size()};
}
// Has the warrior a printed rating for this tactic (not "–")?
bool has_rating(const State& s, CardId w, Tactic t);

// --- Equipment (equipment.cpp) ---
// GIVE TO: may warrior w be given equipment e?
bool gives_to(const State& s, CardId e, CardId w);
// The corporations whose cards w may use for 3 D each (USES <CORPORATION> CARDS).
AffilMask borrowed_affiliations(const State& s, CardId w);
// The D w's player pays to use a card meant for `meant_for` warriors: 3 when w
// is not one of them but borrows their cards, else 0.
int borrow_price(const State& s, AffilMask meant_for, CardId w);
bool weapon_fits(WeaponKind k, Tactic t);
// The weapons a combatant uses in the current combat.
std::vector<CardId> used_weapons(const State& s, CardId w);
// Does combatant w use, in the current combat, a card of its own with designation (or name) d: a weapon
// it strikes with, or other Equipment that counts there? (StaticMod::while_using: WOLFE's DEATHLOCKDRUM)
bool uses_card(const State& s, CardId w, std::string_view d);
// A VEHICLE that doubles printed ratings, applied before any bonus.
void apply_vehicle_doubling(const State& s, CardId w, Stats& st);
// Bonuses of the warrior's attachments and of the weapons it uses.
void add_equipment(const State& s, CardId w, bool fortified, Stats& st);

// --- Relic (relic.cpp) ---
// A WEAPON: Equipment or a Relic that says FIGHT, SHOOT, FIGHT/SHOOT or SPECIAL WEAPON.
bool is_weapon_card(const CardDef& d);
// Is a Relic identical to `relic` (the same card) anywhere in play?
bool relic_in_play(const State& s, CardId relic);
// Has `seat` a NOTED COLLECTOR card lying before it?
bool is_noted_collector(const State& s, int seat);
// May Relic r be equipped to warrior w (GIVE TO, ARMOR, unique in play)?
bool can_equip_relic(const State& s, CardId r, CardId w, bool any_affiliation = false);

// --- Ki Power (ki.cpp) ---
// May Ki Power `ki` be bestowed on warrior w (Mishima now, one copy each)?
// YOMURA'S AMULET: are w's Ki Powers off, w fighting an opponent that carries a card DENIES KI POWERS (or
// in a combat where a SUPPRESS turned Ki off)?
bool ki_denied(const State& s, CardId w);
bool can_bestow_ki(const State& s, CardId ki, CardId w);
// Does w carry no card that excludes `card` (or that `card` excludes)?
bool exclusive_ok(const State& s, CardId card, CardId w);

// --- Alliance (alliance.cpp) ---
// The Alliance card `seat` has proclaimed, if any.
CardId alliance_of(const State& s, int seat);
// Is an Alliance identical to `card` in play anywhere?
bool identical_alliance_in_play(const State& s, CardId card);
// The privilege of a card `seat` has in play (its Alliance, a warrior, a Warzone, a
// Fortification: docs/effects.md "Privileges") for action `a` on warrior (or warrior card) w,
// giving the card `card` from hand (kNoCard: any card).
const Privilege* privilege_for(const State& s, int seat, PrivAction a, CardId w, CardId card = kNoCard);
// Does `seat` take action `a` on w (with `card`) for no action / at any time?
bool free_of_action(const State& s, int seat, PrivAction a, CardId w, CardId card = kNoCard);
bool any_time_for(const State& s, int seat, PrivAction a, CardId w, CardId card = kNoCard);
// Has `seat` any card in play with privileges? Asked before the per-warrior checks.
bool has_privileges(const State& s, int seat);
// Equip (equipment.cpp): the Equipment options a privilege gives at any time (ALGEROTH-APOSTLE OF WAR).
void any_time_equip_options(const State& s, int seat, CardId c, std::vector<Option>& out);
// May effect e discard, annihilate or return card c (an Alliance only if e names ALLIANCE)?
bool alliance_removable(const State& s, CardId c, const Effect& e);

// --- SERGEANT warriors (sergeant.cpp) ---
// Is the assignment of sergeant `sgt` in force (it and a member of its group in play, ...)?
bool assignment_holds(const State& s, CardId sgt);
// Does warrior w belong to the group assigned to sergeant `sgt`?
bool in_sergeant_group(const State& s, CardId sgt, CardId w);
// The sergeant of `seat` whose group w's card group is, if any.
CardId sergeant_of_group(const State& s, int seat, CardId w);
// Clears assignments that no longer hold, so a broken one never comes back.
void refresh_sergeants(State& s);

// --- Vehicle equipment (vehicle.cpp) ---
bool is_vehicle_card(const State& s, CardId c);
// The VEHICLE attached to w, or kNoCard.
CardId vehicle_of(const State& s, CardId w);
// Is w inside a vehicle (its own, or considered a VEHICLE itself)? Never without the vehicle rules.
bool inside_vehicle(const State& s, CardId w);
// The VEHICLE w uses: w itself when considered one, else the one it is inside (without the vehicle
// rules, the one it carries); kNoCard for none (WarriorFilter::uses_vehicle, Who::TargetsVehicle).
CardId vehicle_used(const State& s, CardId w);
// Does attachment a work now: anything but a vehicle, or a vehicle its warrior is inside?
bool attachment_in_use(const State& s, CardId a);
// A Ki Power or a gift its warrior's combat switches off (YOMURA'S AMULET, DEAD ZONE): no bonus, grant or ability.
bool switched_off_in_combat(const State& s, CardId a);
// VENUSIAN JUNGLE: is w fighting a combat in a Warzone where NO VEHICLES are used?
bool vehicles_barred(const State& s, CardId w);
// DEAD ZONE: is w fighting in a Warzone that carries a card with NO DARK SYMMETRY IN ITS WARZONE?
bool symmetry_barred(const State& s, CardId w);
// Is w a combatant facing a Warzone that ENDS COMBATS OF VEHICLES while one of them is a VEHICLE (gEngine
// VENUSIAN JUNGLE)? Asked as the Warzone is announced.
bool warzone_ends_combat(const State& s);
// SHINRIKYO UNDERWORLD: in the modification rounds, Equipment from `seat`'s hand onto its defender when that
// warrior defends from a Warzone whose defenders EQUIP IN COMBAT (free: a window spends no action).
void warzone_equip_options(const State& s, int seat, std::vector<Option>& out);
// The option to give Equipment card `c` from hand to warrior `w`, when w may take it (a VEHICLE inside if it can).
void equip_option(const State& s, CardId c, CardId w, std::vector<Option>& out);
// What a warrior's attachments may give it: a vehicle only with the warrior
// inside, and the rest of its equipment only as far as that vehicle allows
// (no weapons, or no other equipment). Worked out once per warrior and query.
struct AttachmentGate {
  VehicleRestricts restricts = VehicleRestricts::Nothing;  // of the vehicle in use
  bool allows(const State& s, CardId a) const;
};
AttachmentGate gate_of(const State& s, const AttachRange& attachments);
// Inside an AIRSHIP or a SUBMARINE: no Fight combat either way.
bool flies_or_dives(const State& s, CardId w);
// gEngine IMPERIAL: does w defend from any Warzone but a Dark Legion one, no Warzone's affiliation limit binding it?
bool warzone_limits_waived(const State& s, CardId w);
// The filter with its affiliation tests taken out.
WarriorFilter without_affiliation(WarriorFilter f);
// URBAN TACTICS: may w, inside its VEHICLE, be in cover and gain Fortification benefits?
bool vehicle_takes_cover(const State& s, CardId w);
// URBAN TACTICS gone: every warrior in cover inside a VEHICLE that may no longer be leaves cover.
void vehicles_leave_cover(State& s, Log log);
// The warrior inside this vehicle card, or kNoCard.
CardId bearer_inside(const State& s, CardId vehicle);
// A vehicle was discarded with `warrior` inside: the warrior is wounded (no points).
void vehicle_lost(State& s, CardId vehicle, CardId warrior, Log log);
// The warrior leaves its vehicle (forced into cover).
void leave_vehicle(State& s, CardId w);

// --- Beast (beast.cpp) ---
CardId beast_of(const State& s, CardId w);
// A warrior designated (or considered) a BEAST: no Beast or VEHICLE, no Transfer.
bool is_beast_warrior(const State& s, CardId w);
// The Beast's modifiers on the base ratings, before any other modifier.
void apply_beast(const State& s, CardId w, Stats& st);

// --- Warzone (warzone.cpp) ---
// Is w a combatant of a combat fought in a Warzone?
bool in_warzone_combat(const State& s, CardId w);
// The Warzone's ratings, for the defender only.
void apply_warzone(const State& s, CardId w, Stats& st);
// A bonus of the Warzone's own modifiers as it reaches w: JET PACK's opponent keeps only the penalties.
StatBonus warzone_mod_bonus(const State& s, CardId w, const StatBonus& bonus);
// May `defender` defend from `zone` (its player's, in its area, not the attacker's, who it allows)?
bool may_defend_from(const State& s, CardId defender, CardId zone);

// --- Fortification (fortification.cpp) ---
// ADVANCED SECURITY SYSTEM: how many cards on Fortification f add its A once more (0 for most).
int armor_doublers(const State& s, CardId f);
// May w take fortification bonuses in its current situation?
bool fortified(const State& s, CardId w);
// Is w protected by a fortification (one of its player's reaches it, or it carries one)?
// `kind` (when not empty): only a fortification with that designation counts (CITADEL).
bool protected_by_fortification(const State& s, CardId w, std::string_view kind = {});
// Does the fortification card f protect w now (its player's, reaching it, or carried by it)?
// DEMOLITION KIT as printed.
bool fortification_affects(const State& s, CardId f, CardId w);
// Does a fortification of w's player stand in w's combat area (a fortification
// card there, or one carried by a warrior there)? WOLFBANE LIGHT CAVALRY.
bool fortification_in_area(const State& s, CardId w);
// The bonuses of its controller's fortifications that reach w.
void add_fortifications(const State& s, CardId w, Stats& st);
// BAUHAUS BULLY: its warrior GAINS NOTHING FROM FORTIFICATIONS (their ratings nor their modifiers).
bool gains_nothing_from_fortifications(const State& s, CardId w);

// --- Special (special.cpp) ---
// "PLAY ON ANY WARRIOR DURING COMBAT": a combat modifier on either combatant.
void combat_modifier_options(const State& s, int seat, std::vector<Option>& out);
// Plays a combat modifier that has no effect-vocabulary play.
void play_combat_modifier(State& s, const Option& o, Log log);

}  // namespace dt::detail
