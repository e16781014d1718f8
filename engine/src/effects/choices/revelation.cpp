// REVELATION (revelation.hpp).
#include "effects/choices/revelation.hpp"

#include <algorithm>

#include "effects/choices/reopened.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

void queue_revelation(State& s, int seat, CardId source, CardId w) {
  if (w == kNoCard || !is_warrior_in_play(s, w)) return;
  ask_pick(s, source, w, seat, seat, {}, 1);
}

bool revelation_choice(const State& s) {
  return !s.choices.empty() && s.phase == Phase::Choice && s.choices.front().source != kNoCard &&
         s.def(s.choices.front().source).has_designation(kCastsAtOnce);
}

// The marker names REVELATION as its source: code reading markers on a warrior
// looks its source card up (SOLE FIGHT WEAPON EVER, STUNS WHEN IT WOUNDS).
static void mark(State& s, CardId source, CardId w, int seat) {
  LastingMod m{source, w, {}, uint8_t(seat)};
  m.lock = kRevealed;
  s.lasting.push_back(m);
}

bool revealed(const State& s, CardId w) { return marked(s, w, kRevealed); }

// Ends the choice and brings back the decision it interrupted, the warrior marked.
// Copies what it needs first: erasing the choice frees it.
static void reopen(State& s) {
  const CardId source = s.choices.front().source, w = s.choices.front().target;
  const int seat = s.choices.front().seat;
  s.phase = s.choices.front().resume;
  s.choices.erase(s.choices.begin());
  mark(s, source, w, seat);
}

// The casts are those of the interrupted decision, for the player, by this
// warrior only: worked out on a copy with the choice gone and the marker on.
// Only if that decision is this player's own (it played the card there).
void revelation_options(const State& s, std::vector<Option>& out) {
  const PendingChoice& ch = s.choices.front();
  if (is_warrior_in_play(s, ch.target))
    reopened_options(
        s, ch.seat, reopen,
        [&](const Option& o) {
          return o.kind == OptKind::Play && o.c == ch.target && s.def(o.a).type == CardType::Art;
        },
        out);
  out.push_back(choose_done());
}

void revelation_cast(State& s) { reopen(s); }

void revelation_over(State& s) {
  std::erase_if(s.lasting, [](const LastingMod& m) { return m.lock == kRevealed; });
}

}  // namespace dt::detail
