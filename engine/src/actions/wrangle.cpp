// gEngine "WRANGLE BEAST" (2nd ed Paradise Lost "BEASTS"; Info): one action
// gives a Beast to a warrior in your Outpost that may have it; one Beast or
// one VEHICLE per warrior; never to a warrior that is itself a BEAST.
#include "dt/designations.hpp"
#include "effects/modifiers/text_off.hpp"
#include "internal.hpp"

namespace dt::detail {

bool can_wrangle(const State& s, CardId beast, CardId w, bool any_affiliation) {
  if (s.card(w).area != Area::Outpost) return false;
  if (is_beast_warrior(s, w) || beast_of(s, w) != kNoCard || vehicle_of(s, w) != kNoCard) return false;
  if (has_designation(s, w, desig::NoAttachments)) return false;
  if (own_designation_on(s, w, desig::NoBeasts)) return false;  // JIHAD INFANTRY TROOPER
  return any_affiliation || gives_to(s, beast, w);  // RUSTLERS!: whatever its affiliations
}

void wrangle_options(const State& s, CardId c, const std::vector<CardId>& mine, std::vector<Option>& out) {
  if (s.def(c).type != CardType::Beast || !s.rules.outposts) return;
  for (CardId w : mine)
    if (can_wrangle(s, c, w)) out.push_back({OptKind::Wrangle, c, w});
}

void apply_wrangle(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  put_attached(s, o.a, o.b, me);
  --s.actions_left;
  emit(log, {EventKind::Wrangle, int8_t(me), o.a, o.b});
  open_response_window(s);
}

}  // namespace dt::detail
