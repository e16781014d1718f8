// Alliance cards (gEngine "PROCLAIM ALLIANCE"; 1st ed additions and 2nd ed
// "ALLIANCES"; the Info cards): proclaimed at any time for no action, one per
// player, unique in play, lying before their player. Their modifiers reach the
// player's warriors (effects/modifiers/modifiers.cpp); their privileges let the player
// muster or bestow at any time, for no action. They leave play only through a
// card that says it removes Alliances (effects/ops.cpp, `alliance_removable`).
// Proclaiming is actions/alliance.cpp.
#include "dt/designations.hpp"
#include "internal.hpp"

namespace dt::detail {

CardId alliance_of(const State& s, int seat) {
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (s.def(c).type == CardType::Alliance) return c;
  return kNoCard;
}

bool identical_alliance_in_play(const State& s, CardId card) {
  const std::string& name = s.def(card).name;
  for (const SeatState& st : s.seats)
    for (CardId c : st.in_play)
      if (c != card && s.def(c).type == CardType::Alliance && s.def(c).name == name) return true;
  return false;
}

// Privileges (docs/effects.md "Privileges"): an Alliance's, and those of any other card its
// player has in play (ALGEROTH-APOSTLE OF WAR, VALPURGIUS, GREY MYSTIC, MCCRAIG LINE). A
// privilege WHILE CARRYING a card holds only while its card has one of that name on it.
static bool carries(const State& s, CardId c, const std::string& what) {
  for (CardId a : attachments_of(s, c))
    if (s.def(a).has_designation(what)) return true;
  return false;
}

// A scan of the seat's cards in play, as cheap as looking for its Alliance was: a
// memo per decision cost more than it saved (QueryMemo lives for one query).
bool has_privileges(const State& s, int seat) {
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (!s.def(c).privileges.empty()) return true;
  return false;
}

// REPLICANT LAB: warrior w (in hand) is mustered into the combat area of the privilege's card `lab`, and its player
// has a warrior of the same name in play there.
static bool copy_in_area(const State& s, int seat, CardId w, CardId lab) {
  if (s.card(w).zone == Zone::InPlay || muster_area(s, w) != s.card(lab).area) return false;
  for (CardId x : s.seats[size_t(seat)].in_play)
    if (x != w && is_warrior_in_play(s, x) && !s.card(x).hidden && s.card(x).area == s.card(lab).area &&
        s.def(x).name == s.def(w).name)
      return true;
  return false;
}

const Privilege* privilege_for(const State& s, int seat, PrivAction a, CardId w, CardId card) {
  for (CardId c : s.seats[size_t(seat)].in_play) {
    const CardDef& d = s.def(c);
    if (d.privileges.empty() || s.card(c).hidden) continue;
    for (const Privilege& p : d.privileges) {
      if (p.action != a || !filter_matches(s, p.who, w, seat)) continue;
      if (!p.any_players && s.card(w).controller != seat && s.card(w).zone == Zone::InPlay) continue;  // its own alone
      if (card != kNoCard && p.cards && !filter_matches(s, *p.cards, card, seat)) continue;
      if (!p.while_carrying.empty() && !carries(s, c, p.while_carrying)) continue;
      if (p.copies_in_area && !copy_in_area(s, seat, w, c)) continue;  // REPLICANT LAB
      return &p;
    }
  }
  return nullptr;
}

bool free_of_action(const State& s, int seat, PrivAction a, CardId w, CardId card) {
  const Privilege* p = privilege_for(s, seat, a, w, card);
  return p && p->no_action;
}

bool any_time_for(const State& s, int seat, PrivAction a, CardId w, CardId card) {
  const Privilege* p = privilege_for(s, seat, a, w, card);
  return p && p->any_time;
}

bool alliance_removable(const State& s, CardId c, const Effect& e) {
  return s.def(c).type != CardType::Alliance || e.designation == word::Alliance;
}

}  // namespace dt::detail
