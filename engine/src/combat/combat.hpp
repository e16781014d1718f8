// Combat by the gEngine rulebook's eight steps ("ATTACK"): 1-2 announce
// attacker, defender and tactic (announce.cpp), 3 announce warzone
// (warzone.cpp), 4 combat standing
// (standing.cpp: stats), 5 modification rounds (modify.cpp), 6-7 resolve and
// change warrior status (resolve.cpp), 8 award points (award.cpp). The Attack
// action that starts one is actions/attack.cpp.
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "events.hpp"

namespace dt::detail {

// --- 1-2: announce (announce.cpp; attack_allowed is public) ---
struct AttackVerdict;
// attack_allowed with the attack rules' verdict on the pair already worked out (permissions.hpp),
// in one of `tactics` (bit 0 Fight, bit 1 Shoot; tactic_bit).
bool attack_allowed_by(const State& s, CardId a, CardId d, const AttackVerdict& v, uint8_t tactics);
// gEngine CARTEL ENFORCEMENT (ATTACKS NO ONE WHO WOULD WOUND IT, famStatAttackBan): the tactics (tactic_bit) `a` may
// not attack `d` in, d's rating as it stands reaching a's A.
uint8_t stat_banned_tactics(const State& s, CardId a, CardId d);
constexpr uint8_t tactic_bit(Tactic t) { return t == Tactic::Fight ? 1 : 2; }
// May warrior a be announced as an attacker (it takes part in combat and is in the open)?
bool can_attack_with(const State& s, CardId a);
// ATTACKS ONCE A TURN: has it attacked since its player's turn began?
bool attacked_this_turn(const State& s, CardId a);
// Does no card in play forbid this tactic (HEAVY FOG: SHOOT ONLY, CHASM!: FIGHT ONLY)?
bool tactic_allowed(const State& s, Tactic t, CardId a = kNoCard, CardId d = kNoCard);
// May d be attacked with tactic t (a rating for it; no Fight inside an AIRSHIP or SUBMARINE)?
bool defender_may_fight(const State& s, CardId d, Tactic t);

// --- 3: announce warzone (warzone.cpp) ---
void warzone_options(const State& s, std::vector<Option>& out);
// May the defender's player name a Warzone now? Without one, step 3 asks nobody.
bool warzone_to_choose(const State& s);
void apply_defend_from(State& s, const Option& o, Log log);
// TRANSFER: the Warzone is named anew, by the attacking player: a step 3 window for it, the rounds then reopened.
void reannounce_warzone(State& s);

// --- 4: combat standing (standing.cpp; stats is public) ---
// A warrior's base ratings: printed, then what makes new base ratings (a Beast).
Stats base_stats(const State& s, CardId w);

// --- 5: modify combat ratings (modify.cpp) ---
// Steps 1-2 done: the combat is on; step 3 (when warzones exist) or the modification rounds open.
void start_combat(State& s, CardId attacker, CardId defender, Tactic t, int seat);
void open_modification_rounds(State& s, bool tolls = true);  // tolls: asked at the first opening only
// 1st ed: has `seat` already played a copy of this modifier on `target` in this combat?
bool modifier_already_played(const State& s, int seat, CardId card, CardId target);
// The rounds are over: resolve, then points or the response window.
void end_modification_rounds(State& s, Log log);

// --- 6-7: resolve (resolve.cpp) ---
bool first_strike(const State& s, CardId w, Tactic t);
bool slayer(const State& s, CardId w, Tactic t);
// Marks one blow of `by` on `victim` (INVULNERABILITY, SLAYER, LIFEGUARD ARMOR...); true if it kills.
bool combat_hit(State& s, CardId victim, CardId by, Log log, bool kills = false);
void resolve_combat(State& s, Log log);
// Step 7 onwards once the hits stand (after any last chance to answer them).
void settle_hits(State& s, bool a_dead, bool d_dead, bool a_wounded_now, bool d_wounded_now, int a_v, int d_v,
                 Log log);  // a_v, d_v: the victims' V as they were hit

// --- 8: award points (award.cpp) ---
struct Kill { CardId victim, killer; int v; };
// The combat is over, however it ended: State::combat is cleared, then a
// warrior that took a card which WOUNDS AFTER COMBAT (TICKER) takes one wound.
void finish_combat(State& s, Log log);
// BACKLASH (standing.cpp): does a card on combatant w turn what Dark Symmetry cards give it into losses?
bool reverses_symmetry(const State& s, CardId w);
// Its positive F, S and A made negative.
StatBonus reversed_gains(const StatBonus& b);
// Awards the kills' points, runs their triggers and removes the dead.
void award_kills(State& s, const std::vector<Kill>& kills, bool mutual, Log log);

}  // namespace dt::detail
