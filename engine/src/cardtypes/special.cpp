// Special cards without effect-vocabulary plays: the plain combat modifiers
// (gEngine "5) MODIFY COMBAT RATINGS"). Specials with plays are run by effects/.
#include "effects/triggers/cancel.hpp"
#include "internal.hpp"

namespace dt::detail {

void combat_modifier_options(const State& s, int seat, std::vector<Option>& out) {
  if (specials_barred(s, seat)) return;  // FREE MARINE
  for (CardId c : s.seats[size_t(seat)].hand) {
    const CardDef& d = s.def(c);
    if (d.type != CardType::Special || !d.combat_modifier) continue;
    for (CardId w : {s.combat.attacker, s.combat.defender})
      if (!modifier_already_played(s, seat, c, w)) out.push_back({OptKind::Play, c, w});
  }
}

void play_combat_modifier(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  const CardDef& d = s.def(o.a);
  take_out(s, o.a);
  put_into(s, o.a, d.post_play == PostPlay::Annihilate ? Zone::Annihilated : Zone::Discard);
  s.combat.mods.push_back({o.a, o.b, d.bonus});
  s.window.passes = 0;  // the same player may go on playing
  emit(log, {EventKind::Play, int8_t(me), o.a, o.b});
  offer_cancel(s, me, o.a, {o.b, -1}, 0, false);  // YOUNG GUARD may take the bonus back
}

}  // namespace dt::detail
