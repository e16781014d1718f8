// A warrior's own actions: see own_actions.hpp.
#include "turn/own_actions.hpp"

#include "dt/action_prices.hpp"

#include <algorithm>

#include "effects/lasting/stun.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

namespace {

// The warrior's marker of this turn: source and `other` the warrior, no target, so that it outlives the warrior
// (its actions were taken all the same).
const LastingMod* marker_of(const State& s, CardId w) {
  for (const LastingMod& m : s.lasting)
    if (m.lock == kOwnActions && m.source == w) return &m;
  return nullptr;
}

LastingMod& marker_for(State& s, CardId w) {
  for (LastingMod& m : s.lasting)
    if (m.lock == kOwnActions && m.source == w) return m;
  LastingMod m{w, kNoCard, {}, s.card(w).controller};
  m.lock = kOwnActions;
  m.other = w;
  s.lasting.push_back(m);
  return s.lasting.back();
}

// Those its cards give it each turn (printed BOOK OF LAW): the warrior's own and its attachments'.
int from_rules(const State& s, CardId w) {
  int n = 0;
  auto add = [&](CardId c) {
    const CardDef& d = s.def(c);
    if (d.turn_rules && d.turn_rules->own_actions > 0 && !s.card(c).hidden) n += d.turn_rules->own_actions;
  };
  add(w);
  for (CardId a : attachments_of(s, w)) add(a);
  return n;
}

}  // namespace

CardId actor_of(const State& s, const Option& o) {
  switch (o.kind) {
    case OptKind::SeekCover: case OptKind::ExitCover: case OptKind::Transfer: case OptKind::EnterVehicle:
    case OptKind::ExitVehicle: case OptKind::Attack: case OptKind::Sabotage: case OptKind::DirectAttack:
      return o.a;
    case OptKind::Play:  // an Art spell's caster
      return o.c != kNoCard && is_warrior_in_play(s, o.c) ? o.c : kNoCard;
    case OptKind::Use:  // a warrior's own ability, or one of a card it carries
      if (o.a == kNoCard || s.card(o.a).zone != Zone::InPlay) return kNoCard;
      return is_warrior_in_play(s, o.a) ? o.a : bearer_of(s, o.a);
    default:
      return kNoCard;
  }
}

int own_actions_left(const State& s, CardId w) {
  if (!(s.families & famOwnActions) || w == kNoCard || !is_warrior_in_play(s, w)) return 0;
  if (s.card(w).controller != s.current || s.step != Step::Actions) return 0;
  const LastingMod* m = marker_of(s, w);
  return std::max(0, from_rules(s, w) + (m ? m->count - m->times : 0));
}

void grant_own_actions(State& s, CardId w, int n) {
  if (w == kNoCard || !is_warrior_in_play(s, w) || n <= 0) return;
  LastingMod& m = marker_for(s, w);
  m.count = int16_t(std::min(m.count + n, 100));
}

bool own_actions_pending(const State& s) {
  if (!(s.families & famOwnActions) || s.tactical_used) return false;
  for (CardId w : s.seats[s.current].in_play)
    if (own_actions_left(s, w) > 0 && !stunned(s, w)) return true;
  return false;
}

void own_action_options(const State& s, std::vector<Option>& out) {
  if (!(s.families & famOwnActions)) return;
  for (CardId w : s.seats[s.current].in_play) {
    const int n = own_actions_left(s, w);
    if (n <= 0) continue;
    State t = s;
    t.actions_left = std::max(0, t.actions_left) + n;
    std::vector<Option> more;
    action_options(t, more);  // (legal_options alone adds these: no second look from the copy)
    for (const Option& o : more)
      if (actor_of(t, o) == w && std::find(out.begin(), out.end(), o) == out.end()) out.push_back(o);
  }
}

OwnLoan lend_own_actions(State& s, const Option& o) {
  if (!(s.families & famOwnActions)) return {};
  const CardId w = actor_of(s, o);
  const int n = own_actions_left(s, w);
  if (n <= 0) return {};
  OwnLoan loan{w, n, std::max(0, s.actions_left)};
  s.actions_left = loan.before + n;
  return loan;
}

void settle_own_actions(State& s, const OwnLoan& loan) {
  const int spent = std::clamp(loan.before + loan.lent - s.actions_left, 0, loan.before + loan.lent);
  const int used = std::min(loan.lent, spent);  // its own first
  s.actions_left = std::max(0, s.actions_left - (loan.lent - used));
  if (used > 0) marker_for(s, loan.w).times = int16_t(std::min<int>(marker_for(s, loan.w).times + used, 100));
}

}  // namespace dt::detail

namespace dt {

int own_actions_taken(const State& s, int seat) {
  int n = 0;
  if (s.families & famOwnActions)
    for (const LastingMod& m : s.lasting)
      if (m.lock == detail::kOwnActions && m.seat == seat) n += m.times;
  return n;
}

}  // namespace dt
