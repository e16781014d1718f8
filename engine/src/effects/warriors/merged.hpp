// Merged warriors (Card::merge, cards.proto Merge; docs/effects.md "Merged warriors"): warriors join the one a card
// is on (the group's leader) and are counted as one warrior (ECLIPSE MAMMOTH, TIGHT FORMATION). A join is an
// option of the leader's player, `enter W CARD` (OptKind::EnterVehicle naming the card; once the card is gone from
// a group that outlasts it, naming the leader), for the card's actions in its Actions step or for none at any time.
// Each member is a marker in State::lasting (kMerged: source the member, target the leader, other the card).
//
// Two ways of being one warrior, as the card says (MergeSpec::in_combat_only):
// - inside: the member goes onto the leader as an attachment (as PRETORIAN STALKER's joined pair), one warrior
//   everywhere; the marker's bonus is its share of the group's ratings (per_extra, or its printed ratings); its
//   attachments are the group's. The group's cover and wound are the leader's card's (a wound of either is the
//   group's). When the card goes (and the group does not outlast it) the members come back into play in the
//   leader's area, wounded if the group was, and the group's player gives each of the group's attachments to a
//   member that may have it (a choice per card, fetch code kFetchMergeGive), the rest discarded.
// - in combat only: the members stay warriors of their own that cards reach one by one; the leader alone attacks or
//   is attacked for the group, with every member's F, S, A and V added to its own (or per_extra each) while it
//   fights; the group counts as wounded when any member is; a hit that wounds it wounds each member, one that kills
//   it kills each (its points the group's V, paid once, for the leader). Members leave when the card goes.
// Only a game holding such a card (fam2Merged) looks for any of this.
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "events.hpp"

namespace dt::detail {

constexpr uint8_t kFetchMergeGive = 175;  // a parted group's attachment (the choice's target): the member taking it

// The leader of the group `card` (a card with merge rules) stands for: the warrior it is on, or once it is gone the
// leader its markers name (when the group outlasts it); kNoCard: none.
CardId merge_leader(const State& s, CardId card);
// The members of `leader`'s group, the leader not counted, in the order they joined.
std::vector<CardId> merged_members(const State& s, CardId leader);
// Is `w` a member of a group that is one warrior in combat only, other than its leader? It neither attacks nor is
// attacked (cardtypes/warrior.cpp can_take_part_in_combat): its leader stands for the group.
bool rides_in_group(const State& s, CardId w);

// The joins `seat` may make: in its Actions step (`actions_step`) those its actions pay for, in any decision the
// free ones.
void merge_options(const State& s, int seat, bool actions_step, std::vector<Option>& out);
// Does an EnterVehicle option name a merging card (or a leader) rather than a carrier?
bool is_merge_option(const State& s, const Option& o);
void apply_merge(State& s, const Option& o, Log log);

// stats(): `w`, a combatant leading a group that is one warrior in combat, has its members' ratings added.
void add_merged_ratings(const State& s, CardId w, Stats& st);
// Is the group `leader` leads in combat wounded (any of its members)?
bool merged_wounded(const State& s, CardId leader);
// The combat's hits stand: the members of the group a struck leader led share its fate (`dead`: killed with it, no
// further points; `wounded`: each wounded). `members` read before the kills (merged_members).
void merged_share_hit(State& s, const std::vector<CardId>& members, bool dead, bool wounded, Log log);

// A card with merge rules left play from the warrior it was on (`was_on`, not leaving with it): its group parts
// unless it outlasts the card.
void merge_card_gone(State& s, CardId card, CardId was_on);

bool is_merge_give_choice(const State& s, const PendingChoice& ch);
void merge_give_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_merge_give(State& s, const Option& o, Log log);

}  // namespace dt::detail
