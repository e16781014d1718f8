// A kill trigger's choice: see kill_choice.hpp.
#include "effects/triggers/kill_choice.hpp"

#include "internal.hpp"

namespace dt::detail {

void queue_kill_choice(State& s, CardId card, const Trigger& t, int seat, CardId user, CardId victim, Log log) {
  if (!t.choice) return;
  // PLAGUE GUN: a death its own choice's pick caused asks nothing again (the plague spreads once a blow).
  if (!s.choices.empty() && s.choices.front().fetch == kKillChoice && s.choices.front().source == card) return;
  const Target tgt{victim, -1, -1, user};
  std::vector<CardId> candidates = choice_candidates(s, seat, card, tgt, 1);
  std::erase(candidates, victim);  // it leaves play with this kill
  if (candidates.empty() && t.choice->from != ChoiceFrom::Alternatives) return;
  const size_t before = s.choices.size();
  queue_choice(s, seat, card, tgt, 1, std::move(candidates), log);
  for (size_t i = before; i < s.choices.size(); ++i) s.choices[i].fetch = kKillChoice;
}

bool kill_choice_first(const State& s) { return !s.choices.empty() && s.choices.front().fetch == kKillChoice; }

}  // namespace dt::detail
