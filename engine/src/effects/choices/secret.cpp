// SECRET MISSION: see secret.hpp.
#include "effects/choices/secret.hpp"

#include "effects/choices/reopened.hpp"
#include "internal.hpp"

namespace dt::detail {

void queue_secret_mission(State& s, int seat, CardId source) { ask_pick(s, source, kNoCard, seat, seat, {}, 1); }

bool secret_possible(const State& s, int seat) {
  if (s.phase != Phase::Actions || seat != s.current || s.actions_left < 1) return false;
  for (CardId c : s.seats[size_t(seat)].hand)
    if (s.def(c).type == CardType::Mission) return true;
  return false;
}

bool secret_choice(const State& s) {
  return !s.choices.empty() && s.phase == Phase::Choice && s.choices.front().source != kNoCard &&
         s.def(s.choices.front().source).has_designation(kConductsSecretly);
}

// Ends the choice; copies what it needs first (erasing the choice frees it).
CardId secret_begin(State& s) {
  const CardId source = s.choices.front().source;
  s.phase = s.choices.front().resume;
  s.choices.erase(s.choices.begin());
  return source;
}

// The assignments of the player's missions in hand, as the interrupted decision lists them.
void secret_options(const State& s, std::vector<Option>& out) {
  const int seat = s.choices.front().seat;
  reopened_options(
      s, seat, [](State& c) { secret_begin(c); },
      [&](const Option& o) {
        return o.kind == OptKind::Play && s.def(o.a).type == CardType::Mission &&
               s.card(o.a).zone == Zone::Hand && s.card(o.a).owner == seat;
      },
      out);
  out.push_back(choose_done());
}

void secret_placed(State& s, CardId source, CardId mission) {
  if (s.card(mission).zone != Zone::InPlay || s.def(mission).type != CardType::Mission) return;
  s.card(mission).hidden = true;
  const int seat = s.card(mission).controller;
  // SECRET MISSION was discarded as it was played: it goes face down onto the mission.
  if (s.card(source).zone == Zone::Discard) {
    put_attached(s, source, mission, seat);
    s.card(source).hidden = true;
  }
}

}  // namespace dt::detail
