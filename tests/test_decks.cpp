// Deck lists (docs/decks.md): the accepted line forms, DoomtrooperDB's
// plain-text export, every validation problem with its line, load_deck_arg,
// the built-in preset decks, and the `dtref cards` / `dtref selfplay --deck
// FILE` command lines.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <algorithm>
#include <functional>
#include <map>
#include <random>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "test_util.hpp"
#include "dt/card_loader.hpp"
#include "dt/cards.hpp"
#include "dt/deck.hpp"
#include "dt/rules.hpp"

namespace {

const dt::CardDb& db() { return dt::builtin_cards(); }

uint16_t card(const char* name) {
  auto c = db().by_name(name);
  if (!c) throw std::runtime_error(std::string("test needs card ") + name);
  return *c;
}

using dtref_test::contains;
using dtref_test::error_of;

int count_of(const dt::Deck& d, uint16_t c) { return int(std::count(d.cards.begin(), d.cards.end(), c)); }

std::vector<dt::DeckProblem> read_problems(const std::string& text) {
  std::vector<dt::DeckProblem> problems;
  dt::read_deck(text, db(), "t", problems);
  return problems;
}

// The first card matching `pred` (the tests pick cards by property, so they
// keep working as more cards get implemented).
uint16_t first_card(const std::function<bool(const dt::CardDef&)>& pred) {
  for (size_t i = 0; i < db().size(); ++i)
    if (pred(db()[uint16_t(i)])) return uint16_t(i);
  throw std::runtime_error("no card has the property the test needs");
}

// 60 implemented cards that break no rule: the base of the validation tests.
std::string legal_sixty() {
  return "5 SEA LION\n5 MARTIAN BANSHEE\n5 SAMURAI\n5 COMBAT WARHEAD\n5 CHEMIMAN\n5 MACHINATOR\n"
         "5 L&A PLASMA CARBINE\n5 COMPOSITE ARMOR\n5 COMBAT ARMOR\n5 EVASIVE ACTION\n5 LUCKY SHOT\n"
         "5 SHADOW WALKER\n";
}

TEST(DeckFormat, AcceptsEveryQuantityForm) {
  // Each line names SEA LION (01273) once, in a different form.
  const char* forms[] = {"3 SEA LION", "3x SEA LION", "3X sea lion", "3 x Sea Lion", "x3 SEA LION",
                         "SEA LION x3", "3 01273",    "3x 01273",    "  3x   SEA LION  "};
  for (const char* form : forms) {
    std::vector<dt::DeckProblem> problems;
    dt::Deck d = dt::read_deck(form, db(), "t", problems);
    EXPECT_TRUE(problems.empty()) << form << ": " << problems.front().text();
    EXPECT_EQ(count_of(d, card("SEA LION")), 3) << form;
    ASSERT_EQ(d.entries.size(), 1u) << form;
    EXPECT_EQ(d.entries[0].line, 1) << form;
  }
  // Without a quantity a line is one card, by name or by code.
  dt::Deck d = dt::parse_deck("SEA LION\n01268\n", db(), "t");
  EXPECT_EQ(count_of(d, card("SEA LION")), 1);
  EXPECT_EQ(count_of(d, card("SAMURAI")), 1);
}

TEST(DeckFormat, CommentsBlankLinesAndPunctuationFreeNames) {
  dt::Deck d = dt::parse_deck(
      "# a comment line\n"
      "\n"
      "2 SEA LION   # trailing comment\n"
      "// a comment in the other style\n"
      "2 AC-40 JUSTIFIER          // quotes left out\n"
      "1 ac 40 \"justifier\"\n"
      "1 ILIAN-MISTRESS OF THE VOID\n",  // hyphen for the printed dash
      db(), "t");
  EXPECT_EQ(count_of(d, card("SEA LION")), 2);
  EXPECT_EQ(count_of(d, card("AC-40 \"JUSTIFIER\"")), 3);
  ASSERT_EQ(d.entries.size(), 4u);
  EXPECT_EQ(d.entries[0].line, 3);
  EXPECT_EQ(d.entries[1].line, 5);
  EXPECT_EQ(d.entries[3].line, 7);
  EXPECT_EQ(db()[d.entries[3].def].name, "ILIAN\xE2\x80\x93MISTRESS OF THE VOID");
}

// DoomtrooperDB's "text" download: title line, Expansions line, a header per
// card type (printed even when empty), "Nx NAME (Expansion name)", CRLF ends.
TEST(DeckFormat, ReadsDoomtrooperDbTextExportAsIs) {
  const std::string exported =
      "2 Squads 1 Kohort 1.0\r\n"  // a title that starts with a number
      "\r\n"
      "Expansions: From Unlimited (Base Set) to Paradise Lost (2)\r\n"
      "\r\n"
      "\r\n"
      "Alliance\r\n"
      "\r\n"
      "Equipments\r\n"
      "\r\n"
      "5x COMBAT ARMOR (Unlimited (Base Set))\r\n"
      "4x L&A PLASMA CARBINE (Unlimited (Base Set))\r\n"
      "Dark Symmetry\r\n"
      "\r\n"
      "Ki Power\r\n"
      "Specials\r\n"
      "\r\n"
      "5x LUCKY SHOT (Unlimited (Base Set))\r\n"
      "Warriors\r\n"
      "\r\n"
      "5x SEA LION (Unlimited (Base Set))\r\n"
      "3x GENDARME (Paradise Lost)\r\n"
      "Warzone\r\n";
  std::vector<dt::DeckProblem> problems;
  dt::Deck d = dt::read_deck(exported, db(), "export", problems);
  EXPECT_TRUE(problems.empty()) << problems.front().text();
  EXPECT_EQ(d.title, "2 Squads 1 Kohort 1.0");
  EXPECT_EQ(d.cards.size(), 22u);
  EXPECT_EQ(count_of(d, card("GENDARME")), 3);
  EXPECT_EQ(d.entries.front().line, 10);
}

// The "sorted by expansion" download: "---- Expansion ----" separators, and
// its card lines lack the closing parenthesis.
TEST(DeckFormat, ReadsDoomtrooperDbByExpansionExportAsIs) {
  const std::string exported =
      "Mixed 1.0\n\nExpansions: Unlimited (Base Set)\n\n\n"
      "---- Unlimited (Base Set) ----\n"
      "5x SEA LION (Unlimited (Base Set)\n"
      "2x SAMURAI (Unlimited (Base Set)\n"
      "\n---- Inquisition ----\n"
      "4x SHADOW WALKER (Inquisition\n";
  std::vector<dt::DeckProblem> problems;
  dt::Deck d = dt::read_deck(exported, db(), "export", problems);
  EXPECT_TRUE(problems.empty()) << problems.front().text();
  EXPECT_EQ(d.cards.size(), 11u);
  EXPECT_EQ(count_of(d, card("SHADOW WALKER")), 4);
}

TEST(DeckFormat, SectionHeadersWithCountsOrColons) {
  dt::Deck d = dt::parse_deck(
      "Warriors (5)\n5 SEA LION\nEquipment:\n2 COMBAT ARMOR\nSquad (3)\n3 SAMURAI\n"
      "Dark Symmetry [0]\nMain deck\nTotal: 10\n",
      db(), "t");
  EXPECT_EQ(d.cards.size(), 10u);
  // A header-looking line that is a misspelt card is still an error.
  auto problems = read_problems("Warriorz\n");
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].line, 1);
  EXPECT_TRUE(contains(problems[0].message, "unknown card 'Warriorz'")) << problems[0].message;
}

