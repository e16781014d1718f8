// Ratings shared out anew: see share.hpp.
#include "effects/modifiers/share.hpp"

#include <algorithm>

#include "effects/card_effect.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

namespace {
int& stat_ref(Stats& st, int i) { return i == 0 ? st.f : i == 1 ? st.s : i == 2 ? st.a : st.v; }
int stat_of(const Stats& st, int i) { return i == 0 ? st.f : i == 1 ? st.s : i == 2 ? st.a : st.v; }

// The card's SHARE_RATINGS effect (a card has one, and the loader gives it its `share`).
const Effect* share_effect(const CardDef& d) { return card_effect(d, Op::ShareRatings); }

// The marker a share in the asking keeps on its warrior.
LastingMod* asked_marker(State& s, CardId source, CardId w) {
  for (LastingMod& m : s.lasting)
    if (m.lock == kSharedRatings && m.source == source && m.target == w && m.waits) return &m;
  return nullptr;
}

// The change a share makes to rating `i`, kept in the marker's record.
int16_t& change_of(LastingMod& m, int i) { return i == 0 ? m.times : i == 1 ? m.count : m.given; }
int change_of(const LastingMod& m, int i) { return i == 0 ? m.times : i == 1 ? m.count : i == 2 ? m.given : 0; }
}  // namespace

// While its player is asked, the share's marker (waits: not counted yet) keeps in its record the points given
// so far to F, S and A (for TRADED, in the given-up rating's place, the points given up), and the question's
// picks_left is four times the points not given yet, plus the place in `stat` of the next rating asked, plus one
// (0 only once it is over). Nothing but card ids goes into PendingChoice::candidates, which the state text reads
// as cards.
static int16_t asking(int left, int next) { return int16_t(left * 4 + next + 1); }
static int left_of(const PendingChoice& ch) { return ch.picks_left > 0 ? (ch.picks_left - 1) / 4 : 0; }
static int next_of(const PendingChoice& ch) { return ch.picks_left > 0 ? (ch.picks_left - 1) % 4 : 0; }

void ask_share(State& s, int seat, CardId source, CardId w, const Effect& e, int times) {
  if (!e.share || !is_warrior_in_play(s, w)) return;
  const ShareSpec& sh = *e.share;
  // A card shares its warrior's ratings once: asked again (bestowed anew), the old share goes.
  std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kSharedRatings && m.source == source && m.target == w; });
  int points = 0;
  const Stats base = base_stats(s, w);
  switch (sh.points) {
    case ShareSpec::Points::KeepSum:
      for (uint8_t i : sh.stats) points += std::max(0, stat_of(base, i));
      break;
    case ShareSpec::Points::Bought: points = std::max(0, times); break;
    case ShareSpec::Points::Traded: break;  // asked first
  }
  if (sh.points != ShareSpec::Points::Traded && points == 0) return;  // nothing to share out
  ask_pick(s, source, w, seat, seat, {}, 1);
  PendingChoice& ch = s.choices.back();
  ch.fetch = sh.points == ShareSpec::Points::Traded ? kShareTrade : kShareQuestion;
  if (ch.fetch == kShareQuestion) ch.picks_left = asking(points, 0);
  LastingMod m{source, w, {}, kNoTurnEnds};
  m.lock = kSharedRatings;
  m.waits = true;
  if (sh.for_good) m.other = source;  // held while its card stays on the warrior
  s.lasting.push_back(m);
}

bool is_share_choice(const State&, const PendingChoice& ch) {
  return ch.fetch == kShareQuestion || ch.fetch == kShareTrade;
}

void share_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  const Effect* e = share_effect(s.def(ch.source));
  if (!e || !is_warrior_in_play(s, ch.target) || ch.picks_left == 0) return out.push_back(choose_done());
  if (ch.fetch == kShareTrade) {  // how many points of the rating given up: none below 0
    const int most = std::max(0, stat_of(base_stats(s, ch.target), e->share->from));
    for (int n = 0; n <= most; ++n) out.push_back(choose_answer(n));
    return;
  }
  for (int n = 0; n <= left_of(ch); ++n) out.push_back(choose_answer(n));
}

