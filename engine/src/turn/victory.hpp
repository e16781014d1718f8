// Answers to a side reaching the promotion target (docs/effects.md "Answers to a win": CLOSE BUT NO CIGAR;
// rulings.md 3): once the points of an event are all awarded and a side has reached the target, each player of the
// other sides holding a card PLAYED AS A PLAYER REACHES THE TARGET is asked in turn order, before the game ends:
// `choose c12` plays that card (its price paid, its effects run: Handler raise_target), `choose done` lets it go.
// Once every such player let it go the game ends (a kPlayerLedger record kLedgerTargetAsked remembers the P the
// side was asked about). Only a game holding such a card asks (famTurnedDown). PLAYED ONCE A GAME: a
// kLedgerPlayedOnce record of the first copy played keeps every copy from being played again.
#pragma once

#include <vector>

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

constexpr uint8_t kFetchTargetAnswer = 117;  // PendingChoice::fetch: a card answering the target reached

// check_end: `team` has reached the target with `p` P. True when players are asked first (the game goes on).
bool ask_target_answers(State& s, int team, int p);
bool is_target_answer_choice(const State& s, const PendingChoice& ch);
void target_answer_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_target_answer(State& s, const Option& o, Log log);
// A player let it go (or played its card): the next one is asked; after the last, the game may end.
void target_answer_done(State& s, const PendingChoice& ch, Log log);
// Handler raise_target: the target becomes the highest side's P plus `amount`.
void raise_target(State& s, int amount);
// PLAYED ONCE A GAME: has a copy of c been played already? Note c played.
bool played_once_already(const State& s, CardId c);
void note_played_once(State& s, CardId c);

}  // namespace dt::detail
