// The registry's designations, keywords, families and words by name
// (dt/vocabulary.hpp), for engine code: desig::OnceATurn, never "ONCE A TURN".
// Included only where an entry is named, so that a new entry rebuilds little.
#pragma once

#include <string>
#include <string_view>

#include "dt/cards.hpp"

namespace dt {

// Designations and keywords by name: desig::OnceATurn is the DesigKey of "ONCE A TURN".
namespace desig {
#define DT_KEYWORD(id, text, bits, file, meaning) inline constexpr DesigKey id{text};
#define DT_DESIGNATION(id, text, file, meaning) inline constexpr DesigKey id{text};
#include "dt/vocabulary/keywords.def"
#include "dt/vocabulary/designations.def"
#undef DT_KEYWORD
#undef DT_DESIGNATION
}  // namespace desig

// Words an Effect's `designation` may carry: word::DrawPile is "DRAW PILE".
namespace word {
#define DT_WORD(id, text, file, meaning) inline constexpr std::string_view id{text};
#include "dt/vocabulary/words.def"
#undef DT_WORD
}  // namespace word

// Designations with a parameter: family::FollowerOf("ILIAN") is "FOLLOWER OF ILIAN".
struct Family {
  std::string_view prefix, suffix;
  std::string operator()(std::string_view param) const {
    std::string t;
    t.reserve(prefix.size() + param.size() + suffix.size());
    t.append(prefix).append(param).append(suffix);
    return t;
  }
  // The parameter of `designation` when it is of this family, else empty.
  std::string_view param_of(std::string_view designation) const {
    if (designation.size() <= prefix.size() + suffix.size() || !designation.starts_with(prefix) ||
        !designation.ends_with(suffix))
      return {};
    return designation.substr(prefix.size(), designation.size() - prefix.size() - suffix.size());
  }
};
namespace family {
#define DT_FAMILY(id, prefix, param, suffix, file, meaning) inline constexpr Family id{prefix, suffix};
#include "dt/vocabulary/families.def"
#undef DT_FAMILY
}  // namespace family

}  // namespace dt
