// Cards that change turns while they are in play (docs/effects.md "Turn
// rules"): more or fewer actions, Tactical actions beyond the one the gEngine
// "STEP TWO: ACTIONS" allows (extra ones for a warrior, standard actions
// converted for some warriors), a Tactical action that does not end the step,
// and a cap of one Tactical action between a player's Draw steps. Looked for
// only in a game holding such a card (State::families).
#include <algorithm>

#include "effects/lasting/prison.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

namespace {

// Does card c's turn_rules apply to `seat`'s turns (it is in play, face up, its
// controller's or every player's)?
bool applies(const State& s, CardId c, int seat) {
  const CardInst& ci = s.card(c);
  if (ci.zone != Zone::InPlay || ci.hidden) return false;
  const CardDef& d = s.def(c);
  return d.turn_rules && (d.turn_rules->every_player || ci.controller == seat);
}

// Calls f(card) for every card in play whose turn rules apply to `seat`.
template <class F>
void for_each_rule_card(const State& s, int seat, F f) {
  if (!(s.families & famTurnRules)) return;
  for (const SeatState& st : s.seats)
    for (CardId c : st.in_play) {
      if (applies(s, c, seat)) f(c);
      for (CardId a : attachments_of(s, c))
        if (applies(s, a, seat)) f(a);
    }
}

// How many Tactical actions card `src` has given this turn.
int used_of(const State& s, CardId src) {
  int n = 0;
  for (const LastingMod& m : s.lasting) n += m.lock == kTurnRuleUsed && m.source == src;
  return n;
}

// Who may take a card's extra or converted Tactical actions.
bool taken_by(const State& s, CardId src, CardId w, int seat) {
  const TurnRules& r = *s.def(src).turn_rules;
  if (r.bearer_only && bearer_of(s, src) != w) return false;
  return !r.by || filter_matches(s, *r.by, w, seat);
}

}  // namespace

DiscardAllowance discard_allowance(const State& s, int seat) {
  DiscardAllowance a;
  for_each_rule_card(s, seat, [&](CardId c) {
    const TurnRules& r = *s.def(c).turn_rules;
    a.free = std::max<int>(a.free, r.discards);
    if (r.extra_discard_d > 0) a.extra_d = a.extra_d ? std::min<int>(a.extra_d, r.extra_discard_d) : r.extra_discard_d;
  });
  return a;
}

TurnGate turn_gate(const State& s, int seat) {
  TurnGate g;
  for_each_rule_card(s, seat, [&](CardId c) {
    const TurnRules& r = *s.def(c).turn_rules;
    if (!r.per_prisoner) g.actions += r.actions;  // PRISONER WORK CAMP's: fixed as the turn starts (prisoner_actions)
    g.one_tactical |= r.one_tactical;
    g.keeps_step |= r.tactical_keeps_step;
    g.extra |= r.extra_tacticals > 0 || r.conversions != 0;
  });
  return g;
}

int turn_rule_actions(const State& s, int seat) {
  if (!(s.families & famTurnRules)) return 0;
  return turn_gate(s, seat).actions;
}

// The card whose extra (no action) or converted (one action) Tactical action
// `w` would take now, or kNoCard.
static CardId extra_source(const State& s, int seat, CardId w, bool converted) {
  CardId found = kNoCard;
  if (w == kNoCard) return found;
  for_each_rule_card(s, seat, [&](CardId c) {
    if (found != kNoCard) return;
    const TurnRules& r = *s.def(c).turn_rules;
    const int allowed = converted ? r.conversions : r.extra_tacticals;
    if (allowed == 0 || !taken_by(s, c, w, seat)) return;
    if (allowed > 0 && used_of(s, c) >= allowed) return;
    if (converted && (s.actions_left < 1 || destiny(s, seat) < r.conversion_cost_d)) return;
    found = c;
  });
  return found;
}

bool tactical_allowed(const State& s, int seat, CardId w) {
  if (free_attacks(s, seat)) return true;
  const TurnGate g = turn_gate(s, seat);
  if (!s.tactical_used && s.actions_left >= 1) return true;
  if (g.one_tactical) return false;
  if (s.extra_tacticals && s.actions_left >= 1) return true;
  if (!g.extra) return false;
  return extra_source(s, seat, w, false) != kNoCard || extra_source(s, seat, w, true) != kNoCard;
}

bool more_tacticals(const State& s, int seat) {
  if (!(s.families & famTurnRules)) return false;
  const TurnGate g = turn_gate(s, seat);
  return g.extra && !g.one_tactical;
}

