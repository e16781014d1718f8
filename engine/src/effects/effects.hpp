// The effect vocabulary at work (docs/effects.md), one file per part:
// queries and filters, immunity, static modifiers, timing, targets, costs,
// plays from hand, the Art, abilities, Dark Symmetry gifts, missions,
// triggers and the operations (ops.cpp) every effect list is made of.
#pragma once

#include <functional>
#include <string_view>
#include <vector>

#include "dt/game.hpp"
#include "events.hpp"

namespace dt::detail {

// --- queries and filters (queries.cpp; the public ones are in dt/game.hpp) ---
CardId combat_opponent(const State& s, CardId w);
// The warrior an attachment ultimately sits on (add-ons sit on weapons).
CardId bearer_of(const State& s, CardId c);
// The warrior a card serves: the card itself when it stands in play on its own, else its bearer.
CardId home_of(const State& s, CardId c);
bool is_attached_top(const State& s, CardId c);
// Warriors in play, face up, matching f as seen from `seat` (Effect::per_warrior).
int warriors_matching(const State& s, const WarriorFilter& f, int seat);
// Card.one_in_play: is a copy of c already in play (`seat`'s, or anyone's for one in the game)?
bool limited_copy_in_play(const State& s, int seat, CardId c);
bool is_fortification(const State& s, CardId c);
int hand_limit(const State& s, int seat);

// A memo of derived values (keywords, affiliations, the cards whose static
// modifiers apply) for one State, alive while a QueryMemo is: legal_options and
// the auto-pass test hold one. Nothing can change the State meanwhile (it is
// const there), so a value worked out once holds for the whole decision;
// attacker-defender pairs ask the same warriors' keywords over and over. Per
// thread, so concurrent matches never share one; a nested scope for another
// State leaves the memo to the outer one.
class QueryMemo {
 public:
  explicit QueryMemo(const State& s);
  ~QueryMemo();
  QueryMemo(const QueryMemo&) = delete;
  QueryMemo& operator=(const QueryMemo&) = delete;

