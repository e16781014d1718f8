// A warrior stripped of what it carries (handler `discard_attachments`: INNOCENT BAUBLE).
#pragma once

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

// Every card attached to warrior w but `source` itself is discarded, as a DISCARD effect of `source` would
// discard it: a card no effect may discard (a grafted weapon, a protected card, an Alliance) stays; a VEHICLE
// lost with its warrior inside takes it along as any such loss does.
void discard_attachments(State& s, CardId source, CardId w, Log log);

}  // namespace dt::detail
