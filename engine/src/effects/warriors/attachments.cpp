// See attachments.hpp.
#include "effects/warriors/attachments.hpp"

#include <vector>

#include "internal.hpp"

namespace dt::detail {

void discard_attachments(State& s, CardId source, CardId w, Log log) {
  if (!is_warrior_in_play(s, w)) return;
  Effect discard;
  discard.op = Op::Discard;
  std::vector<CardId> gone;
  for (CardId a : attachments_of(s, w))
    if (a != source && s.card(a).attached_to == w) gone.push_back(a);
  for (CardId a : gone) {
    if (s.card(a).zone != Zone::InPlay || effect_futile(s, discard, a, source)) continue;
    const CardId rider = bearer_inside(s, a);  // a vehicle lost with its warrior inside
    discard_from_play(s, a);
    emit(log, {EventKind::Effect, int8_t(s.card(source).controller), source, a, int(Op::Discard), -1});
    if (rider != kNoCard) vehicle_lost(s, a, rider, log);
  }
}

}  // namespace dt::detail
