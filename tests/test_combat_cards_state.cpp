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

// The package's last cards: strikes into a combat (HOLY PROTECTOR, INFANTRY SNIPER), a guard assigned in its area
// (BODYGUARD), a Ki Power's weapon linked (WEAPON LINK), a warrior refusing a combat (THE CHAMELEON'S SKIN), and a
// FIRST STRIKE that prevails (COSSACK SCOUT), beside the first-strike cards it meets.
constexpr const char* kCapitolGuard = R"(
5 INFANTRY SNIPER
5 SEA LION
4 BODYGUARD
5 MORTIFICATOR
5 MARTIAN BANSHEE
5 HOLY PROTECTOR
4 COSSACK SCOUT
3 PERIMETER ALARM
4 AMBUSH
4 L&A PLASMA CARBINE
)";

constexpr const char* kMishimaBlades = R"(
5 SHADOW WALKER
4 THE CHAMELEON'S SKIN
4 WEAPON LINK
5 HATAMOTO
4 MISHIMESE CEREMONIAL BLADE
4 L&A PLASMA CARBINE
5 COMBAT WARHEAD
5 NECROMUTANT
5 TEMPLAR
3 KANJI'S LUCKY SENSE
4 AMBUSH
)";

TEST(CombatCards, StrikesIntoCombatsGuardsAndLinkedWeaponsComeThroughTheStateText) {
  const CardDb& db = builtin_cards();
  int checked = 0, strikes = 0, refusals = 0, links = 0, assigns = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed)
    for (const Rules& rules : {preset_gengine(), preset_second_edition()}) {
      GameConfig cfg;
      cfg.rules = rules;
      cfg.seed = seed + (rules.name == preset_gengine().name ? 0 : 100);
      cfg.decks = {parse_deck(kCapitolGuard, db, "capitol").cards, parse_deck(kMishimaBlades, db, "mishima").cards};
      dtref_test::play_checking_state_text(cfg, cfg.seed * 7 + 5, 1500, &checked,
                                           [&](const State& s, const std::vector<Event>& events) {
        for (const Event& e : events) {
          if (e.kind == EventKind::Effect && e.x == int(Op::StrikeIntoCombat)) ++strikes;
          if (e.kind == EventKind::Use && e.a != kNoCard && s.def(e.a).name == "THE CHAMELEON'S SKIN") ++refusals;
          if (e.kind == EventKind::Choose && e.a != kNoCard && s.def(e.a).name == "WEAPON LINK" && e.b != kNoCard) ++links;
          if (e.kind == EventKind::Assign && e.a != kNoCard && s.def(e.a).name == "BODYGUARD") ++assigns;
        }
      });
      if (HasFatalFailure()) return;
    }
  EXPECT_GT(checked, 1000);
  // The random games did reach the mechanisms (THE CHAMELEON'S SKIN, seldom on a SHADOW WALKER attacked, aside).
  EXPECT_GT(strikes, 0);
  EXPECT_GT(links, 0);
  EXPECT_GT(assigns, 0);
  RecordProperty("strikes", strikes);
  RecordProperty("refusals", refusals);
  RecordProperty("links", links);
  RecordProperty("assigns", assigns);
}

}  // namespace
