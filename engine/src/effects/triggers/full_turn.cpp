// FULL_TURN triggers: see full_turn.hpp.
#include "effects/triggers/full_turn.hpp"

#include <algorithm>

#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

static const Trigger* full_turn_trigger(const CardDef& d) {
  for (const Trigger& t : d.triggers)
    if (t.when == When::FullTurn) return &t;
  return nullptr;
}

void full_turns_begin(State& s, int seat) {
  if (!(s.families & famFullTurn)) return;
  for (size_t i = 0; i < s.cards.size(); ++i) {
    const CardInst& ci = s.cards[i];
    if (ci.zone != Zone::InPlay || ci.hidden || ci.controller != seat || !full_turn_trigger(s.def(CardId(i)))) continue;
    LastingMod m{CardId(i), kNoCard, {}, kNoTurnEnds};
    m.lock = kInPlayFromTurnStart;
    m.count = int16_t(std::min(s.turn_number, 32767));
    s.lasting.push_back(m);
  }
}

void full_turns_end(State& s, int seat, Log log) {
  if (!(s.families & famFullTurn)) return;
  std::vector<CardId> due;
  std::erase_if(s.lasting, [&](const LastingMod& m) {
    if (m.lock != kInPlayFromTurnStart) return false;
    const CardInst& ci = s.card(m.source);
    if (ci.controller != seat) return false;
    if (ci.zone == Zone::InPlay && m.count == std::min(s.turn_number, 32767)) due.push_back(m.source);
    return true;
  });
  for (CardId c : due) {
    if (s.card(c).zone != Zone::InPlay) continue;  // gone meanwhile (an earlier trigger)
    const CardId on = home_of(s, c);
    emit(log, {EventKind::Effect, int8_t(seat), c, on, 0, seat});
    run_effects(s, seat, c, on, {on, -1}, 0, full_turn_trigger(s.def(c))->effects, log, nullptr);
  }
}

}  // namespace dt::detail
