// A warrior entering play, one path for every way in: a Muster, a card that
// puts one into play (ENTER_PLAY, PRIMAL BITCH), a raise from a discard pile,
// a warrior that rises anew on another side (POSSESS); and a warrior moved to
// another area (a Transfer). What entering sets is set here, once.
#include "effects/lasting/card_markers.hpp"
#include "dt/designations.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

void place_in_area(State& s, CardId w, Area area) {
  s.card(w).area = area;
  // Attachments (and add-ons on weapons) sit in their warrior's area.
  std::vector<CardId> todo{w};
  while (!todo.empty()) {
    const CardId c = todo.back();
    todo.pop_back();
    for (CardId a : attachments_of(s, c)) {
      s.card(a).area = area;
      todo.push_back(a);
    }
  }
  // gEngine "TRANSFER WARRIOR": Transfers are allowed once a warrior has entered play in an Outpost.
  if (area == Area::Outpost) s.outpost_opened = true;
}

void entered_play(State& s, CardId w, int seat, Area area) {
  place_in_area(s, w, area);
  // BODYGUARD: Tribal for as long as it stays in play, having entered it in the Outpost.
  if (area == Area::Outpost && s.def(w).has_designation(desig::TribalIfMusteredIntoTheOutpost)) {
    LastingMod m{w, w, {}, kNoTurnEnds};
    m.lock = kEnteredTribal;
    s.lasting.push_back(m);
  }
  // gEngine "END OF THE GAME": a player with a warrior able to fight is no longer counting down.
  if (can_take_part_in_combat(s, w)) s.seats[size_t(seat)].no_warrior_deadline = -1;
  on_entered_play(s, w);  // HONOR THE EMPEROR
}

void enter_play(State& s, CardId w, int seat, std::optional<Area> area) {
  take_out(s, w);
  put_into(s, w, Zone::InPlay, seat);
  entered_play(s, w, seat, area ? *area : muster_area(s, w));
  // BRASS APOCALYPT: a choice its player makes as it is put into play (face up), when it has something to pick.
  if (s.def(w).enter_choice && !s.card(w).hidden) {
    const Target t{kNoCard, -1, -1, w};
    std::vector<CardId> picks = choice_candidates(s, seat, w, t, 0);
    if (!picks.empty()) queue_choice(s, seat, w, t, 0, std::move(picks), nullptr);
  }
  if (s.def(w).markers.buy_d > 0 && !s.card(w).hidden) ask_marker_purchase(s, seat, w);  // GENDARME BESTAL
}

// WEAPON LINK: a Ki Power's (or a gift's) choice as it is given to warrior w, w its target, when it has something to
// pick and the card stays on w.
void ask_attach_choice(State& s, int seat, CardId card, CardId w) {
  if (!s.def(card).enter_choice || s.card(card).attached_to != w) return;
  const Target t{w, -1, -1, w};
  std::vector<CardId> picks = choice_candidates(s, seat, card, t, 0);
  if (!picks.empty()) queue_choice(s, seat, card, t, 0, std::move(picks), nullptr);
}

}  // namespace dt::detail
