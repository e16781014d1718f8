// Answering a card just played (Card::answers; gEngine YOUNG GUARD, MISCOMMUNICATION,
// FIZZLE, FAULTY SUPPLIES; REPUDIATE, an Art spell cast in answer; PREFERRED SPELL, sending a
// spell back to its player's hand after it worked; REFLECTION and REDIRECT, sending its
// effects to its caster or to another legal target). When a card is played from hand and another player
// holds a card whose `answers` fits it (a Special in hand, or a card in play:
// a warrior, an attachment), that player is asked at once (a Choice:
// `choose c12` answers with that card, `choose done` lets it be). Meanwhile the
// card's one-shot effects wait (a marker in State::lasting holds its target and
// purchases). A negated card is discarded as usual with no effect, a combat
// modifier's bonus is taken back, a card left in play is discarded; what was
// paid for it is lost. Without such cards nothing changes.
#pragma once

#include "dt/state.hpp"
#include "effects/effects.hpp"
#include "events.hpp"
#include "markers.hpp"

namespace dt::detail {

// A Special was just played by `seat` (its costs paid, the card placed): asks the
// players who could cancel it. `waits`: its effects are held until they answer.
// True when someone was asked.
// `user`: the warrior that cast or played it (its effects' USER; REFLECTION turns them back to it).
bool offer_cancel(State& s, int seat, CardId card, Target t, int times, bool waits, CardId user = kNoCard);
// An ability of `card` (its `index`th) was just used by `seat` on `t` (paid for; `paid` the warrior sacrificed):
// asks the players whose cards answer such an ability (JustPlayed.abilities_used: AURA OF MYSTICAL RESISTANCE on
// a Dark Symmetry card's). True when someone was asked: its effects wait (ability_works runs them, unless negated).
bool ability_answered(State& s, int seat, CardId card, int index, Target t, int times, CardId user, CardId paid);
// May anything in this game answer an ability used or a trigger fired (a card in play that answers, or one held in
// hand that answers abilities or triggers: AURA OF MYSTICAL RESISTANCE, ANTIDOTE)?
inline bool effects_answerable(const State& s) { return (s.families & famAnswers) || (s.families2 & fam2AnswersEffects); }
// Trigger `index` of `card` (of `seat`) just fired on `t`, `user` its USER: asks the players whose cards answer such a
// trigger (JustPlayed.triggers_fired: ANTIDOTE on a POISON's). True when someone was asked: its effects wait (run
// once nobody negated it, its choice then asked), negated they never run and the card stays as it is.
bool trigger_answered(State& s, int seat, CardId card, int index, Target t, CardId user);
// Is this pending choice such a question?
bool is_cancel_choice(const State& s, const PendingChoice& ch);
void cancel_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_cancel_choice(State& s, const Option& o, Log log);
// The question is over (the choice has left the queue): if nobody cancelled, the held effects run.
void cancel_choice_done(State& s, const PendingChoice& ch, Log log);
// REFLECTION, REDIRECT (AnswerSpec::retarget): the answerer says where the card's effects go (`choose c12`,
// `choose s1`; `choose a0` negates it instead, when the answer may), then they run there.
bool is_retarget_choice(const State& s, const PendingChoice& ch);
void retarget_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_retarget(State& s, const Option& o, Log log);
// The question left the queue unanswered (its targets gone): the card plays as it was.
void retarget_choice_done(State& s, const PendingChoice& ch, Log log);

// PASS THE BUCK, STOLEN PAPERWORK (AnswerSpec::replay): its answerer then plays the card just played itself, on
// a legal target it picks (`choose c12`, `choose s1`; `choose a0` for a card with no target), paying its D price.
bool is_replay_choice(const State& s, const PendingChoice& ch);
void replay_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_replay(State& s, const Option& o, Log log);

// ASSAULT ENGINEER (AnswerSpec::attaches): the answer is the answering Special's own play, onto a warrior its
// player picks among its play's targets (`choose c12`).
bool is_attach_answer_choice(const State& s, const PendingChoice& ch);
void attach_answer_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_attach_answer(State& s, const Option& o, Log log);

}  // namespace dt::detail
