// The functions behind the registered handlers (dt/handlers.hpp), one per
// HandlerId, in the table effects/ops.cpp builds; a part's own handlers may be
// filled in by that part (register_lose_handlers).
#pragma once

#include <array>
#include <functional>

#include "dt/handlers.hpp"
#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

using HandlerFn = std::function<void(State&, int seat, CardId source, CardId target, int target_seat, Log)>;
using HandlerTable = std::array<HandlerFn, size_t(HandlerId::Count)>;

}  // namespace dt::detail
