// Fortification cards: whom they protect and what they give
// (gEngine "BUILD FORTIFICATION", "Outpost").
#include "dt/designations.hpp"
#include "actions/storage.hpp"
#include "combat/attachment_times.hpp"
#include "effects/modifiers/suppress.hpp"
#include "effects/modifiers/text_off.hpp"
#include "effects/filters/hosts.hpp"
#include "internal.hpp"

namespace dt::detail {

// Does warrior w get fortification bonuses right now? Not when it refuses
// them, nor while combating a warrior that ignores them. Judged on printed
// and attached keywords only, so that a modifier may ask about protection.
// TRIANGULATING SCOPE: a card lying on `a`'s combat area whose HOST_REACH modifier makes its warriors (while they
// attack, if it says so) IGNORE FORTIFICATIONS. Read from the cards themselves, not through the modifiers' conditions,
// for the same reason as above.
static bool area_card_ignores_forts(const State& s, CardId a) {
  for (CardId x : s.seats[s.card(a).controller].in_play) {
    if (s.card(x).hidden || !(s.def(x).scope_wants[size_t(Scope::HostReach)])) continue;
    for (const StaticMod& m : s.def(x).mods)
      if (m.scope == Scope::HostReach && (m.grant & kwIgnoreEnemyForts) && (!m.attacking || s.combat.attacker == a) &&
          host_reaches(s, x, a))
        return true;
  }
  return false;
}

bool fortified(const State& s, CardId w) {
  if (base_keywords(s, w) & kwNoFortBenefit) return false;
  if (inside_vehicle(s, w) && !vehicle_takes_cover(s, w)) return false;  // gEngine "VEHICLES" a), URBAN TACTICS aside
  const CardId opp = combat_opponent(s, w);
  if (opp != kNoCard && ((base_keywords(s, opp) & kwIgnoreEnemyForts) || area_card_ignores_forts(s, opp))) return false;
  return true;
}

// Does the fortification f (of w's controller) reach w? Its area, across the
// Outpost's edge as the Outpost's warriors make it part of the Squad or the
// Kohort (areas.hpp); or every area, for one that covers a whole force.
static bool fort_reaches(const State& s, CardId f, CardId w) {
  const CardDef& fd = s.def(f);
  if (!fd.fort) return false;  // a Fortification, or a card standing in for one (EMBASSY: effects/lasting/borrowed.hpp)
  const FortEffect& fe = *fd.fort;
  if (!fe.whole_force && !area_reaches(s, s.card(w).controller, s.card(f).area, s.card(w).area)) return false;
  if (fe.affects_affil && !(fe.affects_affil & affiliations(s, w))) return false;
  if (!fe.affects_designation.empty() && !has_designation(s, w, fe.affects_designation)) return false;
  return true;
}

bool protected_by_fortification(const State& s, CardId w, std::string_view kind) {
  if (!fortified(s, w)) return false;
  auto of_kind = [&](CardId f) { return kind.empty() || s.def(f).has_designation(kind); };
  const bool warzone = in_warzone_combat(s, w);  // no Fortification cards there
  if (!warzone)
    for (CardId f : s.seats[s.card(w).controller].in_play)
      if (fort_reaches(s, f, w) && of_kind(f)) return true;
  const AttachRange as = attachments_of(s, w);
  const AttachmentGate g = gate_of(s, as);
  for (CardId e : as) {
    if (!g.allows(s, e) || !of_kind(e)) continue;
    if (s.def(e).has(kwCountsAsFort) || (s.def(e).type == CardType::Fortification && !warzone)) return true;
  }
  return false;
}

bool fortification_affects(const State& s, CardId f, CardId w) {
  if (!fortified(s, w)) return false;
  if (s.card(f).attached_to == w) return true;
  return s.card(f).controller == s.card(w).controller && !in_warzone_combat(s, w) && fort_reaches(s, f, w);
}

bool fortification_in_area(const State& s, CardId w) {
  const CardInst& wi = s.card(w);
  for (CardId c : s.seats[wi.controller].in_play) {
    if (!area_reaches(s, wi.controller, s.card(c).area, wi.area)) continue;
    if (s.def(c).type == CardType::Fortification) return true;
    if (is_warrior_in_play(s, c))
      for (CardId e : attachments_of(s, c))
        if (s.def(e).type == CardType::Fortification || s.def(e).has(kwCountsAsFort)) return true;
  }
  return false;
}

// LUNA: its bonus counts twice for a FREELANCER (DOUBLED FOR FREELANCERS) or a
// HERETIC (DOUBLED FOR HERETICS).
static bool doubled_for(const State& s, CardId f, CardId w) {
  const CardDef& fd = s.def(f);
  return (fd.has_designation(desig::DoubledForFreelancers) && is_freelancer(s, w)) ||
         (fd.has_designation(desig::DoubledForHeretics) && has_designation(s, w, desig::Heretic));
}

// BAUHAUS BULLY: a warrior attacked by one that makes its defenders double what their Fortifications give
// (gEngine: their A; printed: every rating).
static StatBonus doubled_against_attacker(const State& s, CardId w, const StatBonus& b) {
  if (!s.combat.active || s.combat.defender != w) return {};
  const CardId a = s.combat.attacker;
  if (has_designation(s, a, desig::ItsDefendersDoubleFortifications)) return b;
  StatBonus out;
  if (has_designation(s, a, desig::ItsDefendersDoubleFortificationArmor)) out.a = b.a;
  return out;
}

int armor_doublers(const State& s, CardId f) {
  if (s.card(f).first_attachment == kNoCard) return 0;
  int n = 0;
  for (CardId a : attachments_of(s, f)) n += s.def(a).has_designation(desig::DoublesItsFortificationsArmor);
  return n;
}

bool gains_nothing_from_fortifications(const State& s, CardId w) {
  return has_designation(s, w, desig::GainsNothingFromFortifications);
}

void add_fortifications(const State& s, CardId w, Stats& st) {
  if (in_warzone_combat(s, w)) return;
  if (combat_opponent(s, w) != kNoCard && combat_suppressed(s, suppressFortifications)) return;  // COMMANDO RAID
  bool checked = false;
  for (CardId f : s.seats[s.card(w).controller].in_play) {
    if (!fort_reaches(s, f, w)) continue;
    if (!checked) {  // asked once, and only of a warrior some Fortification reaches
      if (gains_nothing_from_fortifications(s, w)) return;  // BAUHAUS BULLY's own warrior
      checked = true;
    }
    const FortEffect& fe = *s.def(f).fort;
    if (fe.when_attacked && !(s.combat.active && s.combat.defender == w)) continue;
    const int times = 1 + (fe.per_stored ? int(stored_under(s, f).size()) : 0);  // FORTIFIED ENTRENCHMENT
    StatBonus b = times_bonus(fe.bonus, times);
    if ((s.families & famTextOff) && plus_modifiers_denied(s, w)) b = losses_only(b);  // OUR ENEMY'S WEAKNESS IS EXPOSED
    add_bonus(st, b);
    if (doubled_for(s, f, w)) add_bonus(st, b);
    add_bonus(st, doubled_against_attacker(s, w, b));
    st.a += b.a * armor_doublers(s, f);  // ADVANCED SECURITY SYSTEM
  }
}

}  // namespace dt::detail
