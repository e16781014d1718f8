// Sabotages a card changes (Card.sabotage, docs/effects.md "Sabotage rules"; actions/sabotage.cpp):
// - a warrior may sabotage in its own way (SUPPORT ARTILLERY OX on it): as the rule's number of actions, its
//   Tactical action among them, even while the player has warriors that could fight, for the rule's points
//   (taken as P alone with p_only); printed, an attack on the player (a direct attack), offered whatever the
//   preset's sabotage option. Option `sabotage cN sM by cK` (`attack cN sM by cK`), K the card giving the rule;
// - a player sabotaged (attacked directly) answers with a warrior of its hand (GUARD STATION): `choose cN`
//   puts it into play in that card's combat area, its V times the rule's number paid in D, and it fights the
//   saboteur, whose player names the tactic (`choose a0` Fight, `choose a1` Shoot); the sabotage then earns
//   nothing. `choose done`: the sabotage goes on.
#pragma once

#include <vector>

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// PendingChoice::fetch codes of these questions (78-82 are issue 32/33 tn's; 78 is intercept.hpp's).
constexpr uint8_t kFetchSabotageDefender = 80;  // a warrior of the hand to fight the saboteur, or none
constexpr uint8_t kFetchSabotageTactic = 81;    // that combat's tactic, named by the saboteur's player

bool is_sabotage_choice(const State& s, const PendingChoice& ch);
void sabotage_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_sabotage_choice(State& s, const Option& o, Log log);
// The defender question ended unanswered: the sabotage goes on.
void sabotage_choice_done(State& s, const PendingChoice& ch, Log log);

// (muster.cpp) May warrior w of `seat`'s hand enter play in `area` as a Muster would, its price aside?
bool may_enter_area(const State& s, int seat, CardId w, Area area);

}  // namespace dt::detail
