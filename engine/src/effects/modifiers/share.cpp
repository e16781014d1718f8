// Ratings shared out anew: see share.hpp.
#include "effects/modifiers/share.hpp"

#include <algorithm>

#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

namespace {
int& stat_ref(Stats& st, int i) { return i == 0 ? st.f : i == 1 ? st.s : i == 2 ? st.a : st.v; }
int stat_of(const Stats& st, int i) { return i == 0 ? st.f : i == 1 ? st.s : i == 2 ? st.a : st.v; }

const Effect* share_in(const std::vector<Effect>& fx) {
  for (const Effect& e : fx)
    if (e.op == Op::ShareRatings && e.share) return &e;
  return nullptr;
}

// The card's SHARE_RATINGS effect (a card has one): its play's, an ability's or what it does as it is bestowed.
const Effect* share_effect(const CardDef& d) {
  if (d.play)
    if (const Effect* e = share_in(d.play->effects)) return e;
  for (const Ability& a : d.abilities)
    if (const Effect* e = share_in(a.effects)) return e;
  return share_in(d.on_attach);
}

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

// The question keeps in PendingChoice::candidates the points to share out first, then the points given to
// each rating asked so far; picks_left is the points not given yet.
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
  if (ch.fetch == kShareQuestion) {
    ch.candidates.push_back(CardId(points));
    ch.picks_left = int16_t(points);
  }
  if (sh.base) {  // a change of base ratings: a marker, counted once every rating is named
    LastingMod m{source, w, {}, kNoTurnEnds};
    m.lock = kSharedRatings;
    m.waits = true;
    if (sh.for_good) m.other = source;  // held while its card stays on the warrior
    s.lasting.push_back(m);
  }
}

bool is_share_choice(const State&, const PendingChoice& ch) {
  return ch.fetch == kShareQuestion || ch.fetch == kShareTrade;
}

void share_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  const Effect* e = share_effect(s.def(ch.source));
  if (!e || !is_warrior_in_play(s, ch.target)) return out.push_back(choose_done());
  if (ch.fetch == kShareTrade) {  // how many points of the rating given up: none below 0
    const int most = std::max(0, stat_of(base_stats(s, ch.target), e->share->from));
    for (int n = 0; n <= most; ++n) out.push_back(choose_answer(n));
    return;
  }
  const int left = ch.candidates.empty() ? 0 : std::max<int>(0, ch.picks_left);
  for (int n = 0; n <= left; ++n) out.push_back(choose_answer(n));
}

// Every rating named: the points given make the change.
static void share_done(State& s, PendingChoice& ch, const ShareSpec& sh, Log log) {
  const CardId w = ch.target;
  int given[4] = {0, 0, 0, 0};
  const int points = int(ch.candidates[0]);
  int used = 0;
  for (size_t k = 0; k < sh.stats.size(); ++k) {
    const int n = k + 1 < ch.candidates.size() ? int(ch.candidates[k + 1]) : points - used;  // the last: what is left
    given[sh.stats[k]] += std::max(0, n);
    used += std::max(0, n);
  }
  ch.picks_left = 0;
  int change[4] = {0, 0, 0, 0};
  if (sh.points == ShareSpec::Points::KeepSum) {
    const Stats base = base_stats(s, w);
    for (uint8_t i : sh.stats) change[i] = given[i] - std::max(0, stat_of(base, i));
  } else {
    for (int i = 0; i < 4; ++i) change[i] = given[i];
    if (sh.points == ShareSpec::Points::Traded && sh.from >= 0) change[sh.from] -= int(ch.user);
  }
  emit(log, {EventKind::Effect, int8_t(ch.seat), ch.source, w, int(Op::ShareRatings), -1});
  if (sh.base) {
    LastingMod* m = asked_marker(s, ch.source, w);
    if (!m) return;
    for (int i = 0; i < 3; ++i) change_of(*m, i) = int16_t(change[i]);
    m->waits = false;
    if (!sh.for_good && !s.combat.active) std::erase_if(s.lasting, [&](const LastingMod& x) { return &x == m; });
    return;
  }
  if (!s.combat.active) return;
  StatBonus b;
  b.f = int8_t(change[0]), b.s = int8_t(change[1]), b.a = int8_t(change[2]), b.v = int8_t(change[3]);
  s.combat.mods.push_back({ch.source, w, b});
}

void apply_share(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, kNoCard, o.p});
  const Effect* e = share_effect(s.def(ch.source));
  if (!e || o.p < 0 || !is_warrior_in_play(s, ch.target)) {
    ch.picks_left = 0;
    std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kSharedRatings && m.waits && m.source == ch.source; });
    return;
  }
  const ShareSpec& sh = *e->share;
  if (ch.fetch == kShareTrade) {  // the points given up, each worth `rate`
    ch.user = CardId(o.p);  // kept for the change of the rating given up
    const int points = o.p * sh.rate;
    ch.fetch = kShareQuestion;
    ch.candidates = {CardId(points)};
    ch.picks_left = int16_t(points);
    if (sh.stats.size() <= 1 || points == 0) share_done(s, ch, sh, log);
    return;
  }
  ch.candidates.push_back(CardId(o.p));
  ch.picks_left = int16_t(std::max(0, ch.picks_left - o.p));
  // Every rating but the last named (the last takes what is left), or nothing left to give: done.
  if (ch.candidates.size() >= sh.stats.size() || ch.picks_left == 0) share_done(s, ch, sh, log);
}

void add_shared_base(const State& s, CardId w, Stats& st) {
  bool any = false;
  for (const LastingMod& m : s.lasting) {
    if (m.lock != kSharedRatings || m.target != w || m.waits) continue;
    // A share for good holds while its card stays on the warrior (CHANGELING POWER's gift).
    if (m.other != kNoCard && (s.card(m.other).zone != Zone::InPlay || s.card(m.other).attached_to != w)) continue;
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
