// Combat rules no implemented card can set up yet (forced own-warrior combat,
// negative modifiers): positions built through the public State fields.
#include <gtest/gtest.h>

#include "dt/card_loader.hpp"
#include "dt/game.hpp"

namespace {

struct Position {
  dt::State s;
  Position() : s(dt::blank_state(dt::builtin_cards(), dt::preset_gengine(), 2, 1)) {
    s.turn_number = 5;
    s.current = 0;
    for (auto& st : s.seats) st.turns_taken = 3;
    // Non-empty draw piles: with both empty the game would end at once.
    for (int seat = 0; seat < 2; ++seat) {
      dt::CardInst ci;
      ci.def = *dt::builtin_cards().by_name("SEA LION");
      ci.owner = ci.controller = uint8_t(seat);
      s.cards.push_back(ci);
      s.seats[size_t(seat)].draw.push_back(dt::CardId(s.cards.size() - 1));
    }
  }
  dt::CardId warrior(const char* name, int seat, dt::Area area) {
    auto def = dt::builtin_cards().by_name(name);
    EXPECT_TRUE(def.has_value()) << name;
    dt::CardInst ci;
    ci.def = *def;
    ci.owner = ci.controller = uint8_t(seat);
    ci.zone = dt::Zone::InPlay;
    ci.area = area;
    s.cards.push_back(ci);
    const dt::CardId id = dt::CardId(s.cards.size() - 1);
    s.seats[size_t(seat)].in_play.push_back(id);
    return id;
  }
  // Starts a combat as the Attack action would, then lets everyone pass.
  void fight(dt::CardId a, dt::CardId d, std::vector<dt::CombatMod> mods = {}) {
    s.step = dt::Step::Actions;
    s.actions_left = 0;
    s.tactical_used = true;
    s.combat = dt::Combat{};
    s.combat.active = true;
    s.combat.attacker = a, s.combat.defender = d;
    s.combat.mods = std::move(mods);
    s.phase = dt::Phase::Window;
    s.window = dt::Window{dt::WindowKind::CombatModify, {0, 1}, 0, 0};
    dt::resume(s);
  }
};

// gEngine, "8) AWARD POINTS": a player whose warrior kills another of its own
// warriors earns only Destiny Points, even if forced into that combat.
TEST(CombatEdges, OwnWarriorKillGivesDestinyOnly) {
  Position p;
  dt::CardId a = p.warrior("SEA LION", 0, dt::Area::Squad);      // F3, SLAYER
  dt::CardId d = p.warrior("MACHINATOR", 0, dt::Area::Squad);    // A3, V3
  p.warrior("SEA LION", 1, dt::Area::Squad);
  const int d_before = dt::destiny(p.s, 0);
  p.fight(a, d);
  EXPECT_EQ(p.s.card(d).zone, dt::Zone::Discard);
  EXPECT_EQ(p.s.seats[0].promotion, 0);
  EXPECT_EQ(dt::destiny(p.s, 0), d_before + dt::builtin_cards()[p.s.card(d).def].v);
  EXPECT_NE(p.s.phase, dt::Phase::Points);  // no split to choose
}

// gEngine, "5) MODIFY COMBAT RATINGS": negative numbers still count: F -4
// wounds a warrior whose A is -4 or less.
TEST(CombatEdges, NegativeRatingsStillCount) {
  Position p;
  dt::CardId a = p.warrior("ARCHANGEL", 0, dt::Area::Squad);   // F3 S3 A3, no SLAYER
  dt::CardId d = p.warrior("TEMPLAR", 1, dt::Area::Kohort);    // A5
  dt::StatBonus weaken_a{-7, 0, 0, 0}, weaken_d{0, 0, -9, 0};  // F3-7=-4 ; A5-9=-4
  p.fight(a, d, {{dt::kNoCard, a, weaken_a}, {dt::kNoCard, d, weaken_d}});
  EXPECT_TRUE(p.s.card(d).wounded);
  EXPECT_EQ(p.s.card(d).zone, dt::Zone::InPlay);
}

TEST(CombatEdges, NegativeAttackBelowNegativeArmorMisses) {
  Position p;
  dt::CardId a = p.warrior("ARCHANGEL", 0, dt::Area::Squad);
  dt::CardId d = p.warrior("TEMPLAR", 1, dt::Area::Kohort);
  dt::StatBonus weaken_a{-8, 0, 0, 0}, weaken_d{0, 0, -9, 0};  // -5 against -4
  p.fight(a, d, {{dt::kNoCard, a, weaken_a}, {dt::kNoCard, d, weaken_d}});
  EXPECT_FALSE(p.s.card(d).wounded);
}

// gEngine, "5) MODIFY COMBAT RATINGS": a modified V below 0 counts as 0, so a
// kill earns nothing rather than costing points.
TEST(CombatEdges, ValueNeverBelowZero) {
  Position p;
  dt::CardId a = p.warrior("SEA LION", 0, dt::Area::Squad);   // SLAYER, F3
  dt::CardId d = p.warrior("MACHINATOR", 1, dt::Area::Squad); // A3, V3
  p.s.seats[0].promotion = 2;
  dt::StatBonus drain{0, 0, 0, -10};
  dt::CombatMod m{dt::kNoCard, d, drain};
  EXPECT_EQ(dt::stats(p.s, d).v, 3);  // outside the combat the modifier is not on
  p.s.rules.auto_pass = false;        // stop in the modification round to look
  p.fight(a, d, {m});
  ASSERT_EQ(p.s.phase, dt::Phase::Window);
  EXPECT_EQ(dt::stats(p.s, d).v, 0);
  dt::apply(p.s, *dt::parse_option(p.s, "pass"));
  dt::apply(p.s, *dt::parse_option(p.s, "pass"));
  EXPECT_EQ(p.s.card(d).zone, dt::Zone::Discard);
  EXPECT_EQ(p.s.seats[0].promotion, 2);
  EXPECT_EQ(dt::destiny(p.s, 0), 5);
  EXPECT_NE(p.s.phase, dt::Phase::Points);
}

}  // namespace
