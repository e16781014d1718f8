// Prisoners (gEngine CYBERCURITY MP). An imprisoned warrior stays in play and
// in its area, a NONCOMBATANT (it neither attacks nor is attacked) for as long
// as its jailer is in play; when the jailer leaves play the marker goes with it
// and the prisoner is back in its area as before.
#include "effects/lasting/prison.hpp"
#include "dt/designations.hpp"
#include "dt/handlers.hpp"

#include <algorithm>

#include "markers.hpp"
#include "internal.hpp"

namespace dt::detail {

static bool jails(const std::vector<Effect>& fx) {
  return has_handler(fx, HandlerId::imprison) || has_handler(fx, HandlerId::imprison_stripped);
}

static bool imprisoned(const State& s, CardId w) { return marked(s, w, kImprisoned); }

bool imprison_target_ok(const State& s, const std::vector<Effect>& fx, CardId t) {
  return !jails(fx) || (t != kNoCard && !imprisoned(s, t));
}

void imprison(State& s, int seat, CardId jailer, CardId prisoner, Log log, bool stripped) {
  // A jailer killed by its own wound takes no one.
  if (jailer == kNoCard || s.card(jailer).zone != Zone::InPlay || !is_warrior_in_play(s, prisoner) ||
      imprisoned(s, prisoner))
    return;
  s.lasting.push_back({jailer, prisoner, {}, kNoTurnEnds, kNoCard, kwNoncombatant, kImprisoned});
  emit(log, {EventKind::Effect, int8_t(seat), jailer, prisoner, int(Op::Handler), -1});
  on_imprisoned(s, seat, prisoner, log);  // MANHUNT
  std::vector<CardId> cards;
  for (CardId a : attachment_list(s, prisoner)) cards.push_back(a);
  if (stripped) {  // PRISON CAMP, EAONIAN JUSTIFIER: all of them go
    for (CardId a : cards)
      if (s.card(a).zone == Zone::InPlay) discard_from_play(s, a);
    return;
  }
  if (!cards.empty()) ask_pick(s, jailer, prisoner, seat, seat, std::move(cards), -1);
}

void release(State& s, int seat, CardId source, CardId w, const std::string& designation, Log log) {
  if (!is_warrior_in_play(s, w)) return;
  const bool was_held = imprisoned(s, w);
  std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kImprisoned && m.target == w; });
  bool freed = was_held;
  if (!designation.empty())
    for (CardId a : attachment_list(s, w))
      if (s.card(a).zone == Zone::InPlay && s.card(a).attached_to == w && s.def(a).has_designation(designation)) {
        discard_from_play(s, a);
        freed = true;
      }
  if (!freed) return;
  emit(log, {EventKind::Effect, int8_t(seat), source, w, int(Op::Handler), -1});
  if (const Area home = muster_area(s, w); s.card(w).area != home) place_in_area(s, w, home);
}

inline constexpr uint8_t kTakePrisoner = 122;  // PendingChoice::fetch: the prisoner moved into the card's keeping, or not

// The marker of `w` held prisoner by another jailer than `jailer`.
static const LastingMod* held_elsewhere(const State& s, CardId jailer, CardId w) {
  for (const LastingMod& m : s.lasting)
    if (m.lock == kImprisoned && m.target == w && m.source != jailer) return &m;
  return nullptr;
}

void take_prisoner(State& s, int seat, CardId jailer, CardId w, Log) {
  if (s.card(jailer).zone != Zone::InPlay || !held_elsewhere(s, jailer, w)) return;
  ask_pick(s, jailer, w, seat, seat, {w}, 1);
  s.choices.back().fetch = kTakePrisoner;
}

bool is_take_prisoner_choice(const State&, const PendingChoice& ch) { return ch.fetch == kTakePrisoner; }

void take_prisoner_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left != 0 && s.card(ch.source).zone == Zone::InPlay && is_warrior_in_play(s, ch.target) &&
      held_elsewhere(s, ch.source, ch.target))
    out.push_back({OptKind::Choose, ch.target});
  out.push_back(choose_done());
}

void apply_take_prisoner(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  ch.picks_left = 0;
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, o.a, -1});
  if (o.a == kNoCard) return;
  if (const LastingMod* m = held_elsewhere(s, ch.source, o.a)) {
    s.lasting[size_t(m - s.lasting.data())].source = ch.source;
    emit(log, {EventKind::Effect, int8_t(ch.seat), ch.source, o.a, int(Op::Handler), -1});
  }
}

int prisoners_held(const State& s, CardId jailer) {
  return int(std::count_if(s.lasting.begin(), s.lasting.end(),
                           [&](const LastingMod& m) { return m.lock == kImprisoned && m.source == jailer; }));
}

std::vector<CardId> prisoners_going_with(const State& s, CardId jailer) {
  std::vector<CardId> out;
  if (!s.def(jailer).has_designation(desig::ItsPrisonersGoWithIt)) return out;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kImprisoned && m.source == jailer) out.push_back(m.target);
  return out;
}

bool is_prison_choice(const State& s, const PendingChoice& ch) {
  const CardDef& d = s.def(ch.source);
  for (const Ability& ab : d.abilities)
    if (jails(ab.effects)) return true;
  for (const Trigger& t : d.triggers)
    if (jails(t.effects)) return true;
  return false;
}

void prison_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left != 0)
    for (CardId c : ch.candidates)
      if (s.card(c).zone == Zone::InPlay && s.card(c).attached_to == ch.target) out.push_back({OptKind::Choose, c});
  out.push_back(choose_done());
}

void apply_prison_choice(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, o.a, o.a != kNoCard ? -1 : o.p});
  if (o.a == kNoCard) {
    ch.picks_left = 0;
    return;
  }
  std::erase(ch.candidates, o.a);
  if (s.card(o.a).zone == Zone::InPlay && s.card(o.a).attached_to == ch.target) discard_from_play(s, o.a);
  if (ch.candidates.empty()) ch.picks_left = 0;
}

}  // namespace dt::detail
