// The rules presets as data: every rulebook has one, every field is named,
// and files that carry rules (transcripts, scenarios) read back what was written.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "dt/card_loader.hpp"
#include "dt/deck.hpp"
#include "dt/game.hpp"
#include "dtref/transcript.hpp"

namespace {

std::vector<int> values(const dt::Rules& r) {
  std::vector<int> out;
  for (const dt::RulesField& f : dt::rules_fields()) out.push_back(f.get(r));
  return out;
}

TEST(Presets, OnePerRulebookEachUnderItsOwnName) {
  const auto names = dt::preset_names();
  EXPECT_EQ(names.size(), 5u);
  std::set<std::vector<int>> distinct;
  for (const std::string& n : names) {
    auto r = dt::preset_by_name(n);
    ASSERT_TRUE(r) << n;
    EXPECT_EQ(r->name, n);
    distinct.insert(values(*r));
  }
  EXPECT_EQ(distinct.size(), names.size()) << "two presets hold the same rules";
  EXPECT_FALSE(dt::preset_by_name("third-edition"));
}

TEST(Presets, EveryFieldHasAUniqueNameAndIsSettable) {
  std::set<std::string_view> seen;
  for (const dt::RulesField& f : dt::rules_fields()) {
    EXPECT_TRUE(seen.insert(f.name).second) << f.name;
    EXPECT_EQ(dt::rules_field(f.name), &f);
    dt::Rules r;
    const int want = f.kind == dt::RulesField::Choice ? int(f.values.size()) - 1 : f.kind == dt::RulesField::Flag ? !f.get(r) : 7;
    f.set(r, want);
    EXPECT_EQ(f.get(r), want) << f.name;
  }
  EXPECT_EQ(dt::rules_field("no_such_rule"), nullptr);
}

// A transcript's header carries the rules; replay must play by the same ones.
TEST(Presets, TranscriptHeaderRoundTripsEveryPreset) {
  for (const std::string& n : dt::preset_names()) {
    dt::Rules r = *dt::preset_by_name(n);
    r.turn_limit = 77;  // a changed field survives too
    const dt::Rules back = dtref::rules_from_json(dtref::rules_to_json(r));
    EXPECT_EQ(back.name, r.name);
    EXPECT_EQ(values(back), values(r)) << n;
  }
}

// 1st ed (004) has no Cardinal's Gift: the game starts with the first turn.
TEST(Presets, FirstEditionHasNoCardinalsGift) {
  const auto& db = dt::builtin_cards();
  for (const char* n : {"beginner", "first-edition", "first-edition-plus", "gengine"}) {
    dt::GameConfig cfg;
    cfg.rules = *dt::preset_by_name(n);
    cfg.seed = 4;
    cfg.decks = {dt::builtin_deck("corporate").cards, dt::builtin_deck("legion").cards};
    const dt::State s = dt::new_game(db, cfg);
    EXPECT_EQ(s.phase == dt::Phase::CardinalsGift, cfg.rules.cardinals_gift) << n;
  }
}

// Cards of a type a preset does not know make the deck illegal under it.
TEST(Presets, DecksHoldOnlyCardTypesThePresetKnows) {
  const auto& db = dt::builtin_cards();
  std::string text = "56 SEA LION\n2 VICTORIA\n2 RIVETBULL\n";
  const dt::Deck d = dt::parse_deck(text, db, "test");
  auto joined = [&](const dt::Rules& r) {
    std::string all;
    for (const std::string& p : dt::validate_deck(d, db, r, true)) all += p + "\n";
    return all;
  };
  const std::string first = joined(dt::preset_first_edition());
  EXPECT_NE(first.find("VICTORIA is a Warzone"), std::string::npos) << first;
  EXPECT_NE(first.find("RIVETBULL is a Beast"), std::string::npos) << first;
  const std::string plus = joined(dt::preset_first_edition_plus());
  EXPECT_EQ(plus.find("Warzone"), std::string::npos) << plus;
  EXPECT_EQ(plus.find("Beast"), std::string::npos) << plus;
}

}  // namespace
