// The card data lint (docs/effects.md "The data lint"): every implemented
// card's data holds the facts its two texts state, and no such fact its text
// does not. The facts each text states (numbers, ratings with their amounts,
// Apostles, affiliations, designations, the weapon kind) are read from the
// reference database by tools/reference_facts.py into
// tests/fixtures/reference/facts.tsv; the suite never reads the database or a
// card's text. tests/fixtures/reference/lint-allow.tsv lists, with a reason
// each, the facts that are no card fact (a text's example, a number the data
// expresses otherwise).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "dt/card_loader.hpp"
#include "dt/cards.hpp"

namespace {

namespace fs = std::filesystem;

const fs::path kFixtures = fs::path(DTREF_SOURCE_DIR) / "tests" / "fixtures" / "reference";

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur.push_back(c);
    }
  }
  out.push_back(cur);
  return out;
}

std::set<std::string> list(const std::string& s) {
  std::set<std::string> out;
  for (const auto& x : split(s, '|'))
    if (!x.empty()) out.insert(x);
  return out;
}

std::string upper(std::string s) {
  for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// What one text states (a line of facts.tsv).
struct TextFacts {
  std::set<int> numbers;
  std::set<std::string> ratings;  // "F4"; "F?" where a gEngine text lost the amount ("+ to F")
  std::set<std::string> apostles, affiliations;
  std::set<std::string> has;    // designations it gives or has
  std::set<std::string> named;  // every designation it names
  std::string weapon;
};

std::map<std::pair<std::string, char>, TextFacts> read_facts(std::set<std::string>& vocabulary) {
  std::map<std::pair<std::string, char>, TextFacts> out;
  std::ifstream in(kFixtures / "facts.tsv");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto f = split(line, '\t');
    if (f.size() != 9 || f[1].size() != 1) continue;
    TextFacts t;
    for (const auto& n : list(f[2])) t.numbers.insert(std::atoi(n.c_str()));
    t.ratings = list(f[3]);
    t.apostles = list(f[4]);
    t.affiliations = list(f[5]);
    t.has = list(f[6]);
    t.named = list(f[7]);
    t.weapon = f[8];
    vocabulary.insert(t.named.begin(), t.named.end());
    out[{f[0], f[1][0]}] = std::move(t);
  }
  return out;
}

// One allowed difference: card code, text (g, p or * for both), kind, value.
struct Allowed {
  std::string code, text, kind, value;
  mutable bool used = false;
};

std::vector<Allowed> read_allowed() {
  std::vector<Allowed> out;
  std::ifstream in(kFixtures / "lint-allow.tsv");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto f = split(line, '\t');
    if (f.size() < 5 || f[4].empty()) {
      ADD_FAILURE() << "lint-allow.tsv: each line needs code, text, kind, value and a reason: " << line;
      continue;
    }
    out.push_back({f[0], f[1], f[2], f[3]});
  }
  return out;
}

const char* const kApostles[] = {"ALGEROTH", "DEMNOGONIS", "ILIAN", "MUAWIJHE", "SEMAI"};
const char* const kAffiliations[] = {"BAUHAUS",  "CAPITOL",    "CYBERTRONIC", "IMPERIAL", "MISHIMA", "BROTHERHOOD",
                                     "LEGION",   "CRESCENTIA", "LUTHERAN",    "RASPUTIN", "TEMPLARS"};
const std::map<std::string, int> kNumberWords = {
    {"ONE", 1}, {"TWO", 2},   {"THREE", 3}, {"FOUR", 4},   {"FIVE", 5},  {"SIX", 6},    {"SEVEN", 7},
    {"EIGHT", 8}, {"NINE", 9}, {"TEN", 10}, {"TWICE", 2}, {"DOUBLE", 2}, {"DOUBLED", 2}, {"HALF", 2}};

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

// Is `word` in `text` as a whole word (or words)?
bool word_in(const std::string& text, const std::string& word) {
  for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
    const size_t end = at + word.size();
    if ((at == 0 || !word_char(text[at - 1])) && (end == text.size() || !word_char(text[end]))) return true;
  }
  return false;
}

// What one text of a card's data holds.
struct DataFacts {
  std::set<int> numbers;
  std::multiset<std::string> ratings;  // "F4", once per bonus giving it
  std::set<std::string> apostles, affiliations, strings, designations;
  std::string weapon;
  bool gift = false;         // a Dark Symmetry gift (its `gift` field)
  std::string gift_apostle;  // the Apostle whose gift it is
};

bool top_level(const std::string& path) { return path.find('.') == std::string::npos; }

