// Several attacks made as one Attack action (docs/effects.md "Several attacks as one action"; Card.several_attacks on
// the warrior or on a card it carries). Two: both named at once (`attack c12 c31 fight then c40 shoot`, Option::p 2,
// actions/second_attack.hpp; NIMROD AUTOCANNON, RATTLESNAKE, gEngine TIME DEATH, AQUABEAST in Fight only, AG-17
// PANZERKNACKER on two different defenders). More: the first named as any attack, each next one asked for once
// the response window of the combat before it closes (a choice offering that warrior's attacks, or `choose done`);
// with a combined bonus some of them may be made as one combat against one defender (`attack c12 c31 fight x3`,
// Option::p 4, Option::n the attacks combined), the warrior's F and S that bonus higher for each beyond the first
// (GRINDER - ISLAND TEAM MEMBER). Marker kAttacksLeft keeps what is left of the action (its `given`: the attacks
// combined in the combat under way).
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// Attack variant of Option::p: attacks combined into one combat (Option::n of them).
inline constexpr int16_t kCombinedAttack = 4;
// PendingChoice::fetch: the next of the attacks of one action (its options are that warrior's attacks).
inline constexpr uint8_t kFetchNextAttack = 170;

struct SeveralAttacks {
  int count = 0;   // attacks in all (0: the usual one)
  int bonus = 0;   // F and S for each attack combined beyond the first (0: none combined)
  bool different = false, carries = false;
  int8_t tactic = -1;  // the Tactic of every one of them (-1: any; AQUABEAST: Fight)
};
// The warrior's several attacks: its own card's while its text is on (AMNESIA), or those of a card it carries that
// works (a VEHICLE with the warrior inside, Equipment the vehicle in use allows: cardtypes AttachmentGate), as a
// card granting a designation to its bearer does (NIMROD AUTOCANNON, RATTLESNAKE, gEngine TIME DEATH); the largest
// count.
SeveralAttacks several_attacks_of(const State& s, CardId w);

// Adds, for each plain attack of out[first..] (warrior a's), its combined variants (x2 .. the attacks left).
void combined_attack_options(const State& s, CardId a, size_t first, std::vector<Option>& out);
// apply_attack: the option answers the next-attack question (no action paid, the question ends).
bool next_attack_taken(State& s, const Option& o);
// apply_attack, its combat begun: the attacks left of the action kept (the first of more than two), and the combined
// bonus given for this combat.
void several_attacks_begun(State& s, const Option& o, bool asked);
// The attack itself begins after a first encounter (combat/first_encounter.hpp: a RAZOR WIRE FENCE's): the combined
// bonus of the attacks it stands for is given again, for this combat.
void combined_bonus_again(State& s, CardId a);
// A response window closed with attacks of the action left: the question is asked (true), or they are given up.
bool ask_next_attack(State& s);
// The combat of an attack of the action could not be made (its defender gone...): nothing is left of it.
void several_attacks_over(State& s);

bool is_next_attack_choice(const State& s, const PendingChoice& ch);
void next_attack_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_next_attack(State& s, const Option& o, Log log);  // `choose done`: no more

}  // namespace dt::detail
