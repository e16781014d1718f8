// Cards turned face down: see shutdown.hpp.
#include "effects/lasting/shutdown.hpp"

#include <algorithm>

#include "effects/effects.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

void shut_down(State& s, CardId source, const std::vector<CardId>& cards, int actions, Log log) {
  for (CardId c : cards) {
    if (s.card(c).zone != Zone::InPlay) continue;
    auto it = std::find_if(s.lasting.begin(), s.lasting.end(),
                           [&](const LastingMod& m) { return m.lock == kShutDown && m.target == c; });
    if (it != s.lasting.end()) {  // turned down again: the dearer way up holds
      it->count = int16_t(std::max<int>(it->count, actions));
      continue;
    }
    LastingMod m{source, c, {}, kNoTurnEnds};
    m.lock = kShutDown;
    m.count = int16_t(std::max(0, actions));
    if (is_warrior_in_play(s, c)) {  // TOTAL ECLIPSE: a warrior face down is as if in cover (`given`: it was already)
      m.given = s.card(c).cover ? 1 : 0;
      s.card(c).cover = true;
    }
    s.lasting.push_back(m);
    emit(log, {EventKind::Effect, int8_t(s.card(c).controller), source, c, int(Op::ShutDown), -1});
  }
}

bool is_shut_down(const State& s, CardId c) { return marked(s, c, kShutDown); }

void turn_up_options(const State& s, int seat, std::vector<Option>& out) {
  for (const LastingMod& m : s.lasting)
    if (m.lock == kShutDown && s.card(m.target).controller == seat && s.card(m.target).zone == Zone::InPlay &&
        m.count <= s.actions_left)
      out.push_back({OptKind::Build, m.target});
}

bool apply_turn_up(State& s, const Option& o, Log log) {
  if (s.card(o.a).zone != Zone::InPlay) return false;
  auto it = std::find_if(s.lasting.begin(), s.lasting.end(),
                         [&](const LastingMod& m) { return m.lock == kShutDown && m.target == o.a; });
  if (it == s.lasting.end()) return false;
  const int me = deciding_seat(s);
  s.actions_left = std::max(0, s.actions_left - it->count);
  if (is_warrior_in_play(s, o.a)) s.card(o.a).cover = it->given != 0;  // out of the cover it was put in
  s.lasting.erase(it);
  emit(log, {EventKind::Build, int8_t(me), o.a});
  open_response_window(s);
  return true;
}

}  // namespace dt::detail
