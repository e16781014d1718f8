// A warrior's own text switched off (docs/effects.md "Text switched off"). A card on the warrior with
// `text_off` (AMNESIA, INCONVENIENT PHONE CALL, NAVIGATIONAL ERROR) switches it off while it stays; a
// TEXT_OFF effect (MORAL DECAY, MINDSLAYER) for good, a marker kTextOff on the warrior (its `count` the
// TextOffBits) gone as the warrior leaves play. What goes is what its own card gives: its keywords and
// designations, its abilities and triggers, the spells it casts and the modifiers it gives (to itself
// and to others), all but PERSONALITY, BEAST, VEHICLE (AIRSHIP) and what says its side (DOOMTROOPER,
// FREELANCER, HERETIC, TRIBAL, CULTIST), and its name. `textKeepsRestrictions` keeps its restrictions
// (keywords and designations that forbid it something, modifiers that only take from it);
// `textToOthersOnly` takes only the modifiers (ratings, keywords, designations, spells) it gives other
// warriors. Several cards together: the text is off as far as the widest of them says. Cards on the
// warrior (its Equipment, its gifts) keep their own texts. Consulted where a warrior's own text is read:
// for_each_mod (its modifiers), keywords() and has_designation() (queries.cpp), ability_options and
// run_effects (its abilities and triggers), and art.cpp (its aspects). Only a game holding such a card
// looks (famTextOff), so the others pay one bit test.
//
// The same family bit gates OPPONENTS ITS PLAYER ATTACKS GAIN NO PLUS MODIFIERS (OUR ENEMY'S WEAKNESS IS
// EXPOSED): a warrior attacked by a warrior of that card's player counts no card's plus ratings, only its
// minus ones (combat/standing.cpp asks plus_modifiers_denied and drops each card's gains).
#pragma once

#include <cstdint>
#include <string_view>

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// What of w's own text is off now (TextOffBits; 0: none of it). Asked only in a game with famTextOff.
uint8_t text_off_bits(const State& s, CardId w);
inline uint8_t text_off_now(const State& s, CardId w) { return (s.families & famTextOff) ? text_off_bits(s, w) : 0; }
// Its abilities, triggers and spells: off unless only what it gives others is.
inline bool own_acts_off(uint8_t bits) { return bits && !(bits & textToOthersOnly); }
// Does its own modifier m (its card's, src == w) still reach `subject`, its text being off as `bits` say?
bool own_mod_holds(uint8_t bits, const StaticMod& m, CardId src, CardId subject);
// Its printed keywords `k` that still hold.
uint32_t own_keywords_left(uint8_t bits, uint32_t k);
// Does its printed designation (or name) `d` still hold?
bool own_designation_holds(const State& s, CardId w, uint8_t bits, std::string_view d);
// Its own printed designation d, while its text is on as far as d goes: for the rules that read a warrior's own
// designations without what cards give it (s.def(w).has_designation).
inline bool own_designation_on(const State& s, CardId w, DesigKey d) {
  return s.def(w).has_designation(d) && (!(s.families & famTextOff) || own_designation_holds(s, w, text_off_bits(s, w), d.text));
}
// Is its own text one that gives other warriors rating modifiers or abilities (WarriorFilter.gives_to_others)?
bool gives_to_others(const State& s, CardId w);
// TEXT_OFF: `source` switches w's own text off for good as `bits` say.
void switch_text_off(State& s, CardId source, CardId w, uint8_t bits, Log log);

// OPPONENTS ITS PLAYER ATTACKS GAIN NO PLUS MODIFIERS: is w a defender attacked by a warrior whose player has such a
// card face up in play (its own player being another)? Asked only in a game with famTextOff.
bool plus_modifiers_denied(const State& s, CardId w);
// A card's bonus with its gains dropped, its losses kept.
StatBonus losses_only(const StatBonus& b);

}  // namespace dt::detail
