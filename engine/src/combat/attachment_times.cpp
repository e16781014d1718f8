// Attachments giving more than printed (combat/attachment_times.hpp).
#include "combat/attachment_times.hpp"

#include "internal.hpp"

namespace dt::detail {

TimesList attachment_times_of(const State& s, CardId w) {
  TimesList out;
  for_each_mod(s, w, [&](const StaticMod& m, CardId src) {
    if (m.attachment_times) out.push_back({m.attachment_times.get(), src});
  }, ModWant::Ratings);
  return out;
}

int times_for(const State& s, const TimesList& l, CardId a) {
  int k = 1;
  const CardDef& ad = s.def(a);
  for (const TimesFrom& x : l) {
    const AttachmentTimes& t = *x.times;
    if (t.affil && !(ad.affil & t.affil)) continue;  // THE HOWLING IS UPON US: Crescentia Beasts only
    if (t.beast) {
      if (ad.type != CardType::Beast) continue;
    } else {
      if (!is_weapon_card(ad)) continue;
      if (t.weapon_kinds && !(t.weapon_kinds & (1u << unsigned(ad.weapon)))) continue;
      if (!t.designation.empty() && !ad.has_designation_text(t.designation)) continue;
      if (t.marked && marked_target(s, x.source) != a) continue;  // WEAPON LINK: the weapon it linked
    }
    k *= t.times;
  }
  return k;
}

StatBonus times_bonus(const StatBonus& b, int k) {
  return StatBonus{int8_t(b.f * k), int8_t(b.s * k), int8_t(b.a * k), int8_t(b.v * k)};
}

}  // namespace dt::detail