TEST(DeckErrors, UnknownNamesEachWithLineAndNearestName) {
  auto problems = read_problems("3 SEA LION\n\n2x SEE LOIN\n1 SAMURIA # typo\n1 zzqqxxvvkk jjwwyy\n");
  ASSERT_EQ(problems.size(), 3u);
  EXPECT_EQ(problems[0].line, 3);
  EXPECT_EQ(problems[0].text(), "line 3: unknown card 'SEE LOIN' (did you mean 'SEA LION'?)");
  EXPECT_EQ(problems[1].line, 4);
  EXPECT_TRUE(contains(problems[1].message, "did you mean 'SAMURAI'")) << problems[1].message;
  EXPECT_EQ(problems[2].line, 5);
  EXPECT_TRUE(contains(problems[2].message, "no card has a similar name")) << problems[2].message;
  problems = read_problems("2 01999\n");
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_TRUE(contains(problems[0].text(), "line 1: unknown card code '01999'")) << problems[0].text();
  // parse_deck reports them all, each with its line.
  std::string err = error_of([] { dt::parse_deck("2x SEE LOIN\n1 SAMURIA\n", db(), "t"); });
  EXPECT_TRUE(contains(err, "line 1: unknown card 'SEE LOIN'")) << err;
  EXPECT_TRUE(contains(err, "line 2: unknown card 'SAMURIA'")) << err;
}

