// Dark Symmetry gifts (gEngine "BESTOW DARK SYMMETRY GIFT"): MINOR, MINOR
// HERETIC and MAJOR gifts and who may receive them. The action itself is in
// actions/bestow.cpp; the immunities in immunity.cpp.
#include "dt/designations.hpp"
#include "effects/warriors/raise.hpp"
#include "internal.hpp"

namespace dt::detail {

// A major gift of one Apostle that a warrior of any Apostle may have (its `only`
// filter says which: NECROVISUAL LINK, PORTAL OF DARK HEALING on a NEPHARITE).
static bool any_apostle(const CardDef& g) {
  return g.gift.apostle.empty() || g.has_designation(desig::ForWarriorsOfAnyApostle);
}

// ILIAN-MISTRESS OF THE VOID: ANY APOSTLE and MAJOR GIFTS ANY TIME, granted by another warrior's modifier too; that
// modifier is looked for only in a game whose cards grant the designation at all (a gift's check runs per decision).
static bool granted(const State& s, CardId w, DesigKey d) {
  return has_designation(s, w, d) || ((s.granted_designations & d.bit) && has_ability(s, w, d));
}

// SYMMETRY FLOW (BONUS GIFT COPIES): a minor gift that adds to F, S, A or V, on its own card or through a
// modifier on its bearer.
static bool gives_ratings(const CardDef& g) {
  if (g.gift.level != GiftLevel::Minor) return false;
  if (!g.bonus.empty()) return true;
  for (const StaticMod& m : g.mods)
    if (m.scope == Scope::Bearer && !m.bonus.empty()) return true;
  return false;
}

// On one of your warriors that may have the gift, never two copies of one gift
// on a warrior. Warriors' texts widen this: ANY GIFT (any Dark Symmetry card:
// TEMPLAR), GIFT COPIES (several copies: CHILD OF ILIAN), and a price in D for
// major gifts of any apostle (BILLY, CardDef::major_gift_cost_d).
bool can_bestow(const State& s, CardId gift, CardId w) {
  const CardDef& g = s.def(gift);
  if (g.type != CardType::Symmetry || g.gift.level == GiftLevel::None) return false;
  if (has_designation(s, w, desig::NoAttachments)) return false;
  // BEHEMOTH ARMOR on a PRETORIAN BEHEMOTH: that apostle's gifts despite NO DARK SYMMETRY.
  if (has_designation(s, w, desig::NoDarkSymmetry) &&
      (g.gift.apostle.empty() || !has_ability_text(s, w, family::TakesGiftsOf(g.gift.apostle))))
    return false;
  if (raised_dead(s, w)) return false;  // ANIMATE DEAD
  if (!has_designation(s, w, desig::GiftCopies) && !(gives_ratings(g) && has_ability(s, w, desig::BonusGiftCopies)))
    for (CardId a : attachments_of(s, w))
      if (s.card(a).def == s.card(gift).def) return false;
  if (has_designation(s, w, desig::AnyGift)) return true;
  if (bestow_cost(s, gift, w) > destiny(s, s.card(w).controller)) return false;
  const auto level_ok = [&] {
    if (!s.rules.gift_levels) return is_legion(s, w);  // the Beginner's game: any gift on any Dark Legion warrior
    switch (g.gift.level) {
      case GiftLevel::Minor:  // gEngine POSSESS: a possessed Doomtrooper takes them too
        if (!is_legion(s, w) && !takes_minor_gifts(s, w)) return false;
        break;
      case GiftLevel::MinorHeretic:  // MALEDRACH takes them, a HERETIC or not
        if (!has_designation(s, w, desig::Heretic) && !has_designation(s, w, desig::TakesMinorHereticGifts)) return false;
        break;
      case GiftLevel::Major:  // FOR WARRIORS OF ANY APOSTLE (NECROVISUAL LINK): the `only` filter alone decides
        if (!any_apostle(g) && !has_designation(s, w, family::FollowerOf(g.gift.apostle)) &&
            !granted(s, w, desig::AnyApostle) && s.def(w).major_gift_cost_d == 0)
          return false;
        break;
      case GiftLevel::None: return false;
    }
    return !(g.gift.only && !filter_matches(s, *g.gift.only, w, s.card(w).controller));
  };
  if (level_ok()) return true;
  // VALPURGIUS, GOLGOTHA-MISTRESS OF SYMMETRY: a privilege to give any Dark Symmetry card. KRITANA's
  // keeps a gift's limits to some warriors: a MINOR HERETIC gift's HERETIC, a gift's `only`.
  const Privilege* p = privilege_for(s, s.card(w).controller, PrivAction::BestowGift, w, gift);
  if (!p || !p->any_card) return false;
  if (!p->keeps_limits) return true;
  if (g.gift.level == GiftLevel::MinorHeretic && !has_designation(s, w, desig::Heretic) &&
      !has_designation(s, w, desig::TakesMinorHereticGifts))
    return false;
  return !(g.gift.only && !filter_matches(s, *g.gift.only, w, s.card(w).controller));
}

// D paid to bestow `gift` on `w`: a major gift that w takes only by its price.
int bestow_cost(const State& s, CardId gift, CardId w) {
  const CardDef& g = s.def(gift);
  const int cost = s.def(w).major_gift_cost_d;
  if (cost == 0 || g.gift.level != GiftLevel::Major || has_designation(s, w, desig::AnyGift)) return 0;
  if (any_apostle(g) || has_designation(s, w, family::FollowerOf(g.gift.apostle)) ||
      granted(s, w, desig::AnyApostle))
    return 0;
  return cost;
}

// ALAKHAI THE CUNNING: major gifts of Algeroth go on him at any time, for no
// action; a HERETIC under STIGMATA (GIFTS ANY TIME) takes every gift so.
bool free_bestow(const State& s, CardId gift, CardId w) {
  const CardDef& g = s.def(gift);
  if (g.type == CardType::Symmetry && has_ability(s, w, desig::GiftsAnyTime)) return true;
  // ILIAN-MISTRESS OF THE VOID: every major gift so.
  if ((s.granted_designations & desig::MajorGiftsAnyTime.bit) && g.gift.level == GiftLevel::Major &&
      has_ability(s, w, desig::MajorGiftsAnyTime))
    return true;
  return g.gift.level == GiftLevel::Major && g.gift.apostle == "ALGEROTH" &&
         has_designation(s, w, desig::AlgerothGiftsAnyTime);
}

}  // namespace dt::detail
