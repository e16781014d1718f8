// Markers on a card (docs/effects.md "Card markers"): a count a card in play keeps on
// itself, as charges or as stored D. They are a kCardMarkers marker in State::lasting on the
// card (gone when it leaves play). `Card.markers.start` are put on as the card enters play
// (zones.cpp put_into); an ability's `markers` price takes some off (effects/abilities.cpp);
// Effect PUT_MARKERS on THIS_CARD adds some (or, negative, takes them off); a card with
// `discard_when_empty` is discarded once the last is gone (COAGULANT AUTOINJECTOR, BOOT CAMP);
// with `spell_fund` they are D its warrior spends on its own spells before its player's
// (POWER STABILIZER: spending them first never leaves the player worse off, as they serve
// nothing else, so no question is asked). A warrior with `buy_d` asks its player, as it enters
// play face up, how many to buy at that many D each: `choose aN` buys N (GENDARME BESTAL).
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

int markers_on(const State& s, CardId card);
void set_markers(State& s, CardId card, int n);
// As a card enters play: its starting markers, if its card has any.
void put_start_markers(State& s, CardId card);
// Adds n markers (negative: takes them off, never below none; never past its card's cap), then discard_if_spent.
void add_markers(State& s, CardId card, int n);
// Do these effects put markers on their own card (an ability not offered at its card's cap)?
bool adds_markers(const std::vector<Effect>& effects);
// NAZGAROTH: a loaded weapon (MarkerRules::loads) with no marker on it is not used.
bool unloaded(const State& s, CardId weapon);
// After a combat: each loaded weapon the two warriors used loses a marker (read before the combat ends).
std::vector<CardId> loaded_weapons_used(const State& s);
void unload(State& s, const std::vector<CardId>& weapons);
// A card in play with `discard_when_empty` and no marker left goes to its discard pile.
void discard_if_spent(State& s, CardId card);
// ADRENALINE IMPLANTS: w's wound was healed at once (HEALS AT ONCE); its cards counting heals take a marker.
void count_heal(State& s, CardId w);
// After any decision (famHealCounter): a warrior DISCARDED WITHOUT BASE ARMOR whose base A is 0 or less is
// discarded, for no points.
void discard_worn_out(State& s, Log log);
// D stored for w's spells: the markers of its attachments that fund spells.
int spell_markers(const State& s, CardId w);
// w casts a spell costing `price`: its stored D go first; returns what is left to pay.
int pay_from_spell_markers(State& s, CardId w, int price);

// The purchase as a warrior with `buy_d` enters play (cardtypes/entering.cpp); its options are
// listed once the warrior's own price is paid, and with no D for one marker it ends unasked.
constexpr uint8_t kBuyMarkers = 40;  // PendingChoice::fetch of the purchase (a question of its own, no fetch)
void ask_marker_purchase(State& s, int seat, CardId card);
bool is_marker_purchase(const State& s, const PendingChoice& ch);
void marker_purchase_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_marker_purchase(State& s, const Option& o, Log log);

}  // namespace dt::detail
