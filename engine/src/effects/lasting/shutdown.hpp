// Cards turned face down (Effect SHUT_DOWN, docs/effects.md "Cards turned down": ECONOMIC COLLAPSE): a card in play
// with a kShutDown marker stays in play and may still be reached by cards (STRATEGIC BOMBING), but does nothing:
// no trigger, ability, modifier, economy rule or Fortification bonus of it holds, and no count of cards counts it.
// Its player turns it up again in its Actions step with `build c50` for the marker's `count` actions. A warrior
// turned down (TOTAL ECLIPSE) is as if in cover, its own text off (text_off.hpp), and leaves that cover only by
// being turned up; an attachment turned down gives its warrior nothing (effect_blocked, attachment_in_use). Only a
// game holding such a card asks (famTurnedDown).
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// SHUT_DOWN on the cards reached: each turned face down, turned up for `actions` actions.
void shut_down(State& s, CardId source, const std::vector<CardId>& cards, int actions, Log log);
// Is c turned face down?
bool is_shut_down(const State& s, CardId c);
// The Actions step: `build c50` on each card of `seat` turned down, with the actions for it.
void turn_up_options(const State& s, int seat, std::vector<Option>& out);
// A `build` of a card in play: it is turned up (true), its actions spent.
bool apply_turn_up(State& s, const Option& o, Log log);

}  // namespace dt::detail
