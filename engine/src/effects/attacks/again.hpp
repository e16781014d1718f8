// Attacks made again straight after a combat (docs/effects.md "Attacks again"):
// Effect ATTACK_AGAIN turns the combat just over into a second attack, for no
// action, that starts when that combat's response window closes (as NIMROD
// AUTOCANNON's second attack does, actions/second_attack.hpp).
#pragma once

#include "dt/state.hpp"

namespace dt::detail {

// Does this game hold a card with this effect? Only then does a combat's end
// leave markers of who fought and wounded whom (one scan of the game's cards,
// at the end of a combat: games without such a card pay nothing more).
bool game_attacks_again(const State& s);

// The warrior `user` fought in the combat just over, both still in play (kNoCard: none), and
// that combat's tactic: AFTER_COMBAT cards that strike the opponent again (LOTUS BLOSSOM).
CardId fought_opponent(const State& s, CardId user, Tactic* tactic = nullptr);
// May `seat` play a card with this effect now (the combat it names just happened)?
bool attack_again_possible(const State& s, int seat, const Effect& e);
// The attack is named: it is made, if it still can be, once the window closes.
void attack_again(State& s, int seat, const Effect& e);

}  // namespace dt::detail
