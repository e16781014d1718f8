// Player-level rules of D, P and draws that cards in play lay down (docs/effects.md
// "Economy rules"): what a Meditate yields (RISING and FALLING MARKET), a cap on
// D (ECONOMIC BREAKDOWN), draws capped or paid for (THROWING IT ALL AWAY, WANNA
// PLAY?), a price on Specials (WATCHFUL EYE) and on P earned (ADMINISTRATIVE
// CRACKDOWN), a player's D and P kept from others' cards (CARDINAL'S BANK).
// Every query is one bit test in a game holding no such card (State::families).
#pragma once

#include "dt/state.hpp"

namespace dt::detail {

// D a Meditate action gives `seat` (one, unless a card says otherwise).
int meditate_yield(const State& s, int seat);
// ECONOMIC BREAKDOWN: no player keeps more D than a card allows (after every decision).
void cap_destiny(State& s);
// The cards `seat` may draw in its Draw step, of the `want` it lacks.
int draw_step_cap(const State& s, int seat, int want);
// SUPPLY LINE SEVERED: `seat`'s Draw step draws nothing this once (the marker is used up).
bool draw_step_barred(State& s, int seat);
// WANNA PLAY?: `seat` drew `drawn` cards from its draw pile; it pays for them as far as its D lasts.
void pay_for_draws(State& s, int seat, int drawn);
// WATCHFUL EYE: D added to the price of each Special card `seat` plays.
int special_surcharge(const State& s, int seat);
// ADMINISTRATIVE CRACKDOWN: `seat` earns p P; it pays their price in D (D just
// earned already added) and keeps the P it paid for, which this returns.
int p_kept_after_price(State& s, int seat, int p);
// What `seat` pays in D to muster warrior w: its V, or half of it rounded up under BARRACKS or
// GOLGOTHA'S MIRROR (EconomyRules::half_muster).
int muster_price(const State& s, int seat, CardId w);
// WARTIME RETRIBUTION: the player who just earned P pays `seat` d_each D for each of them, when it has the D for
// all of them; otherwise it loses those P (a player shielded from `seat`'s cards, CARDINAL'S BANK, does neither).
void pay_for_p(State& s, int seat, int d_each);
// CARDINAL'S BANK: may a card of `by` change `seat`'s D or P? A card played on players who have some card in
// play (its player target's filter designation: ROBBED BLIND on CARDINAL'S BANK) passes that card's shield.
bool points_shielded(const State& s, int seat, int by, CardId source = kNoCard);

}  // namespace dt::detail
