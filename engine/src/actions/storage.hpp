// Cards kept under another card (Card::storage; docs/effects.md "Cards kept under a card"):
// ARMORY, LANCELOT LIGHT FREIGHTER, BROTHERHOOD ARCHIVES, GRAVEYARD, MUSEUM. A card kept
// under one is still in play but inert (Zone::Under, CardInst::attached_to naming its
// holder): in no pile and no card's list of attachments, so no rule reads it; only a copy's
// uniqueness (a PERSONALITY, a Relic) and the ways out below see it.
#pragma once

#include <string>
#include <vector>

#include "dt/game.hpp"
#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// Event x of EventKind::Store: what happened to the card.
enum StoreMove : int { kStorePut = 0, kStoreToWarrior = 1, kStoreToHand = 2, kStoreDiscarded = 3 };

// The cards kept under `holder`, in the order of their ids.
std::vector<CardId> stored_under(const State& s, CardId holder);
// May `holder` take `c` now (its storage keeps that kind of card and has room)?
bool storage_takes(const State& s, CardId holder, CardId c);
// Puts `c` (taken out of wherever it was) under `holder`; `annihilated`: it was on its way
// to the annihilated pile (Released::AsSent sends it there when the holder goes).
void put_under(State& s, CardId c, CardId holder, bool annihilated);
// `holder` leaves play: the cards under it go where its storage says.
void release_stored(State& s, CardId holder);
// Is a card of `c`'s name kept under a card (a PERSONALITY or a Relic that may not enter play again)?
bool copy_kept_under(const State& s, CardId c);

// What `seat` may do with the cards it keeps under its cards: in its Actions step
// (`actions_step`) all ways in and out it can afford, in a window those for no action.
void storage_options(const State& s, int seat, bool actions_step, std::vector<Option>& out);
void apply_store(State& s, const Option& o, Log log);
void apply_unstore(State& s, const Option& o, Log log);

// Handler `play_stored` (SECRET): the cards under `holder` go to `seat`'s hand, each asked to be played at once
// in turn (effects/choices/fetch.hpp's PLAY_AT_ONCE, its usual prices paid); `holder` is annihilated. A card it
// cannot play is annihilated (stored_unplayed, as its question ends).
void play_stored(State& s, int seat, CardId holder, Log log);
// While some player holds a card answering a reveal (PLAYED ON A CARD JUST REVEALED: BLUFF), `play_stored` only
// marks `holder` (kJustRevealed) and the cards wait for the window that follows to close: an answer played on the
// holder annihilates it with its cards unplayed. reveals_pending: a reveal waits; settle_reveals (as the window
// would close): the reveals nobody answered happen now, the window kept open after the cards played.
bool reveals_pending(const State& s);
void settle_reveals(State& s, Log log);
// Is this card, handed over by `play_stored` and left in hand, to be annihilated now?
bool stored_unplayed(const State& s, const PendingChoice& ch);
// Handler `look_under` (INFORMANTS): `seat` looks at the cards under every card in play named or designated `what`.
void look_under(State& s, int seat, CardId source, const std::string& what, Log log);

// Spells cast from under a card (StorageSpec::bearer_casts, fam2StoredCasts; THE FALCON OF PILGRIMS): the warrior
// the card is on casts an Art spell kept under it as if from hand, whether or not it may cast that spell, for
// cast_d D on top of the spell's price, once between its player's Draw steps (kStoredCastUsed on the card, gone
// as that player's Draw step begins). Once cast the spell goes back under the card, unless it was annihilated
// or stays in play.
struct StoredSpell {
  CardId spell, holder;
};
// The spells `seat` may cast so now (the play options then come from effect_options, effects/plays.cpp).
std::vector<StoredSpell> stored_spells(const State& s, int seat);
// The card `spell` is kept under, when its warrior may cast it from there (kNoCard otherwise).
CardId stored_spell_holder(const State& s, CardId spell);
// Around a cast's apply: before it, its holder marked and the extra D paid (the holder returned); after, the
// spell put back under its holder.
CardId begin_stored_cast(State& s, const Option& o);
void end_stored_cast(State& s, CardId spell, CardId holder);
// As `seat`'s Draw step begins: its cards may lend their spells again.
void stored_casts_draw_step(State& s, int seat);

// Handler `keep_under` (CAPTURED!): warrior `w` goes under `holder` (its storage) with the cards on it, still in
// play but doing nothing; a storage with back_in_play returns it to the area it left as `holder` leaves play.
void keep_under(State& s, int seat, CardId holder, CardId w, Log log);
// Handler `store_victim_equipment` (PILLAGED MUNITIONS), on a kill: `seat` is asked which Equipment card of the
// `victim`, if any, goes under `holder` (fetch code kVictimEquipment) before the victim's cards are discarded.
void store_victim_equipment(State& s, int seat, CardId holder, CardId victim, Log log);
bool is_victim_equipment_choice(const State& s, const PendingChoice& ch);
void victim_equipment_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_victim_equipment(State& s, const Option& o, Log log);

}  // namespace dt::detail
