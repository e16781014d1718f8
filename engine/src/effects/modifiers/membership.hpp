// Cards that change which organizations a warrior belongs to: see membership.cpp.
#pragma once

#include <string>
#include <vector>

#include "dt/state.hpp"
#include "effects/handlers.hpp"
#include "events.hpp"

namespace dt::detail {

// The home corporation an attachment that RESTORES HOME CORPORATION gives back
// to its FREELANCER (REINSTATEMENT): the one it USES <CORPORATION> CARDS of.
AffilMask restored_affiliations(const State& s, CardId attachment, CardId w);
// What an attached card does to its warrior's affiliations beyond its fixed
// grant/revoke fields: REINSTATEMENT's home corporation (added), INSUBORDINATION's
// chosen affiliation (taken away). Both masks 0 for other cards.
struct MembershipChange { AffilMask added = 0, taken = 0; };
MembershipChange membership_change(const State& s, CardId attachment, CardId w);
// The affiliations INSUBORDINATION may take from w: those cards gave it, if
// any, else its printed ones (never General, nor printed ones it KEEPS).
AffilMask losable_affiliations(const State& s, CardId w);
// Handlers `lose_<affiliation>` (INSUBORDINATION's alternatives): the card remembers the pick.
void take_affiliation(State& s, CardId card, CardId w, Affil a);
void register_lose_handlers(HandlerTable& m);
// May a Choice's alternative be picked for this target (a `lose_` handler: only a losable affiliation)?
bool alternative_fits(const State& s, const std::vector<Effect>& fx, CardId target);
// May this card be played on `target` as far as memberships go (REINSTATEMENT:
// a FREELANCER at the moment, that has a home corporation)?
bool membership_target_ok(const State& s, CardId card, CardId target);
// STIGMATA (GIFTS GO WITH IT): as the card is discarded or annihilated, every
// Dark Symmetry card on its warrior is discarded too.
void gifts_go_with(State& s, CardId card);
// After every decision: a card that restored a membership the warrior has lost
// again is discarded, and its bonuses with it.
void check_memberships(State& s, Log log);

}  // namespace dt::detail
