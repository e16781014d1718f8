// Contagion (cards.proto Contagion; PLAGUE BEARER): markers a card's warrior
// gives the warriors that fight it, which their player passes on. A warrior
// matching `catches` that fought the card's warrior in a combat of its tactics
// (the card's warrior alive or not) is marked once the combat is over, if still
// in play (kContagion: source the card, target the warrior, bonus the `loss`,
// which stats() adds). A warrior holds one marker of a card's name. As each
// Draw step of a player with a marked warrior begins, that player may first
// remove markers for `removed_for_d` D each (one question, `choose c12` per
// marker, `choose done`), then, if one of its warriors is still marked, marks
// one unmarked warrior of its own matching `spreads_to` (`choose c12`). Only a
// game holding such a card looks (fam2Contagion).
#pragma once

#include <vector>

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

constexpr uint8_t kFetchContagionRemove = 160;  // markers removed for D, as a Draw step begins
constexpr uint8_t kFetchContagionSpread = 161;  // the warrior a marker passes to

// The Fight opponents of a contagion card's warrior in the combat resolving, read
// as the hits stand (before the kills): (card, opponent) pairs.
struct Caught {
  CardId card, warrior;
};
std::vector<Caught> contagion_caught(const State& s);
// Once the combat is over: those still in play are marked.
void mark_caught(State& s, const std::vector<Caught>& caught, Log log);
// As `seat`'s Draw step begins: its questions, removal then passing on.
void contagion_draw_step(State& s, int seat);
bool is_contagion_choice(const State& s, const PendingChoice& ch);
void contagion_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_contagion(State& s, const Option& o, Log log);

}  // namespace dt::detail
