// gEngine "BUILD FORTIFICATION": one action puts a Fortification into the
// combat area it names; one copy of each per player.
#include <optional>
#include <vector>

#include "dt/designations.hpp"
#include "effects/lasting/shutdown.hpp"
#include "effects/lasting/carriers.hpp"
#include "internal.hpp"

namespace dt::detail {

// One copy of each per player; one that is ONE PER AREA (SECRET HQ), one in each combat area;
// one that is ANY NUMBER IN PLAY (FACTORY), as many as you like.
static bool fort_in_play(const State& s, int seat, CardId f, std::optional<Area> area = std::nullopt) {
  const uint16_t def = s.card(f).def;
  if (s.def(f).has_designation(desig::AnyNumberInPlay)) return false;  // FACTORY: no limit of copies
  if (const int most = s.def(f).max_in_play; most > 0) {  // WATCH TOWER: up to two
    int n = 0;
    for (CardId c : s.seats[size_t(seat)].in_play) n += s.card(c).def == def;
    return n >= most;
  }
  const bool per_area = s.def(f).has_designation(desig::OnePerArea);
  if (per_area && !area) return false;
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (s.card(c).def == def && (!per_area || s.card(c).area == *area)) return true;
  return false;
}

// The combat areas a fortification may be built in, in the order offered.
static std::vector<Area> build_areas(const State& s, CardId f) {
  std::vector<Area> out;
  const CardDef& d = s.def(f);
  if (!d.fort) return out;
  for (Area a : {Area::Squad, Area::Kohort, Area::Outpost})
    if (d.fort->build_in & bit(a)) {
      if (a == Area::Outpost && !s.rules.outposts) continue;
      out.push_back(a);
    }
  return out;
}

// A fortification with one place is built there (`build c50`); one with a
// choice (LUNA: Squad or Kohort) names it (`build c50 kohort`, Option::p = area + 1).
void build_options(const State& s, CardId c, std::vector<Option>& out) {
  if (s.def(c).type != CardType::Fortification || !s.rules.build_fortifications) return;
  std::vector<Area> areas = build_areas(s, c);
  const bool named = areas.size() > 1;  // the option names its area whenever the card has a choice
  std::erase_if(areas, [&](Area a) { return fort_in_play(s, s.current, c, a); });
  if (areas.empty() || fort_in_play(s, s.current, c)) return;
  if (s.def(c).one_in_play == OneInPlay::InGame && limited_copy_in_play(s, s.current, c)) return;  // GRAVEYARD, MUSEUM
  if (!named) {
    out.push_back({OptKind::Build, c});
    return;
  }
  for (Area a : areas) {
    Option o{OptKind::Build, c};
    o.p = 1, o.to = a;
    out.push_back(o);
  }
}

void apply_build(State& s, const Option& o, Log log) {
  // ECONOMIC COLLAPSE: a card of the player's turned face down is turned up (effects/lasting/shutdown.hpp).
  if ((s.families & famTurnedDown) && apply_turn_up(s, o, log)) return;
  const int me = deciding_seat(s);
  const Area area = o.p == 1 ? o.to : build_areas(s, o.a).front();
  take_out(s, o.a);
  put_into(s, o.a, Zone::InPlay, me);
  s.card(o.a).area = area;
  --s.actions_left;
  emit(log, {EventKind::Build, int8_t(me), o.a});
  on_build(s, o.a, me, log);  // ESTABLISH DEFENSIVE PERIMETER
  if ((s.families & famCarriers) && s.def(o.a).holds) board_on_build(s, o.a);  // RAZOR WIRE FENCE: one behind it
  open_response_window(s);
}

}  // namespace dt::detail
