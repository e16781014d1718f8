// Taking control of another player's card (docs/effects.md "Taking control"): the
// effect TAKE_CONTROL. A card carried by a warrior (Equipment, a Relic, a Beast)
// changes hands and goes onto a warrior of yours that may hold it, whatever its
// GIVE TO says of affiliations (HEIST, RUSTLERS!), also out of a discard pile
// when it was carried by a warrior just killed (LOOT THE DEAD, WHAT HAVE WE
// HERE?: Choice JUST_KILLED_CARRIED); with several such warriors its player
// picks one (a question of this mechanism, kTakeRecipient). A warrior changes
// sides: for good with `lasting` (PROGRAMMED, RECRUITMENT), into the area a
// Muster would give it, or until the current combat is over where it stands
// (BRIBERY: a kLentForCombat marker gives it back).
#pragma once

#include <vector>

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// TAKE_CONTROL of card c for `seat`, `e` the effect (its filter: the warriors that may take an attachment).
void take_control(State& s, int seat, CardId source, CardId c, const Effect& e, Log log);
// GREATER MANIPULATION: warrior w lent to `seat` as BRIBERY's is (kLentForCombat), in or out of a combat, until
// return_lent gives it back.
void lend_warrior(State& s, int seat, CardId source, CardId w, Log log);
// UNDYING LOYALTY: a warrior that NEVER CHANGES ALLEGIANCE; no other player takes control of it, for good or for a
// combat.
bool never_changes_allegiance(const State& s, CardId c);
// May `c` be picked for a TAKE_CONTROL among `on_pick` (it has a warrior of `seat` to go to)?
bool take_pick_ok(const State& s, const std::vector<Effect>& on_pick, int seat, CardId c);
// Choice JUST_KILLED_CARRIED: the cards `victim` carried at its death, still in a discard pile.
void carried_at_death(const State& s, CardId victim, std::vector<CardId>& out);
// A warrior is being killed (still in play): what it carries is remembered (famTakeControl).
void note_carried(State& s, CardId victim);
// The current combat is over: warriors lent for it go back to their players.
// `combat_starts`: as a new combat starts, GREATER MANIPULATION's loan (for the attack starting it) stays.
void return_lent(State& s, bool combat_starts = false);

bool is_take_choice(const State& s, const PendingChoice& ch);
void take_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_take_choice(State& s, const Option& o, Log log);

}  // namespace dt::detail
