// A cheap structural check of a JSON text before any parser sees it.
//
// Why: JSON parsers recurse (or allocate) per nesting level, so a short line
// of 100,000 '[' keeps a parser busy for minutes or overflows its stack. This
// scan is one pass over the bytes with no allocation, so its cost is bounded
// by the line cap, and a line nested deeper than any protocol message needs is
// refused (a `malformed` verdict) before parsing starts.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace dtref {

// The deepest nesting a protocol message needs is 6 (a request's options);
// a bot's answer needs 1. Deeper lines are refused.
inline constexpr size_t kMaxJsonDepth = 32;

// nullopt when `text` nests objects and arrays at most `max_depth` deep;
// otherwise why not, e.g. "JSON nested deeper than 32 levels (at byte 40)".
// Strings (with their escapes) are skipped, so brackets inside them do not
// count. It does not validate anything else: that is the parser's job.
std::optional<std::string> json_depth_problem(std::string_view text, size_t max_depth = kMaxJsonDepth);

}  // namespace dtref
