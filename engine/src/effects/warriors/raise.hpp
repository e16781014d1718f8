// Warriors brought back into play or turned to another side (docs/effects.md
// "Raised and converted warriors"): PORTAL OF UNDEATH, POSSESS, ANIMATE DEAD.
#pragma once

#include <optional>
#include <vector>

#include "dt/state.hpp"
#include "events.hpp"
#include "markers.hpp"

namespace dt::detail {

// ENTER_PLAY of a pile's warrior: the area it enters. `designation: "USER'S AREA"`
// puts it beside the warrior using the card (gEngine PORTAL OF UNDEATH), when
// that warrior is still in play; otherwise none: the area a Muster would give it (enter_play).
std::optional<Area> entering_area(const State& s, CardId user, const Effect& e);

// ENTER_PLAY with an `amount`: only a warrior whose printed V is at most that.
bool enter_value_ok(const State& s, const Effect& e, CardId w);

// POSSESS: which of a combat's (or a card's) kills are taken over instead of
// leaving play, decided before anyone leaves play: the killer POSSESSES
// DOOMTROOPERS IT KILLS (gEngine: the victim, now a HERETIC, goes to the killer's
// player's Kohort) or TURNS DOOMTROOPERS IT KILLS HERETIC (printed: a HERETIC of
// the Dark Legion in its own player's Kohort). Returns, per kill, whether it is.
std::vector<bool> possessions(const State& s, const std::vector<CardId>& victims, const std::vector<CardId>& killers);
// Carries out one decided by possessions(): the victim stays in play, turned.
void possess(State& s, CardId victim, CardId killer, Log log);
// A warrior in play passes to `seat`'s control where it stands, with what lies on it (POSSESS, TAKE_CONTROL).
void change_controller(State& s, CardId w, int seat);

// Markers of raise.cpp on a warrior: a HERETIC by them, the affiliations they
// add, and whether minor gifts may go on it though it is no Dark Legion warrior.
bool converted_heretic(const State& s, CardId w);
AffilMask converted_affiliations(const State& s, CardId w);
bool takes_minor_gifts(const State& s, CardId w);

// ANIMATE DEAD: handler `animate_dead`, an ability used on a player: its user's
// player picks a warrior of that player's discard pile (a question of this
// mechanism, ask_pick), which enters play in the picker's Kohort, its printed
// ratings halved (rounded up), PROFANE, taking no Dark Symmetry card, and
// annihilated when it is killed again (kRaisedDead).
void ask_raise(State& s, int seat, CardId source, int pile_seat);
// The ability is offered only on a player whose pile holds a warrior that may enter play.
bool raise_target_ok(const State& s, int seat, const std::vector<Effect>& fx, int pile_seat);
bool is_raise_choice(const State& s, const PendingChoice& ch);
void raise_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_raise_choice(State& s, const Option& o, Log log);
bool raised_dead(const State& s, CardId w);

}  // namespace dt::detail
