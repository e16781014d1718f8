// REVELATION (revelation.hpp).
#include "effects/revelation.hpp"

#include <algorithm>

#include "internal.hpp"

namespace dt::detail {

void queue_revelation(State& s, int seat, CardId source, CardId w) {
  if (w == kNoCard || !is_warrior_in_play(s, w)) return;
  PendingChoice ch;
  ch.source = source;
  ch.target = w;
  ch.by = uint8_t(seat);
  ch.seat = uint8_t(seat);
  ch.picks_left = 1;
  s.choices.push_back(std::move(ch));
}

bool revelation_choice(const State& s) {
  return !s.choices.empty() && s.phase == Phase::Choice && s.choices.front().source != kNoCard &&
         s.def(s.choices.front().source).has_designation(kCastsAtOnce);
}

static void mark(State& s, CardId w, int seat) {
  LastingMod m{kNoCard, w, {}, uint8_t(seat)};
  m.lock = kRevealed;
  s.lasting.push_back(m);
}

bool revealed(const State& s, CardId w) {
  return std::any_of(s.lasting.begin(), s.lasting.end(),
                     [&](const LastingMod& m) { return m.lock == kRevealed && m.target == w; });
}

// The casts are those of the interrupted decision, for the player, by this
// warrior only: worked out on a copy with the choice gone and the marker on.
void revelation_options(const State& s, std::vector<Option>& out) {
  const PendingChoice& ch = s.choices.front();
  if (is_warrior_in_play(s, ch.target)) {
    State c = s;
    c.choices.erase(c.choices.begin());
    c.phase = ch.resume;
    mark(c, ch.target, ch.seat);
    std::vector<Option> all;
    effect_options(c, ch.seat, all);
    for (const Option& o : all)
      if (o.kind == OptKind::Play && o.c == ch.target && s.def(o.a).type == CardType::Art) out.push_back(o);
  }
  Option done{OptKind::Choose};
  done.p = -1;
  out.push_back(done);
}

void revelation_cast(State& s) {
  const PendingChoice& ch = s.choices.front();
  mark(s, ch.target, ch.seat);
}

void revelation_over(State& s) {
  std::erase_if(s.lasting, [](const LastingMod& m) { return m.lock == kRevealed; });
  for (size_t i = 0; i < s.choices.size(); ++i)  // its own choice, ahead of any the spell queued
    if (s.def(s.choices[i].source).has_designation(kCastsAtOnce)) {
      s.phase = s.choices[i].resume;
      s.choices.erase(s.choices.begin() + long(i));
      return;
    }
}

}  // namespace dt::detail
