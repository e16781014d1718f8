// A warrior doing double duty: see twins.hpp.
#include "effects/lasting/twins.hpp"

#include <algorithm>

#include "effects/lasting/copies.hpp"
#include "effects/warriors/wounds.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

// A pair's marker: linked (times 0), or one of the two gone and the other still to follow (times 1: source the one
// left, other the one gone, given 1 when it died).
static bool linked(const LastingMod& m) { return m.lock == kTwin && m.times == 0; }

CardId twin_of(const State& s, CardId w) {
  for (const LastingMod& m : s.lasting)
    if (linked(m)) {
      if (m.source == w) return m.target;
      if (m.target == w) return m.source;
    }
  return kNoCard;
}

bool may_be_twinned(const State& s, CardId w) {
  return is_warrior_in_play(s, w) && !s.card(w).hidden && s.card(w).attached_to == kNoCard &&
         !((s.families2 & fam2Twins) && twin_of(s, w) != kNoCard);
}

void stand_as_twin(State& s, int seat, CardId card, CardId model, Log log) {
  if (card == kNoCard || !may_be_twinned(s, model) || s.card(card).zone == Zone::InPlay) return;
  take_copy_def(s, card, model);  // its own card again wherever it goes out of play (put_into: end_copy)
  enter_play(s, card, seat);  // in its player's legal combat area for that warrior (muster_area)
  if (s.card(card).zone != Zone::InPlay) return;
  s.card(card).wounded = s.card(model).wounded;  // the same warrior: wounded if it is
  LastingMod link{card, model, {}, kNoTurnEnds};
  link.lock = kTwin;
  link.count = s.card(model).wounded;
  s.lasting.push_back(link);
  emit(log, {EventKind::Effect, int8_t(seat), card, model, int(Op::PutIntoPlay), -1});
}

void twin_dies(State& s, CardId c) {
  for (LastingMod& m : s.lasting)
    if (linked(m) && (m.source == c || m.target == c)) m.given = 1;
}

void twin_leaves_play(State& s, CardId c) {
  for (LastingMod& m : s.lasting)
    if (linked(m) && (m.source == c || m.target == c)) {
      const CardId other = m.source == c ? m.target : m.source;
      m.source = other, m.target = kNoCard, m.other = c, m.times = 1;  // take_out's sweep leaves it be
      return;
    }
}

bool mirrors_to_twin(Op op) {
  switch (op) {
    case Op::Heal: case Op::LastingBonus: case Op::LastingGrant: case Op::LastingRevoke: case Op::TacticalLock:
    case Op::Infect: case Op::Cure: case Op::Afflict: case Op::TextOff: case Op::DisableForCombat:
    case Op::PutMarkers: case Op::CombatBonus:
      return true;
    default:
      return false;
  }
}

// `w` follows its twin `gone` out of play: killed with it, or where it went.
static void follow(State& s, CardId w, CardId gone, bool died, Log log) {
  const int seat = s.card(w).controller;
  const Zone z = s.card(gone).zone;
  if (died) {
    emit(log, {EventKind::Effect, int8_t(seat), gone, w, int(Op::Kill), -1});  // the same warrior: its points paid once
    kill_from_play(s, w, z == Zone::Annihilated);
  } else if (z == Zone::Annihilated) {
    emit(log, {EventKind::Effect, int8_t(seat), gone, w, int(Op::Annihilate), -1});
    annihilate_from_play(s, w);
  } else if (z == Zone::Hand) {
    emit(log, {EventKind::Effect, int8_t(seat), gone, w, int(Op::ReturnToHand), -1});
    for (CardId a : attachment_list(s, w)) discard_from_play(s, a);
    take_out(s, w);
    put_into(s, w, Zone::Hand);
  } else {
    emit(log, {EventKind::Effect, int8_t(seat), gone, w, int(Op::Discard), -1});
    discard_from_play(s, w);
  }
}

void sync_twins(State& s, Log log) {
  for (size_t i = 0; i < s.lasting.size(); ++i) {
    LastingMod& m = s.lasting[i];
    if (m.lock != kTwin) continue;
    if (m.times == 1) {
      const CardId w = m.source, gone = m.other;
      const bool died = m.given == 1;
      if (is_warrior_in_play(s, gone) && is_warrior_in_play(s, w)) {  // back in play at once (a change of control)
        m.target = gone, m.other = kNoCard, m.times = 0, m.given = 0;
        continue;
      }
      s.lasting.erase(s.lasting.begin() + std::ptrdiff_t(i));
      if (is_warrior_in_play(s, w)) follow(s, w, gone, died, log);
      i = size_t(-1);  // the list changed under us: from the start again
      continue;
    }
    const CardId a = m.source, b = m.target;
    if (!is_warrior_in_play(s, a) || !is_warrior_in_play(s, b)) continue;
    const bool wa = s.card(a).wounded, wb = s.card(b).wounded;
    if (wa == wb) {
      m.count = wa;
      continue;
    }
    // One of them changed since last seen: its state is the warrior's.
    const bool now = wa != bool(m.count) ? wa : wb;
    m.count = now;
    for (CardId x : {a, b}) {
      if (s.card(x).wounded == now) continue;
      if (now) {
        emit(log, {EventKind::Wound, int8_t(s.card(x).controller), x, kNoCard});
        take_wound(s, x);
      } else {
        emit(log, {EventKind::Effect, int8_t(s.card(x).controller), x == a ? b : a, x, int(Op::Heal), -1});
        s.card(x).wounded = false;
      }
    }
    i = size_t(-1);  // a wound may end what lasted on it (drop_healed_afflictions): from the start again
  }
}

}  // namespace dt::detail
