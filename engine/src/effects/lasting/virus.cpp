// VIRUS infections (docs/effects.md "Viruses"); see virus.hpp.
#include "effects/lasting/virus.hpp"

#include <algorithm>

#include "dt/designations.hpp"
#include "areas.hpp"
#include "markers.hpp"

namespace dt::detail {

static bool shielded(const State& s, CardId w) {
  for (CardId c : s.seats[size_t(s.card(w).controller)].in_play)
    if (s.card(c).attached_to == kNoCard && !is_warrior_in_play(s, c) &&
        s.def(c).has_designation(desig::ShieldsItsPlayersWarriorsFromViruses))
      return true;
  return false;
}

bool virus_shielded(const State& s, CardId card, CardId w) {
  return card != kNoCard && s.def(card).has_designation(desig::Virus) && shielded(s, w);
}

static bool has_infection(const State& s, CardId w, CardId virus) {
  for (const LastingMod& m : s.lasting)
    if (m.lock == kInfected && m.target == w && s.card(m.source).def == s.card(virus).def) return true;
  return false;
}

bool infected_by(const State& s, CardId w, CardId virus) {
  for (const LastingMod& m : s.lasting)
    if (m.lock == kInfected && m.target == w && m.source == virus) return true;
  return false;
}

// MUTATED STRAIN: the card played with this one that widened its infections (kInfectionReach), or none.
static CardId reach_of(const State& s, CardId virus) {
  for (const LastingMod& m : s.lasting)
    if (m.lock == kInfectionReach && m.source == virus) return m.other;
  return kNoCard;
}

static void infect(State& s, CardId virus, CardId w, int seat, CardId reach, Log log) {
  if (!is_warrior_in_play(s, w) || has_infection(s, w, virus) || shielded(s, w)) return;
  LastingMod m{virus, w, s.def(virus).virus.loss, kNoTurnEnds};
  m.lock = kInfected;
  m.player = int8_t(seat);
  m.other = reach;
  s.lasting.push_back(m);
  emit(log, {EventKind::Effect, int8_t(seat), virus, w, int(Op::Infect), -1});
}

void infect(State& s, CardId virus, CardId w, int seat, Log log) { infect(s, virus, w, seat, reach_of(s, virus), log); }

void cure(State& s, CardId w) {
  std::erase_if(s.lasting, [&](const LastingMod& m) { return (m.lock == kInfected || m.lock == kExposed) && m.target == w; });
}

// May an infection widened by `reach` (MUTATED STRAIN's Tribal warriors; kNoCard: none) pass to `d`, of
// the virus player `seat`'s view? Doomtroopers always.
static bool catches(const State& s, CardId d, CardId reach, int seat) {
  if (is_doomtrooper(s, d)) return true;
  if (reach == kNoCard) return false;
  const auto& x = s.def(reach).played_with;
  return x && x->infection_reaches && filter_matches(s, *x->infection_reaches, d, seat);
}

// The warriors sharing an infected warrior's combat area that may catch it, not infected by that card yet.
template <class Fn>
static void each_neighbour(const State& s, CardId infected, CardId virus, CardId reach, int seat, Fn fn) {
  for (const SeatState& st : s.seats)
    for (CardId d : st.in_play)
      if (d != infected && is_warrior_in_play(s, d) && same_area(s, d, infected) && catches(s, d, reach, seat) &&
          !has_infection(s, d, virus))
        fn(d);
}

void virus_draw_step(State& s, int seat, Log log) {
  bool any = false;
  for (const LastingMod& m : s.lasting) any = any || ((m.lock == kInfected || m.lock == kExposed) && m.player == seat);
  if (!any) return;
  // V-3: the loss grows again.
  for (LastingMod& m : s.lasting)
    if (m.lock == kInfected && m.player == seat && s.def(m.source).virus.worsens) {
      const StatBonus& b = s.def(m.source).virus.loss;
      m.bonus.f = int8_t(m.bonus.f + b.f), m.bonus.s = int8_t(m.bonus.s + b.s);
      m.bonus.a = int8_t(m.bonus.a + b.a), m.bonus.v = int8_t(m.bonus.v + b.v);
    }
  // A full turn beside an infected warrior (exposed at the last Draw step, still beside one): infected.
  struct Held {
    CardId first, second, reach;  // (virus, warrior, the card widening it)
  };
  std::vector<Held> exposed;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kExposed && m.player == seat) exposed.push_back({m.source, m.target, m.other});
  std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kExposed && m.player == seat; });
  std::vector<Held> sick;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kInfected && m.player == seat) sick.push_back({m.source, m.target, m.other});
  // Named copies, not structured bindings: clang 14 (the sanitizer build) cannot capture those.
  for (const auto& pair : exposed) {
    const CardId v = pair.first, d = pair.second;
    if (!is_warrior_in_play(s, d)) continue;
    const bool beside = std::any_of(sick.begin(), sick.end(), [&](const auto& p) {
      return s.card(p.first).def == s.card(v).def && is_warrior_in_play(s, p.second) && same_area(s, p.second, d);
    });
    if (beside) infect(s, v, d, seat, pair.reach, log);
  }
  // Those beside an infected warrior now are exposed until the next Draw step.
  sick.clear();
  for (const LastingMod& m : s.lasting)
    if (m.lock == kInfected && m.player == seat) sick.push_back({m.source, m.target, m.other});
  for (const auto& pair : sick) {
    const CardId v = pair.first, w = pair.second;
    if (!is_warrior_in_play(s, w)) continue;
    each_neighbour(s, w, v, pair.reach, seat, [&](CardId d) {
      for (const LastingMod& m : s.lasting)
        if (m.lock == kExposed && m.target == d && s.card(m.source).def == s.card(v).def) return;
      LastingMod m{v, d, {}, kNoTurnEnds};
      m.lock = kExposed;
      m.player = int8_t(seat);
      m.other = pair.reach;
      s.lasting.push_back(m);
    });
  }
}

void spread_at_once(State& s, Log log) {
  bool any = false;
  for (const LastingMod& m : s.lasting) any = any || (m.lock == kInfected && s.def(m.source).virus.spreads_at_once);
  if (!any) return;
  for (bool more = true; more;) {  // a newly infected warrior spreads it in turn
    more = false;
    std::vector<LastingMod> sick;
    for (const LastingMod& m : s.lasting)
      if (m.lock == kInfected && s.def(m.source).virus.spreads_at_once) sick.push_back(m);
    for (const LastingMod& m : sick) {
      if (!is_warrior_in_play(s, m.target)) continue;
      std::vector<CardId> reach;
      each_neighbour(s, m.target, m.source, m.other, m.player, [&](CardId d) { if (!shielded(s, d)) reach.push_back(d); });
      for (CardId d : reach) infect(s, m.source, d, m.player, m.other, log), more = true;
    }
  }
}

int virus_fewer_draws(const State& s, int seat) {
  int n = 0;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kInfected && is_warrior_in_play(s, m.target) && s.card(m.target).controller == seat)
      n += s.def(m.source).virus.fewer_draws;
  return n;
}

}  // namespace dt::detail
