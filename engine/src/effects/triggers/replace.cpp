// PRIMAL BITCH: see replace.hpp.
#include "effects/triggers/replace.hpp"

#include <algorithm>

#include "effects/triggers/reactions.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

// Marks w when an opponent of `seat` holds a replacing card (`any_added`: one
// that answers every warrior added, not only a muster), or any player a card
// PLAYED ON ANY WARRIOR JUST ADDED (BOOBY TRAP).
static void note(State& s, int seat, CardId w, bool any_added) {
  for (int t = 0; t < s.num_seats(); ++t) {
    if (s.seats[size_t(t)].eliminated) continue;
    const bool opponent = t != seat && opponents(s, seat, t);
    const std::vector<CardId>& hand = s.seats[size_t(t)].hand;
    if (std::any_of(hand.begin(), hand.end(), [&](CardId c) {
          const CardDef& d = s.def(c);
          if (d.has_designation(kAnyAdded)) return true;
          return opponent && d.has_designation(kReplacesMustered) && (!any_added || d.has_designation(kAnswersAnyAdded));
        })) {
      mark_just_happened(s, w, w, kJustMustered);
      return;
    }
  }
}

void note_mustered(State& s, int seat, CardId w) { note(s, seat, w, false); }
void note_added(State& s, int seat, CardId w) { note(s, seat, w, true); }

bool area_closed(const State& s, int seat, Area area) {
  for (CardId c : s.seats[size_t(seat)].in_play) {
    const CardInst& ci = s.card(c);
    if (ci.attached_to == kNoCard && ci.area == area && s.def(c).type != CardType::Warrior &&
        s.def(c).has_designation(kClosesArea))
      return true;
  }
  return false;
}

void replace_warrior(State& s, CardId card, CardId w, bool to_draw_pile, Log log) {
  if (w == kNoCard || !is_warrior_in_play(s, w) || s.card(card).zone != Zone::InPlay) return;
  const int seat = s.card(w).controller;
  const Area area = s.card(w).area;
  // The card first (it was put onto the warrior as it was played), so that
  // the warrior leaving play does not take it along.
  enter_play(s, card, seat, area);
  for (CardId a : attachment_list(s, w)) discard_from_play(s, a);
  take_out(s, w);
  put_into(s, w, to_draw_pile ? Zone::Draw : Zone::Hand);
  if (to_draw_pile) s.rng.shuffle(s.seats[s.card(w).owner].draw);
  emit(log, {EventKind::Effect, int8_t(seat), card, w, int(Op::Handler), -1});
}

}  // namespace dt::detail
