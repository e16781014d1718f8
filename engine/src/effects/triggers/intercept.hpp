// Cards leaving play, intercepted (docs/effects.md "Instead of the discard pile"). Every card that
// leaves play for a pile passes zones.cpp's leave_play, the one interception point:
// - Instead rules that do not ask send it elsewhere at once (SANCTUARY, GRAVEYARD: zones.cpp);
// - an Instead rule with `may` (CRYOTECH CHAMBER, FRUITS OF WAR, TIGHT GRIP) asks its player once the
//   card has gone where it was sent: `choose cN` sends it where the rule says (N the card itself, or for
//   TO_AREA_WARRIOR the warrior taking it), `choose done` lets it be. The rule's D (cost_d) is paid
//   as it is used; a card moved meanwhile, or a rule's card gone from play, is no longer asked about;
// - a card just discarded from play is marked (kJustDiscarded, its `player` the card's owner: a Special you played
//   is yours wherever it lay) while a card may answer it (TARGET_JUST_DISCARDED: CLOSE CALL!), until the next
//   window closes.
#pragma once

#include <vector>

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// PendingChoice::fetch of an Instead rule's question (codes 78-82 are this file's).
constexpr uint8_t kFetchInstead = 78;

// The Instead rule with `may` that reaches a card leaving play: its card and its index.
struct InsteadAsk {
  CardId holder = kNoCard;
  int8_t rule = -1;
};

// `c` has gone to `went` (from `was_on`, the card it was attached to, under `was_seat`'s control): its
// rule's player is asked whether it goes where the rule says instead.
void ask_instead(State& s, CardId c, const InsteadAsk& ask, Zone went, CardId was_on, int was_seat);
bool is_instead_choice(const State& s, const PendingChoice& ch);
void instead_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_instead_choice(State& s, const Option& o, Log log);
// The question ended unanswered: its marker goes.
void instead_choice_done(State& s, const PendingChoice& ch);

// `c`, an attachment in play, was just taken by another player (TAKE_CONTROL) from `was_on`, under `was_seat`'s
// control: a rule with `taken` (TIGHT GRIP) may put it back, asked as ask_instead asks.
void offer_keep_taken(State& s, CardId c, CardId was_on, int was_seat);

// `c` was just discarded from play (from `was_on`, under `was_seat`'s control).
void note_discarded(State& s, CardId c, CardId was_on, int was_seat);
// The cards just discarded that `seat`'s card with filter `f` may answer (TARGET_JUST_DISCARDED).
void just_discarded(const State& s, int seat, const WarriorFilter& f, std::vector<CardId>& out);

}  // namespace dt::detail
