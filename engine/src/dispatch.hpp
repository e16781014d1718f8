// The table of option kinds: for each, the rulebook section that defines it
// and the function that applies it (dispatch.cpp).
#pragma once

#include <string_view>

#include "events.hpp"

namespace dt::detail {

using ApplyFn = void (*)(State&, const Option&, Log);

struct OptionRule {
  OptKind kind;
  std::string_view section;  // where the rulebooks define it
  ApplyFn apply;
};

const OptionRule& option_rule(OptKind k);

}  // namespace dt::detail
