// The JSON nesting pre-check (see json_limits.hpp).
#include "dtref/json_limits.hpp"

namespace dtref {

std::optional<std::string> json_depth_problem(std::string_view text, size_t max_depth) {
  size_t depth = 0;
  bool in_string = false, escaped = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    switch (c) {
      case '"': in_string = true; break;
      case '[':
      case '{':
        if (++depth > max_depth)
          return "JSON nested deeper than " + std::to_string(max_depth) + " levels (at byte " + std::to_string(i) + ")";
        break;
      case ']':
      case '}':
        if (depth > 0) --depth;  // unbalanced closers are the parser's to report
        break;
      default: break;
    }
  }
  return std::nullopt;
}

}  // namespace dtref
