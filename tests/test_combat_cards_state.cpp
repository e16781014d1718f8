// The combat cards of issue 31 (ratings shared out, combats turned, mass attacks) in random games: their
// questions and markers come through the position's text (dt/state_text.hpp) at every decision, and the games
// keep every invariant.
#include <gtest/gtest.h>

#include <string>

#include "dt/card_loader.hpp"
#include "dt/deck.hpp"
#include "dt/game.hpp"
#include "state_text_check.hpp"

namespace {

using namespace dt;

constexpr const char* kBrotherhood = R"(
5 INQUISITOR
5 MORTIFICATOR
4 REVISOR
4 ARCHANGEL
4 VALKYRIE
2 CRENSHAW THE MORTIFICATOR
5 AC-40 "JUSTIFIER"
4 BLESSED ARMOR
3 THE CATHEDRAL
4 TRANSMUTATION
4 FIST OF FURY
3 STRIKE
3 BATTLE CRY
3 TRAIL OF EVIDENCE
3 CLUMSINESS
3 MISFIRE
3 BATTLE MADNESS
)";

constexpr const char* kIlian = R"(
5 CHILD OF ILIAN
5 TEMPLAR
4 NEPHARITE OF ILIAN
4 METROPOLITAN PROPHET
3 HERETIC
3 BLESSED LEGIONNAIRE
4 CHANGELING POWER
3 DISRUPT POWER
3 HAND OF DEATH
2 BLINDNESS
4 KRATACH
3 CURATOR SWORD
3 CITADEL OF ILIAN
4 POWERFUL COMMAND
3 CLUMSINESS
3 MISFIRE
4 CHOSEN
)";

struct Seen {
  int shares = 0, redirects = 0, mass = 0, checked = 0;
};

void play_and_check(const Rules& rules, uint64_t seed, Seen& seen) {
  const CardDb& db = builtin_cards();
  GameConfig cfg;
  cfg.rules = rules;
  cfg.seed = seed;
  cfg.decks = {parse_deck(kBrotherhood, db, "brotherhood").cards, parse_deck(kIlian, db, "ilian").cards};
  dtref_test::play_checking_state_text(cfg, seed * 7 + 3, 1500, &seen.checked,
                                       [&](const State& s, const std::vector<Event>& events) {
    for (const Event& e : events) {
      if (e.kind == EventKind::Effect && e.x == int(Op::ShareRatings)) ++seen.shares;
      if (e.kind == EventKind::Effect && e.x == int(Op::RedirectCombat)) ++seen.redirects;
      if (e.kind == EventKind::Play && e.a != kNoCard &&
          (s.def(e.a).name == "BATTLE CRY" || s.def(e.a).name == "POWERFUL COMMAND" || s.def(e.a).name == "TRAIL OF EVIDENCE"))
        ++seen.mass;
    }
  });
}

TEST(CombatCards, SharedRatingsTurnedCombatsAndMassAttacksComeThroughTheStateText) {
  Seen seen;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    play_and_check(preset_gengine(), seed, seen);
    if (HasFatalFailure()) return;
    play_and_check(preset_second_edition(), seed + 100, seen);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(seen.checked, 1000);
  // The random games did reach the mechanisms.
  EXPECT_GT(seen.shares, 0);
  EXPECT_GT(seen.redirects, 0);
  EXPECT_GT(seen.mass, 0);
  RecordProperty("shares", seen.shares);
  RecordProperty("redirects", seen.redirects);
  RecordProperty("mass_attacks", seen.mass);
}

}  // namespace
