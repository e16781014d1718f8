// More than two players (gEngine "Multi-Player Games"; 1st edition starter
// rules, option 4 "The Cartel vs. the Dark Legion"): play goes clockwise,
// which is seat order; teams, common pools, primary targets and one seat's
// own hand size, D and actions come from Rules (apply_style in rules.cpp);
// and a player may leave mid-game (a forfeit), the others playing on.
#include <algorithm>

#include "internal.hpp"

namespace dt {

using namespace detail;

namespace {

const SeatRules* own_rules(const State& s, int seat) {
  return size_t(seat) < s.rules.seats.size() ? &s.rules.seats[size_t(seat)] : nullptr;
}

}  // namespace

int hand_limit_of(const State& s, int seat) {
  const SeatRules* r = own_rules(s, seat);
  return r && r->hand_limit >= 0 ? r->hand_limit : s.rules.hand_limit;
}

int actions_per_turn_of(const State& s, int seat) {
  const SeatRules* r = own_rules(s, seat);
  const int bonus = seat == s.current ? s.bonus_actions : 0;  // INITIATIVE
  int n = r && r->actions_per_turn >= 0 ? r->actions_per_turn : s.rules.actions_per_turn;
  if (s.families & famTurnRules)  // FOURTH DIRECTORATE, DIRE PORTENTS: never under one
    if (const int more = turn_rule_actions(s, seat)) n = std::max(std::min(n, 1), n + more);
  return n + bonus;
}

bool free_attacks(const State& s, int seat) {
  const SeatRules* r = own_rules(s, seat);
  return r && r->free_attacks;
}

bool never_discards(const State& s, int seat) {
  const SeatRules* r = own_rules(s, seat);
  return r && r->never_discards;
}

int primary_target(const State& s, int seat) {
  if (s.rules.secondary_target_toll <= 0) return -1;
  // The player to your left: the next opponent still in, clockwise.
  const int n = s.num_seats();
  for (int i = 1; i < n; ++i) {
    const int t = detail::seat_at(s, seat, i, true);  // as the players sit now (NOTHING IS SACRED)
    if (!s.seats[size_t(t)].eliminated && opponents(s, seat, t)) return t;
  }
  return -1;
}

std::vector<int> turn_order(const State& s) {
  std::vector<int> out;
  for (uint8_t x : seats_from(s, s.current)) out.push_back(x);
  return out;
}

namespace detail {

int opening_hand_of(const State& s, int seat) {
  const SeatRules* r = own_rules(s, seat);
  return r && r->opening_hand >= 0 ? r->opening_hand : s.rules.opening_hand;
}

bool may_field(const State& s, int seat, CardId c) {
  const SeatRules* r = own_rules(s, seat);
  return !r || !r->muster_only || (s.def(c).affil & r->muster_only);
}

int attack_toll(const State& s, int seat, int target) {
  if (s.rules.secondary_target_toll <= 0) return 0;
  return primary_target(s, seat) == target ? 0 : s.rules.secondary_target_toll;
}

void seat_teams(State& s) {
  const int n = s.num_seats();
  for (int i = 0; i < n; ++i) {
    SeatState& st = s.seats[size_t(i)];
    const SeatRules* r = own_rules(s, i);
    st.team = uint8_t(r && r->team >= 0 ? r->team : i);
    st.pool_seat = uint8_t(i);
    st.pool = r && r->starting_destiny >= 0 ? r->starting_destiny : s.rules.starting_destiny;
  }
  if (!s.rules.team_pool) return;
  // A team's pool is kept by its first seat and starts at the team's amount.
  for (int i = 0; i < n; ++i) {
    SeatState& st = s.seats[size_t(i)];
    for (int k = 0; k <= i; ++k)
      if (s.seats[size_t(k)].team == st.team) {
        st.pool_seat = uint8_t(k);
        break;
      }
    st.pool = st.pool_seat == i ? s.rules.team_pool_destiny : 0;
  }
}

int team_promotion(const State& s, int team) {
  int p = 0;
  for (const SeatState& st : s.seats)
    if (st.team == team) p += st.promotion;
  return p;
}

}  // namespace detail

void leave_game(State& s, int seat, std::vector<Event>* log) {
  SeatState& st = s.seats[size_t(seat)];
  if (game_over(s) || st.eliminated) return;
  st.eliminated = st.left = true;
  st.out_turn = s.turn_number;
  emit(log, {EventKind::Eliminated, int8_t(seat), kNoCard, kNoCard, 1});
  // A combat it fights in ends unresolved: its warrior is leaving play.
  bool combat_ended = false;
  if (s.combat.active &&
      (s.card(s.combat.attacker).controller == seat || s.card(s.combat.defender).controller == seat)) {
    finish_combat(s, log);
    combat_ended = true;
  }
  // Its pending awards lapse; "just earned P" no longer points at it.
  s.awards.erase(std::remove_if(s.awards.begin(), s.awards.end(), [&](const PointsAward& a) { return a.seat == seat; }),
                 s.awards.end());
  if (s.recent_p_seat == seat) s.recent_p_seat = -1, s.recent_p = 0;
  // Its cards leave play: what it controls (with their attachments) and what it attached to others'.
  while (!st.in_play.empty()) discard_from_play(s, st.in_play.back());
  for (;;) {
    auto it = std::find_if(s.attached.begin(), s.attached.end(), [&](CardId a) { return s.card(a).controller == seat; });
    if (it == s.attached.end()) break;
    discard_from_play(s, *it);
  }
  // Choices it makes, or that its cards left to others, lapse.
  auto involves = [&](const PendingChoice& c) { return c.seat == seat || c.by == seat; };
  if (s.phase == Phase::Choice && involves(s.choices.front())) s.phase = s.choices.front().resume;
  std::erase_if(s.choices, involves);
  // Play goes on from where it stood.
  switch (s.phase) {
    case Phase::CardinalsGift:
      st.gift_decided = true;
      if (s.gift_seat == seat) next_gift_decision(s, seat, log);
      break;
    case Phase::Points:
      // Others' awards are still paid (the turn of a seat that left ends after them, in resume()).
      if (s.awards.empty()) {
        if (s.current == seat) end_turn(s, log);
        else open_response_window(s);
      }
      break;
    case Phase::Window:
      if (s.current == seat) {
        end_turn(s, log);
      } else if (combat_ended) {
        open_response_window(s);  // the attack is over
      } else {
        Window& w = s.window;
        const auto it = std::find(w.order.begin(), w.order.end(), uint8_t(seat));
        if (it != w.order.end()) {
          const size_t at = size_t(it - w.order.begin());
          w.order.erase(it);
          if (at < w.index) --w.index;
          if (w.index >= w.order.size()) w.index = 0;
          w.passes = 0;  // everyone left gets their chance again
        }
      }
      break;
    case Phase::Actions:
    case Phase::Discard:
      if (s.current == seat) end_turn(s, log);
      break;
    case Phase::Choice:
    case Phase::GameOver: break;
  }
  resume(s, log);
}

}  // namespace dt
