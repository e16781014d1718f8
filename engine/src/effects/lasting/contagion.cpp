// Contagion markers (PLAGUE BEARER): see contagion.hpp.
#include "effects/lasting/contagion.hpp"

#include <algorithm>

#include "markers.hpp"
#include "internal.hpp"

namespace dt::detail {

// Does w hold a marker of a card of this name?
static bool has_marker_of(const State& s, CardId w, CardId card) {
  for (const LastingMod& m : s.lasting)
    if (m.lock == kContagion && m.target == w && s.card(m.source).def == s.card(card).def) return true;
  return false;
}

static void put_marker(State& s, CardId card, CardId w, int seat, Log log) {
  if (!is_warrior_in_play(s, w) || has_marker_of(s, w, card)) return;
  LastingMod m{card, w, s.def(card).contagion->loss, kNoTurnEnds};
  m.lock = kContagion;
  s.lasting.push_back(m);
  emit(log, {EventKind::Effect, int8_t(seat), card, w, int(Op::Infect), -1});
}

std::vector<Caught> contagion_caught(const State& s) {
  std::vector<Caught> out;
  const Combat& c = s.combat;
  for (int side = 0; side < 2; ++side) {
    const CardId w = side ? c.defender : c.attacker, foe = side ? c.attacker : c.defender;
    if (w == kNoCard || foe == kNoCard || !is_warrior_in_play(s, w) || !is_warrior_in_play(s, foe)) continue;
    for (CardId a : attachments_of(s, w)) {
      const auto& r = s.def(a).contagion;
      if (!r || (r->tactics && !(r->tactics & (1u << unsigned(c.tactic))))) continue;
      if (filter_matches(s, r->catches, foe, s.card(a).controller)) out.push_back({a, foe});
    }
  }
  return out;
}

void mark_caught(State& s, const std::vector<Caught>& caught, Log log) {
  for (const Caught& c : caught) put_marker(s, c.card, c.warrior, s.card(c.card).controller, log);
}

// The markers on `seat`'s warriors in play.
static std::vector<const LastingMod*> markers_of(const State& s, int seat) {
  std::vector<const LastingMod*> out;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kContagion && is_warrior_in_play(s, m.target) && s.card(m.target).controller == seat)
      out.push_back(&m);
  return out;
}

void contagion_draw_step(State& s, int seat) {
  if (!(s.families2 & fam2Contagion)) return;
  const std::vector<const LastingMod*> marks = markers_of(s, seat);
  if (marks.empty()) return;
  // One removal question for them all, then one passing on for each card name marking its warriors.
  std::vector<CardId> sources;
  bool removable = false;
  for (const LastingMod* m : marks) {
    removable = removable || s.def(m->source).contagion->removed_for_d > 0;
    if (std::none_of(sources.begin(), sources.end(), [&](CardId c) { return s.card(c).def == s.card(m->source).def; }))
      sources.push_back(m->source);
  }
  if (removable) {
    ask_pick(s, sources.front(), kNoCard, seat, seat, {}, -1);
    s.choices.back().fetch = kFetchContagionRemove;
  }
  for (CardId c : sources) {
    ask_pick(s, c, kNoCard, seat, seat, {});
    s.choices.back().fetch = kFetchContagionSpread;
  }
}

bool is_contagion_choice(const State&, const PendingChoice& ch) {
  return ch.fetch == kFetchContagionRemove || ch.fetch == kFetchContagionSpread;
}

void contagion_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left == 0) return out.push_back(choose_done());
  const int seat = ch.seat;
  if (ch.fetch == kFetchContagionRemove) {
    for (const LastingMod* m : markers_of(s, seat)) {
      const int price = s.def(m->source).contagion->removed_for_d;
      if (price > 0 && destiny(s, seat) >= price &&
          std::none_of(out.begin(), out.end(), [&](const Option& o) { return o.a == m->target; }))
        out.push_back({OptKind::Choose, m->target});
    }
    out.push_back(choose_done());
    return;
  }
  // Passing on: only while a warrior of the player still holds a marker of this card's name.
  const std::vector<const LastingMod*> marks = markers_of(s, seat);
  if (std::any_of(marks.begin(), marks.end(),
                  [&](const LastingMod* m) { return s.card(m->source).def == s.card(ch.source).def; }))
    for (CardId w : warriors_of(s, seat))
      if (!has_marker_of(s, w, ch.source) && filter_matches(s, s.def(ch.source).contagion->spreads_to, w, seat))
        out.push_back({OptKind::Choose, w});
  if (out.empty()) out.push_back(choose_done());
}

void apply_contagion(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, o.a, o.a != kNoCard ? -1 : o.p});
  if (o.a == kNoCard) {
    ch.picks_left = 0;
    return;
  }
  const int seat = ch.seat;
  if (ch.fetch == kFetchContagionSpread) {
    ch.picks_left = 0;
    put_marker(s, ch.source, o.a, seat, log);
    return;
  }
  // Removed for its card's price (the first marker on it that has one).
  for (auto it = s.lasting.begin(); it != s.lasting.end(); ++it)
    if (it->lock == kContagion && it->target == o.a && s.def(it->source).contagion->removed_for_d > 0 &&
        destiny(s, seat) >= s.def(it->source).contagion->removed_for_d) {
      destiny(s, seat) -= s.def(it->source).contagion->removed_for_d;
      s.lasting.erase(it);
      return;
    }
}

}  // namespace dt::detail
