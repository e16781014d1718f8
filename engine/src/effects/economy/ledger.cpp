// D kept apart, credit, shields asked: see ledger.hpp.
#include "effects/economy/ledger.hpp"

#include <algorithm>

#include "effects/economy/economy.hpp"
#include "effects/lasting/card_markers.hpp"
#include "effects/lasting/shutdown.hpp"
#include "effects/triggers/undo.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

namespace {

bool ledger(const LastingMod& m, int16_t kind) { return m.lock == kPlayerLedger && m.given == kind; }

// Do seats a and b keep their D in one pool?
bool same_pool(const State& s, int a, int b) { return s.seats[size_t(a)].pool_seat == s.seats[size_t(b)].pool_seat; }

// The credit `seat`'s pool holds lent: the D of it not spent yet.
int lent_d(const State& s, int seat) {
  int n = 0;
  for (const LastingMod& m : s.lasting)
    if (ledger(m, kLedgerCredit) && same_pool(s, m.player, seat)) n += m.times;
  return n;
}

// A card giving credit, in play face up and working: its rules.
const EconomyRules* credit_rules(const State& s, CardId c) {
  const CardDef& d = s.def(c);
  if (!d.economy || d.economy->credit_d <= 0) return nullptr;
  const CardInst& ci = s.card(c);
  if (ci.zone != Zone::InPlay || ci.hidden || ((s.families & famTurnedDown) && is_shut_down(s, c))) return nullptr;
  return &*d.economy;
}

LastingMod* credit_of(State& s, CardId card) {
  for (LastingMod& m : s.lasting)
    if (ledger(m, kLedgerCredit) && m.source == card) return &m;
  return nullptr;
}

}  // namespace

void keep_apart_d(State& s, int seat, CardId source, int d) {
  d = std::max(0, d);
  destiny(s, seat) += d;
  for (LastingMod& m : s.lasting)
    if (ledger(m, kLedgerApart) && m.player == seat) {
      m.count = int16_t(std::min(30000, m.count + d));
      return;
    }
  LastingMod m{source, kNoCard, {}, kNoTurnEnds};
  m.lock = kPlayerLedger;
  m.given = kLedgerApart;
  m.player = int8_t(seat);
  m.count = int16_t(std::min(30000, d));
  s.lasting.push_back(m);
}

bool meditate_barred(const State& s, int seat) {
  return std::any_of(s.lasting.begin(), s.lasting.end(),
                     [&](const LastingMod& m) { return ledger(m, kLedgerApart) && m.player == seat; });
}

int untouchable_d(const State& s, int seat) {
  if (!(s.families & famKeptD)) return 0;
  int n = 0;
  for (const LastingMod& m : s.lasting)
    if ((ledger(m, kLedgerApart) || ledger(m, kLedgerCredit)) && same_pool(s, m.player, seat))
      n += m.given == kLedgerApart ? m.count : m.times;
  return std::min(n, destiny(s, seat));
}

int reachable_d(const State& s, int seat) { return destiny(s, seat) - untouchable_d(s, seat); }

void set_reachable_d(State& s, int seat, int d) { destiny(s, seat) = untouchable_d(s, seat) + std::max(0, d); }

void settle_ledgers(State& s) {
  // Credit lent as its card comes into play (under its controller), withdrawn once it has gone.
  for (const SeatState& st : s.seats)
    for (CardId c : st.in_play) {
      const EconomyRules* r = credit_rules(s, c);
      if (!r || credit_of(s, c)) continue;
      LastingMod m{c, kNoCard, {}, kNoTurnEnds};
      m.lock = kPlayerLedger;
      m.given = kLedgerCredit;
      m.player = int8_t(s.card(c).controller);
      m.times = r->credit_d;
      s.lasting.push_back(m);
      destiny(s, m.player) += r->credit_d;
    }
  for (size_t i = 0; i < s.lasting.size();) {
    const LastingMod& m = s.lasting[i];
    if (ledger(m, kLedgerCredit) && (!credit_rules(s, m.source) || s.card(m.source).controller != m.player)) {
      destiny(s, m.player) = std::max(0, destiny(s, m.player) - m.times);  // what it owed goes with the card
      s.lasting.erase(s.lasting.begin() + long(i));
      continue;
    }
    ++i;
  }
  // D spent beyond a pool's own: owed on its credit (shown as the card's markers); then the D kept apart, spent once
  // the plain D are gone.
  std::vector<std::pair<CardId, int>> owed;
  for (int k = 0; k < s.num_seats(); ++k) {
    if (s.seats[size_t(k)].pool_seat != k) continue;
    int own = s.seats[size_t(k)].pool - lent_d(s, k);
    for (LastingMod& m : s.lasting) {
      if (own >= 0) break;
      if (!ledger(m, kLedgerCredit) || !same_pool(s, m.player, k)) continue;
      const int x = std::min<int>(m.times, -own);
      m.times = int16_t(m.times - x);
      m.count = int16_t(m.count + x);
      own += x;
      owed.push_back({m.source, m.count});
    }
    int left = std::max(0, own);
    for (LastingMod& m : s.lasting)
      if (ledger(m, kLedgerApart) && same_pool(s, m.player, k)) {
        m.count = int16_t(std::min<int>(m.count, left));
        left -= m.count;
      }
  }
  for (auto [card, n] : owed) set_markers(s, card, n);
}

int owed_d(const State& s, int seat) {
  if (!(s.families & famKeptD)) return 0;
  int n = 0;
  for (const LastingMod& m : s.lasting)
    if (ledger(m, kLedgerCredit) && m.player == seat) n += m.count;
  return n;
}

bool team_owes(const State& s, int team) {
  for (int i = 0; i < s.num_seats(); ++i)
    if (s.seats[size_t(i)].team == team && owed_d(s, i) > 0) return true;
  return false;
}

