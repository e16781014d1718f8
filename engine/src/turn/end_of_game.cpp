// gEngine "WINNING THE GAME" and "NO WARRIORS IN PLAY AND NO DRAW PILE": the
// promotion target, both draw piles empty, a player without warriors for
// three turns; and the referee's turn limit (Rules::turn_limit).
#include "internal.hpp"

namespace dt::detail {

static void eliminate(State& s, int seat, Log log) {
  SeatState& st = s.seats[size_t(seat)];
  st.eliminated = true;
  while (!st.in_play.empty()) discard_from_play(s, st.in_play.back());
  emit(log, {EventKind::Eliminated, int8_t(seat)});
}

// The rule applies when the draw pile is empty, and always when sabotage is
// off: sabotage replaces it (2nd ed, "OPTIONAL RULE: SABOTAGE").
// The count is this turn and the next no_warrior_turns - 1 (gEngine and 2nd:
// three; 1st ed Standard: two; the Beginner's game has no such rule).
void track_no_warriors(State& s) {
  SeatState& st = s.seats[s.current];
  const bool rule_applies =
      s.rules.no_warrior_turns > 0 && (st.draw.empty() || s.rules.sabotage == SabotageMode::Off);
  if (has_combat_warrior(s, s.current)) st.no_warrior_deadline = -1;
  else if (rule_applies && st.no_warrior_deadline < 0)
    st.no_warrior_deadline = st.turns_taken + s.rules.no_warrior_turns - 1;
}

// At the end of the last of those turns.
void eliminate_if_out_of_time(State& s, Log log) {
  SeatState& st = s.seats[s.current];
  if (st.no_warrior_deadline >= 0 && st.turns_taken >= st.no_warrior_deadline &&
      !has_combat_warrior(s, s.current))
    eliminate(s, s.current, log);
}

// Readings (docs/rules-matrix.md, "End of the game"): the P target is judged
// once the points of one event are all awarded (both kills of a combat), and
// players who reach it with equal P draw; draw piles run out as the preset
// says (Rules::deck_out).
void check_end(State& s, Log log) {
  if (s.phase == Phase::GameOver) return;
  int best = -1, best_p = -1, active = 0, last_active = -1;
  bool tie = false, all_empty = true, any_empty = false, target = false;
  for (int i = 0; i < s.num_seats(); ++i) {
    const SeatState& st = s.seats[size_t(i)];
    if (st.eliminated) continue;
    ++active;
    last_active = i;
    if (!st.draw.empty()) all_empty = false;
    else any_empty = true;
    if (st.promotion >= s.rules.promotion_target) target = true;
    if (st.promotion > best_p) best = i, best_p = st.promotion, tie = false;
    else if (st.promotion == best_p) tie = true;
  }
  if (!s.awards.empty()) target = false;  // the rest of this event's points first
  const bool deck_out_draws = s.rules.deck_out == DeckOut::AnyEmptyTieDraws;
  const bool decks_out = deck_out_draws ? any_empty : all_empty;
  int winner = -1;
  EndReason why = EndReason::TurnLimit;
  bool over = false;
  const bool out_of_turns = s.rules.turn_limit > 0 && s.turn_number > s.rules.turn_limit;
  if (active <= 1) winner = last_active, why = EndReason::NoWarriors, over = true;
  else if (target) winner = tie ? -1 : best, why = EndReason::PromotionTarget, over = true;
  else if (decks_out && (!tie || deck_out_draws))
    winner = tie ? -1 : best, why = EndReason::DecksExhausted, over = true;  // a tie plays on, or draws
  else if (out_of_turns) winner = tie ? -1 : best, over = true;
  if (!over) return;
  s.winner = winner;
  s.end_reason = why;
  s.phase = Phase::GameOver;
  emit(log, {EventKind::GameEnd, int8_t(winner), kNoCard, kNoCard, best_p});
}

}  // namespace dt::detail