DataFacts data_facts(const std::vector<std::pair<std::string, std::string>>& fields) {
  static const std::set<std::string> kNotData = {"name", "code", "set", "summary", "missing"};
  static const std::set<std::string> kCardRatings = {"fight", "shoot", "armor", "value", "deck_limit"};
  static const std::set<std::string> kAffiliationFields = {"affiliation", "affects", "grant_affiliation",
                                                           "revoke_affiliation", "not_affiliation"};
  DataFacts d;
  for (const auto& [path, value] : fields) {
    const std::string last = path.substr(path.rfind('.') == std::string::npos ? 0 : path.rfind('.') + 1);
    if (top_level(path) && kNotData.count(path)) continue;
    if (top_level(path) && path == "designation") d.designations.insert(upper(value));
    if (top_level(path) && path == "weapon") d.weapon = value;
    if (path.rfind("gift.", 0) == 0) d.gift = true;
    if (path == "gift.apostle") d.gift_apostle = upper(value);
    char* end = nullptr;
    const long n = std::strtol(value.c_str(), &end, 10);
    const bool number = !value.empty() && end && *end == '\0';
    if (number) {
      if (top_level(path) && kCardRatings.count(path)) continue;  // the card's own ratings: not text facts
      d.numbers.insert(int(std::labs(n)));
      const bool bonus = path == "bonus." + last || path.find(".bonus." + last) != std::string::npos;
      if (bonus && last.size() == 1 && std::string("fsav").find(last) != std::string::npos && n != 0)
        d.ratings.insert(upper(last) + std::to_string(std::labs(n)));
      continue;
    }
    if (kAffiliationFields.count(last)) {  // an affiliation named (not the card's own, its faction)
      if (path != "affiliation") d.affiliations.insert(value);
      continue;
    }
    // A flag naming one (dark_legion, vs_dark_legion, fighting the Dark Legion).
    if (value == "true" && last.find("legion") != std::string::npos) d.affiliations.insert("LEGION");
    for (const char* a : kApostles)
      if (value == a) d.apostles.insert(a);
    if (value == "true" || value == "false") continue;
    // A string: a designation, a handler, an Apostle's name, a card's name in a filter.
    const std::string u = upper(value);
    d.strings.insert(u);
    for (const char* a : kApostles)
      if (word_in(u, a)) d.apostles.insert(a);
    for (const char* a : kAffiliations)
      if (word_in(u, a)) d.affiliations.insert(a);
    // A number a designation spells ("DISCARDED FOR 8 D TO A SPELL", "HAND OVER SEVEN").
    for (size_t i = 0; i < u.size(); ++i)
      if (std::isdigit(static_cast<unsigned char>(u[i])) && (i == 0 || !word_char(u[i - 1]))) {
        size_t j = i;
        while (j < u.size() && std::isdigit(static_cast<unsigned char>(u[j]))) ++j;
        if (j == u.size() || !word_char(u[j])) d.numbers.insert(std::atoi(u.c_str() + i));
        i = j;
      }
    for (const auto& [w, v] : kNumberWords)
      if (word_in(u, w)) d.numbers.insert(v);
  }
  return d;
}

// A text's rating amount the data gives as two bonuses added up ("+4 instead"
// on top of a +2: the data adds +2 more).
bool rating_sum(const DataFacts& d, char stat, int n) {
  std::vector<int> amounts;
  for (const auto& r : d.ratings)
    if (r[0] == stat) amounts.push_back(std::atoi(r.c_str() + 1));
  for (size_t i = 0; i < amounts.size(); ++i)
    for (size_t j = i + 1; j < amounts.size(); ++j)
      if (amounts[i] + amounts[j] == n) return true;
  return false;
}

// The card's name, as words: a designation its name states ("NEPHARITE OF ILIAN" is a NEPHARITE).
bool in_name(const std::string& name, const std::string& designation) { return word_in(upper(name), designation); }

struct Finding {
  std::string code, name;
  char text;
  std::string kind, value;
};

