// Random self-play that reads each seat's text of the position back at every decision (dt/state_text.hpp):
// shared by the tests of the text itself and of mechanisms whose questions and markers it must carry.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "dt/card_loader.hpp"
#include "dt/game.hpp"
#include "dt/invariants.hpp"
#include "dt/state_text.hpp"

namespace dtref_test {

// Plays `cfg` with uniformly random options (drawn from `pick_seed`) for at most `max_decisions`. At every
// decision, for each seat: exactly the cards it knows come back, with their true identity; with the hidden
// parts put back the position hashes the same and keeps its rules; filled in from the deck lists it keeps every
// invariant and gives the deciding seat the options it really has (counted in `*checked`). The game itself keeps
// every invariant. `after` sees each decision's events. Callers stop on HasFatalFailure().
inline void play_checking_state_text(const dt::GameConfig& cfg, uint64_t pick_seed, int max_decisions, int* checked,
                                     const std::function<void(const dt::State&, const std::vector<dt::Event>&)>&
                                         after = nullptr) {
  using namespace dt;
  const CardDb& db = builtin_cards();
  std::vector<Event> events;
  State s = new_game(db, cfg, &events);
  std::vector<Knowledge> know{Knowledge(0), Knowledge(1)};
  for (Knowledge& k : know) k.see(s, events);
  Rng pick(pick_seed), fill(cfg.seed);
  for (int n = 0; !game_over(s) && n < max_decisions; ++n) {
    for (const Knowledge& k : know) {
      std::string error;
      auto pos = state_from_text(state_to_text(s, k), db, &error);
      ASSERT_TRUE(pos) << error << " at decision " << n;
      for (size_t c = 0; c < s.cards.size(); ++c) {
        ASSERT_EQ(pos->knowledge.knows(CardId(c)), k.knows(CardId(c))) << "c" << c;
        if (k.knows(CardId(c))) ASSERT_EQ(pos->state.cards[c].def, s.cards[c].def) << "c" << c;
        else ASSERT_EQ(pos->state.cards[c].def, kUnknownDef) << "c" << c << " is hidden from s" << k.seat();
      }
      ASSERT_EQ(pos->knowledge.gift_discards(), k.gift_discards());
      State back = pos->state;
      for (size_t c = 0; c < s.cards.size(); ++c) back.cards[c].def = s.cards[c].def;
      for (int j = 0; j < s.num_seats(); ++j) back.seats[size_t(j)].draw = s.seats[size_t(j)].draw;
      back.rng = s.rng;
      ASSERT_EQ(state_hash(back), state_hash(s)) << "at decision " << n;
      ASSERT_EQ(back.rules.name, s.rules.name);
      for (const RulesField& f : rules_fields()) ASSERT_EQ(f.get(back.rules), f.get(s.rules)) << f.name;
      fill_unknown_cards(pos->state, cfg.decks, fill);
      const auto problems = check_invariants(pos->state);
      ASSERT_TRUE(problems.empty()) << problems.front();
      if (deciding_seat(s) == k.seat()) {
        std::string a, b;
        for (const Option& o : legal_options(pos->state)) a += to_text(o) + "; ";
        for (const Option& o : legal_options(s)) b += to_text(o) + "; ";
        ASSERT_EQ(a, b) << "at decision " << n;
        ++*checked;
      }
    }
    const auto problems = check_invariants(s);
    ASSERT_TRUE(problems.empty()) << problems.front();
    const auto opts = legal_options(s);
    events.clear();
    apply(s, opts[size_t(pick.below(opts.size()))], &events);
    if (after) after(s, events);
    for (Knowledge& k : know) k.see(s, events);
  }
}

}  // namespace dtref_test
