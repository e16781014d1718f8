// What kills and sabotages pay (awards.hpp).
#include "effects/economy/awards.hpp"

#include "dt/designations.hpp"

#include <algorithm>

#include "internal.hpp"

namespace dt::detail {

namespace {

// Is `follower` a FOLLOWER of an Apostle that `other` does not follow (KRYNSTON'S SKULL)?
bool follows_another_apostle(const State& s, CardId follower, CardId other) {
  static constexpr DesigKey kFollowers[] = {"FOLLOWER OF ALGEROTH", "FOLLOWER OF DEMNOGONIS", "FOLLOWER OF ILIAN",
                                            "FOLLOWER OF MUAWIJHE", "FOLLOWER OF SEMAI"};
  for (const DesigKey& f : kFollowers)
    if (has_designation(s, follower, f) && !has_designation(s, other, f)) return true;
  return false;
}

bool rule_holds(const State& s, const AwardRule& r, CardId card, Earning on, CardId earner, CardId victim, int victim_seat) {
  if (r.on != Earning::Any && r.on != on) return false;
  const int seat = s.card(card).controller;
  if (r.killer && !filter_matches(s, *r.killer, earner, seat)) return false;
  if (r.victim && (victim == kNoCard || !filter_matches(s, *r.victim, victim, seat))) return false;
  if (r.by_bearer && earner != card && bearer_of(s, card) != earner) return false;
  if (r.killer_in_its_area &&
      (s.card(earner).controller != seat || s.card(earner).area != s.card(card).area || earner == card))
    return false;
  if (r.killer_defends_here && !(s.combat.warzone == card && s.combat.defender == earner)) return false;
  if (r.victim_defends_here && !(s.combat.warzone == card && s.combat.defender == victim)) return false;
  if (r.tactics && !(s.combat.active && (r.tactics & (s.combat.tactic == Tactic::Fight ? 1 : 2)))) return false;
  if (r.other_apostle && (victim == kNoCard || !follows_another_apostle(s, victim, earner))) return false;
  if (r.against_its_player && victim_seat != seat) return false;
  return true;
}

void apply_rule(AwardChange& ch, const AwardRule& r) {
  if (r.times) ch.times *= r.times;
  ch.add += r.add;
  ch.destiny_only |= r.destiny_only;
  ch.may_take_p |= r.may_take_p;
  if (r.d_times) ch.d_times *= r.d_times;
}

}  // namespace

AwardChange award_change(const State& s, Earning on, CardId earner, CardId victim, int victim_seat) {
  AwardChange ch;
  if (!(s.families & famAwards) || earner == kNoCard) return ch;
  auto visit = [&](CardId c) {
    if (s.card(c).hidden) return;
    for (const AwardRule& r : s.def(c).award_rules)
      if (rule_holds(s, r, c, on, earner, victim, victim_seat)) apply_rule(ch, r);
  };
  for (const SeatState& st : s.seats)
    for (CardId c : st.in_play) {
      if (!s.def(c).award_rules.empty()) visit(c);
      for (CardId a : attachments_of(s, c))
        if (!s.def(a).award_rules.empty()) visit(a);
    }
  return ch;
}

bool earns_d_only(const State& s, CardId earner) {
  return (is_freelancer(s, earner) && !has_ability(s, earner, desig::EarnsP)) ||
         s.def(earner).has_designation(desig::EarnsDOnly);
}

void queue_changed_award(State& s, int seat, int amount, bool destiny_only, CardId source, Earning on, CardId earner,
                         CardId victim, int victim_seat) {
  const AwardChange ch = award_change(s, on, earner, victim, victim_seat);
  amount = amount * ch.times + ch.add;
  const bool freelancer_p = ch.may_take_p && is_freelancer(s, earner) && s.card(earner).controller == seat &&
                            (victim == kNoCard || s.card(victim).controller != seat);
  destiny_only = (destiny_only && !freelancer_p) || ch.destiny_only;
  const size_t before = s.awards.size();
  queue_award(s, seat, amount, destiny_only, source);
  if (s.awards.size() > before) s.awards.back().d_times = uint8_t(std::clamp(ch.d_times, 1, 100));
}

}  // namespace dt::detail
