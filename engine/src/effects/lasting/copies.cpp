// A card standing as a copy of another: see copies.hpp.
#include "effects/lasting/copies.hpp"

#include <algorithm>

#include "effects/choices/fetch.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

void become_copy(State& s, int seat, CardId card, CardId model, Log log) {
  if (card == kNoCard || model == kNoCard || s.card(model).zone != Zone::InPlay) return;
  // Into its player's hand first (play_at_once puts it there): it turns into the copy only once there.
  play_at_once(s, seat, card, kNoCard, card, log);
  take_copy_def(s, card, model);
}

void take_copy_def(State& s, CardId card, CardId model) {
  LastingMod m{card, kNoCard, {}, kNoTurnEnds};
  m.lock = kCopyOf;
  m.count = int16_t(s.card(card).def);
  s.lasting.push_back(m);
  s.card(card).def = s.card(model).def;
}

void end_copy(State& s, CardId card) {
  const auto it = std::find_if(s.lasting.begin(), s.lasting.end(),
                               [&](const LastingMod& m) { return m.lock == kCopyOf && m.source == card; });
  if (it == s.lasting.end()) return;
  s.card(card).def = uint16_t(it->count);
  s.lasting.erase(it);
}

}  // namespace dt::detail
