// gEngine "WINNING THE GAME" and "NO WARRIORS IN PLAY AND NO DRAW PILE": the
// promotion target, both draw piles empty, a player without warriors for
// three turns; and the referee's turn limit (Rules::turn_limit).
#include "effects/economy/ledger.hpp"
#include "internal.hpp"
#include "turn/victory.hpp"

namespace dt::detail {

static void eliminate(State& s, int seat, Log log) {
  SeatState& st = s.seats[size_t(seat)];
  st.eliminated = true;
  st.out_turn = s.turn_number;
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
  if (!st.eliminated && st.no_warrior_deadline >= 0 && st.turns_taken >= st.no_warrior_deadline &&
      !has_combat_warrior(s, s.current))
    eliminate(s, s.current, log);
}

// Sides are teams (each player its own unless Rules::seats groups them;
// gEngine "Multi-Player Games", option 3): a team's P is its members' P, the
// team target is Rules::team_promotion_target (else promotion_target), and a
// team is in while one of its members is.
// Readings (docs/rules-matrix.md, "End of the game"): the P target is judged
// once the points of one event are all awarded (both kills of a combat), and
// sides that reach it with equal P draw; draw piles run out as the preset
// says (Rules::deck_out).
void check_end(State& s, Log log) {
  if (s.phase == Phase::GameOver) return;
  // Checked at every step of play (each seat's pass in a window): no tables
  // to clear, a few seats to look at.
  const int n = s.num_seats();
  const int goal = s.rules.team_promotion_target > 0 ? s.rules.team_promotion_target : s.rules.promotion_target;
  const bool out_of_turns = s.rules.turn_limit > 0 && s.turn_number > s.rules.turn_limit;
  {
    // Most steps: two sides still in, no draw pile of a seat still in empty,
    // fewer P on the whole table than the goal (no side can have reached it)
    // and turns left. Nothing below can end the game then.
    int positive_p = 0, first_team = -1;
    bool two_sides = false, empty_draw = false;
    for (const SeatState& st : s.seats) {
      positive_p += std::max(0, int(st.promotion));
      if (st.eliminated) continue;
      empty_draw = empty_draw || st.draw.empty();
      if (first_team < 0) first_team = st.team;
      else two_sides = two_sides || st.team != first_team;
    }
    if (two_sides && !empty_draw && positive_p < goal && !out_of_turns) return;
  }
  bool all_empty = true, any_empty = false;
  for (const SeatState& st : s.seats) {
    if (st.eliminated) continue;
    if (!st.draw.empty()) all_empty = false;
    else any_empty = true;
  }
  int best = -1, best_p = -1, active = 0, last_active = -1;
  bool tie = false, target = false;
  int reached = -1, reached_p = -1;  // the side with the most P of those at the target
  bool reached_tie = false;
  for (int i = 0; i < n; ++i) {
    const int t = s.seats[size_t(i)].team;
    bool first = true;  // each team once, at its first seat
    for (int j = 0; j < i && first; ++j) first = s.seats[size_t(j)].team != t;
    if (!first) continue;
    int p = 0;
    bool in = false;  // a team is in while one of its members is
    for (int j = i; j < n; ++j)
      if (s.seats[size_t(j)].team == t) p += s.seats[size_t(j)].promotion, in |= !s.seats[size_t(j)].eliminated;
    if (!in) continue;
    ++active;
    last_active = t;
    // BAUHAUS BANK: a side owing D on credit does not win (effects/economy/ledger.hpp).
    if (p >= goal && !((s.families & famKeptD) && team_owes(s, t))) {
      target = true;
      if (p > reached_p) reached = t, reached_p = p, reached_tie = false;
      else if (p == reached_p) reached_tie = true;
    }
    if (p > best_p) best = t, best_p = p, tie = false;
    else if (p == best_p) tie = true;
  }
  if (!s.awards.empty()) target = false;  // the rest of this event's points first
  // CLOSE BUT NO CIGAR: the other sides may answer first (turn/victory.hpp).
  if (target && !reached_tie && (s.families & famTurnedDown) && ask_target_answers(s, reached, reached_p)) return;
  const bool deck_out_draws = s.rules.deck_out == DeckOut::AnyEmptyTieDraws;
  const bool decks_out = deck_out_draws ? any_empty : all_empty;
  int winner = -1;
  EndReason why = EndReason::TurnLimit;
  bool over = false;
  if (active <= 1) winner = last_active, why = EndReason::NoWarriors, over = true;
  else if (target) winner = reached_tie ? -1 : reached, best_p = reached_p, why = EndReason::PromotionTarget, over = true;
  else if (decks_out && (!tie || deck_out_draws))
    winner = tie ? -1 : best, why = EndReason::DecksExhausted, over = true;  // a tie plays on, or draws
  else if (out_of_turns) winner = tie ? -1 : best, over = true;
  if (!over) return;
  if ((s.families & famKeptD) && winner >= 0 && team_owes(s, winner)) winner = -1;  // BAUHAUS BANK: no win in debt
  // The winning seat, when its team is that one seat.
  int seat = -1, members = 0;
  for (int i = 0; i < s.num_seats(); ++i)
    if (winner >= 0 && s.seats[size_t(i)].team == winner) seat = i, ++members;
  s.winning_team = winner;
  s.winner = members == 1 ? seat : -1;
  s.end_reason = why;
  s.phase = Phase::GameOver;
  emit(log, {EventKind::GameEnd, int8_t(s.winner), kNoCard, kNoCard, best_p, winner});
}

}  // namespace dt::detail

namespace dt {

bool seat_won(const State& s, int seat) {
  return s.winning_team >= 0 && s.seats[size_t(seat)].team == s.winning_team;
}

// Not a rule (the books only name a winner): how a finished game ranks every
// seat, for results and ratings. The winning side first; then those still in
// at the end, by their side's P; then those eliminated by the rules, the later
// out the better; then those who left (forfeits), the later the better. Seats
// of one team share their team's place unless they left. Equal keys share a
// place (1, 2, 2, 4).
std::vector<int> final_places(const State& s) {
  const int n = s.num_seats();
  struct Key { int won, still_in, out_turn, p; };
  std::vector<Key> key(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    const SeatState& st = s.seats[size_t(i)];
    // A team is still in while one of its members is.
    bool team_in = false;
    for (const SeatState& o : s.seats) team_in |= o.team == st.team && !o.eliminated;
    const int tier = st.left ? 0 : team_in ? 2 : 1;
    key[size_t(i)] = {seat_won(s, i) && !st.left ? 1 : 0, tier, tier == 2 ? 0 : st.out_turn,
                      detail::team_promotion(s, st.team)};
  }
  auto better = [](const Key& a, const Key& b) {
    if (a.won != b.won) return a.won > b.won;
    if (a.still_in != b.still_in) return a.still_in > b.still_in;
    if (a.out_turn != b.out_turn) return a.out_turn > b.out_turn;
    return a.p > b.p;
  };
  std::vector<int> place(size_t(n), 1);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (better(key[size_t(j)], key[size_t(i)])) ++place[size_t(i)];
  return place;
}

}  // namespace dt
