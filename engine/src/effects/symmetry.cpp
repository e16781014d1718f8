// Dark Symmetry gifts (gEngine "BESTOW DARK SYMMETRY GIFT"): MINOR, MINOR
// HERETIC and MAJOR gifts and who may receive them. The action itself is in
// actions/bestow.cpp; the immunities in immunity.cpp.
#include "effects/warriors/raise.hpp"
#include "internal.hpp"

namespace dt::detail {

// On one of your warriors that may have the gift, never two copies of one gift
// on a warrior. Warriors' texts widen this: ANY GIFT (any Dark Symmetry card:
// TEMPLAR), GIFT COPIES (several copies: CHILD OF ILIAN), and a price in D for
// major gifts of any apostle (BILLY, CardDef::major_gift_cost_d).
bool can_bestow(const State& s, CardId gift, CardId w) {
  const CardDef& g = s.def(gift);
  if (g.type != CardType::Symmetry || g.gift.level == GiftLevel::None) return false;
  if (has_designation(s, w, "NO DARK SYMMETRY") || has_designation(s, w, "NO ATTACHMENTS")) return false;
  if (raised_dead(s, w)) return false;  // ANIMATE DEAD
  if (!has_designation(s, w, "GIFT COPIES"))
    for (CardId a : attachments_of(s, w))
      if (s.card(a).def == s.card(gift).def) return false;
  if (has_designation(s, w, "ANY GIFT")) return true;
  if (bestow_cost(s, gift, w) > destiny(s, s.card(w).controller)) return false;
  if (!s.rules.gift_levels) {  // the Beginner's game: any gift on any Dark Legion warrior
    if (!is_legion(s, w)) return false;
  } else switch (g.gift.level) {
    case GiftLevel::Minor:  // gEngine POSSESS: a possessed Doomtrooper takes them too
      if (!is_legion(s, w) && !takes_minor_gifts(s, w)) return false;
      break;
    case GiftLevel::MinorHeretic:
      if (!has_designation(s, w, "HERETIC")) return false;
      break;
    case GiftLevel::Major:  // an empty apostle: the `only` filter alone decides
      if (!g.gift.apostle.empty() && !has_designation(s, w, "FOLLOWER OF " + g.gift.apostle) &&
          !has_designation(s, w, "ANY APOSTLE") && s.def(w).major_gift_cost_d == 0)
        return false;
      break;
    case GiftLevel::None: return false;
  }
  if (s.rules.gift_levels && g.gift.only && !filter_matches(s, *g.gift.only, w, s.card(w).controller)) return false;
  return true;
}

// D paid to bestow `gift` on `w`: a major gift that w takes only by its price.
int bestow_cost(const State& s, CardId gift, CardId w) {
  const CardDef& g = s.def(gift);
  const int cost = s.def(w).major_gift_cost_d;
  if (cost == 0 || g.gift.level != GiftLevel::Major || has_designation(s, w, "ANY GIFT")) return 0;
  if (g.gift.apostle.empty() || has_designation(s, w, "FOLLOWER OF " + g.gift.apostle) ||
      has_designation(s, w, "ANY APOSTLE"))
    return 0;
  return cost;
}

// ALAKHAI THE CUNNING: major gifts of Algeroth go on him at any time, for no
// action; a HERETIC under STIGMATA (GIFTS ANY TIME) takes every gift so.
bool free_bestow(const State& s, CardId gift, CardId w) {
  const CardDef& g = s.def(gift);
  if (g.type == CardType::Symmetry && has_designation(s, w, "GIFTS ANY TIME")) return true;
  return g.gift.level == GiftLevel::Major && g.gift.apostle == "ALGEROTH" &&
         has_designation(s, w, "ALGEROTH GIFTS ANY TIME");
}

}  // namespace dt::detail