// The nearest-name search passes its best distance so far as a limit; past
// the limit the answer is limit + 1 whatever the true distance, and within it
// the exact distance.
TEST(EditDistance, ExactWithinTheLimitAndLimitPlusOneBeyond) {
  EXPECT_EQ(dt::edit_distance("KITTEN", "SITTING"), 3u);
  EXPECT_EQ(dt::edit_distance("KITTEN", "SITTING", 3), 3u);
  EXPECT_EQ(dt::edit_distance("KITTEN", "SITTING", 10), 3u);
  EXPECT_EQ(dt::edit_distance("KITTEN", "SITTING", 2), 3u);  // limit 2: "more than 2"
  EXPECT_EQ(dt::edit_distance("KITTEN", "SITTING", 1), 2u);
  EXPECT_EQ(dt::edit_distance("KITTEN", "SITTING", 0), 1u);
  EXPECT_EQ(dt::edit_distance("", "ABCDEF", 2), 3u);  // the length gap alone decides
  EXPECT_EQ(dt::edit_distance("ABC", "ABC", 0), 0u);
  const std::string long_a(2000, 'A'), long_b(2000, 'B');
  EXPECT_EQ(dt::edit_distance(long_a, long_b, 4), 5u);
  EXPECT_EQ(dt::edit_distance(long_a, long_a + "B", 4), 1u);
  // The bounded search finds the same names as the plain one did.
  EXPECT_EQ(dt::nearest_card_name("SEE LOIN", db()), "SEA LION");
  EXPECT_EQ(dt::nearest_card_name("SAMURIA", db()), "SAMURAI");
  EXPECT_EQ(dt::nearest_card_name("zzqqxxvvkk jjwwyy", db()), "");
}

TEST(DeckErrors, BadQuantities) {
  auto problems = read_problems("5 SEA LION\n0 SAMURAI\n5000 LUCKY SHOT\n");
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_EQ(problems[0].line, 2);
  EXPECT_TRUE(contains(problems[0].message, "at least 1")) << problems[0].message;
  EXPECT_EQ(problems[1].line, 3);
  EXPECT_TRUE(contains(problems[1].message, "too large")) << problems[1].message;
}

// Bad input never crashes: random bytes give problems with real line
// numbers, and only the first unknown names get a (costly) suggestion.
TEST(DeckErrors, GarbageNeverThrowsFromReadDeck) {
  std::mt19937 rng(12345);
  for (int round = 0; round < 200; ++round) {
    std::string text;
    const int len = int(rng() % 400);
    for (int i = 0; i < len; ++i) text += char(rng() % 256);
    std::vector<dt::DeckProblem> problems;
    dt::Deck d;
    ASSERT_NO_THROW(d = dt::read_deck(text, db(), "g", problems)) << round;
    const int lines = int(std::count(text.begin(), text.end(), '\n')) + 1;
    for (const auto& p : problems) {
      EXPECT_GE(p.line, 1);
      EXPECT_LE(p.line, lines);
    }
    for (const auto& e : d.entries) EXPECT_LT(e.def, db().size());
  }
  std::string many;
  for (int i = 0; i < 30; ++i) many += "2 SEE LOIN\n";
  many += "1 " + std::string(100000, 'Q') + "\n";
  auto problems = read_problems(many);
  ASSERT_EQ(problems.size(), 31u);
  EXPECT_TRUE(contains(problems[0].message, "did you mean")) << problems[0].message;
  EXPECT_FALSE(contains(problems[29].message, "did you mean")) << problems[29].message;
  EXPECT_LT(problems[30].message.size(), 200u);  // the long name is cut short
}

// gEngine, "DECK BUILDING": at least 60 cards, and no more copies of a card
// than its Deck Limit.
TEST(DeckValidation, TooFewCards) {
  dt::Deck d = dt::parse_deck(legal_sixty() + "", db(), "t");
  EXPECT_TRUE(dt::deck_problems(d, db(), dt::preset_gengine(), false).empty());
  d = dt::parse_deck("4 SEA LION\n" + legal_sixty().substr(std::string("5 SEA LION\n").size()), db(), "t");
  auto problems = dt::deck_problems(d, db(), dt::preset_gengine(), false);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].line, 0);
  EXPECT_EQ(problems[0].text(), "the deck has 59 cards; at least 60 are required (add 1)");
}

