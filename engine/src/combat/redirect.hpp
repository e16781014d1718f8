// A combat turned on the combatant's own side (Effect REDIRECT_COMBAT, docs/effects.md "Combats turned"): a
// Choice's pick, a warrior of the target combatant's own combat area, becomes the one it attacks, its opponent
// leaving the combat; with `amount` 1 the combat pays no points (marker kNoPointsCombat), with 2 its
// kills pay the card's player (marker kCombatPaysSeat: TEMPORARY INSANITY). SUPPRESS_OTHER_CARDS
// (effects/modifiers/suppress.hpp) keeps every other card out of the combatants' ratings. CLUMSINESS, MISFIRE.
#pragma once

#include "dt/game.hpp"
#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// What a turned combat's kills pay (Effect REDIRECT_COMBAT's `amount`).
enum class TurnedPoints : uint8_t { AsUsual = 0, None = 1, ToCardsPlayer = 2 };
// `striker`, a combatant, attacks `victim` in the combat under way; its kills pay as `points` says (ToCardsPlayer:
// every kill in it pays `seat`, the card's player: TEMPORARY INSANITY).
void redirect_combat(State& s, CardId source, CardId striker, CardId victim, TurnedPoints points, int seat, Log log);
// May `striker` be turned on `victim` (a Choice's candidate): another warrior that can fight this combat.
bool redirect_pick_ok(const State& s, CardId striker, CardId victim);
// Does the combat under way pay no points (a card turned it)?
bool combat_pays_nothing(const State& s);
// The player every kill of the combat under way pays instead of the killer's (a card turned it), or -1.
int combat_pays_seat(const State& s);
// SUPPRESS_OTHER_CARDS: in the combat under way, do the cards other than `w`'s own count no more for its ratings?
// Only a game holding such a card asks (famCombatTurns).
bool other_cards_off(const State& s, CardId w);
// Is `src` (a modifier's card) `w` itself or a card `w` carries?
bool own_card(const State& s, CardId w, CardId src);
// The combat is over: its markers go (combat/resolve.cpp).
void redirect_combat_over(State& s);

}  // namespace dt::detail