std::vector<Finding> lint_card(const dt::CardDef& card, char text, const TextFacts& t, const TextFacts& other,
                               const DataFacts& d, const std::set<std::string>& vocabulary) {
  std::vector<Finding> out;
  auto report = [&](const std::string& kind, const std::string& value) {
    out.push_back({card.code, card.name, text, kind, value});
  };
  // Numbers the text states (one is too plain a word to hold to: "one action").
  for (int n : t.numbers) {
    if (n < 2 || d.numbers.count(n)) continue;
    bool summed = false;
    for (const char* st = "FSAV"; *st; ++st)
      if (t.ratings.count(std::string(1, *st) + std::to_string(n)) && rating_sum(d, *st, n)) summed = true;
    if (!summed) report("missing-number", std::to_string(n));
  }
  // Ratings: each amount the text gives is in the data, as one bonus or two added up.
  for (const auto& r : t.ratings) {
    if (r[1] == '?') continue;
    const int n = std::atoi(r.c_str() + 1);
    if (!d.ratings.count(r) && !rating_sum(d, r[0], n)) report("missing-rating", r);
  }
  // ... and each bonus of the data is one the text gives: a gEngine text that lost its amount
  // ("+ to S") takes the printed text's amount, as docs/effects.md "Two texts" has it.
  for (const auto& r : std::set<std::string>(d.ratings.begin(), d.ratings.end())) {
    if (t.ratings.count(r)) continue;
    if (t.ratings.count(std::string(1, r[0]) + "?") && other.ratings.count(r)) continue;
    // ... or the amount a ruling (rulings.md) decides, which the card's data names with its source.
    if (t.ratings.count(std::string(1, r[0]) + "?") && !card.ruling.empty()) continue;
    bool part = false;  // one of two bonuses that add up to the text's amount
    for (const auto& x : t.ratings)
      if (x[0] == r[0] && x[1] != '?' && rating_sum(d, r[0], std::atoi(x.c_str() + 1))) part = true;
    if (!part) report("extra-rating", r);
  }
  for (const auto& a : t.apostles)
    if (!d.apostles.count(a)) report("missing-apostle", a);
  // A gift whose text names one Apostle is that Apostle's gift (ALAKHAI THE CUNNING takes
  // Algeroth's at any time), whoever else may receive it.
  if (d.gift && t.apostles.size() == 1 && d.gift_apostle != *t.apostles.begin())
    report("gift-apostle", *t.apostles.begin());
  for (const auto& a : d.apostles)
    if (!t.apostles.count(a)) report("extra-apostle", a);
  for (const auto& a : t.affiliations)
    if (!d.affiliations.count(a)) report("missing-affiliation", a);
  for (const auto& a : d.affiliations)
    if (!t.affiliations.count(a)) report("extra-affiliation", a);
  // A designation the text gives: in some string of the data ("NEVER HERETIC" says HERETIC), or the
  // order of strikes FIRST STRIKE sets.
  for (const auto& x : t.has) {
    bool found = std::any_of(d.strings.begin(), d.strings.end(),
                             [&](const std::string& s) { return word_in(s, x) || word_in(s, x + "S"); });
    if (x == "FIRST STRIKE")
      found = found || d.strings.count("ATTACKER_FIRST") || d.strings.count("DEFENDER_FIRST") || d.strings.count("USER_FIRST");
    if (!found) report("missing-designation", x);
  }
  // A designation of the card that the rulebooks or other cards' texts know, which its gEngine text
  // never names. (A printed text gives many in prose: "may use all aspects of the Art" is BLESSED.)
  if (text == 'g')
    for (const auto& x : d.designations)
      if (vocabulary.count(x) && !t.named.count(x) && !in_name(card.name, x)) report("extra-designation", x);
  if (t.weapon != d.weapon) report("weapon", (t.weapon.empty() ? "none" : t.weapon) + " in the text, " +
                                                 (d.weapon.empty() ? "none" : d.weapon) + " in the data");
  return out;
}

TEST(CardLint, ImplementedCardsHoldWhatTheirTextsState) {
  std::set<std::string> vocabulary;
  const auto facts = read_facts(vocabulary);
  ASSERT_GT(facts.size(), 2000u) << "tests/fixtures/reference/facts.tsv: run tools/reference_facts.py";
  const auto allowed = read_allowed();
  const dt::CardDb& db = dt::builtin_cards();
  const auto fields = dt::builtin_card_fields();
  ASSERT_EQ(fields.size(), db.size());
  std::vector<Finding> findings;
  int checked = 0;
  for (size_t i = 0; i < fields.size(); ++i) {
    const dt::CardDef& card = db[uint16_t(i)];
    ASSERT_EQ(card.code, fields[i].code);
    if (!card.implemented) continue;
    const auto g = facts.find({card.code, 'g'}), p = facts.find({card.code, 'p'});
    if (g == facts.end() || p == facts.end()) {
      findings.push_back({card.code, card.name, '*', "no facts", "run tools/reference_facts.py"});
      continue;
    }
    ++checked;
    for (const auto& f : lint_card(card, 'g', g->second, p->second, data_facts(fields[i].fields[0]), vocabulary))
      findings.push_back(f);
    for (const auto& f : lint_card(card, 'p', p->second, g->second, data_facts(fields[i].fields[1]), vocabulary))
      findings.push_back(f);
  }
  std::ostringstream report;
  int unexplained = 0;
  for (const auto& f : findings) {
    const auto it = std::find_if(allowed.begin(), allowed.end(), [&](const Allowed& a) {
      return a.code == f.code && (a.text == "*" || a.text == std::string(1, f.text)) && a.kind == f.kind &&
             a.value == f.value;
    });
    if (it != allowed.end()) {
      it->used = true;
      continue;
    }
    ++unexplained;
    report << f.code << "\t" << f.text << "\t" << f.kind << "\t" << f.value << "\t(" << f.name << ")\n";
  }
  EXPECT_GT(checked, 400);
  EXPECT_EQ(unexplained, 0) << "card data that does not say what the card's text says (code, text g/p, what, value);"
                               " fix the card, or add a line with a reason to tests/fixtures/reference/lint-allow.tsv:\n"
                            << report.str();
  for (const Allowed& a : allowed)
    EXPECT_TRUE(a.used) << "lint-allow.tsv: an entry the lint no longer needs: " << a.code << " " << a.text << " "
                        << a.kind << " " << a.value;
}

}  // namespace
