// Team-game cards' rules: see team_rules.hpp.
#include "effects/economy/team_rules.hpp"

#include <algorithm>

#include "actions/outpost_sides.hpp"
#include "dt/designations.hpp"
#include "effects/choices/moves.hpp"
#include "effects/lasting/carriers.hpp"
#include "effects/lasting/stun.hpp"
#include "effects/triggers/replace.hpp"
#include "effects/warriors/raise.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

static int team_of(const State& s, int seat) { return s.seats[size_t(seat)].team; }

bool truce_between(const State& s, int a, int b) {
  if (!(s.families & famTeamRules) || a < 0 || b < 0 || s.lasting.empty()) return false;
  const int ta = team_of(s, a), tb = team_of(s, b);
  if (ta == tb) return false;
  return std::any_of(s.lasting.begin(), s.lasting.end(), [&](const LastingMod& m) {
    return m.lock == kTruce && ((m.times == ta && m.count == tb) || (m.times == tb && m.count == ta));
  });
}

bool truce_bars_target(const State& s, int seat, CardId target, int target_seat) {
  if (!(s.families & famTeamRules)) return false;
  if (target_seat >= 0 && truce_between(s, seat, target_seat)) return true;
  if (target == kNoCard || s.card(target).zone != Zone::InPlay) return false;
  return truce_between(s, seat, s.card(target).controller);
}

static void make_truce(State& s, int seat, CardId source, int team_a, int team_b, Log log) {
  LastingMod m{source, kNoCard, {}, uint8_t(seat)};  // gone as its player's next turn begins
  m.lock = kTruce;
  m.times = int16_t(team_a);
  m.count = int16_t(team_b);
  s.lasting.push_back(m);
  emit(log, {EventKind::Effect, int8_t(seat), source, kNoCard, int(Op::Handler), team_a * 8 + team_b});
}

// One seat still in for each team, in seat order.
static std::vector<int8_t> team_seats(const State& s) {
  std::vector<int8_t> out;
  for (int p = 0; p < s.num_seats(); ++p) {
    if (s.seats[size_t(p)].eliminated) continue;
    const bool seen = std::any_of(out.begin(), out.end(), [&](int8_t q) { return team_of(s, q) == team_of(s, p); });
    if (!seen) out.push_back(int8_t(p));
  }
  return out;
}

void start_truce(State& s, int seat, CardId source, Log log) {
  std::vector<int8_t> teams = team_seats(s);
  if (teams.size() < 2) return;
  if (teams.size() == 2) return make_truce(s, seat, source, team_of(s, teams[0]), team_of(s, teams[1]), log);
  ask_pick(s, source, kNoCard, seat, seat, {}, 2);  // one seat of each team, `choose s1` then `choose s2`
  s.choices.back().seats = std::move(teams);
  s.choices.back().fetch = kTruceTeams;
}

bool is_truce_choice(const State&, const PendingChoice& ch) { return ch.fetch == kTruceTeams; }

void truce_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  for (int8_t p : ch.seats) {
    if (s.seats[size_t(p)].eliminated || (ch.target_seat >= 0 && team_of(s, p) == team_of(s, ch.target_seat))) continue;
    Option o{OptKind::Choose};
    o.seat = p;
    out.push_back(o);
  }
  if (out.empty()) out.push_back(choose_done());  // no second team left in: no truce
}

void apply_truce_choice(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, kNoCard, o.seat >= 0 ? kPickedSeat + o.seat : o.p});
  if (o.seat < 0) {
    ch.picks_left = 0;
    return;
  }
  if (ch.target_seat < 0) {
    ch.target_seat = o.seat;
    return;
  }
  ch.picks_left = 0;
  make_truce(s, ch.seat, ch.source, team_of(s, ch.target_seat), team_of(s, o.seat), log);
}

void open_team_moves(State& s, int seat, CardId source, Log log) {
  LastingMod m{source, kNoCard, {}, uint8_t(seat)};
  m.lock = kTeamMoves;
  m.player = -1;
  m.times = int16_t(seat);
  m.count = int16_t(s.turn_number);  // this turn only
  s.lasting.push_back(m);
  emit(log, {EventKind::Effect, int8_t(seat), source, kNoCard, int(Op::Handler), seat});
}

