// What a combat's blow leaves behind beyond a wound or a kill (issue 31, "Cards, combat"):
// - a warrior held for good by the warrior that struck it (handler hold_struck_warrior: IMPALE), kept on
//   its holder as an attachment, no points paid for it, its base V raising the holder's ratings
//   (a marker kHeldWarrior, its bonus what the holder gains);
// - a warrior's hit taken instead by one of its attachments (handler attachment_takes_wound: NOBLE BEAST's
//   Beast), its first wound a marker on the card, a second or an automatic kill discarding it;
// - warriors marked by a card (handler mark_for_kill: TARGETING INSTALLATION, marker kMarkedForKill): a wound
//   dealt them by the card's player's warriors kills outright, and no card undoes, heals or prevents it.
// Games without these cards (famHeldWarriors, famMarkedForKill) look at none of it.
#pragma once

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// The warrior whose blow in the combat under way hurt `victim`, its hit still waiting (last_chance.hpp), or kNoCard.
CardId waiting_striker(const State& s, CardId victim);

// hold_struck_warrior: may `card` (played from hand, or on its holder) hold `victim` now? Its striker is a warrior of
// the card's player that holds fewer warriors than the effect's `amount`. True for cards without the handler.
bool hold_target_ok(const State& s, CardId card, CardId victim);
// The handler: `victim` is taken by its striker (`holder`, kNoCard: the striker of its waiting hit).
void hold_struck(State& s, int seat, CardId card, CardId victim, CardId holder, Log log);
// Printed IMPALE: as combat step 6 marks a hit, a card on the striker whose trigger holds the one it hurts takes
// it at once. True when `victim` was so held (its wound or kill is gone).
bool held_on_blow(State& s, CardId striker, CardId victim, Log log);

// attachment_takes_wound: may `card` answer `target` now (a hit or death waits on it, an attachment matches)?
bool attachment_wound_ok(const State& s, CardId card, CardId target);
void attachment_takes_wound(State& s, int seat, CardId card, CardId target, Log log);

// mark_for_kill: `target` marked by `card` for its player.
void mark_for_kill(State& s, int seat, CardId card, CardId target, Log log);
// Is a wound `striker` deals `victim` a kill outright (a mark of the striker's player on it, the striker matching)?
bool marked_kill(const State& s, CardId victim, CardId striker);
// Is `victim` marked so that no card of any player may undo, heal or prevent its wound or death now?
bool saves_barred(const State& s, CardId victim);

}  // namespace dt::detail