int spend_tactical(State& s, int seat, CardId w, int cost) {
  if (free_attacks(s, seat)) {  // the Dark Legion player of 1st ed option 4: actions like any other
    s.actions_left -= cost;
    return 0;
  }
  const TurnGate g = s.families & famTurnRules ? turn_gate(s, seat) : TurnGate{};
  if (!g.one_tactical) {
    if (s.extra_tacticals) {  // BLOOD LUST, INITIATIVE: this one does not end the step
      --s.extra_tacticals;
      s.actions_left -= cost;
      return 0;
    }
    if (g.extra) {
      // A warrior's own extra Tactical action costs no action (COMMAND HELMET).
      if (const CardId c = extra_source(s, seat, w, false); c != kNoCard) {
        s.lasting.push_back({c, kNoCard, {}, uint8_t(seat), kNoCard, 0, kTurnRuleUsed});
        return 0;
      }
      // A converted standard action keeps the step open: taken while the turn's own
      // Tactical action is spent, or when actions are left after this one.
      if (s.tactical_used || s.actions_left > cost)
        if (const CardId c = extra_source(s, seat, w, true); c != kNoCard) {
          const TurnRules& r = *s.def(c).turn_rules;
          if (!s.tactical_used && r.conversion_cost_d > 0 && g.keeps_step) {
            // the turn's own Tactical action is free: taken first (SMELL OF WAR)
          } else {
            destiny(s, seat) -= r.conversion_cost_d;
            s.lasting.push_back({c, kNoCard, {}, uint8_t(seat), kNoCard, 0, kTurnRuleUsed});
            s.actions_left -= cost;
            return 0;
          }
        }
    }
  }
  s.tactical_used = true;
  if (g.keeps_step) {  // BATTLEFIELD CHAOS: standard actions may follow it
    s.actions_left -= cost;
    return 0;
  }
  const int spare = s.actions_left - cost;
  s.actions_left = 0;  // a Tactical action ends the Actions step
  return spare;
}

bool extra_tactical_left(const State& s, int seat) {
  if (!(s.families & famTurnRules)) return false;
  if (s.seats[size_t(seat)].turns_taken <= 1 && !s.rules.tactical_in_first_turn) return false;
  bool any = false;
  for_each_rule_card(s, seat, [&](CardId c) {
    const TurnRules& r = *s.def(c).turn_rules;
    any |= r.extra_tacticals > 0 && used_of(s, c) < r.extra_tacticals;
  });
  return any && !turn_gate(s, seat).one_tactical;
}

int prisoner_actions(const State& s, int seat) {
  int n = 0;
  for_each_rule_card(s, seat, [&](CardId c) {
    const TurnRules& r = *s.def(c).turn_rules;
    if (r.per_prisoner) n += r.actions * prisoners_held(s, c);
  });
  return std::clamp(n, 0, 100);
}

int spare_tacticals(const State& s, int seat) {
  int n = seat == s.current ? s.extra_tacticals : 0;
  if (turn_gate(s, seat).one_tactical) return n;
  for_each_rule_card(s, seat, [&](CardId c) {
    const TurnRules& r = *s.def(c).turn_rules;
    if (r.extra_tacticals > 0) n += std::max(0, r.extra_tacticals - used_of(s, c));
  });
  return n;
}

void spend_spare_tacticals(State& s, int seat, int n) {
  const int from_turn = std::min<int>(n, seat == s.current ? s.extra_tacticals : 0);
  s.extra_tacticals = uint8_t(s.extra_tacticals - from_turn);
  n -= from_turn;
  std::vector<CardId> sources;
  for_each_rule_card(s, seat, [&](CardId c) {
    const TurnRules& r = *s.def(c).turn_rules;
    for (int left = r.extra_tacticals - used_of(s, c); left > 0 && n > 0; --left, --n) sources.push_back(c);
  });
  for (CardId c : sources) s.lasting.push_back({c, kNoCard, {}, uint8_t(seat), kNoCard, 0, kTurnRuleUsed});
}

void index_families(State& s) {
  s.families = 0;
  s.families2 = 0;
  s.granted_designations = 0;
  for (const CardInst& c : s.cards)
    if (c.def < s.db->size()) {  // not a card not known yet (state text)
      const CardDef& d = (*s.db)[c.def];
      s.families |= d.families;
      s.families2 |= d.families2;
      // A card whose designations are not indexed may grant anything.
      s.granted_designations |= d.designation_bits ? d.grant_bits : ~uint64_t(0);
    }
  s.families_of = uint32_t(s.cards.size());
}

void cap_turn_actions(State& s) {
  if (!(s.families & famTurnRules) || s.phase != Phase::Actions) return;
  if (turn_rule_actions(s, s.current) >= 0) return;  // only a card taking actions away (set-ups may give more)
  s.actions_left = std::min(s.actions_left, actions_per_turn_of(s, s.current));
}

}  // namespace dt::detail
