// The actions of the Actions step (gEngine "STEP TWO: ACTIONS"), one file per
// family, each with its legal options beside its effect. The Actions step
// (turn/actions_step.cpp) asks them for options in order; apply() finds a
// family's effect through the table in dispatch.cpp.
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "events.hpp"

namespace dt::detail {

// --- Meditate (meditate.cpp) ---
void meditate_options(const State& s, std::vector<Option>& out);
void apply_meditate(State& s, const Option& o, Log log);

// --- Muster Warrior, and 2nd ed Muster Warrior in Cover (muster.cpp) ---
void muster_options(const State& s, CardId card, std::vector<Option>& out);
// Musters `seat` may make in a timing window (an Alliance's privilege).
void any_time_muster_options(const State& s, int seat, CardId card, std::vector<Option>& out);
void apply_muster(State& s, const Option& o, Log log);
// Where a warrior enters play: Kohort (Dark Legion), Outpost (Tribal), else Squad.
Area muster_area(const State& s, CardId w);
// PERSONALITY: is another copy of w in play (as `seat` can see: others' face-down warriors don't count)?
bool personality_in_play(const State& s, int seat, CardId w);
// NEVER IN AN AREA WITH <CARD> (SALADIN): would w, put into `seat`'s `area`, stand there with a warrior
// it shuns, or one that shuns it?
bool shuns_area(const State& s, CardId w, int seat, Area area);

// --- Seek Cover and Exit Cover (cover.cpp) ---
// When every warrior is in cover, Exit Cover is the only action; true if so (none, when every one is
// kept in cover: actions/cover_attack.hpp kept_in_cover).
bool forced_exit_cover(const State& s, const std::vector<CardId>& mine, std::vector<Option>& out);
void cover_options(const State& s, const std::vector<CardId>& mine, std::vector<Option>& out);
void apply_seek_cover(State& s, const Option& o, Log log);
void apply_exit_cover(State& s, const Option& o, Log log);
// Turns a face-down warrior face up (pays for one mustered in cover, with the
// 2nd ed penalty when its controller can't pay). Returns false if it left play.
bool reveal(State& s, CardId w, Log log);

// --- Equip (equip.cpp) ---
void equip_options(const State& s, CardId card, const std::vector<CardId>& mine, std::vector<Option>& out);
// AGE OF CATASTROPHE: a face-up card in play that is NO EQUIPMENT PLAYED; no Equipment card
// leaves a hand for play, equipped or played another way (plays.cpp asks too).
bool equipment_barred(const State& s);
void apply_equip(State& s, const Option& o, Log log);
void others_equip_options(const State& s, int seat, CardId card, bool window, std::vector<Option>& out);
// DON'T CALL AGAIN!: the Actions step's options that would put a card costing actions on a warrior that TAKES NO
// ATTACHMENT COSTING ACTIONS (Equipment, a Relic, a gift, a Ki Power, a Beast; a Special attached as actions) go.
void drop_barred_attachments(const State& s, std::vector<Option>& out);

// --- Build Fortification (build.cpp) ---
void build_options(const State& s, CardId card, std::vector<Option>& out);
void apply_build(State& s, const Option& o, Log log);

// --- Bestow Dark Symmetry Gift (bestow.cpp) ---
void bestow_options(const State& s, CardId card, const std::vector<CardId>& mine, std::vector<Option>& out);
// Gifts `seat` may bestow in a timing window (an Alliance's privilege).
void any_time_bestow_options(const State& s, int seat, CardId card, std::vector<Option>& out);
void free_bestow_options(const State& s, int seat, std::vector<Option>& out);
void apply_bestow(State& s, const Option& o, Log log);

// --- Bestow Ki Power (ki.cpp) ---
// Ki options for card c of `seat`: in the Actions step, or (in_window) those
// its Alliance allows at any time.
void ki_options(const State& s, int seat, CardId c, bool in_window, std::vector<Option>& out);
void apply_bestow_ki(State& s, const Option& o, Log log);

// --- Proclaim Alliance (alliance.cpp): at any time, for no action ---
void proclaim_options(const State& s, int seat, CardId c, std::vector<Option>& out);
void apply_proclaim(State& s, const Option& o, Log log);

// --- Assigning a SERGEANT (sergeant.cpp): at any time, for no action ---
void assign_options(const State& s, int seat, std::vector<Option>& out);
void apply_assign(State& s, const Option& o, Log log);

// What `seat` may do in a timing window besides playing cards: proclaim an
// Alliance, assign a SERGEANT, and what its Alliance lets it do at any time.
void any_time_options(const State& s, int seat, std::vector<Option>& out);
// After something done for no action: in a window the same player may go on
// (the window starts over); in the Actions step nothing else follows.
void after_free_action(State& s);
// The tail of a standard action that may also be taken for no action:
// for free it is after_free_action, otherwise it spends one action and
// opens the response window.
void end_standard_action(State& s, bool free);

// --- Attack, a Tactical action (attack.cpp) ---
void attack_options(const State& s, const std::vector<CardId>& mine, std::vector<Option>& out);
void apply_attack(State& s, const Option& o, Log log);

// --- Sabotage, a Tactical action (sabotage.cpp) ---
void sabotage_options(const State& s, const std::vector<CardId>& mine, std::vector<Option>& out);
void apply_sabotage(State& s, const Option& o, Log log);
// A sabotage of player t by warrior a as a Tactical action given beside the turn's own (SHELTER OF THE CROWD),
// where the rules make a sabotage one (gEngine; 1st ed: a direct attack), no action paid.
bool tactical_sabotage_possible(const State& s, CardId a, int t);
void tactical_sabotage(State& s, CardId a, int t, Log log);

// --- Transfer Warrior (transfer.cpp) ---
void transfer_options(const State& s, const std::vector<CardId>& mine, std::vector<Option>& out);
// In a window outside combat: Transfers a card's privilege allows at any time (MASTER VALPURGIUS).
void any_time_transfer_options(const State& s, int seat, std::vector<Option>& out);
// The Transfers a player must make next (follow an opponent into the Outpost;
// take a warrior turned Dark Legion out of its Doomtroopers' Outpost); true if any.
bool forced_transfer(const State& s, const std::vector<CardId>& mine, std::vector<Option>& out);
void apply_transfer(State& s, const Option& o, Log log);
// Handler `open_side_transfers` (EMISSARIES): `seat`'s Tribal warriors may Transfer to and from its Squad and
// Kohort until its next turn (a kSideTransfers marker from `source`).
void open_side_transfers(State& s, int seat, CardId source);
// Moves a warrior, and what is attached to it, to another area.

// --- Enter and Exit Vehicle (vehicle.cpp) ---
void vehicle_options(const State& s, const std::vector<CardId>& mine, std::vector<Option>& out);
void apply_vehicle_move(State& s, const Option& o, Log log);

// --- Wrangle Beast (wrangle.cpp) ---
void wrangle_options(const State& s, CardId card, const std::vector<CardId>& mine, std::vector<Option>& out);
void apply_wrangle(State& s, const Option& o, Log log);
// May warrior w ride Beast card `beast` (in an Outpost, no Beast or VEHICLE yet)? any_affiliation: GIVE TO is not asked.
bool can_wrangle(const State& s, CardId beast, CardId w, bool any_affiliation = false);

// --- Establish Warzone (establish.cpp) ---
void establish_options(const State& s, CardId card, std::vector<Option>& out);
void apply_establish(State& s, const Option& o, Log log);

// --- Playing cards, casting spells, using abilities (play.cpp) ---
void apply_play_card(State& s, const Option& o, Log log);
void apply_use_ability(State& s, const Option& o, Log log);

}  // namespace dt::detail