TEST(DeckValidation, TooManyCopiesNamesTheLines) {
  dt::Deck d = dt::parse_deck(legal_sixty() + "1 SEA LION\n", db(), "t");
  auto problems = dt::deck_problems(d, db(), dt::preset_gengine(), false);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].line, 1);
  EXPECT_EQ(problems[0].message, "6 copies of SEA LION (listed on lines 1, 13); its deck limit is 5");

  // A card's own limit (gEngine) against 2nd ed's flat five copies.
  const uint16_t one = first_card([](const dt::CardDef& c) { return c.deck_limit == 1; });
  dt::Deck two = dt::parse_deck(legal_sixty() + "2 " + db()[one].code + "\n", db(), "t");
  problems = dt::deck_problems(two, db(), dt::preset_gengine(), true);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].text(), "line 13: 2 copies of " + db()[one].name + "; its deck limit is 1");
  EXPECT_TRUE(dt::deck_problems(two, db(), dt::preset_second_edition(), true).empty());
  // 2nd ed, "DECK BUILDING": never more than five of the same card.
  dt::Deck six = dt::parse_deck("6 SAMURAI\n" + legal_sixty(), db(), "t");
  problems = dt::deck_problems(six, db(), dt::preset_second_edition(), false);
  ASSERT_FALSE(problems.empty());
  EXPECT_EQ(problems.back().text(),
            "line 1: 11 copies of SAMURAI (listed on lines 1, 4); the second-edition rules allow 5");
}

// gEngine "Side Board Pile": a "Side Board" header starts the side board (the
// 25 cards that effects fetch from) and "Main deck" goes back to the deck.
TEST(DeckFormat, SideBoardSection) {
  const std::string text = "3 SEA LION\nSide Board (2)\n2 FREE MARINE\nMain deck:\n1 SAMURAI\nSIDEBOARD:\n1 LUCKY SHOT\n";
  dt::Deck d = dt::parse_deck(text, db(), "t");
  EXPECT_EQ(d.cards.size(), 4u);
  ASSERT_EQ(d.side_board.size(), 3u);
  EXPECT_EQ(std::count(d.side_board.begin(), d.side_board.end(), card("FREE MARINE")), 2);
  EXPECT_EQ(count_of(d, card("SAMURAI")), 1);
  ASSERT_EQ(d.entries.size(), 4u);
  EXPECT_FALSE(d.entries[0].side);
  EXPECT_TRUE(d.entries[1].side);
  EXPECT_FALSE(d.entries[2].side);
  EXPECT_TRUE(d.entries[3].side);
}

// gEngine "Side Board Pile": exactly 25 cards when a deck list has one; the
// deck limits hold for the side board on its own.
TEST(DeckValidation, SideBoardOfExactlyTwentyFive) {
  const std::string side25 = "Side Board\n5 SEA LION\n5 MARTIAN BANSHEE\n5 SAMURAI\n5 LUCKY SHOT\n5 CHEMIMAN\n";
  dt::Deck d = dt::parse_deck(legal_sixty() + side25, db(), "t");
  EXPECT_EQ(d.side_board.size(), 25u);
  EXPECT_TRUE(dt::deck_problems(d, db(), dt::preset_gengine(), false).empty());  // 5 SEA LION in each list
  d = dt::parse_deck(legal_sixty() + side25 + "1 CHEMIMAN\n", db(), "t");
  auto problems = dt::deck_problems(d, db(), dt::preset_gengine(), false);
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_EQ(problems[0].text(), "the side board has 26 cards; the gengine rules want exactly 25 (remove 1, or leave the side board out)");
  EXPECT_EQ(problems[1].text(), "line 18: 6 copies of CHEMIMAN in the side board (listed on lines 18, 19); its deck limit is 5");
  d = dt::parse_deck(legal_sixty() + "Side Board\n1 SEA LION\n", db(), "t");
  problems = dt::deck_problems(d, db(), dt::preset_gengine(), false);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_TRUE(contains(problems[0].message, "has 1 cards; the gengine rules want exactly 25 (add 24"));
}

// gEngine gives some cards a Deck Limit of 0: they may not be in a deck at all.
TEST(DeckValidation, DeckLimitZeroKeepsACardOut) {
  const uint16_t zero = first_card([](const dt::CardDef& c) { return c.deck_limit == 0; });
  dt::Deck d = dt::parse_deck(legal_sixty() + "1 " + db()[zero].code + "\n", db(), "t");
  auto problems = dt::deck_problems(d, db(), dt::preset_gengine(), true);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].text(),
            "line 13: 1 copy of " + db()[zero].name + "; its deck limit is 0: it may not be put in a deck");
}

