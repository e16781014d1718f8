// Each card type's own rules, one file per type (gEngine "CARD TYPE ICON").
// The Art, Dark Symmetry gifts and Missions are parts of the effect
// vocabulary and live in effects/.
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "events.hpp"

namespace dt::detail {

inline void add_bonus(Stats& st, const StatBonus& b) {
  st.f += b.f;
  st.s += b.s;
  st.a += b.a;
  st.v += b.v;
}

// --- Warrior (warrior.cpp; the public queries are in dt/game.hpp) ---
bool has_combat_warrior(const State& s, int seat);
std::vector<CardId> own_warriors(const State& s, int seat);
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
// A VEHICLE that doubles printed ratings, applied before any bonus.
void apply_vehicle_doubling(const State& s, CardId w, Stats& st);
// Bonuses of the warrior's attachments and of the weapons it uses.
void add_equipment(const State& s, CardId w, bool fortified, Stats& st);

// --- Fortification (fortification.cpp) ---
// May w take fortification bonuses in its current situation?
bool fortified(const State& s, CardId w);
// Is w protected by a fortification (one of its player's reaches it, or it carries one)?
bool protected_by_fortification(const State& s, CardId w);
// Does a fortification of w's player stand in w's combat area (a fortification
// card there, or one carried by a warrior there)? WOLFBANE LIGHT CAVALRY.
bool fortification_in_area(const State& s, CardId w);
// The bonuses of its controller's fortifications that reach w.
void add_fortifications(const State& s, CardId w, Stats& st);

// --- Special (special.cpp) ---
// "PLAY ON ANY WARRIOR DURING COMBAT": a combat modifier on either combatant.
void combat_modifier_options(const State& s, int seat, std::vector<Option>& out);
// Plays a combat modifier that has no effect-vocabulary play.
void play_combat_modifier(State& s, const Option& o, Log log);

}  // namespace dt::detail
