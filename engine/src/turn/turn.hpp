// The order of play (gEngine "SETTING UP", "ORDER OF PLAY", "TIMING",
// "WINNING THE GAME"): setup and the Cardinal's Gift (setup.cpp), turns and
// their Draw and Discard steps (turn.cpp), the Actions step (actions_step.cpp),
// timing windows (windows.cpp), points awards (points.cpp) and the end of
// the game (end_of_game.cpp).
#pragma once

#include <array>
#include <vector>

#include "dt/game.hpp"
#include "events.hpp"

namespace dt::detail {

// --- setup and the Cardinal's Gift (setup.cpp) ---
void gift_options(const State& s, std::vector<Option>& out);
void apply_gift_decision(State& s, const Option& o, Log log);
// After `after` decided (or left): the next seat decides, or play begins.
void next_gift_decision(State& s, int after, Log log);

// --- turns and steps (turn.cpp) ---
int next_active_seat(const State& s, int seat);
// Seats in turn order starting with `first`, skipping eliminated ones. A
// fixed array, not a vector: asked at every window and turn, it allocated.
struct SeatOrder {
  std::array<uint8_t, kMaxSeats> seat{};
  uint8_t n = 0;
  const uint8_t* begin() const { return seat.data(); }
  const uint8_t* end() const { return seat.data() + n; }
  size_t size() const { return n; }
};
SeatOrder seats_from(const State& s, int first);
// The seat `i` places after `seat` in the direction play goes (`clockwise`: as the players sit).
int seat_at(const State& s, int seat, int i, bool clockwise = false);
void start_turn(State& s, Log log);
void end_turn(State& s, Log log);
void start_actions(State& s);
void start_discard_step(State& s);
// After an action or its response window: back to the Actions step, or on to
// the Discard step when no actions are left.
void after_action(State& s);
void discard_options(const State& s, std::vector<Option>& out);
void apply_discard(State& s, const Option& o, Log log);
void apply_pass(State& s, const Option& o, Log log);

// --- the Actions step (actions_step.cpp) ---
void action_options(const State& s, std::vector<Option>& out);

// --- cards that change turns (turn_rules.cpp; docs/effects.md "Turn rules") ---
// What the cards in play do to `seat`'s turns, added up.
struct TurnGate {
  int actions = 0;           // actions added (or, negative, taken away) each turn
  bool one_tactical = false; // one Tactical action between Draw steps, no extra ones
  bool keeps_step = false;   // a Tactical action does not end the Actions step
  bool extra = false;        // some card gives extra or converted Tactical actions
};
TurnGate turn_gate(const State& s, int seat);
// DOUBLE TIME, GARBAGE DUMP: the cards `seat` discards in one Discard step for free (1 unless a card
// says more), and the D each one more costs (0: no more).
struct DiscardAllowance {
  int free = 1;
  int extra_d = 0;
};
DiscardAllowance discard_allowance(const State& s, int seat);
int turn_rule_actions(const State& s, int seat);
// May warrior w make a Tactical action now, as far as the turn's count of them goes?
bool tactical_allowed(const State& s, int seat, CardId w);
// Could a card let `seat` make a Tactical action beyond the turn's own one?
bool more_tacticals(const State& s, int seat);
// Spends a Tactical action of w costing `cost` actions: an extra one, a converted
// one, or the turn's own (which ends the step). Returns the actions it gave up.
int spend_tactical(State& s, int seat, CardId w, int cost);
// Has a warrior of `seat` an extra Tactical action left that needs no action
// (COMMAND HELMET)? The Actions step then stays open for it alone.
bool extra_tactical_left(const State& s, int seat);
// DON'T CALL AGAIN! (Ability::actions_or_tacticals): the Tactical actions `seat`'s cards give this turn beside its
// actions (BLOOD LUST, COMMAND HELMET), still unspent; and `n` of them spent toward another price.
int spare_tacticals(const State& s, int seat);
// PRISONER WORK CAMP (TurnRules::per_prisoner): the actions its prisoners give `seat`'s turn, counted as it starts
// (State::bonus_actions: a prisoner lost meanwhile takes none back).
int prisoner_actions(const State& s, int seat);
void spend_spare_tacticals(State& s, int seat, int n);
// A card lowering the turn's actions takes effect at once.
void cap_turn_actions(State& s);
// Works out State::families from the game's cards.
void index_families(State& s);

// --- timing windows (windows.cpp) ---
void open_window(State& s, WindowKind kind, std::vector<uint8_t> order);
// The same with the seats in turn order from `first`, written into the
// window's own list (whose capacity is reused).
void open_window_from(State& s, WindowKind kind, int first);
// The window after an action: every other player, then the acting one.
void open_response_window(State& s);
void window_options(const State& s, std::vector<Option>& out);
// A combat's modification rounds: the combat cards, free Equipment (SHINRIKYO UNDERWORLD) and D added to spells.
void combat_round_options(const State& s, int seat, std::vector<Option>& out);
void close_window(State& s, Log log);

// --- points (points.cpp) ---
void queue_award(State& s, int seat, int amount, bool destiny_only, CardId source);
void queue_award_p_or_d(State& s, int seat, int p, CardId source);
void points_options(const State& s, std::vector<Option>& out);
// The fewest P the pending award may be taken as.
int lowest_p(const State& s, const PointsAward& aw);
// Pays the pending award split p/d.
void apply_points(State& s, int p, int d, Log log);
void apply_points_option(State& s, const Option& o, Log log);

// --- more than two players (multiplayer.cpp; gEngine "Multi-Player Games") ---
// (the seat's own hand limit, actions and attacks are public: dt/game.hpp)
int opening_hand_of(const State& s, int seat);
// May `seat` muster warrior card c (its organization, Cartel vs. the Dark Legion)?
bool may_field(const State& s, int seat, CardId c);
// The D an attack on a warrior of `target` costs `seat` (primary targets).
int attack_toll(const State& s, int seat, int target);
// Sets up teams and pools of a new State from its rules.
void seat_teams(State& s);
// The P of every member of `team`.
int team_promotion(const State& s, int team);

// --- the end of the game (end_of_game.cpp) ---
void check_end(State& s, Log log);
// At the start of a turn: starts or stops the no-warriors count.
void track_no_warriors(State& s);
// At the end of a turn: a player whose count ran out loses.
void eliminate_if_out_of_time(State& s, Log log);

}  // namespace dt::detail
