// Warriors swapped: see swap.hpp.
#include "effects/warriors/swap.hpp"

#include "actions/outpost_sides.hpp"
#include "dt/designations.hpp"
#include "effects/choices/moves.hpp"
#include "effects/triggers/replace.hpp"
#include "internal.hpp"

namespace dt::detail {

CardId replaced_warrior(const State& s, const Effect& e, CardId user, CardId target) {
  if (!e.replace) return kNoCard;
  const CardId w = e.replace->whom == ReplaceSpec::Whom::User ? user : target;
  return is_warrior_in_play(s, w) ? w : kNoCard;
}

Area replacing_area(const State& s, int seat, CardId c, CardId old) {
  const Area a = s.card(old).area;
  const Area usual = muster_area(s, c);
  if (a == usual) return a;
  // A Doomtrooper or a Dark Legion warrior may stand in its player's Outpost, never with the other side.
  if (a == Area::Outpost) return s.rules.outposts && !is_tribal(s, c) && !outpost_conflict(s, seat, c) ? a : usual;
  // A Doomtrooper never stands in a Kohort, nor a Dark Legion warrior in a Squad.
  return !is_tribal(s, c) && !is_legion(s, c) && !is_doomtrooper(s, c) ? a : usual;
}

bool may_hold_anew(const State& s, CardId a, CardId w) {
  // As if a lay in its owner's hand: the warrior's own cards are counted without it.
  State copy = s;
  take_out(copy, a);
  put_into(copy, a, Zone::Hand);
  const CardDef& d = copy.def(a);
  const int seat = copy.card(w).controller;
  switch (d.type) {
    case CardType::Equipment: return can_take_equipment(copy, a, w);
    case CardType::Relic: return can_equip_relic(copy, a, w);
    case CardType::Beast: return copy.rules.outposts && can_wrangle(copy, a, w);
    case CardType::Symmetry: return can_bestow(copy, a, w);
    case CardType::Ki: return can_bestow_ki(copy, a, w);
    case CardType::Mission: return !mission_copy_on_warrior(copy, a, w);
    default: break;
  }
  // A Special or a spell staying on its warrior: one it could be played on.
  if (has_designation(copy, w, desig::NoAttachments)) return false;
  return !d.play || filter_matches(copy, d.play->filter, w, seat);
}

void swap_in(State& s, int seat, CardId source, CardId c, CardId old, const ReplaceSpec& r, Log log) {
  if (!is_warrior_in_play(s, old) || s.card(c).zone == Zone::InPlay) return;
  const Area a = replacing_area(s, seat, c, old);
  const AttachList carried = attachment_list(s, old);
  enter_play(s, c, seat, a);  // what entering play sets (cardtypes/entering.cpp)
  if (r.keeps_attachments)
    for (CardId x : carried)
      if (s.card(x).attached_to == old && may_hold_anew(s, x, c)) attach_to(s, x, c);
  emit(log, {EventKind::Effect, int8_t(seat), source, old, int(r.annihilated ? Op::Annihilate : Op::Discard), -1});
  if (r.annihilated)
    annihilate_from_play(s, old);  // what is left on it is discarded
  else
    discard_from_play(s, old);
  emit(log, {EventKind::Effect, int8_t(seat), source, c, int(Op::PutIntoPlay), -1});
  note_added(s, seat, c);  // printed PRIMAL BITCH may answer it
}

}  // namespace dt::detail
