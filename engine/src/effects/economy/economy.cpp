// Player-level rules of D, P and draws (economy.hpp).
#include "effects/economy/economy.hpp"

#include <algorithm>

#include "internal.hpp"
#include "markers.hpp"
#include "effects/lasting/virus.hpp"
#include "effects/economy/ledger.hpp"
#include "effects/lasting/shutdown.hpp"

namespace dt::detail {

namespace {

// Calls f(card, rules) for every card in play, face up, with economy rules
// reaching `seat` (its own, or every player's); seat -1: every such card.
template <class F>
void for_each_rule(const State& s, int seat, F f) {
  for (const SeatState& st : s.seats)
    for (CardId c : st.in_play) {
      const CardInst& ci = s.card(c);
      if (ci.hidden) continue;
      if ((s.families & famTurnedDown) && is_shut_down(s, c)) continue;  // ECONOMIC COLLAPSE: it does nothing
      const CardDef& d = s.def(c);
      if (!d.economy || !(seat < 0 || d.economy->every_player || ci.controller == seat)) continue;
      if (seat >= 0 && (s.families & famPlayerImmunity) && player_immune_to(s, seat, c)) continue;  // SURPLUS
      f(c, *d.economy);
    }
}

bool in_game(const State& s) { return (s.families & famEconomy) != 0; }

}  // namespace

int meditate_yield(const State& s, int seat) {
  int d = 1;
  if (!in_game(s)) return d;
  int set = -1;
  for_each_rule(s, seat, [&](CardId, const EconomyRules& r) {
    if (r.meditate_d >= 0) set = set < 0 ? r.meditate_d : std::min<int>(set, r.meditate_d);
  });
  return set < 0 ? d : set;
}

int muster_price(const State& s, int seat, CardId w) {
  const int v = s.def(w).v;
  if (!in_game(s)) return v;
  bool half = false;
  for_each_rule(s, seat, [&](CardId c, const EconomyRules& r) {
    half = half || (r.half_muster && filter_matches(s, *r.half_muster, w, s.card(c).controller));
  });
  return half ? (v + 1) / 2 : v;
}

void cap_destiny(State& s) {
  if (!in_game(s)) return;
  for (int t = 0; t < s.num_seats(); ++t) {  // each player's own cap: a player may be immune to the card (SURPLUS)
    int cap = 0;
    for_each_rule(s, t, [&](CardId, const EconomyRules& r) {
      if (r.max_d > 0) cap = cap ? std::min<int>(cap, r.max_d) : r.max_d;
    });
    if (!cap) continue;
    if (s.families & famKeptD) set_reachable_d(s, t, std::min(reachable_d(s, t), cap));  // BAUHAUS BANK's credit kept
    else destiny(s, t) = std::min(destiny(s, t), cap);
  }
}

int draw_step_cap(const State& s, int seat, int want) {
  if (const int fewer = virus_fewer_draws(s, seat)) want = std::max(std::min(want, 1), want - fewer);  // PARASITIC STUPOR
  if (!in_game(s)) return want;
  for_each_rule(s, seat, [&](CardId, const EconomyRules& r) {
    if (r.max_draw >= 0) want = std::min<int>(want, r.max_draw);
  });
  return want;
}

// The price a player's own economy cards put on it; another player's card asks
// nothing of a player whose points are shielded.
template <class Field>
static int price_of(const State& s, int seat, Field field) {
  int n = 0;
  for_each_rule(s, seat, [&](CardId c, const EconomyRules& r) {
    if (!points_shielded(s, seat, s.card(c).owner)) n += field(r);
  });
  return n;
}

bool draw_step_barred(State& s, int seat) {
  const size_t before = s.lasting.size();
  std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kNoDraw && m.player == seat; });
  return s.lasting.size() != before;
}

void pay_for_draws(State& s, int seat, int drawn) {
  if (!in_game(s) || drawn <= 0) return;
  const int each = price_of(s, seat, [](const EconomyRules& r) { return int(r.d_per_draw); });
  int& d = destiny(s, seat);
  d = std::max(0, d - each * drawn);
}

int special_surcharge(const State& s, int seat) {
  if (!in_game(s)) return 0;
  return price_of(s, seat, [](const EconomyRules& r) { return int(r.d_per_special); });
}

int p_kept_after_price(State& s, int seat, int p) {
  if (!in_game(s) || p <= 0) return p;
  const int each = price_of(s, seat, [](const EconomyRules& r) { return int(r.d_per_p); });
  if (each <= 0) return p;
  int& d = destiny(s, seat);
  const int kept = std::min(p, d / each);
  d -= kept * each;
  return kept;
}

void pay_for_p(State& s, int seat, int d_each) {
  const int payer = s.recent_p_seat, p = s.recent_p;
  if (payer < 0 || payer == seat || p <= 0 || points_shielded(s, payer, seat)) return;
  s.recent_p = 0;  // paid for, or lost: no card asks for them again
  const int price = d_each * p;
  if (destiny(s, payer) >= price) {
    destiny(s, payer) -= price;
    destiny(s, seat) += price;
  } else {
    s.seats[size_t(payer)].promotion -= p;
  }
}

bool points_shielded(const State& s, int seat, int by, CardId source) {
  if (!in_game(s) || seat == by || seat < 0) return false;
  const CardDef* src = source != kNoCard ? &s.def(source) : nullptr;
  const std::string* named = src && src->play && !src->play->filter.designation.empty() ? &src->play->filter.designation : nullptr;
  for (CardId c : s.seats[size_t(seat)].in_play) {
    const CardDef& d = s.def(c);
    if (!d.economy || !d.economy->shields_points || s.card(c).hidden) continue;
    // Printed BAUHAUS SECURITY GUARD: only while in its Squad; a shield that asks lets through the card its player
    // agreed to (effects/economy/ledger.hpp).
    if (d.economy->shield_areas && !(d.economy->shield_areas & bit(s.card(c).area))) continue;
    if (d.economy->shield_asks && source != kNoCard && consent_given(s, seat, source)) continue;
    if (named && has_designation_text(s, c, *named)) continue;  // ROBBED BLIND: the BANK it was played for
    return true;
  }
  return false;
}

}  // namespace dt::detail
