// PHANTASM: a personal combat spell whose target is a model, another warrior
// in play; for the rest of the combat its caster fights with the model's
// ratings (F, S, A and V) as they are at the casting, modifiers included
// (gEngine) or as printed on the model's card (the printed text), in place of
// its own printed ones; its own abilities and modifiers stay, the model's are
// not taken. The price depends on the model: a Brotherhood warrior 4 D,
// another Doomtrooper 6 D, a Dark Legion warrior 10 D (the cheapest that fits).
#pragma once

#include "dt/designations.hpp"
#include "dt/game.hpp"
#include "dt/state.hpp"

namespace dt::detail {

// The designations of such a spell: the model's current ratings (gEngine) or its printed ones.
inline constexpr DesigKey kTakesRatings(desig::CasterTakesTargetsRatings);
inline constexpr DesigKey kTakesPrintedRatings(desig::CasterTakesTargetsPrintedRatings);

bool takes_ratings(const CardDef& spell);
// What `caster` pays to cast `spell` on `model` (its price rules applied: art.cpp).
int cast_price_on_model(const State& s, CardId caster, CardId spell, CardId model);
// D a model costs (-1: not one the spell may copy, e.g. a Tribal warrior).
int model_price(const State& s, CardId model);
// The caster's printed ratings give way to the model's for the combat (a
// combat bonus of the difference, so its own modifiers still count and
// immunity to the Art turns it off as any spell's).
void take_on_ratings(State& s, CardId spell, CardId caster, CardId model);

}  // namespace dt::detail
