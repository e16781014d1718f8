// Warriors converted for good (docs/effects.md "Warriors converted"): a
// lasting LASTING_GRANT with `convert` changes a warrior in play while it
// stays there: its affiliations become the ones named (or its own less those
// revoked), it has the designations named (FOLLOWER OF DEMNOGONIS, HERETIC),
// minor gifts may go on it, and the cards on it that it may no longer hold (or
// every one, or those of an affiliation it lost) are discarded at once. A
// warrior left standing where its side may not (a Dark Legion warrior in a
// Squad, a Doomtrooper in a Kohort) goes where a Muster would put it. A marker
// kConverted on the warrior, its source the converting card; a new
// conversion replaces an older one. NEVER CHANGES ALLEGIANCE (UNDYING LOYALTY)
// keeps its printed affiliations and no HERETIC all the same. LAST
// RITESMAN, BLACK BULLETS. Only a game holding such a card looks (famConverted).
#pragma once

#include <string_view>

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

void convert_warrior(State& s, CardId source, CardId w, const ConvertSpec& cv, Log log);
// Its affiliations, m the ones it would have unconverted (printed, and what a POSSESS marker adds).
AffilMask conversion_affiliations(const State& s, CardId w, AffilMask m);
// Has a conversion given it designation d?
bool converted_designation(const State& s, CardId w, std::string_view d);
// May minor gifts go on it by a conversion?
bool converted_minor_gifts(const State& s, CardId w);

// HERETIC taken away (fam2HereticRevoked; TOUCHED BY THE LIGHT): while a card on `w` revokes the keyword, or
// for good once LASTING_REVOKE took it, `w` is no HERETIC, whatever else makes it one (its own text, a
// conversion, POSSESS, a visitation, a card on it). The designation queries ask it first.
bool heretic_revoked(const State& s, CardId w);
// gEngine DARK VISITATION: does a visitation count `w` a HERETIC now (queries.cpp)?
bool visited_now(const State& s, CardId w);
// Handler `heretic_makers_discarded`: the cards making `w` a HERETIC (cards on it giving that designation,
// a visitation counting it), `source` aside, are discarded, and `source` with them when there were any.
void heretic_makers_discarded(State& s, CardId source, CardId w, Log log);
// After each decision (fam2HereticMakers): every card DISCARDED WITH WHAT MAKES ITS WARRIOR A HERETIC whose
// warrior such cards now reach goes, with them.
void discard_with_heretic_makers(State& s, Log log);

}  // namespace dt::detail
