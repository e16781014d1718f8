// Two warriors joined into one (gEngine PRETORIAN STALKER): the second card
// lives on inside the first as an attachment, so there is one warrior to
// attack, wound, kill and pay for, and the two leave play together. Its F, S,
// A and V add to the first's through a marker in State::lasting (kJoinedWarrior)
// that also says the pair may never take in a third card. Nothing parts them.
#include "effects/warriors/joined.hpp"
#include "dt/handlers.hpp"

#include <algorithm>

#include "markers.hpp"
#include "internal.hpp"

namespace dt::detail {

static bool joins(const std::vector<Effect>& fx) { return has_handler(fx, HandlerId::join_namesake); }

static bool holds_one(const State& s, CardId w) { return marked(s, w, kJoinedWarrior); }

bool join_target_ok(const State& s, CardId src, CardId user, const std::vector<Effect>& fx, CardId t) {
  if (!joins(fx)) return true;
  if (src != user || !is_warrior_in_play(s, src) || t == kNoCard || t == src || !is_warrior_in_play(s, t)) return false;
  const CardInst &a = s.card(src), &b = s.card(t);
  return s.def(t).name == s.def(src).name && a.controller == b.controller && a.area == b.area && !b.hidden &&
         !holds_one(s, src) && !holds_one(s, t);
}

void join_warriors(State& s, int seat, CardId host, CardId guest, Log log) {
  if (!is_warrior_in_play(s, host) || !is_warrior_in_play(s, guest) || host == guest) return;
  const bool wounded = s.card(guest).wounded, cover = s.card(guest).cover;
  for (CardId a : attachment_list(s, guest)) attach_to(s, a, host);  // what it carried, the pair carries
  put_attached(s, guest, host, seat);
  CardInst& h = s.card(host);
  h.wounded = h.wounded || wounded;  // one warrior: a wound of either is its wound
  h.cover = h.cover && cover;
  const CardDef& d = s.def(guest);
  StatBonus b;
  b.f = int8_t(d.f.value_or(0)), b.s = int8_t(d.s.value_or(0)), b.a = d.a, b.v = d.v;
  s.lasting.push_back({guest, host, b, kNoTurnEnds, kNoCard, 0, kJoinedWarrior});
  emit(log, {EventKind::Effect, int8_t(seat), host, guest, int(Op::Handler), -1});
}

}  // namespace dt::detail
