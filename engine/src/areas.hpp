// gEngine "The Outpost" (Info cards, Paradise Lost: the Outpost): how far a
// card's effects on "its combat area" reach. Each player's Squad, Kohort and
// Outpost are that player's own areas. A card that affects warriors of its
// area reaches across the Outpost's edge both ways: the Outpost counts as part
// of its player's Squad while Doomtroopers are in it, and as part of its Kohort
// while Dark Legion warriors are ("in these cases only"; Tribal warriors count
// as Doomtroopers, any warrior without the Dark Legion affiliation being one).
// A card that names an area ("a warrior in your Squad") means that area alone
// (WarriorFilter::area); one that affects a card "in play" reaches every area.
#pragma once

#include "dt/state.hpp"

namespace dt::detail {

// Are areas `a` and `b` of `seat` one combat area for a card's effects now?
bool area_reaches(const State& s, int seat, Area a, Area b);
// Are cards `a` and `b` in play in the same combat area (one player's, as
// area_reaches has it)? Used by every effect on "the same area".
bool same_area(const State& s, CardId a, CardId b);
// Does one of `areas` (a mask of Area bits) of `seat` reach its area `a`?
// A continuous effect naming "your Squad" reaches the Outpost so; a card that
// may only be played on, or needs, a warrior in a named area does not.
bool area_mask_reaches(const State& s, int seat, AreaMask areas, Area a);
// filter_matches for the warriors a static modifier reaches: the filter's
// area (printed SERGEANT: "in your Squad") read with area_mask_reaches.
bool mod_filter_matches(const State& s, const WarriorFilter& f, CardId w, int seat);

}  // namespace dt::detail