// Does a card open moves of this kind to `seat`: one lying before a member of its team (face up), or one whose
// handler opened them to it this turn?
static bool moves_open(const State& s, int seat, DesigKey kind) {
  for (int p = 0; p < s.num_seats(); ++p) {
    if (team_of(s, p) != team_of(s, seat) || s.seats[size_t(p)].eliminated) continue;
    for (CardId c : s.seats[size_t(p)].in_play) {
      const CardInst& ci = s.card(c);
      if (ci.attached_to == kNoCard && !ci.hidden && s.def(c).type != CardType::Warrior && s.def(c).has_designation(kind))
        return true;
    }
  }
  return std::any_of(s.lasting.begin(), s.lasting.end(), [&](const LastingMod& m) {
    return m.lock == kTeamMoves && m.times == seat && m.count == s.turn_number && s.def(m.source).has_designation(kind);
  });
}

static std::vector<int> mates_of(const State& s, int seat) {
  std::vector<int> out;
  for (int p = 0; p < s.num_seats(); ++p)
    if (p != seat && team_of(s, p) == team_of(s, seat) && !s.seats[size_t(p)].eliminated) out.push_back(p);
  return out;
}

// May warrior w of `seat` go into `mate`'s combat area of the kind it stands in?
static bool may_join(const State& s, CardId w, int mate) {
  const Area a = s.card(w).area;
  if (a == Area::Outpost && outpost_conflict(s, mate, w)) return false;
  return !area_closed(s, mate, a) && !shuns_area(s, w, mate, a);
}

static void warrior_moves(const State& s, int seat, const std::vector<int>& mates, std::vector<Option>& out) {
  for (CardId w : s.seats[size_t(seat)].in_play) {
    if (!is_warrior_in_play(s, w) || s.card(w).hidden || stunned(s, w)) continue;
    if ((s.families & famCarriers) && carrier_of(s, w) != kNoCard) continue;  // aboard a carrier, it stays with it
    for (int p : mates) {
      if (!may_join(s, w, p)) continue;
      Option o{OptKind::Transfer, w};
      o.to = s.card(w).area;
      o.seat = int8_t(p);
      out.push_back(o);
    }
  }
}

static void team_warriors(const State& s, int seat, std::vector<CardId>& out) {
  for (int p = 0; p < s.num_seats(); ++p) {
    if (team_of(s, p) != team_of(s, seat) || s.seats[size_t(p)].eliminated) continue;
    for (CardId w : s.seats[size_t(p)].in_play)
      if (is_warrior_in_play(s, w) && !s.card(w).hidden) out.push_back(w);
  }
}

static void equipment_moves(const State& s, int seat, std::vector<Option>& out) {
  std::vector<CardId> team;
  team_warriors(s, seat, team);
  for (CardId w : s.seats[size_t(seat)].in_play) {
    if (!is_warrior_in_play(s, w) || s.card(w).hidden) continue;
    for (CardId e : attachment_list(s, w)) {
      const CardInst& ei = s.card(e);
      if (s.def(e).type != CardType::Equipment || ei.attached_to != w || ei.grafted) continue;
      for (CardId to : team)
        if (to != w && can_take_equipment(s, e, to)) out.push_back({OptKind::Equip, e, to});
    }
  }
}

void team_move_options(const State& s, int seat, std::vector<Option>& out) {
  if (!(s.families & famTeamRules) || s.actions_left < 1 || !team_game(s)) return;
  const std::vector<int> mates = mates_of(s, seat);
  if (mates.empty()) return;
  if (moves_open(s, seat, DesigKey(desig::MovesWarriorsBetweenTeamMates))) warrior_moves(s, seat, mates, out);
  if (moves_open(s, seat, DesigKey(desig::MovesEquipmentBetweenTeamMates))) equipment_moves(s, seat, out);
}

void apply_team_warrior_move(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  const CardId w = o.a;
  const int before = s.card(w).controller;
  change_controller(s, w, o.seat);
  s.card(w).sergeant_group = -1;  // no SERGEANT of its old player leads it now
  emit(log, {EventKind::Effect, int8_t(me), kNoCard, w, int(Op::TakeControl), before});
  emit(log, {EventKind::Transfer, int8_t(o.seat), w, kNoCard, int(s.card(w).area)});
  end_standard_action(s, false);
}

void apply_team_equipment_move(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  const CardId e = o.a, w = o.b;
  const int to = s.card(w).controller;
  attach_to(s, e, w);
  s.card(e).inside = false;
  s.card(e).controller = uint8_t(to);
  for (CardId a : attachment_list(s, e)) {  // a weapon's add-ons go with it
    s.card(a).controller = uint8_t(to);
    s.card(a).area = s.card(w).area;
  }
  emit(log, {EventKind::Equip, int8_t(me), e, w, 0});
  end_standard_action(s, false);
}

}  // namespace dt::detail
