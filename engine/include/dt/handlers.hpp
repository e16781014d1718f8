// The registry's handlers (dt/vocabulary/handlers.def) as numbers: card
// files name them, the loader resolves the names, the engine dispatches on
// the number (effects/ops.cpp). Included only where a handler is named.
#pragma once

#include <cstdint>

namespace dt {

// Handlers, resolved from their names when the cards are loaded, so that the
// engine dispatches on a number.
enum class HandlerId : uint8_t {
  None,
#define DT_HANDLER(name, file, meaning) name,
#include "dt/vocabulary/handlers.def"
#undef DT_HANDLER
  Count
};

// Does the engine run this handler (every registered one should; a test asks)?
bool handler_implemented(HandlerId h);
}  // namespace dt
