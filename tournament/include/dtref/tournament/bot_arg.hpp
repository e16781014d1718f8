// The --bot argument: "[name=]spec[@deck]".
#pragma once

#include <string>

#include "dtref/tournament/plan.hpp"

namespace dtref::tour {

// "alpha=builtin:greedy@legion" -> {alpha, builtin:greedy, legion}.
// The name is the text before the first '=' when it is a plain word (letters,
// digits, _ . + -); the deck is the text after the last '@' when it holds no
// space. A missing name is derived from the spec (builtin:greedy -> greedy,
// stdio:python3 bots/foo.py -> foo); a missing deck is `default_deck`.
// Everything else is the spec, passed to run_match untouched.
Player parse_bot_arg(const std::string& arg, const std::string& default_deck);
std::string default_bot_name(const std::string& spec);

}  // namespace dtref::tour
