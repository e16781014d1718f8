// A mechanism's question that takes one answer: what every such question's apply does first.
#pragma once

#include "internal.hpp"

namespace dt::detail {

// The pending question's answer `o` is told (a Choose event; `choose done` names no card) and the question
// ends with it. Returns the question, still at the front, for the mechanism to act on.
inline PendingChoice& answer_once(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, o.a, -1});
  ch.picks_left = 0;
  return ch;
}

}  // namespace dt::detail
