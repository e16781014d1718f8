// Several warriors on one side of a combat (gEngine, "Combat": some cards let
// more warriors join a fight; GOLDEN LION, REINFORCEMENTS!, TRUE GATE). A reinforcement assists one of the two combatants (its group's
// leader): the group strikes with the F (Fight) or S (Shoot) of all its
// warriors added up, each rating with its own equipment and modifiers, and the
// other side's player picks, once the modification rounds are over, which
// warrior of the group it strikes (its A is the one compared). A kill by the
// group is the leader's; a reinforcement is in the combat for every card.
//
// Kept as markers in Combat::mods (no bonus), so positions, text and hash
// carry them as they are:
//   assistance  {source: leader, target: reinforcement, immune: leader}
//   strike pick {source: struck, target: struck, immune: leader}
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "events.hpp"

namespace dt::detail {

bool is_assist_marker(const State& s, const CombatMod& m);
// The reinforcements of a combatant (in play).
std::vector<CardId> assistants(const State& s, CardId leader);
// The combatant a reinforcement assists, kNoCard if w is none.
CardId leader_of(const State& s, CardId w);
// The group's attack rating in the combat's tactic (the leader's given).
int group_rating(const State& s, CardId leader, int leader_rating);
// The warrior of the leader's group the other side strikes.
CardId struck(const State& s, CardId leader);
// May x join the leader's group? `printed`: the printed REINFORCEMENTS! limits
// (no Doomtrooper with the Dark Legion or back, none sharing a corporation with
// the opponent) instead of gEngine's "legal combatants".
// `joins_itself`: a warrior joining of its own accord (LURKER), which no one could attack, still may.
bool can_assist(const State& s, CardId leader, CardId x, bool printed, bool joins_itself = false);
void add_assistant(State& s, CardId leader, CardId x, bool printed);
// An ability's or play's effects hold an `assist` handler: may t be called?
bool assist_target_ok(const State& s, const std::vector<Effect>& fx, CardId leader, CardId t);
// PANIC BUTTON (handler assist_whole, fam2WholeAssist): x joins combatant `leader` as part of it: the group's F or S
// add up as any group's, x's A and V and its keywords are added to the leader's for the combat (marker kWholeAssist,
// taken as x joins), and the other side strikes the leader alone (no pick).
void assist_whole(State& s, CardId leader, CardId x);
// The combat is over: the additions of assist_whole end.
void whole_assists_over(State& s);
// LURKER (handler join_combat): may the warrior `source` is on join combatant t's side? Then it does.
bool join_combat_target_ok(const State& s, const std::vector<Effect>& fx, CardId source, CardId t);
void join_combat(State& s, CardId source, CardId leader);
// GANG UP! (handler join_attack): may t join the attack `seat` makes (its attacker matching the effect's filter,
// the group under its `amount`)? Then it does.
bool join_attack_target_ok(const State& s, int seat, const std::vector<Effect>& fx, CardId t);
void join_attack(State& s, int seat, CardId x, const WarriorFilter& leader, int most);

// GOLDEN LION: the attacker's namesakes that may join its attack, as a choice
// (source: the attacker, no target). Queued by the attack.
void queue_namesakes_join(State& s);
// The modification rounds are over: the opponent of each group picks which
// warrior it strikes (source and target: the leader). True if one is queued.
bool queue_strike_picks(State& s);

// A choice whose source is a warrior: a join, a strike pick, or a toll (toll.hpp).
bool group_choice(const State& s, const PendingChoice& ch);
void group_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_group_choice(State& s, const Option& o, Log log);

}  // namespace dt::detail
