// A player's D beyond its plain pool (docs/effects.md "D kept apart", "Credit", "Shields asked"), all kept in
// kPlayerLedger markers (engine/src/markers.hpp) and only in games holding such a card (famKeptD):
// - D kept apart (Effect KEEP_APART_D: DESPERATE TIMES): they sit in the player's pool, so that it spends them as
//   any D (its plain D go first), but no card's effect takes them, its own included; a player that took some never
//   takes a Meditate action again.
// - Credit (EconomyRules credit_d: BAUHAUS BANK): while the card is in play, face up, the D its player may spend
//   without having them are lent into its pool; what it spends of them it owes. Handler repay_credit pays one D
//   owed off for credit_repay_d D of its own (at any time, an ability of the card). A side owing anything does
//   not win. No card's effect takes the D lent (ECONOMIC BREAKDOWN's cap included).
// - Shields asked (EconomyRules shield_asks: BAUHAUS SECURITY GUARD): a card of another player that would change
//   its D or P asks it first (`choose a1` lets the card through, `choose a0` keeps it off).
// In a game with common pools (Rules::team_pool) the records stay the player's own, read against its team's pool.
#pragma once

#include <vector>

#include "dt/state.hpp"
#include "effects/effects.hpp"
#include "events.hpp"

namespace dt::detail {

// kPlayerLedger's records (LastingMod::given).
constexpr int16_t kLedgerApart = 1, kLedgerCredit = 2, kLedgerConsent = 3, kLedgerPlayedOnce = 4, kLedgerTargetAsked = 5;
// PendingChoice::fetch of the question put to a shielded player.
constexpr uint8_t kFetchConsent = 118;

// KEEP_APART_D: `seat` gains d D kept apart (source: the card).
void keep_apart_d(State& s, int seat, CardId source, int d);
// Has `seat` ever taken D kept apart (then it takes no Meditate action)?
bool meditate_barred(const State& s, int seat);
// D of `seat`'s pool that no card's effect reaches (kept apart, lent), and those it reaches.
int untouchable_d(const State& s, int seat);
int reachable_d(const State& s, int seat);
// A card's effect leaves `seat` with d D of those it reaches (the others kept).
void set_reachable_d(State& s, int seat, int d);
// After every decision: credit lent as its card comes into play and withdrawn once it has gone; D spent beyond the
// player's own owed; D kept apart spent once its plain D are gone.
void settle_ledgers(State& s);
// D owed on credit by `seat`, and by any member of `team`.
int owed_d(const State& s, int seat);
bool team_owes(const State& s, int team);
// Handler repay_credit.
bool repay_possible(const State& s, int seat, CardId source);
void repay_credit(State& s, int seat, CardId source, Log log);

// Shields asked: may `by`'s card `source` change `seat`'s D and P? (CARDINAL'S BANK refuses, a shield that asks
// lets it through once its player agreed.)
bool consent_given(const State& s, int seat, CardId source);
// A card `card` of `by`, played on `t` with `times` purchases, whose effects would change the D or P of a player
// shielded by a card that asks: that player is asked first, the effects waiting. True if asked.
bool ask_consent(State& s, int by, CardId card, Target t, int times);
bool is_consent_choice(const State& s, const PendingChoice& ch);
void consent_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_consent(State& s, const Option& o, Log log);
// A shielded player answered: the next one is asked, or the card's effects run now.
void consent_choice_done(State& s, const PendingChoice& ch, Log log);

}  // namespace dt::detail
