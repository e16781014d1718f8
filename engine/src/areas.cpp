// The reach of "the same combat area": see areas.hpp.
#include "areas.hpp"

#include "internal.hpp"

namespace dt::detail {

// Does `seat`'s Outpost hold a warrior of that side (Doomtroopers, or the Dark Legion)?
static bool outpost_holds(const State& s, int seat, bool legion) {
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (is_warrior_in_play(s, c) && s.card(c).area == Area::Outpost &&
        (legion ? is_legion(s, c) : !is_legion(s, c) || is_doomtrooper(s, c)))
      return true;
  return false;
}

bool area_reaches(const State& s, int seat, Area a, Area b) {
  if (a == b) return true;
  if (a == Area::Aside || b == Area::Aside) return false;  // a warrior SET ASIDE stands in no combat area
  if (a != Area::Outpost && b != Area::Outpost) return false;  // the Squad and the Kohort stay apart
  const Area other = a == Area::Outpost ? b : a;
  return outpost_holds(s, seat, other == Area::Kohort);
}

bool area_mask_reaches(const State& s, int seat, AreaMask areas, Area a) {
  if (areas & bit(a)) return true;
  for (Area x : {Area::Squad, Area::Kohort, Area::Outpost})
    if ((areas & bit(x)) && area_reaches(s, seat, x, a)) return true;
  return false;
}

bool mod_filter_matches(const State& s, const WarriorFilter& f, CardId w, int seat) {
  if (!f.area) return filter_matches(s, f, w, seat);
  if (!area_mask_reaches(s, s.card(w).controller, f.area, s.card(w).area)) return false;
  WarriorFilter rest = f;  // rare: only modifiers that name an area
  rest.area = 0;
  return filter_matches(s, rest, w, seat);
}

// A card in play stands where the card it sits on stands (an attachment on
// another player's warrior is in that player's area).
static const CardInst& standing(const State& s, CardId c) {
  for (int guard = 0; guard < 8 && s.card(c).attached_to != kNoCard; ++guard) c = s.card(c).attached_to;
  return s.card(c);
}

bool same_area(const State& s, CardId a, CardId b) {
  const CardInst& x = standing(s, a);
  const CardInst& y = standing(s, b);
  return x.controller == y.controller && area_reaches(s, x.controller, x.area, y.area);
}

}  // namespace dt::detail
