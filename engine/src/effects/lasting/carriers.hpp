#pragma once
// Carriers (docs/effects.md "Carriers"; Card::holds): a card in one of its player's combat areas that warriors
// of that area go aboard and leave, each move one action (`enter c12 c40`, `exit c12 c40`), as many as it holds
// (KLEIN HELITEK DRAGONFLY, REAVER TROOP CARRIER, WATCH TOWER, PROTECTIVE WALL). A warrior aboard keeps its place
// in its area; a marker in State::lasting (kAboard: source the carrier, target the warrior) says where it is, and
// holds only while both stay in play, in one area, under one player, the warrior out of cover. The carrier's
// modifiers of scope ABOARD reach those aboard (its ratings, NONCOMBATANT, WOUNDED ONLY BY SHOOT WEAPONS OR
// VEHICLES); a carrier that is a VEHICLE puts them inside a VEHICLE (cardtypes/vehicle.cpp: no Fortification
// benefits, no cover, an AIRSHIP's Fight ban, its `vehicle_restricts`). Discarded by a card's effect, it wounds
// (no points) or kills (points to the player of the card that discarded it) everyone aboard.
// Only a game holding a carrier (famCarriers) looks for any of this.
#include <vector>

#include "dt/game.hpp"
#include "events.hpp"

namespace dt::detail {

// The carrier warrior w is aboard (kNoCard: none).
CardId carrier_of(const State& s, CardId w);
// The warriors aboard carrier c, in the order they went aboard.
std::vector<CardId> aboard(const State& s, CardId c);
// Enter and exit options of `seat`: in its Actions step (`actions_step`) every move its actions allow; in a
// window, the exits that cost no action (Holds.leave_free).
void carrier_options(const State& s, int seat, bool actions_step, std::vector<Option>& out);
// An EnterVehicle / ExitVehicle option naming a carrier (Option::b).
void apply_carrier_move(State& s, const Option& o, Log log);
// StaticMod::like_aboard: does w share an affiliation with a warrior aboard carrier c?
bool like_aboard(const State& s, CardId c, CardId w);
// Carrier c was discarded or annihilated by a card's effect: those that were aboard (`riders`) are wounded, or
// killed with their points to `killer`'s player (kNoCard: none).
void carrier_lost(State& s, CardId c, const std::vector<CardId>& riders, CardId killer, Log log);

// Holds.boards_on_build (RAZOR WIRE FENCE): as carrier c is built its player picks the warrior of its area that goes
// aboard (`choose c12`; a choice of fetch code kFetchBoardOnBuild, asked only when one may). Holds.swaps: a warrior going
// aboard a full carrier takes the place of the one aboard first.
inline constexpr uint8_t kFetchBoardOnBuild = 171;
void board_on_build(State& s, CardId c);
bool is_board_choice(const State& s, const PendingChoice& ch);
void board_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_board_choice(State& s, const Option& o, Log log);

}  // namespace dt::detail
