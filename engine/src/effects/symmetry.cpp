// Dark Symmetry gifts (gEngine "BESTOW DARK SYMMETRY GIFT"): MINOR, MINOR
// HERETIC and MAJOR gifts and who may receive them. The action itself is in
// actions/bestow.cpp; the immunities in immunity.cpp.
#include "internal.hpp"

namespace dt::detail {

// On one of your warriors that may have the gift, never two copies of one gift on a warrior.
bool can_bestow(const State& s, CardId gift, CardId w) {
  const CardDef& g = s.def(gift);
  if (g.type != CardType::Symmetry || g.gift.level == GiftLevel::None) return false;
  switch (g.gift.level) {
    case GiftLevel::Minor: if (!is_legion(s, w)) return false; break;
    case GiftLevel::MinorHeretic: if (!has_designation(s, w, "HERETIC")) return false; break;
    case GiftLevel::Major:  // an empty apostle: the `only` filter alone decides
      if (!g.gift.apostle.empty() && !has_designation(s, w, "FOLLOWER OF " + g.gift.apostle) &&
          !has_designation(s, w, "ANY APOSTLE"))
        return false;
      break;
    case GiftLevel::None: return false;
  }
  if (g.gift.only && !filter_matches(s, *g.gift.only, w, s.card(w).controller)) return false;
  if (has_designation(s, w, "NO DARK SYMMETRY") || has_designation(s, w, "NO ATTACHMENTS")) return false;
  for (CardId a : attachments_of(s, w))
    if (s.card(a).def == s.card(gift).def) return false;
  return true;
}

}  // namespace dt::detail