bool repay_possible(const State& s, int seat, CardId source) {
  const EconomyRules* r = credit_rules(s, source);
  if (!r) return false;
  for (const LastingMod& m : s.lasting)
    if (ledger(m, kLedgerCredit) && m.source == source)
      return m.player == seat && m.count > 0 && destiny(s, seat) - lent_d(s, seat) >= std::max<int>(1, r->credit_repay_d);
  return false;
}

void repay_credit(State& s, int seat, CardId source, Log log) {
  if (!repay_possible(s, seat, source)) return;
  LastingMod* m = credit_of(s, source);
  const int price = std::max<int>(1, s.def(source).economy->credit_repay_d);
  --m->count;
  ++m->times;  // lent again
  set_markers(s, source, m->count);  // what is owed, shown on the card
  destiny(s, seat) -= price - 1;
  emit(log, {EventKind::Effect, int8_t(seat), source, kNoCard, int(Op::Handler), seat});
}

// ---- Shields asked ----

bool consent_given(const State& s, int seat, CardId source) {
  return std::any_of(s.lasting.begin(), s.lasting.end(), [&](const LastingMod& m) {
    return ledger(m, kLedgerConsent) && m.source == source && m.player == seat && m.count == 1;
  });
}

static bool answered(const State& s, int seat, CardId source) {
  return std::any_of(s.lasting.begin(), s.lasting.end(), [&](const LastingMod& m) {
    return ledger(m, kLedgerConsent) && m.source == source && m.player == seat;
  });
}

// The D and P operations a shield keeps off (economy.cpp points_shielded's callers in ops.cpp).
static bool takes_points(const Effect& e) {
  return e.op == Op::LoseD || e.op == Op::LoseP || e.op == Op::EmptyD || e.op == Op::HalveP || e.op == Op::SwapD;
}

// The players the card's effects would change the D or P of, as the card is played on t.
static std::vector<int> reached_players(const State& s, int by, const std::vector<Effect>& fx, Target t) {
  std::vector<int> out;
  auto add = [&](int p) {
    if (p >= 0 && p != by && std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
  };
  for (const Effect& e : fx) {
    if (!takes_points(e) && !e.per_target_d) continue;
    if (e.who == Who::TargetPlayer || (e.who == Who::Target && t.seat >= 0) || e.per_target_d) add(t.seat);
    if (e.who == Who::EachPlayer)
      for (int p = 0; p < s.num_seats(); ++p)
        if (!s.seats[size_t(p)].eliminated && !(e.filter.other && p == by)) add(p);
  }
  return out;
}

// A shield that asks, held by `seat` against `by`'s card.
static bool asking_shield(const State& s, int seat, int by, CardId card) {
  for (CardId c : s.seats[size_t(seat)].in_play) {
    const CardDef& d = s.def(c);
    if (d.economy && d.economy->shields_points && d.economy->shield_asks && !s.card(c).hidden &&
        (!d.economy->shield_areas || (d.economy->shield_areas & bit(s.card(c).area))))
      return points_shielded(s, seat, by, card);
  }
  return false;
}

bool ask_consent(State& s, int by, CardId card, Target t, int times) {
  const CardDef& d = s.def(card);
  if (!d.play) return false;
  for (int seat : reached_players(s, by, d.play->effects, t)) {
    if (answered(s, seat, card) || !asking_shield(s, seat, by, card)) continue;
    PendingChoice ch;
    ch.source = card;
    ch.target = t.card;
    ch.target_seat = t.seat;
    ch.by = uint8_t(by);
    ch.seat = uint8_t(seat);
    ch.picks_left = 1;
    ch.fetch = kFetchConsent;
    ch.user = CardId(std::clamp(times, 0, 127));
    s.choices.insert(s.choices.begin(), std::move(ch));
    return true;
  }
  return false;
}

bool is_consent_choice(const State&, const PendingChoice& ch) { return ch.fetch == kFetchConsent; }

void consent_options(const State&, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left == 0) return;
  out.push_back(choose_answer(0));  // kept off
  out.push_back(choose_answer(1));  // let through
}

void apply_consent(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, kNoCard, o.p});
  ch.picks_left = 0;
  LastingMod m{ch.source, kNoCard, {}, kNoTurnEnds};
  m.lock = kPlayerLedger;
  m.given = kLedgerConsent;
  m.player = int8_t(ch.seat);
  m.count = o.p == 1 ? 1 : 0;
  s.lasting.push_back(m);
}

void consent_choice_done(State& s, const PendingChoice& ch, Log log) {
  const Target t{ch.target, ch.target_seat};
  const int times = ch.user;
  if (!answered(s, ch.seat, ch.source)) {  // left unanswered: kept off
    LastingMod m{ch.source, kNoCard, {}, kNoTurnEnds};
    m.lock = kPlayerLedger;
    m.given = kLedgerConsent;
    m.player = int8_t(ch.seat);
    s.lasting.push_back(m);
  }
  if (ask_consent(s, ch.by, ch.source, t, times)) return;  // the next shielded player
  const CardDef& d = s.def(ch.source);
  const PlaySpec& p = *d.play;
  std::vector<CardId> candidates;
  if (p.choice) candidates = choice_candidates(s, ch.by, ch.source, t, times);
  {
    const UndoRecorder record(s, ch.source);  // what it changes, for a cancel to put back
    run_effects(s, ch.by, ch.source, kNoCard, t, times, p.effects, log, nullptr);
  }
  std::erase_if(s.lasting, [&](const LastingMod& m) { return ledger(m, kLedgerConsent) && m.source == ch.source; });
  if (p.choice) queue_choice(s, ch.by, ch.source, t, times, std::move(candidates), log);
}

}  // namespace dt::detail