// The built-in cards with those named marked as not implemented: the refusal stays tested once the pool is complete.
static dt::CardDb with_gaps(const std::vector<std::string>& names) {
  std::vector<dt::CardDef> defs = db().all();
  for (dt::CardDef& d : defs)
    if (std::find(names.begin(), names.end(), d.name) != names.end()) {
      d.implemented = d.expressed = false;
      d.missing = "left out by a test";
    }
  return dt::CardDb(std::move(defs));
}

TEST(DeckValidation, UnimplementedCardsRefusedUnlessAllowed) {
  const dt::CardDb gaps = with_gaps({"NECROMUTANT"});
  dt::Deck d = dt::parse_deck(legal_sixty() + "1 NECROMUTANT\n", gaps, "t");
  auto problems = dt::deck_problems(d, gaps, dt::preset_gengine(), false);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].line, 13);
  EXPECT_TRUE(contains(problems[0].message, "NECROMUTANT (" + db()[card("NECROMUTANT")].code + ") is not implemented"))
      << problems[0].message;
  EXPECT_EQ(problems[0].unimplemented, 1);
  // The way out is told once, in the summary before the lines, not on each line.
  const std::string text = dt::deck_problems_text(problems, d);
  EXPECT_TRUE(contains(text, "1 of 61 cards, on 1 line, is not implemented yet; 60 would play")) << text;
  EXPECT_TRUE(contains(text, "--allow-unimplemented")) << text;
  EXPECT_FALSE(contains(problems[0].message, "--allow-unimplemented")) << problems[0].message;
  EXPECT_TRUE(dt::deck_problems(d, gaps, dt::preset_gengine(), true).empty());
  // The same deck with the real cards: nothing to refuse.
  EXPECT_TRUE(dt::deck_problems(dt::parse_deck(legal_sixty() + "1 NECROMUTANT\n", db(), "t"), db(), dt::preset_gengine(),
                                false).empty());
}

// 2nd ed has no Outposts, so a Tribal warrior could never enter play.
TEST(DeckValidation, TribalWarriorsOnlyWhereThereAreOutposts) {
  const uint16_t tribal = first_card([](const dt::CardDef& c) {
    return c.type == dt::CardType::Warrior && (c.affil & dt::kTribes) != 0 && c.deck_limit >= 1;
  });
  dt::Deck d = dt::parse_deck(legal_sixty() + "1 " + db()[tribal].code + "\n", db(), "t");
  EXPECT_TRUE(dt::deck_problems(d, db(), dt::preset_gengine(), true).empty());
  auto problems = dt::deck_problems(d, db(), dt::preset_second_edition(), true);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].line, 13);
  EXPECT_TRUE(contains(problems[0].message, "Tribal warrior")) << problems[0].message;
}

TEST(DeckValidation, ValidateDeckGivesTheSameProblemsAsText) {
  dt::Deck d = dt::parse_deck("6 SEA LION\n", db(), "t");
  auto text = dt::validate_deck(d, db(), dt::preset_gengine(), false);
  ASSERT_EQ(text.size(), 2u);
  EXPECT_EQ(text[0], "the deck has 6 cards; at least 60 are required (add 54)");
  EXPECT_EQ(text[1], "line 1: 6 copies of SEA LION; its deck limit is 5");
}

class TempFile {
 public:
  explicit TempFile(const std::string& content, const std::string& name = "deck.txt") {
    dir_ = std::filesystem::temp_directory_path() /
           ("dtref_decks_" + std::to_string(::getpid()) + "_" + std::to_string(counter_++));
    std::filesystem::create_directories(dir_);
    path_ = (dir_ / name).string();
    std::ofstream(path_) << content;
  }
  ~TempFile() { std::filesystem::remove_all(dir_); }
  const std::string& path() const { return path_; }
  std::string dir() const { return dir_.string(); }

 private:
  static inline int counter_ = 0;
  std::filesystem::path dir_;
  std::string path_;
};

TEST(LoadDeckArg, BuiltinNameOrFile) {
  dt::Deck b = dt::load_deck_arg("corporate", db(), dt::preset_gengine(), false);
  EXPECT_EQ(b.name, "corporate");
  EXPECT_EQ(b.cards.size(), 60u);

  TempFile f(legal_sixty(), "my-squad.deck");
  dt::Deck d = dt::load_deck_arg(f.path(), db(), dt::preset_gengine(), false);
  EXPECT_EQ(d.name, "my-squad");
  EXPECT_EQ(d.cards.size(), 60u);
}

