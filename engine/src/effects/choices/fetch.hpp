// A card fetched from a pile (or a hand) and put into play at once
// (docs/effects.md "Piles"): the SUMMON spells, DARK SUMMONING, CONCEALED
// WEAPON. A Choice from YOUR_PILES picks the card (its pile's price paid);
// its on_pick then either puts it straight into play (PUT_INTO_PLAY: a
// warrior or Warzone into an area, a Fortification built, Equipment or a Relic
// onto a warrior, a second pick when any legal warrior may take it) or hands
// it to its owner to be played at once as usual (PLAY_AT_ONCE: a choice whose
// options are that card's plays in the decision the card interrupted, its
// usual costs paid; none, and it stays in hand).
#pragma once

#include <vector>

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// May `picked` be fetched by the Choice of `source` used by `user` (a place for it in play, a
// warrior to take it, or a play of it now)? True for a card whose on_pick does neither.
bool fetch_pick_ok(const State& s, int seat, CardId source, CardId user, CardId target, CardId picked);
// Does the Choice of `source` put its pick into play for its target player (LAMB FOR THE SLAUGHTER)? Then that
// player's seat is the one fetch_pick_ok and PUT_INTO_PLAY are judged for.
bool fetch_for_target_player(const State& s, CardId source);
// May a card's own effects put target `t` into play (a PUT_INTO_PLAY on the target: a place for it,
// a warrior to take it)? True when they put nothing so. An ability offers only such targets
// (DARK SUMMONING: Dark Legion Equipment of the draw pile its bearer may carry).
bool put_target_ok(const State& s, int seat, const std::vector<Effect>& fx, CardId user, CardId t);
// PUT_INTO_PLAY.
void put_into_play_now(State& s, int seat, CardId source, CardId user, CardId target, CardId c, const Effect& e, Log log);
// PLAY_AT_ONCE.
void play_at_once(State& s, int seat, CardId source, CardId user, CardId c, Log log);

// The questions this asks (PendingChoice::fetch): which warrior takes fetched Equipment ...
bool is_recipient_choice(const State& s, const PendingChoice& ch);
void recipient_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_recipient(State& s, const Option& o, Log log);
// ... and how the card handed over is played at once.
bool play_at_once_choice(const State& s);
void play_at_once_options(const State& s, std::vector<Option>& out);
// A play picked from those options: ends the choice and brings back the decision it interrupted.
void play_at_once_reopen(State& s);

}  // namespace dt::detail
