// gEngine "ORDER OF PLAY": a turn is a Draw step (with its pre-draw window),
// the Actions step (actions_step.cpp) and a Discard step (with its
// pre-discard window); then the next player who is still in the game.
#include "effects/triggers/full_turn.hpp"
#include "dt/designations.hpp"
#include "effects/lasting/disease.hpp"
#include "effects/attacks/orders.hpp"
#include "effects/attacks/plans.hpp"
#include "internal.hpp"
#include "turn/own_actions.hpp"
#include "markers.hpp"

namespace dt::detail {

// The seats round the table from `seat` (itself first), in the direction play goes: the seats' own order
// unless a card changed places (State::table) or turned play round (State::reversed; `clockwise`: round the
// table as the players sit, whichever way play goes).
int seat_at(const State& s, int seat, int i, bool clockwise) {
  const int n = s.num_seats();
  const bool back = s.reversed && !clockwise;
  if (s.table.empty() && !back) return (seat + i) % n;
  int place = seat;
  if (!s.table.empty())
    for (int k = 0; k < n; ++k)
      if (s.table[size_t(k)] == seat) place = k;
  const int at = ((back ? place - i : place + i) % n + n) % n;
  return s.table.empty() ? at : s.table[size_t(at)];
}

// The order a card changed (NOTHING IS SACRED, CHANGE IN MOMENTUM), kept out of the common path.
[[gnu::noinline]] static int next_seat_changed(const State& s, int seat) {
  const int n = s.num_seats();
  for (int i = 1; i <= n; ++i) {
    const int t = seat_at(s, seat, i);
    if (!s.seats[size_t(t)].eliminated) return t;
  }
  return seat;
}

[[gnu::noinline]] static SeatOrder seats_from_changed(const State& s, int first) {
  SeatOrder out;
  const int n = s.num_seats();
  for (int i = 0; i < n; ++i) {
    const int t = seat_at(s, first, i);
    if (!s.seats[size_t(t)].eliminated) out.seat[out.n++] = uint8_t(t);
  }
  return out;
}

int next_active_seat(const State& s, int seat) {
  if (!s.table.empty() || s.reversed) return next_seat_changed(s, seat);
  const int n = s.num_seats();
  for (int i = 1; i <= n; ++i) {
    int t = (seat + i) % n;
    if (!s.seats[size_t(t)].eliminated) return t;
  }
  return seat;
}

SeatOrder seats_from(const State& s, int first) {
  if (!s.table.empty() || s.reversed) return seats_from_changed(s, first);
  SeatOrder out;
  const int n = s.num_seats();
  for (int i = 0; i < n; ++i) {
    int t = (first + i) % n;
    if (!s.seats[size_t(t)].eliminated) out.seat[out.n++] = uint8_t(t);
  }
  return out;
}

void start_actions(State& s) {
  s.step = Step::Actions;
  s.phase = Phase::Actions;
}

void start_discard_step(State& s) {
  s.step = Step::Discard;
  s.actions_left = 0;
  open_window_from(s, WindowKind::PreDiscard, s.current);
}

void end_turn(State& s, Log log) {
  end_of_turn_missions(s, log);  // DARK KOHORT: "until the end of your next turn"
  full_turns_end(s, s.current, log);  // SHORE LEAVE: a turn spent whole on leave
  diseases_turn_end(s, s.current);  // gEngine BACTERIA GRENADE: the same
  eliminate_if_out_of_time(s, log);
  SeatState& me = s.seats[s.current];
  if (s.reverse_due) {  // CHANGE IN MOMENTUM: play turns round once the turn it was played in is over
    s.reverse_due = false;
    s.reversed = !s.reversed;
  }
  if (me.extra_turns > 0 && !me.eliminated) {  // RUTHLESS EFFICIENCY: the same player again
    --me.extra_turns;
    start_turn(s, log);
    return;
  }
  // BOGGED DOWN: a player with a turn to miss is passed over (once per turn missed).
  int next = next_active_seat(s, s.current);
  for (int guard = 0; s.seats[size_t(next)].skip_turns > 0 && guard < 64 * s.num_seats(); ++guard) {
    --s.seats[size_t(next)].skip_turns;
    emit(log, {EventKind::Pass, int8_t(next), kNoCard, kNoCard, 1});
    next = next_active_seat(s, next);
  }
  s.current = uint8_t(next);
  start_turn(s, log);
}

void start_turn(State& s, Log log) {
  SeatState& st = s.seats[s.current];
  ++s.turn_number;
  ++st.turns_taken;
  st.sabotaged_mask = 0;
  s.bonus_actions = s.extra_tacticals = 0;
  if (s.families & famTurnRules) s.bonus_actions = uint8_t(prisoner_actions(s, s.current));  // PRISONER WORK CAMP
  s.actions_left = actions_per_turn_of(s, s.current);
  s.tactical_used = false;
  s.answer_due = false;
  s.recent_p_seat = -1, s.recent_p = 0;  // P earned at the end of the last turn (DARK KOHORT) is no longer "just" earned
  std::erase_if(s.lasting, [&](const LastingMod& m) { return m.seat == s.current; });  // "until your next turn"
  if (!s.marks.empty()) marks_lapse(s, s.current);  // SHRIEK's marks go now
  full_turns_begin(s, s.current);  // SHORE LEAVE: the cards in play as the turn begins
  // gEngine "TRANSFER WARRIOR": one voluntary Transfer from a player's Draw step
  // to its next, so a stamp from the player's last turn (or from actions taken
  // in another's turn since, INSPIRED) lapses only now.
  for (CardInst& c : s.cards)
    if (c.controller == s.current) c.transferred_turn = -1;
  arm_orders(s, s.current);  // TELEPATHIC MESSAGE, CONTROL MIND: orders for this turn
  arm_plan(s);  // EMPATHY: the plan for this turn is told now
  diseases_turn_start(s, s.current);  // gEngine BACTERIA GRENADE: ends with this turn
  for (LastingMod& m : s.lasting)  // LANE CHUNG: last turn's boast falls due this turn
    if (m.seat == kBoastSeat && s.card(m.target).controller == s.current) m.seat = s.current;
  emit(log, {EventKind::TurnStart, int8_t(s.current), kNoCard, kNoCard, s.turn_number});
  track_no_warriors(s);
  if (s.rules.first_player_skips_draw && s.turn_number == 1) {
    start_actions(s);  // gEngine "STEP ONE: DRAW", Special: first turn of the game
    return;
  }
  s.step = Step::Draw;
  run_draw_triggers(s, s.current, log);
  open_window_from(s, WindowKind::PreDraw, s.current);
}

void after_action(State& s) {
  if (s.actions_left > 0 || extra_tactical_left(s, s.current) || ((s.families & famOwnActions) && own_actions_pending(s)))
    start_actions(s);
  else start_discard_step(s);
}

// 1st ed "STEP THREE: DISCARD": a hand over the limit is discarded down to it.
// A card lying before the player may excuse it (FORTUNE OF WAR as printed), and
// so does its seat's rules (1st ed option 4: the Legion player never discards).
static bool over_limit(const State& s) {
  if (!s.rules.discard_down_to_limit || int(s.seats[s.current].hand.size()) <= hand_limit(s, s.current)) return false;
  if (never_discards(s, s.current)) return false;
  for (CardId c : s.seats[s.current].in_play)
    if (s.card(c).attached_to == kNoCard && s.def(c).has_designation(desig::KeepsAFullHand)) return false;
  return true;
}

// DOUBLE TIME, GARBAGE DUMP: the cards already discarded in this Discard step (a marker, kept
// only in a game holding a card with turn rules).
static LastingMod* discards_made(State& s, int seat) {
  for (LastingMod& m : s.lasting)
    if (m.lock == kDiscardsMade && m.player == seat) return &m;
  return nullptr;
}
static int discards_made(const State& s, int seat) {
  for (const LastingMod& m : s.lasting)
    if (m.lock == kDiscardsMade && m.player == seat) return m.count;
  return 0;
}

// May `seat` discard one more card now, past the ones already discarded (and at what price)?
static bool another_discard(const State& s, int seat, int made, int* price) {
  const DiscardAllowance a = discard_allowance(s, seat);
  *price = made < a.free ? 0 : a.extra_d;
  return made < a.free || (a.extra_d > 0 && destiny(s, seat) >= a.extra_d);
}

// Printed DEAL WITH IT: a card lying before the player forbids its Discard step's discards.
static bool discards_barred(const State& s, int seat) {
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (!s.card(c).hidden && s.card(c).attached_to == kNoCard && s.def(c).has_designation(desig::NoDiscardsInTheDiscardStep))
      return true;
  return false;
}

void discard_options(const State& s, std::vector<Option>& out) {
  const bool barred = (s.families & famCardPlayed) && discards_barred(s, s.current);  // printed DEAL WITH IT
  if (barred || !over_limit(s)) out.push_back({OptKind::Pass});
  if (barred) return;
  const int made = (s.families & famTurnRules) ? discards_made(s, s.current) : 0;
  int price = 0;
  if (made > 0 && !over_limit(s) && !another_discard(s, s.current, made, &price)) return;
  for (CardId c : s.seats[s.current].hand) out.push_back({OptKind::Discard, c});
}

void apply_discard(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  take_out(s, o.a);
  put_into(s, o.a, Zone::Discard);
  emit(log, {EventKind::Discard, int8_t(me), o.a});
  if (over_limit(s)) return;
  if (!(s.families & famTurnRules)) return end_turn(s, log);
  LastingMod* m = discards_made(s, me);
  const int made = m ? m->count : 0;
  int price = 0;
  if (made > 0 && another_discard(s, me, made, &price)) destiny(s, me) -= price;  // GARBAGE DUMP: 4 D for this one
  if (!m) {
    LastingMod mark{kNoCard, kNoCard, {}, uint8_t(me)};
    mark.lock = kDiscardsMade;
    mark.player = int8_t(me);
    s.lasting.push_back(mark);
    m = &s.lasting.back();
  }
  m->count = int16_t(made + 1);
  if (s.seats[size_t(me)].hand.empty() || !another_discard(s, me, made + 1, &price)) {
    std::erase_if(s.lasting, [&](const LastingMod& x) { return x.lock == kDiscardsMade && x.player == me; });
    end_turn(s, log);
  }
}

// Passing closes a window (when everyone has), ends the Actions step, or
// skips the discard.
void apply_pass(State& s, const Option&, Log log) {
  const int me = deciding_seat(s);
  if (s.phase == Phase::Window) {
    ++s.window.passes;
    s.window.index = uint8_t((s.window.index + 1) % s.window.order.size());
  } else if (s.phase == Phase::Actions) {
    s.actions_left = 0;
    start_discard_step(s);
  } else if (s.phase == Phase::Discard) {
    std::erase_if(s.lasting, [&](const LastingMod& x) { return x.lock == kDiscardsMade && x.player == me; });
    end_turn(s, log);
  }
  emit(log, {EventKind::Pass, int8_t(me)});
}

}  // namespace dt::detail