TEST(LoadDeckArg, ErrorsNameTheSourceAndEveryLine) {
  TempFile f("# my deck\n5 SEA LION\n2x SEE LOIN\n6 SAMURAI\n");
  std::string err = error_of([&] { dt::load_deck_arg(f.path(), db(), dt::preset_gengine(), false); });
  EXPECT_TRUE(contains(err, "deck file '" + f.path() + "'")) << err;
  EXPECT_TRUE(contains(err, "line 3: unknown card 'SEE LOIN' (did you mean 'SEA LION'?)")) << err;
  EXPECT_TRUE(contains(err, "line 4: 6 copies of SAMURAI")) << err;
  EXPECT_TRUE(contains(err, "at least 60")) << err;

  err = error_of([] { dt::load_deck_arg("no-such-deck", db(), dt::preset_gengine(), false); });
  EXPECT_TRUE(contains(err, "no built-in deck or deck file named 'no-such-deck'")) << err;
  EXPECT_TRUE(contains(err, "corporate")) << err;  // lists the built-in decks

  TempFile dir("");
  err = error_of([&] { dt::load_deck_arg(dir.dir(), db(), dt::preset_gengine(), false); });
  EXPECT_TRUE(contains(err, "not a regular file")) << err;

  err = error_of([] { dt::load_deck_arg("templars", db(), dt::preset_second_edition(), false); });
  EXPECT_TRUE(contains(err, "built-in deck 'templars' is not a legal deck under the second-edition rules")) << err;
}

TEST(LoadDeckArg, AllowUnimplementedPassesThrough) {
  const dt::CardDb gaps = with_gaps({"NECROMUTANT"});
  TempFile f(legal_sixty() + "1 NECROMUTANT\n");
  EXPECT_TRUE(contains(error_of([&] { dt::load_deck_arg(f.path(), gaps, dt::preset_gengine(), false); }),
                       "line 13: "));
  EXPECT_EQ(dt::load_deck_arg(f.path(), gaps, dt::preset_gengine(), true).cards.size(), 61u);
}

// Issue 3: at least six built-in decks of distinct factions and styles, each
// legal from implemented cards only.
TEST(PresetDecks, SixOrMoreLegalDistinctDecks) {
  const auto names = dt::builtin_deck_names();
  EXPECT_GE(names.size(), 6u);
  for (const char* required : {"corporate", "legion"})
    EXPECT_NE(std::find(names.begin(), names.end(), required), names.end()) << required;
  std::set<std::multiset<uint16_t>> seen;
  std::set<dt::Affil> leading;
  for (const auto& name : names) {
    dt::Deck d = dt::builtin_deck(name);
    EXPECT_EQ(d.name, name);
    EXPECT_GE(d.cards.size(), 60u) << name;
    auto gengine = dt::deck_problems(d, db(), dt::preset_gengine(), false);
    EXPECT_TRUE(gengine.empty()) << name << ": " << gengine.front().text();
    // Under second-edition a deck may only fail for cards that need an Outpost
    // (Tribal warriors, Beasts): the preset follows 2nd ed's core text.
    for (const auto& p : dt::deck_problems(d, db(), dt::preset_second_edition(), false))
      EXPECT_TRUE(contains(p.message, "no Outposts")) << name << ": " << p.text();
    EXPECT_TRUE(seen.insert(std::multiset<uint16_t>(d.cards.begin(), d.cards.end())).second)
        << name << " has the same cards as another preset";
    // Enough warriors to play (40%), and the affiliation most of them share.
    std::map<dt::Affil, int> by_affil;
    int warriors = 0;
    for (uint16_t c : d.cards) {
      if (db()[c].type != dt::CardType::Warrior) continue;
      ++warriors;
      for (unsigned a = 0; a <= unsigned(dt::Affil::Templars); ++a)
        if (db()[c].affil & (1u << a)) ++by_affil[dt::Affil(a)];
    }
    EXPECT_GE(warriors * 100, int(d.cards.size()) * 40) << name;
    auto top = std::max_element(by_affil.begin(), by_affil.end(),
                                [](const auto& a, const auto& b) { return a.second < b.second; });
    if (top != by_affil.end()) leading.insert(top->first);
  }
  // Distinct factions: six or more affiliations lead a preset's warriors.
  EXPECT_GE(leading.size(), 6u);
}

TEST(PresetDecks, UnknownBuiltinListsTheKnownOnes) {
  std::string err = error_of([] { dt::builtin_deck("nope"); });
  EXPECT_TRUE(contains(err, "unknown deck 'nope'")) << err;
  EXPECT_TRUE(contains(err, "corporate")) << err;
}

// --- the command line ---------------------------------------------------

