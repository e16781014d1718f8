// MYSTIC (mystic.hpp).
#include "effects/costs/mystic.hpp"

#include <algorithm>

#include "markers.hpp"
#include "turn/turn.hpp"
#include "effects/modifiers/phantasm.hpp"
#include "internal.hpp"

namespace dt::detail {

int mystic_pays(State& s, const Option& o, int price) {
  if (o.mystic == kNoCard) return price;
  const CardId m = o.mystic;
  if (size_t(m) >= s.cards.size() || !is_warrior_in_play(s, m) || m == o.c) return price;
  const int given = spell_fund(s, m, o.a);
  discard_from_play(s, m);
  return std::max(0, price - given);
}

static LastingMod* waiting(State& s, CardId spell) {
  for (LastingMod& m : s.lasting)
    if (m.lock == kMysticAsked && m.source == spell) return &m;
  return nullptr;
}
static const LastingMod* waiting(const State& s, CardId spell) { return waiting(const_cast<State&>(s), spell); }

static Option cast_of(const LastingMod& m) {
  Option o{OptKind::Play, m.source, m.target};
  o.c = m.other;
  o.seat = m.player;
  o.n = m.times;
  return o;
}

// What the cast costs for `times` purchases (PHANTASM: its model's price).
static int price(const State& s, const Option& o, int times) {
  if (takes_ratings(s.def(o.a))) return cast_price_on_model(s, o.c, o.a, o.b);
  return cast_price(s, o.c, o.a, times, o.b);
}

struct Growth {
  int times, paid;  // the spell's purchases and its player's share, with `given` D more from MYSTICs
};
static Growth grown(const State& s, const Option& o, int paid, int given) {
  const PlaySpec& p = *s.def(o.a).play;
  int times = o.n;
  if (p.per_d > 0 && !takes_ratings(s.def(o.a)))
    while ((p.max_times <= 0 || times < p.max_times) && price(s, o, times + 1) <= paid + given) ++times;
  return {times, std::clamp(price(s, o, times) - given, 0, paid)};
}

// seat's MYSTICs that may give D to this cast: neither its caster nor its target.
static std::vector<CardId> givers(const State& s, int seat, const Option& o) {
  std::vector<CardId> out;
  for (CardId m : s.seats[size_t(seat)].in_play)
    if (m != o.c && m != o.b && is_warrior_in_play(s, m) && spell_fund(s, m, o.a) > 0) out.push_back(m);
  return out;
}

// Asks the first player from `from` on (other than the caster's) with a MYSTIC
// whose D would change the cast. True if asked.
static bool ask_next(State& s, int caster_seat, int from, const LastingMod& m) {
  const Option o = cast_of(m);
  if (!is_warrior_in_play(s, o.c)) return false;
  auto changes_cast = [&](CardId giver) {
    const Growth g = grown(s, o, m.count, m.given + spell_fund(s, giver, o.a));
    return g.times != o.n || g.paid != m.count;
  };
  for (uint8_t q : seats_from(s, from)) {
    if (q == caster_seat) break;  // every other player had its turn to answer
    if (s.seats[q].eliminated) continue;
    std::vector<CardId> ms = givers(s, q, o);
    if (std::none_of(ms.begin(), ms.end(), changes_cast)) continue;
    ask_pick(s, o.a, o.b, caster_seat, q, std::move(ms));
    s.choices.back().target_seat = o.seat;
    return true;
  }
  return false;
}

bool offer_mystic(State& s, int seat, const Option& o, int paid) {
  LastingMod m{o.a, o.b, {}, kNoTurnEnds, kNoCard, 0, kMysticAsked};
  m.player = o.seat;
  m.other = o.c;
  m.times = int16_t(std::clamp<int>(o.n, 0, 127));
  m.count = int16_t(std::clamp(paid, 0, 127));
  m.given = int16_t(o.mystic != kNoCard ? spell_fund(s, o.mystic, o.a) : 0);  // the caster's own MYSTIC already gave
  if (!ask_next(s, seat, next_active_seat(s, seat), m)) return false;
  s.lasting.push_back(m);
  return true;
}

bool is_mystic_choice(const State& s, const PendingChoice& ch) {
  return !ch.candidates.empty() && waiting(s, ch.source) != nullptr;
}

void mystic_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left != 0)
    for (CardId m : ch.candidates)
      if (is_warrior_in_play(s, m)) out.push_back({OptKind::Choose, m});
  out.push_back(choose_done());
}

void apply_mystic_choice(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, o.a, o.p});
  ch.picks_left = 0;
  LastingMod* m = waiting(s, ch.source);
  if (o.a == kNoCard || !m || !is_warrior_in_play(s, o.a)) return;
  // Its D go into the spell as the caster's: more purchases, or the caster's D back.
  const int given = spell_fund(s, o.a, ch.source);
  const Growth g = grown(s, cast_of(*m), m->count, m->given + given);
  destiny(s, ch.by) += m->count - g.paid;
  m->times = int16_t(std::clamp(g.times, 0, 127));
  m->count = int16_t(g.paid);
  m->given = int16_t(std::min(127, m->given + given));
  discard_from_play(s, o.a);
}

void mystic_choice_done(State& s, const PendingChoice& ch, Log log) {
  LastingMod* m = waiting(s, ch.source);
  if (!m) return;
  const LastingMod kept = *m;
  if (ask_next(s, ch.by, next_active_seat(s, ch.seat), kept)) return;
  std::erase_if(s.lasting, [&](const LastingMod& x) { return x.lock == kMysticAsked && x.source == ch.source; });
  const Option o = cast_of(kept);
  if (!is_warrior_in_play(s, o.c)) return;  // no caster left: the spell does nothing
  play_resolves(s, ch.by, o, log);
}

}  // namespace dt::detail
