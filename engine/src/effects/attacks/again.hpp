// Attacks made again straight after a combat (docs/effects.md "Attacks again"):
// Effect ATTACK_AGAIN turns the combat just over into a second attack, for no
// action, that starts when that combat's response window closes (as NIMROD
// AUTOCANNON's second attack does, actions/second_attack.hpp).
#pragma once

#include <vector>

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// Does this game hold a card with this effect? Only then does a combat's end
// leave markers of who fought and wounded whom (one scan of the game's cards,
// at the end of a combat: games without such a card pay nothing more).
bool game_attacks_again(const State& s);

// The warrior `user` fought in the combat just over, both still in play (kNoCard: none), and
// that combat's tactic: AFTER_COMBAT cards that strike the opponent again (LOTUS BLOSSOM).
CardId fought_opponent(const State& s, CardId user, Tactic* tactic = nullptr);
// May `seat` play a card (use an ability) `source` with this effect now (the combat it names just happened)?
bool attack_again_possible(const State& s, int seat, const Effect& e, CardId source);
// The attack is named: it is made, if it still can be, once the window closes. ANOTHER_DEFENDER asks the
// attacker's player for its new Tactical action (a Choice, is_anew_choice below).
void attack_again(State& s, int seat, const Effect& e, CardId source, Log log);
// A combat between a and d is over (combat/resolve.cpp): the card whose attack again it was (kNoCard: none),
// which the kJustFought marker it leaves names; no attack made again waits any more.
CardId again_combat_over(State& s, CardId a, CardId d);
// A second attack that could not start (actions/attack.cpp): the card that made it is forgotten.
void again_not_made(State& s);

// The tactics `a` may attack `d` in now, one bit each (1 Fight, 2 Shoot), as a second attack is judged when it
// starts (actions/attack.cpp start_second_attack); 0: no attack (MASS_ATTACK, effects/attacks/mass.hpp).
int attack_tactics(const State& s, CardId a, CardId d);

// SHELTER OF THE CROWD's question: a warrior to attack or a player to sabotage, then the tactic.
bool is_anew_choice(const State& s, const PendingChoice& ch);
void anew_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_anew(State& s, const Option& o, Log log);

}  // namespace dt::detail
