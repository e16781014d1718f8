// Triggers whose target their player picks: see picked.hpp.
#include "effects/triggers/picked.hpp"

#include <algorithm>

#include "effects/choices/answer.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

static const Trigger* picked_trigger(const CardDef& d, When when) {
  for (const Trigger& t : d.triggers)
    if (t.when == when && t.pick) return &t;
  return nullptr;
}

static std::vector<CardId> pick_candidates(const State& s, const Trigger& t, int seat) {
  std::vector<CardId> out;
  for (const SeatState& st : s.seats)
    for (CardId w : st.in_play)
      if (is_warrior_in_play(s, w) && filter_matches(s, *t.pick, w, seat)) out.push_back(w);
  return out;
}

// The next card waiting to fire: asked now, or its `otherwise` run and the next one taken.
static void next_discard_trigger(State& s, Log log) {
  for (;;) {
    auto it = std::find_if(s.lasting.begin(), s.lasting.end(), [](const LastingMod& m) { return m.lock == kPickTriggerDue; });
    if (it == s.lasting.end()) return;
    const CardId c = it->source;
    const int seat = it->player;
    s.lasting.erase(it);
    if (s.card(c).zone != Zone::InPlay || s.card(c).controller != seat) continue;
    const Trigger& t = *picked_trigger(s.def(c), When::YourDiscard);
    std::vector<CardId> candidates = pick_candidates(s, t, seat);
    if (!candidates.empty()) {
      ask_pick(s, c, kNoCard, seat, seat, std::move(candidates), 1);
      s.choices.back().fetch = kTriggerPick;
      return;
    }
    emit(log, {EventKind::Effect, int8_t(seat), c, kNoCard, 0, seat});
    run_effects(s, seat, c, c, {}, 0, t.otherwise, log, nullptr);
  }
}

void run_discard_triggers(State& s, int seat, Log log) {
  for (CardId c : s.seats[size_t(seat)].in_play) {
    if (s.card(c).zone != Zone::InPlay || s.card(c).hidden || !picked_trigger(s.def(c), When::YourDiscard)) continue;
    LastingMod m{c, kNoCard, {}, kNoTurnEnds};
    m.lock = kPickTriggerDue;
    m.player = int8_t(seat);
    s.lasting.push_back(m);
  }
  next_discard_trigger(s, log);
}

bool is_trigger_pick(const State&, const PendingChoice& ch) { return ch.fetch == kTriggerPick; }

void trigger_pick_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left != 0) {
    const Trigger& t = *picked_trigger(s.def(ch.source), When::YourDiscard);
    for (CardId w : ch.candidates)
      if (is_warrior_in_play(s, w) && filter_matches(s, *t.pick, w, ch.seat)) out.push_back({OptKind::Choose, w});
  }
  if (out.empty()) out.push_back(choose_done());
}

void apply_trigger_pick(State& s, const Option& o, Log log) {
  PendingChoice& ch = answer_once(s, o, log);
  const CardId c = ch.source, w = o.a;
  const int seat = ch.seat;
  if (w != kNoCard && s.card(c).zone == Zone::InPlay)
    run_effects(s, seat, c, c, {w, -1}, 0, picked_trigger(s.def(c), When::YourDiscard)->effects, log, nullptr);
  next_discard_trigger(s, log);
}

}  // namespace dt::detail
