// gEngine "BUILD FORTIFICATION": one action puts a Fortification into the
// combat area it names; one copy of each per player.
#include <optional>

#include "internal.hpp"

namespace dt::detail {

static bool fort_in_play(const State& s, int seat, uint16_t def) {
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (s.card(c).def == def) return true;
  return false;
}

static std::optional<Area> build_area(const State& s, CardId f) {
  const CardDef& d = s.def(f);
  if (!d.fort) return std::nullopt;
  for (Area a : {Area::Squad, Area::Kohort, Area::Outpost})
    if (d.fort->build_in & bit(a)) {
      if (a == Area::Outpost && !s.rules.outposts) continue;
      return a;
    }
  return std::nullopt;
}

void build_options(const State& s, CardId c, std::vector<Option>& out) {
  if (s.def(c).type != CardType::Fortification || !s.rules.build_fortifications) return;
  if (build_area(s, c) && !fort_in_play(s, s.current, s.card(c).def)) out.push_back({OptKind::Build, c});
}

void apply_build(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  take_out(s, o.a);
  put_into(s, o.a, Zone::InPlay, me);
  s.card(o.a).area = *build_area(s, o.a);
  --s.actions_left;
  emit(log, {EventKind::Build, int8_t(me), o.a});
  open_response_window(s);
}

}  // namespace dt::detail
