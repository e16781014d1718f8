// The event log every rules module appends to (optional: a null log records nothing).
#pragma once

#include <vector>

#include "dt/game.hpp"

namespace dt::detail {

using Log = std::vector<Event>*;

inline void emit(Log log, Event e) {
  if (log) log->push_back(e);
}

}  // namespace dt::detail
