// gEngine "BESTOW DARK SYMMETRY GIFT": one action puts a gift on one of your
// warriors that may have it (effects/symmetry.cpp says which).
#include "effects/filters/waiver.hpp"
#include "dt/action_prices.hpp"
#include "internal.hpp"

namespace dt::detail {

void bestow_options(const State& s, CardId c, const std::vector<CardId>& mine, std::vector<Option>& out) {
  if (s.def(c).type != CardType::Symmetry) return;
  for (CardId w : mine)
    if (can_bestow(s, c, w) && !free_bestow(s, c, w)) out.push_back({OptKind::Bestow, c, w});
}

// Gifts bestowed for no action, in any window or the Actions step (ALAKHAI).
void free_bestow_options(const State& s, int seat, std::vector<Option>& out) {
  for (CardId c : s.seats[size_t(seat)].hand) {
    if (s.def(c).type != CardType::Symmetry) continue;
    for (CardId w : s.seats[size_t(seat)].in_play)
      if (is_warrior_in_play(s, w) && free_bestow(s, c, w) && can_bestow(s, c, w))
        out.push_back({OptKind::Bestow, c, w});
  }
}

// THE DARK LEGION Alliance: gifts at any time, for no action.
void any_time_bestow_options(const State& s, int seat, CardId c, std::vector<Option>& out) {
  if (s.def(c).type != CardType::Symmetry) return;
  for (CardId w : warriors_of(s, seat))
    if (any_time_for(s, seat, PrivAction::BestowGift, w, c) && can_bestow(s, c, w)) out.push_back({OptKind::Bestow, c, w});
}

static bool bestowed_free(const State& s, int me, CardId gift, CardId w) {
  return s.phase == Phase::Window || free_of_action(s, me, PrivAction::BestowGift, w, gift) || free_bestow(s, gift, w);
}

void apply_bestow(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  const bool free = bestowed_free(s, me, o.a, o.b);
  destiny(s, me) -= bestow_cost(s, o.a, o.b);
  put_attached(s, o.a, o.b, me);
  emit(log, {EventKind::Bestow, int8_t(me), o.a, o.b});
  end_standard_action(s, free);
  offer_waiver(s, me, o.a, {o.b, -1}, 0, false);  // MENTAL CONSTITUTION: the gift works on it only if waived
  // CHANGELING POWER: what the gift does as it is bestowed, on its warrior.
  if (!s.def(o.a).on_attach.empty() && s.card(o.a).attached_to == o.b)
    run_effects(s, me, o.a, o.b, {o.b, -1}, 1, s.def(o.a).on_attach, log, nullptr);
  ask_attach_choice(s, me, o.a, o.b);
}

}  // namespace dt::detail

namespace dt {

int bestow_actions_now(const State& s, CardId gift, CardId w) {
  return detail::bestowed_free(s, deciding_seat(s), gift, w) ? 0 : 1;
}

}  // namespace dt
