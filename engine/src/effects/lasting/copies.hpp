// A card standing as a copy of another (handler `become_copy`: JOKER!). Its CardInst::def becomes the copied
// card's, so every rule reads it as that card; a marker kCopyOf keeps its own def, given back when it goes
// anywhere but play (zones.cpp put_into) or stays in hand unplayed. Only a game holding such a card asks
// (famCopies).
#pragma once

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// `card` becomes a copy of `model` and is played at once from its player's hand, by the copy's rules.
void become_copy(State& s, int seat, CardId card, CardId model, Log log);
// `card` (not in play) takes `model`'s card as its own, a kCopyOf marker keeping its own def for end_copy: the
// making of a copy that JOKER! and DOUBLE DUTY (effects/lasting/twins.hpp) share.
void take_copy_def(State& s, CardId card, CardId model);
// `card`, out of play, is itself again.
void end_copy(State& s, CardId card);

}  // namespace dt::detail
