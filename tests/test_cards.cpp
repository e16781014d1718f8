// Card database, card-file parsing and deck lists, through dt_cards' public API.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <string>

#include "test_util.hpp"
#include "dt/card_loader.hpp"
#include "dt/cards.hpp"
#include "dt/deck.hpp"
#include "dt/rules.hpp"

namespace {

using dtref_test::contains;
using dtref_test::error_of;

bool any_contains(const std::vector<std::string>& v, const std::string& part) {
  return std::any_of(v.begin(), v.end(), [&](const std::string& s) { return contains(s, part); });
}

TEST(Cards, BuiltinHasEveryPrintedCard) {
  const dt::CardDb& db = dt::builtin_cards();
  EXPECT_EQ(db.size(), 1073u);
  EXPECT_EQ(&db, &dt::builtin_cards());  // cached
  EXPECT_EQ(db.version.size(), 16u);
}

TEST(Cards, SeaLionFacts) {
  const dt::CardDb& db = dt::builtin_cards();
  auto i = db.by_code("01273");
  ASSERT_TRUE(i);
  const dt::CardDef& d = db[*i];
  EXPECT_EQ(d.name, "SEA LION");
  EXPECT_EQ(d.set, "unl");
  EXPECT_EQ(d.type, dt::CardType::Warrior);
  EXPECT_EQ(d.affil, dt::bit(dt::Affil::Capitol));
  EXPECT_EQ(d.f, 3);
  EXPECT_EQ(d.s, 4);
  EXPECT_EQ(d.a, 4);
  EXPECT_EQ(d.v, 4);
  EXPECT_EQ(d.deck_limit, 5);
  EXPECT_TRUE(d.has(dt::kwSlayer));
  EXPECT_FALSE(d.has(dt::kwPersonality));
  EXPECT_TRUE(d.implemented);
  EXPECT_TRUE(d.has_designation("slayer"));
  EXPECT_TRUE(d.has_designation("Sea Lion"));  // the name is a designation
  EXPECT_FALSE(d.has_designation("PERSONALITY"));
}

TEST(Cards, LookupByNameAndCode) {
  const dt::CardDb& db = dt::builtin_cards();
  EXPECT_EQ(db.by_name("sea lion"), db.by_code("01273"));
  EXPECT_EQ(db.find("01273"), db.find("Sea Lion"));
  EXPECT_FALSE(db.find("NO SUCH CARD"));
}

TEST(Cards, PlainEffectsDecoded) {
  const dt::CardDb& db = dt::builtin_cards();
  const auto& sword = db[*db.by_name("CAPITOL SWORD OF HONOR")];
  EXPECT_EQ(sword.weapon, dt::WeaponKind::Fight);
  EXPECT_EQ(sword.bonus.f, 4);  // the gEngine card; the printed one gives +1
  EXPECT_EQ(sword.give_to.affil, dt::bit(dt::Affil::Capitol));
  EXPECT_EQ(db.text(dt::CardText::Printed)[*db.by_name("CAPITOL SWORD OF HONOR")].bonus.f, 1);

  const auto& armor = db[*db.by_name("COMPOSITE ARMOR")];
  EXPECT_TRUE(armor.has(dt::kwArmor));
  EXPECT_EQ(armor.bonus.a, 4);

  const auto& citadel = db[*db.by_name("CITADEL OF ILIAN")];
  ASSERT_TRUE(citadel.fort);
  EXPECT_EQ(citadel.fort->build_in, dt::bit(dt::Area::Kohort));
  EXPECT_FALSE(citadel.fort->whole_force);
  EXPECT_EQ(citadel.fort->affects_designation, "FOLLOWER OF ILIAN");
  EXPECT_EQ(citadel.fort->bonus.a, 2);

  const auto& city = db[*db.by_name("HEIMBURG")];
  ASSERT_TRUE(city.fort);
  EXPECT_TRUE(city.fort->whole_force);
  EXPECT_EQ(city.fort->affects_affil, dt::bit(dt::Affil::Bauhaus));

  const auto& lucky = db[*db.by_name("LUCKY SHOT")];
  EXPECT_TRUE(lucky.combat_modifier);
  EXPECT_EQ(lucky.bonus.s, 2);
  EXPECT_EQ(lucky.post_play, dt::PostPlay::Discard);

  EXPECT_TRUE(db[*db.by_name("COMBAT WARHEAD")].has(dt::kwFirstStrikeFight));
  EXPECT_TRUE(db[*db.by_name("COMBAT WARHEAD")].has(dt::kwFirstStrikeShoot));
  EXPECT_TRUE(db[*db.by_name("SAMURAI")].has(dt::kwFirstStrikeFight));
  EXPECT_FALSE(db[*db.by_name("SAMURAI")].has(dt::kwFirstStrikeShoot));
  // A warrior with "–" for F cannot fight.
  EXPECT_FALSE(db[*db.by_name("RAMS AIR CAVALRY")].f.has_value());
}

TEST(Cards, FollowerAndNephariteSplit) {
  const dt::CardDb& db = dt::builtin_cards();
  const auto& d = db[*db.by_name("ALAKHAI THE CUNNING")];
  EXPECT_TRUE(d.has_designation("FOLLOWER OF ALGEROTH"));
  EXPECT_TRUE(d.has_designation("NEPHARITE"));
  EXPECT_TRUE(d.has(dt::kwPersonality));
  EXPECT_TRUE(d.has(dt::kwArtImmunity));
}

// Issue 12: implemented means both texts are expressed, and says so in one
// line of our own for each.
TEST(Cards, ImplementedCardsHaveBothTextsAndSummaries) {
  const dt::CardDb& db = dt::builtin_cards();
  const dt::CardDb& printed = db.text(dt::CardText::Printed);
  int n = 0;
  for (uint16_t i = 0; i < db.size(); ++i) {
    const dt::CardDef& g = db[i];
    const dt::CardDef& p = printed[i];
    EXPECT_EQ(g.implemented, g.expressed && p.expressed) << g.name;
    EXPECT_EQ(g.implemented, p.implemented) << g.name;
    EXPECT_EQ(g.expressed, g.missing.empty()) << g.name;
    EXPECT_EQ(p.expressed, p.missing.empty()) << g.name;
    if (!g.implemented) continue;
    ++n;
    EXPECT_FALSE(g.summary.empty()) << g.name << " is implemented but has no summary";
    EXPECT_FALSE(p.summary.empty()) << g.name << " is implemented but has no printed summary";
  }
  EXPECT_GE(n, 5);
}

TEST(Cards, ParseErrorReportsFileAndLine) {
  std::string text =
      "set: \"t\"\n"
      "card {\n"
      "  code: \"x1\"\n"
      "  name: \"TEST\"\n"
      "  type: WARRIOR\n"
      "  fight: oops\n"
      "}\n";
  std::string err = error_of([&] { dt::load_card_text({{"test.txtpb", text}}); });
  EXPECT_TRUE(contains(err, "test.txtpb:6:")) << err;

  err = error_of([&] { dt::load_card_text({{"bad.txtpb", "set: \"t\"\ncard {\n  colour: 3\n}\n"}}); });
  EXPECT_TRUE(contains(err, "bad.txtpb:3:")) << err;
}

TEST(Cards, LoadSmallSet) {
  dt::CardDb db = dt::load_card_text({{"a.txtpb",
                                       "set: \"t\"\n"
                                       "card { code: \"x1\" name: \"ALPHA\" type: WARRIOR affiliation: CAPITOL "
                                       "fight: 2 armor: 3 deck_limit: 2 designation: \"first strike\" }\n"}});
  ASSERT_EQ(db.size(), 1u);
  EXPECT_EQ(db[0].set, "t");
  EXPECT_EQ(db[0].f, 2);
  EXPECT_FALSE(db[0].s.has_value());
  EXPECT_TRUE(db[0].has(dt::kwFirstStrike));
  EXPECT_EQ(db[0].designations.at(0), "FIRST STRIKE");
  std::string err = error_of([&] {
    dt::load_card_text({{"a.txtpb", "card { code: \"x1\" name: \"A\" type: WARRIOR }"},
                        {"b.txtpb", "card { code: \"x1\" name: \"B\" type: WARRIOR }"}});
  });
  EXPECT_TRUE(contains(err, "duplicate")) << err;
}

TEST(Decks, TypoSuggestsNearestName) {
  const dt::CardDb& db = dt::builtin_cards();
  std::string err = error_of([&] { dt::parse_deck("# test\n3 SEA LION\n\n2x SEE LOIN\n", db, "t"); });
  EXPECT_TRUE(contains(err, "line 4")) << err;
  EXPECT_TRUE(contains(err, "unknown card 'SEE LOIN'")) << err;
  EXPECT_TRUE(contains(err, "did you mean 'SEA LION'")) << err;
}

TEST(Decks, ParsesQuantitiesCodesAndComments) {
  const dt::CardDb& db = dt::builtin_cards();
  dt::Deck d = dt::parse_deck("3x sea lion  # capitol\n01268\n2 01201\n", db, "t");
  EXPECT_EQ(d.name, "t");
  ASSERT_EQ(d.cards.size(), 6u);
  EXPECT_EQ(d.cards[0], *db.by_name("SEA LION"));
  EXPECT_EQ(d.cards[3], *db.by_name("SAMURAI"));
  EXPECT_EQ(d.cards[5], *db.by_code("01201"));
  ASSERT_EQ(d.entries.size(), 3u);
  EXPECT_EQ(d.entries[1].line, 2);
}

TEST(Decks, ValidationCatchesSizeCopiesAndUnimplemented) {
  const dt::CardDb& db = dt::builtin_cards();
  dt::Rules rules = dt::preset_gengine();
  dt::Deck d = dt::builtin_deck("corporate");
  ASSERT_EQ(d.cards.size(), 60u);
  d.cards.pop_back();
  auto problems = dt::validate_deck(d, db, rules, false);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_TRUE(contains(problems[0], "59")) << problems[0];

  dt::Deck six = dt::parse_deck("6 SEA LION\n54 LUCKY SHOT\n", db, "six");
  problems = dt::validate_deck(six, db, rules, false);
  EXPECT_TRUE(any_contains(problems, "6 copies of SEA LION")) << problems.size();
  EXPECT_TRUE(any_contains(problems, "54 copies of LUCKY SHOT"));

  rules.max_copies = 3;
  dt::Deck four = dt::parse_deck("4 SEA LION\n56 CHEMIMAN\n", db, "four");
  problems = dt::validate_deck(four, db, rules, false);
  EXPECT_TRUE(any_contains(problems, "4 copies of SEA LION"));

  // A card the engine does not implement: SEA LION marked so in a copy of the cards (the pool is nearly complete).
  std::vector<dt::CardDef> defs = db.all();
  for (dt::CardDef& c : defs)
    if (c.name == "SEA LION") c.implemented = c.expressed = false;
  const dt::CardDb gaps(std::move(defs));
  dt::Deck un = dt::parse_deck("1 SEA LION\n", gaps, "un");
  problems = dt::validate_deck(un, gaps, dt::preset_gengine(), false);
  EXPECT_TRUE(any_contains(problems, "not implemented"));
  problems = dt::validate_deck(un, gaps, dt::preset_gengine(), true);
  EXPECT_FALSE(any_contains(problems, "not implemented"));
  EXPECT_FALSE(any_contains(dt::validate_deck(un, db, dt::preset_gengine(), false), "not implemented"));
}

}  // namespace

// docs/performance.md, "Instructions per decision are not time": a card index is one shift only while CardDef is a
// power of two; at 12,288 bytes every State::def costs a lea and a shift (+2.6 % instructions per decision). A large
// optional part of a card goes behind a pointer instead of growing the struct past 8,192 bytes.
TEST(CardDefLayout, StaysWithinEightKilobytes) {
  EXPECT_LE(sizeof(dt::CardDef), 8192u) << "move a large optional part of CardDef behind a shared_ptr";
  EXPECT_EQ(sizeof(dt::CardDef) & (sizeof(dt::CardDef) - 1), 0u) << "CardDef's size is no power of two";
}
