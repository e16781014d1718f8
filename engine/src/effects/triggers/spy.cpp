// SPY IN THE RANKS: see spy.hpp.
#include "dt/designations.hpp"
#include "effects/triggers/spy.hpp"

#include <algorithm>

#include "effects/choices/answer.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

constexpr DesigKey kSpy(desig::TakesAnOpposingWarriorsMissionReward);

static std::vector<CardId> spies(const State& s, int seat) {
  std::vector<CardId> out;
  if (specials_barred(s, seat)) return out;
  for (CardId c : s.seats[size_t(seat)].hand)
    if (s.def(c).has_designation(kSpy)) out.push_back(c);
  return out;
}

static LastingMod* waiting(State& s, CardId mission) {
  for (LastingMod& m : s.lasting)
    if (m.lock == kRewardWaits && m.source == mission) return &m;
  return nullptr;
}

bool offer_spy(State& s, CardId mission, int seat, CardId victim, int trigger, const KillContext& ctx) {
  if (s.def(mission).type != CardType::Mission) return false;
  const CardId bearer = s.card(mission).attached_to;
  if (bearer == kNoCard || !is_warrior_in_play(s, bearer)) return false;
  bool asked = false;
  for (uint8_t other : seats_from(s, next_active_seat(s, seat))) {
    if (s.seats[other].eliminated || !opponents(s, seat, other)) continue;
    std::vector<CardId> cards = spies(s, other);
    if (cards.empty()) continue;
    ask_pick(s, mission, victim, seat, other, std::move(cards));
    asked = true;
  }
  if (!asked) return false;
  LastingMod m{mission, kNoCard, {}, kNoTurnEnds};  // on no warrior: it changes no ratings
  m.lock = kRewardWaits;
  m.reward = {victim, bearer, int16_t(std::clamp(ctx.victim_v, -32768, 32767)), int8_t(trigger), ctx.mutual};
  s.lasting.push_back(m);
  return true;
}

bool is_spy_choice(const State& s, const PendingChoice& ch) {
  return std::any_of(s.lasting.begin(), s.lasting.end(),
                     [&](const LastingMod& m) { return m.lock == kRewardWaits && m.source == ch.source; });
}

void spy_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left != 0 && !specials_barred(s, ch.seat))
    for (CardId x : ch.candidates)
      if (s.card(x).zone == Zone::Hand && s.card(x).owner == ch.seat) out.push_back({OptKind::Choose, x});
  out.push_back(choose_done());
}

// Pays the waiting reward to `seat` and forgets it.
static void pay(State& s, CardId mission, int seat, Log log) {
  LastingMod* m = waiting(s, mission);
  if (!m) return;
  const LastingMod w = *m;
  std::erase_if(s.lasting, [&](const LastingMod& x) { return x.lock == kRewardWaits && x.source == mission; });
  const EarnedReward& r = w.reward;
  const KillContext ctx{r.victim_v, r.mutual};
  const auto& triggers = s.def(mission).triggers;
  if (r.trigger < 0 || size_t(r.trigger) >= triggers.size()) return;
  run_effects(s, seat, mission, r.bearer, {r.victim, -1}, 0, triggers[size_t(r.trigger)].effects, log, &ctx);
}

void apply_spy_choice(State& s, const Option& o, Log log) {
  PendingChoice& ch = answer_once(s, o, log);
  if (o.a == kNoCard) return;
  const CardId mission = ch.source;
  const int spy_seat = ch.seat;
  take_out(s, o.a);
  put_into(s, o.a, s.def(o.a).post_play == PostPlay::Annihilate ? Zone::Annihilated : Zone::Discard);
  emit(log, {EventKind::Play, int8_t(spy_seat), o.a, s.card(mission).attached_to, -1});
  const LastingMod* m = waiting(s, mission);
  const CardId bearer = m ? m->reward.bearer : kNoCard;
  pay(s, mission, spy_seat, log);  // the spy's player earns what the warrior earned
  if (s.card(mission).zone == Zone::InPlay) complete_mission(s, mission);
  if (bearer != kNoCard && is_warrior_in_play(s, bearer)) discard_from_play(s, bearer);
  const PendingChoice* front = &s.choices.front();
  std::erase_if(s.choices, [&](const PendingChoice& c) { return &c != front && c.source == mission; });
}

void spy_choice_done(State& s, const PendingChoice& ch, Log log) {
  const CardId mission = ch.source;
  if (std::any_of(s.choices.begin(), s.choices.end(), [&](const PendingChoice& c) { return c.source == mission; }))
    return;  // another opponent is still to answer
  if (!waiting(s, mission)) return;
  pay(s, mission, ch.by, log);
  if (s.card(mission).zone == Zone::InPlay) complete_mission(s, mission);
}

}  // namespace dt::detail
