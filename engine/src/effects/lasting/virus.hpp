// VIRUS (Paradise Lost): infections that spread over full turns, cures and
// inoculations. A VIRUS card infects warriors (Effect INFECT) and is gone; each
// infection is a marker (kInfected: source the VIRUS card, target the warrior,
// player the seat that played it) holding the card's `bonus` as ratings lost,
// and its BEARER modifiers reach the infected warrior (RED PLAGUE: DIES WHEN
// WOUNDED in combat; WITHERING DEATH: an attack price). At each Draw step of
// the virus's player, its `virus` rules run: the loss grows again (`worsens`:
// V-3), and Doomtroopers that shared an infected warrior's area since the last
// such step are infected too (kExposed marks them meanwhile); with
// `spreads_at_once` (RED PLAGUE) a Doomtrooper sharing that area is infected
// after any decision. `fewer_draws` (PARASITIC STUPOR): each infection of a
// player's warriors takes that many cards off its Draw step, never below one.
// A card before a player that SHIELDS ITS PLAYER'S WARRIORS FROM VIRUSES
// (INOCULATIONS) keeps new infections off them; CURE (ANTI-TOXIN) ends a
// warrior's infections. A game that holds no VIRUS pays one scan of `lasting`.
#pragma once

#include "dt/state.hpp"
#include "internal.hpp"

namespace dt::detail {

// INFECT: `w` is infected by the VIRUS card `virus`, played by `seat` (nothing
// when already infected by a card of that name, or shielded).
void infect(State& s, CardId virus, CardId w, int seat, Log log);
// CURE: `w` is rid of its infections (and of the exposures waiting on it).
void cure(State& s, CardId w);
// At the start of `seat`'s Draw step: its viruses worsen and spread.
void virus_draw_step(State& s, int seat, Log log);
// After each decision: viruses that spread at once reach their areas' Doomtroopers.
void spread_at_once(State& s, Log log);
// Cards fewer that `seat` draws in its Draw step (PARASITIC STUPOR).
int virus_fewer_draws(const State& s, int seat);
// INOCULATIONS: is `card` a VIRUS and `w` shielded from new infections?
bool virus_shielded(const State& s, CardId card, CardId w);
// Is `w` infected by the card `virus` (a marker of that very card)?
bool infected_by(const State& s, CardId w, CardId virus);

}  // namespace dt::detail