// Every rating named (the last one taking what is left): the points given make the change.
static void share_done(State& s, PendingChoice& ch, const ShareSpec& sh, LastingMod& m, Log log) {
  const CardId w = ch.target;
  int given[3] = {m.times, m.count, m.given};
  given[sh.stats.back()] += left_of(ch);
  ch.picks_left = 0;
  int change[4] = {0, 0, 0, 0};
  const Stats base = base_stats(s, w);  // its own marker still waits: not counted
  for (uint8_t i : sh.stats) change[i] = sh.points == ShareSpec::Points::KeepSum ? given[i] - std::max(0, stat_of(base, i)) : given[i];
  if (sh.points == ShareSpec::Points::Traded && sh.from >= 0) change[sh.from] = -given[sh.from];
  emit(log, {EventKind::Effect, int8_t(ch.seat), ch.source, w, int(Op::ShareRatings), -1});
  if (sh.base && (sh.for_good || s.combat.active)) {
    for (int i = 0; i < 3; ++i) change_of(m, i) = int16_t(change[i]);
    m.waits = false;
    return;
  }
  const CardId source = ch.source;
  std::erase_if(s.lasting, [&](const LastingMod& x) { return &x == &m; });
  if (sh.base || !s.combat.active) return;
  StatBonus b;
  b.f = int8_t(change[0]), b.s = int8_t(change[1]), b.a = int8_t(change[2]);
  s.combat.mods.push_back({source, w, b});
}

void apply_share(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, kNoCard, o.p});
  const Effect* e = share_effect(s.def(ch.source));
  LastingMod* m = asked_marker(s, ch.source, ch.target);
  if (!e || !m || o.p < 0 || !is_warrior_in_play(s, ch.target)) {
    ch.picks_left = 0;
    std::erase_if(s.lasting, [&](const LastingMod& x) { return x.lock == kSharedRatings && x.waits && x.source == ch.source; });
    return;
  }
  const ShareSpec& sh = *e->share;
  if (ch.fetch == kShareTrade) {  // the points given up, each worth `rate`
    if (sh.from >= 0 && sh.from < 3) change_of(*m, sh.from) = int16_t(o.p);
    ch.fetch = kShareQuestion;
    ch.picks_left = asking(o.p * sh.rate, 0);
    if (sh.stats.size() <= 1 || o.p == 0) share_done(s, ch, sh, *m, log);
    return;
  }
  const int next = next_of(ch), left = left_of(ch);
  const int n = std::clamp<int>(o.p, 0, left);
  change_of(*m, sh.stats[size_t(next)]) = int16_t(change_of(*m, sh.stats[size_t(next)]) + n);
  ch.picks_left = asking(left - n, next + 1);
  // Every rating but the last named (the last takes what is left), or nothing left to give: done.
  if (size_t(next + 2) >= sh.stats.size() || left - n == 0) share_done(s, ch, sh, *m, log);
}

void add_shared_base(const State& s, CardId w, Stats& st) {
  bool any = false;
  for (const LastingMod& m : s.lasting) {
    if (m.lock != kSharedRatings || m.target != w || m.waits) continue;
    // A share for good holds while its card stays on the warrior (CHANGELING POWER's gift).
    if (m.other != kNoCard && (s.card(m.other).zone != Zone::InPlay || s.card(m.other).attached_to != w)) continue;
    // A share for the combat holds while a combat is under way (one left without its end keeps its marker until
    // the next one starts).
    if (m.other == kNoCard && !s.combat.active) continue;
    for (int i = 0; i < 3; ++i) stat_ref(st, i) += change_of(m, i);
    any = true;
  }
  if (any) st.f = std::max(0, st.f), st.s = std::max(0, st.s), st.a = std::max(0, st.a);
}

void shares_combat_over(State& s) {
  std::erase_if(s.lasting, [&](const LastingMod& m) {
    if (m.lock != kSharedRatings) return false;
    return m.other == kNoCard;  // a share for good names its card
  });
}

}  // namespace dt::detail