struct CliRun {
  int code = -1;
  std::string out;  // stdout and stderr
};

// Runs dtref; out is stdout and, unless stderr_too is false, stderr mixed in.
CliRun dtref(const std::string& args, bool stderr_too = true) {
  CliRun r;
  std::string cmd = std::string(DTREF_PATH) + " " + args + (stderr_too ? " 2>&1" : " 2>/dev/null");
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
  int status = pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

TEST(CardsCommand, CoverageJsonShapeAndCounts) {
  CliRun r = dtref("cards --coverage --json");
  ASSERT_EQ(r.code, 0) << r.out;
  nlohmann::json j = nlohmann::json::parse(r.out);
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j.size(), 4u) << r.out;  // sets, types, implemented, total
  EXPECT_EQ(j["total"], 1073);
  EXPECT_EQ(j["sets"]["unl"]["total"], 341);
  std::map<std::string, std::pair<int, int>> sets, types;
  int implemented = 0;
  for (const auto& d : db().all()) {
    auto& s = sets[d.set];
    std::string type_key(dt::to_string(d.type));
    for (char& ch : type_key) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    auto& t = types[type_key];
    ++s.second;
    ++t.second;
    if (d.implemented) ++s.first, ++t.first, ++implemented;
  }
  EXPECT_EQ(j["implemented"], implemented);
  int set_total = 0, type_total = 0, set_impl = 0, type_impl = 0;
  ASSERT_EQ(j["sets"].size(), sets.size());
  for (const auto& [code, v] : j["sets"].items()) {
    ASSERT_TRUE(sets.count(code)) << code;
    EXPECT_EQ(v["implemented"], sets[code].first) << code;
    EXPECT_EQ(v["total"], sets[code].second) << code;
    EXPECT_EQ(v.size(), 2u);
    set_total += v["total"].get<int>();
    set_impl += v["implemented"].get<int>();
  }
  ASSERT_EQ(j["types"].size(), types.size());
  for (const auto& [type, v] : j["types"].items()) {
    ASSERT_TRUE(types.count(type)) << type;
    EXPECT_EQ(v["implemented"], types[type].first) << type;
    EXPECT_EQ(v["total"], types[type].second) << type;
    type_total += v["total"].get<int>();
    type_impl += v["implemented"].get<int>();
  }
  EXPECT_EQ(set_total, 1073);
  EXPECT_EQ(type_total, 1073);
  EXPECT_EQ(set_impl, implemented);
  EXPECT_EQ(type_impl, implemented);
  // The documented spacing: {"sets": {"unl": {"implemented": N, "total": 341}, ...
  EXPECT_EQ(r.out.rfind("{\"sets\": {\"unl\": {\"implemented\": ", 0), 0u) << r.out;
}

TEST(CardsCommand, CoverageTextListAndOneCard) {
  CliRun r = dtref("cards --coverage");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "of 1073 cards implemented")) << r.out;
  EXPECT_TRUE(contains(r.out, "unl")) << r.out;
  // Which sets a player can build a deck from today, as the data says.
  std::map<std::string, std::pair<int, int>> sets;  // implemented, total
  for (const auto& d : db().all()) {
    sets[d.set].first += d.implemented;
    ++sets[d.set].second;
  }
  const size_t whole = r.out.find("sets that play in full: "), part = r.out.find("sets that play in part: ");
  ASSERT_NE(whole, std::string::npos) << r.out;
  ASSERT_NE(part, std::string::npos) << r.out;
  const std::string whole_line = r.out.substr(whole, r.out.find('\n', whole) - whole);
  for (const auto& [set, n] : sets)
    EXPECT_EQ(contains(whole_line, "(" + set + ")"), n.first == n.second && n.first > 0) << set << ": " << whole_line;

  int unl_implemented = 0;
  for (const auto& d : db().all()) unl_implemented += d.set == "unl" && d.implemented;
  r = dtref("cards --list --set unl --implemented");
  ASSERT_EQ(r.code, 0) << r.out;
  // The count goes to stderr, so it may land anywhere in the list.
  EXPECT_TRUE(contains(r.out, std::to_string(unl_implemented) + " card(s)")) << r.out;
  r = dtref("cards --list --set unl --implemented", false);
  size_t rows = 0;
  for (size_t p = r.out.find(" unl "); p != std::string::npos; p = r.out.find(" unl ", p + 1)) ++rows;
  EXPECT_EQ(rows, size_t(unl_implemented)) << r.out;
  EXPECT_TRUE(contains(r.out, "01273  unl")) << r.out;
  r = dtref("cards --list --set mort --missing");  // (every pl card is implemented now)
  EXPECT_FALSE(contains(r.out, "SEA LION")) << r.out;
  EXPECT_TRUE(contains(r.out, "(not implemented)")) << r.out;
  EXPECT_EQ(dtref("cards --list --set nosuch").code, 2);

  r = dtref("cards sea lion");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "SEA LION")) << r.out;
  EXPECT_TRUE(contains(r.out, "01273")) << r.out;
  EXPECT_TRUE(contains(r.out, "Capitol")) << r.out;
  EXPECT_TRUE(contains(r.out, "SLAYER")) << r.out;
  r = dtref("cards SEE LOIN");
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.out, "did you mean 'SEA LION'")) << r.out;
}

