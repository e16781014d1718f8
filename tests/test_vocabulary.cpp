// The vocabulary's registry (dt/vocabulary.hpp): the card loader refuses a name
// it does not hold, docs/effects.md lists it as it is, and no engine file
// names an entry by its text.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "dt/card_loader.hpp"
#include "dt/handlers.hpp"
#include "dt/vocabulary.hpp"

namespace {

std::string load_error(const std::string& card_body, const std::string& more = "") {
  const std::string text = "set: \"t\"\n"
                           "card { code: \"x0\" name: \"ALPHA\" type: WARRIOR }\n"
                           "card {\n"
                           "  code: \"x1\" name: \"BETA\" type: WARRIOR\n" +
                           card_body + "\n}\n" + more;
  try {
    dt::load_card_text({{"v.txtpb", text}});
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST(Vocabulary, LoaderRefusesAnUnknownDesignationWithItsLine) {
  const std::string err = load_error("  designation: \"NO COVR\"");
  EXPECT_NE(err.find("v.txtpb:5:"), std::string::npos) << err;
  EXPECT_NE(err.find("unknown designation \"NO COVR\""), std::string::npos) << err;
  // Nested fields are checked too: a filter, a grant, a printed text's changes.
  EXPECT_NE(load_error("  mod { who { designation: \"NEPHARIT\" } }").find("v.txtpb:5:"), std::string::npos);
  EXPECT_NE(load_error("  grant_designation: \"SLAYR\"").find("unknown designation"), std::string::npos);
  EXPECT_NE(load_error("  printed { implemented: true\n changes { designation: \"ONCE A TRN\" } }").find("v.txtpb:6:"),
            std::string::npos);
}

TEST(Vocabulary, LoaderAcceptsEveryKindOfRegisteredName) {
  EXPECT_EQ(load_error("  designation: \"no cover\""), "");  // a keyword, any case
  EXPECT_EQ(load_error("  designation: \"ONCE A TURN\""), "");  // a designation
  EXPECT_EQ(load_error("  designation: \"NEPHARITE\""), "");  // a tag
  EXPECT_EQ(load_error("  designation: \"ALPHA\""), "");  // another card's name
  EXPECT_EQ(load_error("  designation: \"TOLL 3 D\""), "");  // a family with its parameter
  EXPECT_EQ(load_error("  designation: \"IMMUNE TO ALPHA\""), "");
  EXPECT_EQ(load_error("  designation: \"FOLLOWER OF SEMAI\""), "");
  EXPECT_EQ(load_error("  play { timing: ANY_TIME effect { op: LOOK_AT_HAND designation: \"DRAW PILE\" } }"), "");
}

// A designation written twice on one card is a slip (a merge that doubled lines), not a
// stronger ability: the loader says so rather than keep one of them quietly.
TEST(Vocabulary, LoaderRefusesADesignationListedTwice) {
  const std::string err = load_error("  designation: \"ONCE A TURN\"\n  designation: \"once a turn\"");
  EXPECT_NE(err.find("\"ONCE A TURN\" is listed twice"), std::string::npos) << err;
  EXPECT_EQ(load_error("  designation: \"ONCE A TURN\"\n  designation: \"NO COVER\""), "");
}

TEST(Vocabulary, LoaderChecksAFamilysParameter) {
  EXPECT_NE(load_error("  designation: \"TOLL THREE D\"").find("unknown designation"), std::string::npos);
  EXPECT_NE(load_error("  designation: \"IMMUNE TO GAMMA\"").find("unknown designation"), std::string::npos);
  EXPECT_NE(load_error("  designation: \"FOLLOWER OF NOBODY\"").find("unknown designation"), std::string::npos);
  EXPECT_NE(load_error("  designation: \"MAY ATTACK LEGION\"").find("unknown designation"), std::string::npos);
  // A word belongs to an effect's designation, not to a card's.
  EXPECT_NE(load_error("  designation: \"DRAW PILE\"").find("unknown designation"), std::string::npos);
}

TEST(Vocabulary, LoaderRefusesAnUnknownHandlerOrApostle) {
  const std::string err = load_error("  ability { timing: ANY_TIME\n effect { op: HANDLER handler: \"retreet\" } }");
  EXPECT_NE(err.find("v.txtpb:6:"), std::string::npos) << err;
  EXPECT_NE(err.find("unknown handler \"retreet\""), std::string::npos) << err;
  EXPECT_EQ(load_error("  ability { timing: ANY_TIME effect { op: HANDLER handler: \"retreat\" } }"), "");
  EXPECT_NE(load_error("  gift { level: MAJOR apostle: \"ALGEROT\" }").find("unknown apostle"), std::string::npos);
}

TEST(Vocabulary, HandlersResolveToNumbersAndEachHasItsFunction) {
  const dt::CardDb db = dt::load_card_text(
      {{"h.txtpb", "card { code: \"x1\" name: \"A\" type: SPECIAL play { timing: ANY_TIME effect { op: HANDLER "
                   "handler: \"retreat\" } } }\n"}});
  ASSERT_TRUE(db[0].play.has_value());
  EXPECT_EQ(db[0].play->effects.at(0).handler, dt::HandlerId::retreat);
  for (size_t i = 1; i < size_t(dt::HandlerId::Count); ++i) {
    const auto h = dt::HandlerId(i);
    EXPECT_TRUE(dt::handler_implemented(h)) << dt::handler_name(h);
    EXPECT_EQ(dt::handler_by_name(dt::handler_name(h)), h);
  }
}

TEST(Vocabulary, EveryNameIsRegisteredOnce) {
  std::set<std::string> seen;
  for (const dt::VocabEntry& e : dt::vocabulary()) {
    const std::string key = std::string(e.text) + "|" + std::string(e.suffix);
    EXPECT_TRUE(seen.insert(key).second) << "registered twice: " << e.text;
    EXPECT_FALSE(e.meaning.empty()) << e.text;
    if (!e.file.empty()) {
      EXPECT_TRUE(std::filesystem::exists(std::filesystem::path(DTREF_SOURCE_DIR) / "engine/src" / e.file))
          << e.text << ": no file " << e.file;
    }
  }
}

// docs/effects.md's list is the registry's, between its two markers.
TEST(Vocabulary, EffectsDocListsTheRegistry) {
  const std::string doc = slurp(std::filesystem::path(DTREF_DOCS_DIR) / "effects.md");
  const std::string begin = "<!-- vocabulary: generated by `dtref cards --vocabulary`, do not edit -->\n";
  const std::string end = "<!-- vocabulary end -->";
  const size_t b = doc.find(begin), e = doc.find(end);
  ASSERT_NE(b, std::string::npos);
  ASSERT_NE(e, std::string::npos);
  std::istringstream have(doc.substr(b + begin.size(), e - b - begin.size())), want("\n" + dt::vocabulary_markdown());
  std::string h, w;
  for (int line = 1; std::getline(want, w); ++line) {
    if (!std::getline(have, h)) h = "(the end of the list)";
    ASSERT_EQ(h, w) << "docs/effects.md's list, line " << line << ": regenerate with scripts/update-vocabulary-doc.sh";
  }
  EXPECT_FALSE(std::getline(have, h)) << "docs/effects.md's list goes on: " << h;
}

// Engine and bot code names a registered designation, keyword, word, tag or
// handler through dt/designations.hpp and dt/handlers.hpp, never by its text.
TEST(Vocabulary, NoEngineFileSpellsARegisteredName) {
  std::set<std::string> names;
  for (const dt::VocabEntry& e : dt::vocabulary()) {
    std::string t(e.text);
    while (!t.empty() && t.back() == ' ') t.pop_back();
    names.insert(t);
  }
  const std::regex literal(R"re("((?:[^"\\]|\\.)*)")re");
  std::vector<std::string> found;
  const std::filesystem::path root(DTREF_SOURCE_DIR);
  for (const char* dir : {"engine/src", "engine/include", "engine/cards/src", "bots", "referee"}) {
    for (const auto& f : std::filesystem::recursive_directory_iterator(root / dir)) {
      const std::string ext = f.path().extension().string();
      if (ext != ".cpp" && ext != ".hpp") continue;
      const std::string name = f.path().filename().string();
      // The registry itself; deck lists name card types (EQUIPMENT, MISSION), not designations.
      if (name == "vocabulary.cpp" || name == "deck.cpp") continue;
      std::ifstream in(f.path());
      std::string line;
      for (int n = 1; std::getline(in, line); ++n) {
        if (const size_t c = line.find("//"); c != std::string::npos) {
          const size_t quotes = size_t(std::count(line.begin(), line.begin() + long(c), '"'));
          if (quotes % 2 == 0) line.resize(c);
        }
        for (std::sregex_iterator it(line.begin(), line.end(), literal), e; it != e; ++it) {
          std::string t = (*it)[1];
          while (!t.empty() && t.back() == ' ') t.pop_back();
          if (names.contains(t)) found.push_back(f.path().lexically_relative(root).string() + ":" + std::to_string(n) + ": \"" + t + "\"");
        }
      }
    }
  }
  EXPECT_TRUE(found.empty()) << [&] {
    std::string all;
    for (const std::string& x : found) all += x + "\n";
    return all;
  }();
}
