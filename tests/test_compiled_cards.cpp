// The built-in cards are read at start from the build's compiled form (protobuf
// binary, engine/cards/tools/cardc.cpp), not the text: the two must give the
// same card database, the same version (transcripts record it) and the same
// games.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "dt/card_loader.hpp"
#include "dt/deck.hpp"
#include "dt/game.hpp"
#include "dt/rng.hpp"
#include "dt/rules.hpp"

namespace {

namespace fs = std::filesystem;

dt::CardDb from_text() {
  std::vector<fs::path> paths;
  for (const auto& e : fs::directory_iterator(fs::path(DTREF_SOURCE_DIR) / "cards"))
    if (e.path().extension() == ".txtpb") paths.push_back(e.path());
  std::sort(paths.begin(), paths.end());
  std::vector<std::pair<std::string, std::string>> files;
  for (const fs::path& p : paths) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    files.emplace_back(p.filename().string(), text.str());
  }
  return dt::load_card_text(files);
}

TEST(CompiledCards, GiveTheDatabaseTheTextGives) {
  const dt::CardDb text = from_text();
  const dt::CardDb& built = dt::builtin_cards();
  EXPECT_EQ(built.version, text.version);
  ASSERT_EQ(built.size(), text.size());
  ASSERT_GT(text.size(), 1000u);
  for (size_t i = 0; i < text.size(); ++i)
    for (const dt::CardText t : {dt::CardText::GEngine, dt::CardText::Printed}) {
      const dt::CardDef& a = built.text(t)[uint16_t(i)];
      const dt::CardDef& b = text.text(t)[uint16_t(i)];
      EXPECT_EQ(a.code, b.code);
      EXPECT_EQ(a.name, b.name);
      EXPECT_EQ(a.implemented, b.implemented) << a.name;
      EXPECT_EQ(a.missing, b.missing) << a.name;
      EXPECT_EQ(a.summary, b.summary) << a.name;
      EXPECT_EQ(a.ruling, b.ruling) << a.name;
    }
}

// Random games, one per pair of built-in decks and per text (gEngine, and
// printed under first edition), on each database: every state's hash the same.
TEST(CompiledCards, PlayTheGamesTheTextPlays) {
  const dt::CardDb text = from_text();
  const dt::CardDb& built = dt::builtin_cards();
  const std::vector<std::string> names = dt::builtin_deck_names();
  ASSERT_GE(names.size(), 2u);
  int decisions = 0;
  for (size_t d = 0; d + 1 < names.size(); ++d) {
    dt::GameConfig cfg;
    cfg.rules = d % 2 ? dt::preset_first_edition() : dt::preset_gengine();
    cfg.seed = 1000 + d;
    cfg.decks = {dt::builtin_deck(names[d]).cards, dt::builtin_deck(names[d + 1]).cards};
    dt::State a = dt::new_game(built, cfg);
    dt::State b = dt::new_game(text, cfg);
    dt::Rng pick(cfg.seed);
    for (int step = 0; step < 400 && !dt::game_over(a); ++step, ++decisions) {
      ASSERT_EQ(dt::state_hash(a), dt::state_hash(b)) << names[d] << " step " << step;
      const auto options = dt::legal_options(a);
      ASSERT_FALSE(options.empty());
      const dt::Option o = options[size_t(pick.below(options.size()))];
      dt::apply(a, o);
      dt::apply(b, o);
    }
    EXPECT_EQ(dt::state_hash(a), dt::state_hash(b)) << names[d];
  }
  EXPECT_GT(decisions, 1000);
}

// The build's card compiler refuses what the loader refuses, with the file
// and line, so a bad card fails the build rather than every process's start.
TEST(CompiledCards, ABadCardFailsTheBuildWithItsLine) {
  const fs::path dir = fs::temp_directory_path() / ("dtref_cardc_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  {
    std::ofstream(dir / "bad.txtpb") << "set: \"t\"\ncard { code: \"t1\" name: \"ONE\" type: WARRIOR }\n"
                                     << "card { code: \"t2\" name: \"TWO\" type: WARRIOR designation: \"NO SUCH WORD\" }\n";
  }
  const std::string cmd = std::string(DTREF_CARDC_BIN) + " " + (dir / "out.cpp").string() + " " +
                          (dir / "bad.txtpb").string() + " 2>" + (dir / "err").string();
  const int st = std::system(cmd.c_str());
  std::ifstream err_in(dir / "err");
  std::ostringstream err;
  err << err_in.rdbuf();
  EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 1) << st;
  EXPECT_NE(err.str().find("bad.txtpb:3"), std::string::npos) << err.str();
  EXPECT_FALSE(fs::exists(dir / "out.cpp"));
  fs::remove_all(dir);
}

}  // namespace