TEST(DeckCommand, ChecksADeckAndPrintsACanonicalList) {
  CliRun r = dtref("deck cybertronic --list");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "deck 'cybertronic': 60 cards, legal under the gengine rules")) << r.out;
  // The canonical list reads back as the same deck.
  std::string listed;
  for (size_t p = 0, nl; p < r.out.size(); p = nl + 1) {
    nl = r.out.find('\n', p);
    if (nl == std::string::npos) nl = r.out.size();
    std::string line = r.out.substr(p, nl - p);
    if (!line.empty() && std::isdigit(static_cast<unsigned char>(line[0]))) listed += line + "\n";
  }
  dt::Deck back = dt::parse_deck(listed, db(), "back");
  dt::Deck orig = dt::builtin_deck("cybertronic");
  EXPECT_EQ(std::multiset<uint16_t>(back.cards.begin(), back.cards.end()),
            std::multiset<uint16_t>(orig.cards.begin(), orig.cards.end()));

  r = dtref("deck templars --rules second-edition");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(contains(r.out, "Tribal warrior")) << r.out;
  TempFile bad("5 SEA LION\n2 SEE LOIN\n");
  r = dtref("deck " + bad.path());
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(contains(r.out, "line 2: unknown card 'SEE LOIN' (did you mean 'SEA LION'?)")) << r.out;
  EXPECT_TRUE(contains(r.out, "the deck has 5 cards")) << r.out;
}

// A player's own deck full of cards still to come: the count and the way out first and once, then each line (the
// text `dtref deck` prints); accepted with the flag.
TEST(DeckValidation, UnimplementedCardsAreSummedUpOnceBeforeTheLines) {
  const std::vector<std::string> names = {"NECROMUTANT", "CURATOR", "BAUHAUS BLITZER", "VENUSIAN RANGER"};
  const dt::CardDb gaps = with_gaps(names);
  // 52 cards that play on lines 1 to 11, then 8 not implemented on lines 12 to 15.
  std::string list = legal_sixty();
  list = list.substr(0, list.find("5 LUCKY SHOT")) + "2 LUCKY SHOT\n";
  for (const std::string& n : names) list += "2 " + n + "\n";
  dt::Deck d = dt::parse_deck(list, gaps, "t");
  const auto problems = dt::deck_problems(d, gaps, dt::preset_gengine(), false);
  const std::string out = dt::deck_problems_text(problems, d);
  const size_t summary = out.find("8 of 60 cards, on 4 lines, are not implemented yet; 52 would play.");
  ASSERT_NE(summary, std::string::npos) << out;
  const size_t first_line = out.find("line 12: ");
  ASSERT_NE(first_line, std::string::npos) << out;
  EXPECT_LT(summary, first_line) << out;
  size_t hints = 0;
  for (size_t at = 0; (at = out.find("--allow-unimplemented", at)) != std::string::npos; ++at) ++hints;
  EXPECT_EQ(hints, 1u) << out;
  for (int line = 12; line <= 15; ++line)
    EXPECT_TRUE(contains(out, "line " + std::to_string(line) + ": " + names[size_t(line - 12)])) << out;
  EXPECT_TRUE(dt::deck_problems(d, gaps, dt::preset_gengine(), true).empty());
}

TEST(SelfplayCommand, AcceptsDeckFilesAndRefusesBadOnes) {
  TempFile good(legal_sixty());
  CliRun r = dtref("selfplay --games 2 --quiet --deck " + good.path() + " --deck legion");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "OK: no invariant violated")) << r.out;

  TempFile bad("5 SEA LION\n2 SEE LOIN\n");
  r = dtref("selfplay --games 2 --quiet --deck " + bad.path() + " --deck legion");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(contains(r.out, "line 2: unknown card 'SEE LOIN'")) << r.out;
}

}  // namespace
