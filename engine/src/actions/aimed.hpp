// Aimed attacks (docs/effects.md "Aimed attacks"): a card that lets its warrior
// spend more actions on one attack for more (aiming a SNIPER RIFLE, NIMROD MK I,
// LASER SIGHT, a Fight attack at double its base F). The attack names the card
// aimed and the actions spent (`attack c12 c31 shoot aim c40 x2`); its card's
// modifiers with `aimed_actions` hold in that combat alone.
#pragma once

#include <vector>

#include "dt/game.hpp"

namespace dt::detail {

// Attack variant of Option::p: an aimed attack (Option::c the card, Option::n the actions in all).
inline constexpr int16_t kAimedAttack = 3;

// Adds, for each plain attack of out[first..] (one attacker's), its aimed variants.
void aimed_attack_options(const State& s, CardId attacker, size_t first, std::vector<Option>& out);
// Does modifier m of card `source` hold for warrior w: w attacks in the current combat through an
// aimed attack of `source` with enough actions? (Asked only for a modifier with aimed_actions.)
bool aimed_holds(const State& s, const StaticMod& m, CardId w, CardId source);
// How many times m's bonus counts in that combat (per_extra_action: once per action from its
// aimed_actions-th on; else once).
int aimed_times(const State& s, const StaticMod& m);
// The weapon w aims in the current combat (the aimed card, or the weapon it sits on), else kNoCard.
CardId aimed_weapon(const State& s, CardId w);

}  // namespace dt::detail