 private:
  bool owner_ = false;
};

// --- immunity (immunity.cpp) ---
// Keywords from the card and its attachments only: what immunity and
// fortification refusals are judged on.
uint32_t base_keywords(const State& s, CardId w);
// gEngine "IMMUNITY": is an Art or Dark Symmetry effect on w off (w or its combat opponent immune)?
bool effect_blocked(const State& s, CardId w, CardId source);
// immune_to but for an immunity its player may waive (MENTAL CONSTITUTION): a card from hand may target it.
bool immune_to_target(const State& s, CardId w, CardId source);
// AURA OF MYSTICAL RESISTANCE (fam2CoveredAttachments): a card carried by a warrior whose IMMUNITIES COVER ITS
// ATTACHMENTS, that warrior immune to `source` (an Art or Dark Symmetry card): `from_hand` as immune_to_target.
bool attachment_covered(const State& s, CardId card, CardId source, bool from_hand);
// ETERNAL CURSE: the card gives its warrior IMMUNE TO SPECIALS (grant_designation).
bool grants_special_immunity(const CardDef& d);
// ETERNAL CURSE (IMMUNE TO SPECIALS, given by `by`): the other Specials on warrior w are discarded.
void shed_barred_specials(State& s, CardId w, CardId by, Log log);
bool effect_blocked_target(const State& s, CardId w, CardId source);
// During a combat: does a combatant of `seat` face an opponent immune to the
// Art or Dark Symmetry card `source`? Then `seat` may not cast or use it.
bool faces_immunity(const State& s, int seat, CardId source);

// --- static modifiers (modifiers.cpp) ---
// Cards in play with static modifiers that may reach other warriors.
void fill_mod_sources(const State& s, std::vector<CardId>& out);
// The memo's list (made on first use), or nullptr outside a QueryMemo for s.
std::vector<CardId>* memoized_mod_sources(const State& s);
// What a caller of for_each_mod reads of each modifier: the others are skipped
// before their conditions are judged (same answers, less work).
enum class ModWant : uint8_t { All, Keywords, Designations, Casts, Ratings, Kills, Fates, CoverAttack, SpellPrice };
void for_each_mod(const State& s, CardId w, const std::function<void(const StaticMod&, CardId)>& fn,
                  ModWant want = ModWant::All);
// Fills d.scope_wants (CardDb, as the cards load).
void index_mod_wants(CardDef& d);

// Is this a Use of an ability that is its player's Tactical Action (abilities.cpp)?
bool tactical_use(const State& s, const Option& o);

// --- timing (timing.cpp) ---
bool timing_open(const State& s, Timing t, int seat, int actions);

// --- targets (targets.cpp) ---
// area: a combat area of `seat` (a host); user: a spell's caster, for choices
struct Target { CardId card = kNoCard; int8_t seat = -1; int8_t area = -1; CardId user = kNoCard; };
std::vector<Target> targets(const State& s, int seat, TargetKind k, const WarriorFilter& f, CardId source);
// GOOD LUCK CHARM (NO CARD LOWERING ITS RATINGS, effects/filters/targets.cpp): cards lowering a warrior's
// ratings, kept off such a warrior and discarded from it.
bool lowers_ratings(const CardDef& d);
bool rating_shielded(const State& s, CardId w, CardId source);
void discard_rating_losers(State& s, Log log);
// May the effects make t the new defender (ChangeDefender)?
bool defender_ok(const State& s, const std::vector<Effect>& fx, CardId t);
// May the effects bring t into play now (EnterPlay: a warrior, Personality rule)?
bool enter_play_ok(const State& s, int seat, const std::vector<Effect>& fx, CardId t);
// Does `seat` control a warrior in play that matches?
bool controls_match(const State& s, int seat, const WarriorFilter& f);
// Is there a face-up card in play (of any type) that matches?
bool card_in_play_matches(const State& s, int seat, const WarriorFilter& f);
// Has `seat` a face-up card in play with this designation (a player target's filter: ROBBED BLIND)?
bool player_has_in_play(const State& s, int seat, const std::string& designation);
// A game with teams: some seat has a teammate (cards played "during a team game").
bool team_game(const State& s);
// SHROUD: may `seat` perform a Tactical Action (an attack when `attack`) now?
bool tactical_open(const State& s, int seat, bool attack);

// --- costs (costs.cpp): D prices and "for every X D" ---
int max_times(const State& s, int seat, int cost_d, int per_d, int cap);
// D read from card c's V (value-based amounts: GRAVE ROBBERS, DEMNOGONIS, CANYLE); 0 without a card.
int value_price(const State& s, const ValuePrice& v, CardId c);
// `zero`: the price may also be bought no times (PlaySpec::zero_times).
void push_times(std::vector<Option>& out, Option o, int per_d, int n, bool zero = false);

// --- plays from hand (plays.cpp) ---
// Play / cast / use options for `seat` at the current decision.
void effect_options(const State& s, int seat, std::vector<Option>& out);
// Plays a card from hand through its PlaySpec (a spell too). Returns true when
// it was an action of the Actions step.
bool apply_play(State& s, const Option& o, Log log);
// The rest of a play, its price paid and the card placed: a cancel or a waiver
// asked, else its effects run (gEngine MYSTIC resumes a cast here).
void play_resolves(State& s, int me, const Option& o, Log log);

// --- the Art (art.cpp) ---
// Cast options of Art card c for `seat` (each caster buys "for every X D" as often as it can pay).
// `holder` (when set): the spell is kept under that card, and its warrior alone casts it, whatever it may cast,
// for the card's Storage::cast_d more (THE FALCON OF PILGRIMS, actions/storage.hpp).
void art_options(const State& s, int seat, CardId c, std::vector<Option>& out, CardId holder = kNoCard);
// `target`: the warrior it is cast on (a price may depend on it: IT SHALL BE DONE, EXCELLENCY).
int cast_price(const State& s, CardId caster, CardId spell, int n, CardId target = kNoCard);
// D that `caster` spends toward `spell` (on `target`), as its spell prices count them (StaticMod.spell_price).
int spell_d(const State& s, CardId caster, CardId spell, int d, CardId target = kNoCard);
// BRAIN STRAIN (SpellPrice.spend_cap): the D `caster` may still spend on `spell` (a large number when no cap holds),
// and D it just spent on it, counted against every cap reaching it.
int spell_allowance(const State& s, CardId caster, CardId spell);
void note_spell_spent(State& s, CardId caster, CardId spell, int d);
bool kept_in_play(const State& s, CardId c);
bool special_off(const State& s, CardId w, CardId special);
// INFRARED GOGGLES: a card on w grants it IGNORES ITS OPPONENT'S <card's name> (effects/filters/immunity.cpp).
bool ignores_opponents_card(const State& s, CardId w, CardId card);
bool wound_barred(const State& s, CardId victim, CardId by);
// TICKER: a combat bonus from an UNHARMED IN ITS COMBAT card is on it.
bool unharmed_in_combat(const State& s, CardId w);
// FREE MARINE: in a combat against a warrior that bars them, its opponent's
// controller plays no Special card.
bool specials_barred(const State& s, int seat);
// Whom a spell's USER effects work on: the caster, or for a PERSONAL COMBAT
// SPELL cast as a COMBAT SPELL, the combatant it was cast on.
CardId spell_user(const State& s, CardId spell, CardId caster, CardId target);
// A spell with a "for every X D" price cast during this combat is remembered
// (apply_play); its caster may add D to it in later modification rounds.
void remember_spell(State& s, const Option& o, int seat);
void add_d_options(const State& s, int seat, std::vector<Option>& out);
void apply_add_d(State& s, const Option& o, Log log);

// --- abilities (abilities.cpp) ---
void ability_options(const State& s, int seat, std::vector<Option>& out);
// Uses an ability; returns true when it was an action of the Actions step.
bool apply_use(State& s, const Option& o, Log log);
// The effects of a card's ability (its `index`th) once paid for, and answered (effects/triggers/cancel.hpp):
// `paid` the warrior sacrificed, `was` its target's zone before.
void ability_works(State& s, int seat, CardId card, int index, CardId user, Target tgt, int times, CardId paid,
                   Zone was, Log log);

// --- Dark Symmetry (symmetry.cpp) ---
// gEngine "BESTOW DARK SYMMETRY GIFT": may `gift` be bestowed on w?
bool can_bestow(const State& s, CardId gift, CardId w);
int bestow_cost(const State& s, CardId gift, CardId w);
bool free_bestow(const State& s, CardId gift, CardId w);

// --- missions (missions.cpp) ---
// gEngine "ASSIGN MISSION": never two copies of one mission on a warrior or a player.
bool mission_copy_on_warrior(const State& s, CardId source, CardId w);
bool mission_copy_on_player(const State& s, CardId source, int seat);
// A mission whose trigger has fired is completed: discarded.
void complete_mission(State& s, CardId card);
// What a card in play remembers (State::marks): the warrior it chose.
void mark_target(State& s, CardId card, CardId target);
CardId marked_target(const State& s, CardId card);  // kNoCard: none chosen; kMarkGone: it left play
// The alternative (1: the first) a card's player chose as it was played (Effect REMEMBER_CHOICE); 0 none.
void remember_choice(State& s, CardId card, int n);
// MARK_PICKED with `amount` over 1: one more warrior remembered, up to `keep` (ATTRACTION's pair).
void add_target_mark(State& s, CardId card, CardId target, int keep);
bool marks_warrior(const State& s, CardId card, CardId w);
// MARTYR: does `w` share an affiliation with a warrior `card` remembers (its printed ones when out of play)?
bool shares_marked_affiliation(const State& s, CardId card, CardId w);
// After every decision: cards that go with a remembered warrior that left play are discarded.
void check_marks_gone(State& s, Log log);
int chosen_alternative(const State& s, CardId card);
void forget_marks(State& s, CardId c);              // the card leaves play (zones.cpp)
// SHRIEK: at the start of `seat`'s turn its cards forget the warriors a lasting MARK_PICKED remembered.
void marks_lapse(State& s, int seat);
// HELD missions: a broken condition starts over (after every decision); at the
// end of a player's turn, those held a full turn are completed.
void check_held_conditions(State& s);
void end_of_turn_missions(State& s, Log log);
// BUILDS and FORTIFICATION_LOST missions.
void on_build(State& s, CardId fort, int seat, Log log);
void on_fortification_lost(State& s, CardId fort);
// MADE_HERETIC missions: those `w` would complete (found before the card is
// played on it), then completed once it is a HERETIC.
std::vector<CardId> heretic_missions(const State& s, CardId w, int seat);
void on_made_heretic(State& s, CardId w, int seat, const std::vector<CardId>& matching, Log log);
// ENTERS_PLAY, IMPRISONS and REMOVES_CARD triggers (HONOR THE EMPEROR, MANHUNT, RAZE THE LAND).
void on_entered_play(State& s, CardId w);
void on_imprisoned(State& s, int seat, CardId prisoner, Log log);
std::vector<CardId> removal_watch(const State& s, int seat);
void on_removed_by(State& s, int seat, const std::vector<CardId>& watched, Log log);
void check_lacking(State& s, Log log);  // LACKS triggers, after every decision

// --- triggers (triggers.cpp) ---
void run_draw_triggers(State& s, int seat, Log log);
// AFTER_COMBAT triggers (GENDARME BESTAL): once a resolved combat is over, each of its two
// warriors still in play runs its own card's triggers and those of the cards on it.
void run_survivor_triggers(State& s, CardId attacker, CardId defender, Log log);
// Cards whose player has no D left (DOOMED); run after every decision.
void run_no_destiny_triggers(State& s, Log log);
// Mission and ability triggers of a combat kill (before the victim leaves play).
void on_kill(State& s, CardId victim, CardId killer, int victim_v, bool mutual, Log log);
void on_killed_by_effect(State& s, CardId victim, Log log);

// --- operations (ops.cpp) ---
struct KillContext { int victim_v = 0; bool mutual = false; };
// Can every operation of the list happen now (combat ones need a combat)?
bool effects_possible(const State& s, const std::vector<Effect>& fx);
// May `caster` cast `spell` (its aspects, BLESSED, never PROFANE)?
bool can_cast(const State& s, CardId caster, CardId spell);
// REDIRECT: the targets `caster` (of `seat`) could cast `spell` on, whatever the price.
std::vector<Target> spell_targets(const State& s, int seat, CardId caster, CardId spell);
// REPUDIATE: does the warrior cast any spell at all (a spell of no aspect of its own needs no more)?
bool casts_any_spell(const State& s, CardId w);
// LANE CHUNG's boast (docs/effects.md, BOASTS): a LastingMod from the warrior on
// itself with this seat is made in one turn; its player's next turn gives it
// that player's seat, so the marker says "boasted last turn" for that whole turn.
// Boasted last turn: this turn it may (and must) attack.
bool boast_due(const State& s, CardId w);
// Boasted this turn (the marker waits for the next turn).
bool boast_made(const State& s, CardId w);
// May this BOASTS warrior attack now: it boasted last turn, or its player has a BOAST PARTNER in play?
bool boast_allows_attack(const State& s, CardId w);
// `picked`: the card a Choice's pick names (Who::Picked).
// An effect that can do nothing to card c: what protects a card from being
// discarded, annihilated or returned (an Alliance, a kept or grafted card,
// NEVER DISCARDED, EQUIPMENT STAYS) or from wounds (CANNOT BE WOUNDED, a
// Special on one UNHARMED BY SPECIALS). run_effects skips it.
bool effect_futile(const State& s, const Effect& e, CardId c, CardId source);
// May a card with these effects be played (or an ability used) on `target`?
// Not when every effect it has on its target would be futile there: a card
// is played only on what it can affect (MALFUNCTION! on a grafted weapon).
bool can_affect(const State& s, const std::vector<Effect>& fx, CardId source, CardId target);
void run_effects(State& s, int seat, CardId source, CardId user, Target target, int times,
                 const std::vector<Effect>& fx, Log log, const KillContext* kill, CardId picked = kNoCard,
                 int picked_seat = -1);
// A player marked immune to this card's kind (HERETIC CONSPIRACY: the Art).
bool player_immune_to(const State& s, int seat, CardId source);
// SPELLBOUND: no card (as printed: no Special card) draws, searches, shuffles or
// otherwise touches this player's draw pile while the spell lies before it.
bool draw_pile_shielded(const State& s, int seat, CardId source);
// A Choose event's x for a player picked: this plus its seat.
constexpr int kPickedSeat = 100;

// --- choices (choices.cpp): picks a card's text leaves to a player ---
// Fixes the candidates of the card's Choice as it is played (before its effects run).
std::vector<CardId> choice_candidates(const State& s, int seat, CardId source, Target t, int times);
// The zone a YOUR_PILES choice's pile is.
Zone pile_zone(Pile p);
// Queues the card's choice, showing hidden candidates to the chooser.
void queue_choice(State& s, int seat, CardId source, Target t, int times, std::vector<CardId> candidates, Log log);
std::vector<int8_t> choice_seats(const State& s, int seat, CardId source, Target t);
// Queues a question a mechanism (not a card's Choice) asks `seat`: pick from
// `candidates` about `source`, on behalf of `by` (-1 picks: any number).
void ask_pick(State& s, CardId source, CardId target, int by, int seat, std::vector<CardId> candidates,
              int picks = 1);
// Does the effect list run the registered handler `name`?
inline bool has_handler(const std::vector<Effect>& fx, HandlerId name) {
  for (const Effect& e : fx)
    if (e.op == Op::Handler && e.handler == name) return true;
  return false;
}
// Does the effect list run operation `op` (at its top level)?
inline bool has_op(const std::vector<Effect>& fx, Op op) {
  for (const Effect& e : fx)
    if (e.op == op) return true;
  return false;
}
// Is there a marker of this kind (markers.hpp) on card w?
inline bool marked(const State& s, CardId w, uint8_t kind) {
  if (w == kNoCard) return false;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kind && m.target == w) return true;
  return false;
}
// The `choose aN` option: answer or alternative N of a question.
inline Option choose_answer(int n) {
  Option o{OptKind::Choose};
  o.p = int16_t(n);
  return o;
}
// The `choose done` option: the chooser stops picking (or declines).
inline Option choose_done() {
  Option o{OptKind::Choose};
  o.p = -1;
  return o;
}
// Can the card's choice be made at all (a card to pick, or an alternative)?
bool choice_possible(const State& s, int seat, CardId source, Target t, int times);
void choice_options(const State& s, std::vector<Option>& out);
void apply_choose(State& s, const Option& o, Log log);
// In resume(): enters a queued choice, or ends the pending one when no pick is left.
// Returns true when it changed the phase.
bool step_choices(State& s, Log log);

}  // namespace dt::detail
