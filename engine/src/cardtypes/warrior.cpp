// Warrior cards: which cards count as warriors in play and what kind of
// warrior they are (gEngine "AFFILIATION ICON", "COMBAT RATINGS").
#include "dt/designations.hpp"
#include "effects/triggers/replace.hpp"
#include "internal.hpp"
#include "effects/lasting/carriers.hpp"
#include "effects/warriors/merged.hpp"
#include "markers.hpp"

namespace dt {

using namespace detail;

bool is_warrior_in_play(const State& s, CardId c) {
  if (c < 0 || size_t(c) >= s.cards.size()) return false;  // kNoCard: an absent target or survivor
  const CardInst& ci = s.card(c);
  if (ci.zone != Zone::InPlay || ci.attached_to != kNoCard) return false;
  const CardDef& d = s.def(c);
  return d.type == CardType::Warrior || (d.type == CardType::Special && d.has_designation(kCountsAsWarrior));  // PRIMAL BITCH
}

// A CULTIST (ALGEROTH CULTIST, ...) is a Doomtrooper until its player declares it a Dark
// Legion warrior (SWITCH_SIDE: a kDeclaredLegion marker), and back again; the marker is
// read only for a card with the designation, so other warriors cost one bit test.
static bool declared_legion(const State& s, CardId c) { return !s.lasting.empty() && marked(s, c, kDeclaredLegion); }

// EMISSARIES (open_side_transfers): a Tribal warrior standing in a Squad counts as a Doomtrooper, in a Kohort as a
// Dark Legion HERETIC, besides Tribal; one that NEVER GAINS AN AFFILIATION (COLONEL HARDING) is none of the Dark
// Legion. Asked only in a game with such a card (famSideMoves).
static bool tribal_in(const State& s, CardId c, Area a) {
  const CardInst& ci = s.card(c);
  if (ci.zone != Zone::InPlay || ci.area != a || ci.attached_to != kNoCard || !is_tribal(s, c)) return false;
  return a != Area::Kohort || !s.def(c).has_designation(desig::NeverGainsAnAffiliation);
}

bool is_legion(const State& s, CardId c) {
  if (!(affiliations(s, c) & bit(Affil::Legion)))
    return (s.families & famSideMoves) && tribal_in(s, c, Area::Kohort);
  return !s.def(c).has_designation(desig::Cultist) || declared_legion(s, c);
}

// TRIBAL on a warrior of another affiliation (CRENSHAW - ISLAND TEAM MEMBER): considered Tribal as well.
bool is_tribal(const State& s, CardId c) {
  const CardDef& d = s.def(c);
  return (affiliations(s, c) & kTribes) != 0 || d.has_designation(desig::Tribal) ||
         (d.has_designation(desig::TribalIfMusteredIntoTheOutpost) && marked(s, c, kEnteredTribal));  // BODYGUARD
}

// gEngine "AFFILIATION ICON": the five corporations and the Brotherhood are
// Doomtroopers, and so is any other warrior neither Dark Legion nor Tribal
// outside a Kohort (General warriors in a Squad, or transferred to an Outpost;
// FREELANCERs).
bool is_doomtrooper(const State& s, CardId c) {
  const CardDef& d = s.def(c);
  if ((s.families & famNoAffiliation) &&
      (d.has_designation(desig::NeverADoomtrooper) || d.has_designation(desig::NotADoomtrooper)))
    return false;  // LOCAL THUG; printed COLONEL HARDING, a FREELANCER all the same
  if (d.has_designation(desig::Cultist)) return !declared_legion(s, c);
  if (affiliations(s, c) & (kCorporations | bit(Affil::Brotherhood))) return true;
  if (d.has(kwDoomtrooper) || is_freelancer(s, c)) return true;
  // A warrior SET ASIDE (printed LOCAL THUG, RENEGADE APOSTATE) is in the Squad no more than in the Kohort.
  const Area a = s.card(c).area;
  if (is_legion(s, c) || a == Area::Kohort || a == Area::Aside) return false;
  if (!is_tribal(s, c)) return true;
  return (s.families & famSideMoves) && tribal_in(s, c, Area::Squad);  // EMISSARIES: a Tribal warrior in a Squad
}

// gEngine "FREELANCERS": a FREELANCER that gains an affiliation it was not
// printed with (through card play) is no longer one while it has it: it obeys
// that affiliation's attack restrictions and may earn Promotion Points. Judged
// on the card and its attachments only (no static modifiers), so that asking
// whether a warrior is a Doomtrooper never loops through the modifiers.
bool is_freelancer(const State& s, CardId w) {
  if ((s.families & famNoAffiliation) && s.def(w).has_designation(desig::NeverADoomtrooper)) return false;  // LOCAL THUG
  // INSUBORDINATION: a warrior that has lost every organization it belonged to is
  // a FREELANCER until it gets another.
  const AffilMask general = bit(Affil::General);
  if ((s.def(w).affil & ~general) && !(affiliations(s, w) & ~general) && s.def(w).type == CardType::Warrior) return true;
  if (!(detail::base_keywords(s, w) & kwFreelancer)) return false;
  return (affiliations(s, w) & ~s.def(w).affil) == 0;
}

bool can_take_part_in_combat(const State& s, CardId c) {
  // A member of a group one warrior in combat only: its leader fights for it (effects/warriors/merged.hpp).
  return is_warrior_in_play(s, c) && !s.def(c).has(kwNoncombatant) &&
         !((s.families2 & fam2Merged) && detail::rides_in_group(s, c));
}

namespace detail {

bool tribal_heretic(const State& s, CardId c) { return (s.families & famSideMoves) && tribal_in(s, c, Area::Kohort); }

// A NONCOMBATANT by a card on it or a lasting effect (MISSING IN ACTION, SLEEP)
// is no more able to fight than a printed one. Its keywords are read only when
// such a card or effect is there: this is asked at every decision.
static bool made_noncombatant(const State& s, CardId w) {
  for (CardId a : attachments_of(s, w))
    if (s.def(a).grant_keywords & kwNoncombatant) return keywords(s, w) & kwNoncombatant;
  for (const LastingMod& m : s.lasting)
    if ((m.grant & kwNoncombatant) && m.target == w) return keywords(s, w) & kwNoncombatant;
  // PROTECTIVE WALL: its warriors behind it (effects/lasting/carriers.hpp).
  if ((s.families & famCarriers) && carrier_of(s, w) != kNoCard) return keywords(s, w) & kwNoncombatant;
  return false;
}

bool has_combat_warrior(const State& s, int seat) {
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (can_take_part_in_combat(s, c) && !made_noncombatant(s, c) &&
        !has_designation(s, c, desig::ShieldsNoPlayer))  // LURKER: it does not keep its player from Sabotage
      return true;
  return false;
}

std::vector<CardId> own_warriors(const State& s, int seat) {
  std::vector<CardId> out;
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (is_warrior_in_play(s, c)) out.push_back(c);
  return out;
}

bool has_rating(const State& s, CardId w, Tactic t) {
  const CardDef& d = s.def(w);
  return t == Tactic::Fight ? d.f.has_value() : d.s.has_value();
}

}  // namespace detail
}  // namespace dt
