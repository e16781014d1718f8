// Ki Power cards (gEngine "BESTOW KI POWER"; 2nd ed "KI POWERS"; the Info
// cards): attached to a Mishima warrior, one copy of each per warrior. A
// warrior keeps its Ki Powers when it loses the Mishima affiliation, but is
// given no more until it has it again; one that gains it through card play may
// be given them. The action itself is actions/ki.cpp.
#include "dt/designations.hpp"
#include "effects/modifiers/suppress.hpp"
#include "internal.hpp"

namespace dt::detail {

bool can_bestow_ki(const State& s, CardId ki, CardId w) {
  const CardDef& k = s.def(ki);
  if (k.type != CardType::Ki) return false;
  // DARK MYSTIC: TAKES KI POWERS as a Mishima warrior would, a GIVE TO naming only the Mishima aside.
  const bool as_mishima = has_designation(s, w, desig::TakesKiPowers);
  if (!as_mishima && !(affiliations(s, w) & bit(Affil::Mishima))) return false;  // the effective affiliation, now
  if (has_designation(s, w, desig::NoAttachments)) return false;
  const GiveTo& g = k.give_to;
  const bool only_mishima = !(g.affil & ~bit(Affil::Mishima)) && g.designations.empty() && !g.who && !g.legion;
  if (!gives_to(s, ki, w) && !(as_mishima && only_mishima)) return false;  // this Ki power is for SHADOW WALKERs alone
  if (!exclusive_ok(s, ki, w)) return false;
  for (CardId a : attachments_of(s, w))
    if (s.card(a).def == s.card(ki).def) return false;
  return true;
}

bool ki_denied(const State& s, CardId w) {
  if (!s.combat.active || w == kNoCard) return false;
  const CardId opp = combat_opponent(s, w);
  if (opp == kNoCard) return false;
  if (combat_suppressed(s, suppressKi)) return true;
  // The card's own designation, not a grant: a grant would ask for w's Ki in turn, and back.
  return s.def(opp).has_designation(desig::DeniesKiPowers) || carries_designated(s, opp, desig::DeniesKiPowers);
}

bool exclusive_ok(const State& s, CardId card, CardId w) {
  const CardDef& d = s.def(card);
  for (CardId a : attachments_of(s, w)) {
    const CardDef& ad = s.def(a);
    for (const std::string& n : d.exclusive_with)
      if (ad.name == n) return false;
    for (const std::string& n : ad.exclusive_with)
      if (d.name == n) return false;
  }
  return true;
}

}  // namespace dt::detail
