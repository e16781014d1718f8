// Deck lists: parsing, validation, built-in decks. docs/decks.md describes the
// accepted format; the DoomtrooperDB export shapes handled here were read off
// its export templates (title line, "Expansions:" line, type section headers,
// "Nx NAME (Expansion name)" card lines, "---- Expansion ----" separators).
#include "dt/deck.hpp"

#include "dt/bounded_file.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

#include "dt/card_loader.hpp"
#include "embedded.hpp"

namespace dt {
namespace {

bool space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }
bool alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

bool starts_with_nocase(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(s[i])) != std::tolower(static_cast<unsigned char>(prefix[i])))
      return false;
  return true;
}

// Upper-case letters and digits, every run of anything else one space: the
// form names are compared in when the exact name is not found, so dashes,
// quotes and "&" do not have to be typed exactly.
std::string name_key(std::string_view s) {
  std::string out;
  bool gap = false;
  for (char c : s) {
    if (alnum(c)) {
      if (gap && !out.empty()) out += ' ';
      gap = false;
      out += char(std::toupper(static_cast<unsigned char>(c)));
    } else {
      gap = true;
    }
  }
  return out;
}


// Card names in comparison form, built once per deck list so that reading a
// long list does not redo the work for every line.
class NameIndex {
 public:
  explicit NameIndex(const CardDb& db) : db_(db) {
    keys_.reserve(db.size());
    for (size_t i = 0; i < db.size(); ++i) {
      keys_.push_back(name_key(db[uint16_t(i)].name));
      by_key_.emplace(keys_.back(), uint16_t(i));  // the first card wins a (never seen) tie
    }
  }

  std::optional<uint16_t> find(std::string_view name_or_code) const {
    name_or_code = trim(name_or_code);
    if (name_or_code.empty()) return std::nullopt;
    if (auto c = db_.find(name_or_code)) return c;
    auto it = by_key_.find(name_key(name_or_code));
    if (it == by_key_.end()) return std::nullopt;
    return it->second;
  }

  std::string nearest(std::string_view query) const {
    const std::string q = name_key(query);
    // Card names are short; a long query is not a typo of one, and edit
    // distance on it would cost time for nothing.
    if (q.empty() || q.size() > 80) return "";
    // Past about half the length, the "nearest" name is noise, not a typo fix;
    // only names closer than the best so far are worth finishing.
    const size_t worst_useful = std::max<size_t>(3, q.size() / 2);
    size_t best = SIZE_MAX, at = 0;
    for (size_t i = 0; i < keys_.size(); ++i) {
      const size_t limit = best == SIZE_MAX ? worst_useful : best - 1;
      const size_t e = edit_distance(q, keys_[i], limit);
      if (e <= limit) best = e, at = i;
      if (best == 0) break;
    }
    if (best == SIZE_MAX) return "";
    return db_[uint16_t(at)].name;
  }

 private:
  const CardDb& db_;
  std::vector<std::string> keys_;
  std::unordered_map<std::string, uint16_t> by_key_;
};

constexpr size_t kMaxDeckCards = 2000;

// "3", "3x", "3X", "x3" -> 3; nullopt when the token is not a quantity.
std::optional<int> quantity(std::string_view tok) {
  if (!tok.empty() && (tok.back() == 'x' || tok.back() == 'X')) tok.remove_suffix(1);
  else if (!tok.empty() && (tok.front() == 'x' || tok.front() == 'X')) tok.remove_prefix(1);
  if (tok.empty() || !std::isdigit(static_cast<unsigned char>(tok.front()))) return std::nullopt;
  long long n = 0;
  auto [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), n);
  if (p != tok.data() + tok.size()) return std::nullopt;
  if (ec == std::errc::result_out_of_range || n > 1000000) return 1000001;  // "too large" below
  if (ec != std::errc()) return std::nullopt;
  return int(n);
}

// A card named by `text`, also when the text carries a trailing set name in
// parentheses, as DoomtrooperDB's export writes ("SEA LION (Unlimited (Base
// Set))", and in its by-expansion export without the last ")").
std::optional<uint16_t> lookup_with_set(std::string_view text, const NameIndex& names) {
  if (auto c = names.find(text)) return c;
  for (size_t p = text.rfind('('); p != std::string_view::npos && p > 0; p = text.rfind('(', p - 1)) {
    if (auto c = names.find(trim(text.substr(0, p)))) return c;
  }
  return std::nullopt;
}

// Words a section header may be made of ("Warriors", "Dark Symmetry",
// "Ki Powers", "Main deck", "Total"), besides numbers.
bool header_word(const std::string& w) {
  static const char* const kWords[] = {
      "WARRIOR", "WARRIORS", "EQUIPMENT", "EQUIPMENTS", "SPECIAL", "SPECIALS", "FORTIFICATION",
      "FORTIFICATIONS", "ART", "ARTS", "DARK", "SYMMETRY", "SYMMETRYS", "SYMMETRIES", "MISSION",
      "MISSIONS", "RELIC", "RELICS", "WARZONE", "WARZONES", "KI", "POWER", "POWERS", "BEAST",
      "BEASTS", "ALLIANCE", "ALLIANCES", "DECK", "MAIN", "CARD", "CARDS", "TOTAL", "AND", "THE",
      "OTHER", "OTHERS", "CITADELS", "CITIES"};
  return std::any_of(std::begin(kWords), std::end(kWords), [&](const char* k) { return w == k; });
}

// A line without a quantity that is not a card: is it a section header? Yes
// when it is made of header words ("Dark Symmetry"), or when it is decorated
// as a header: a trailing ':' or a trailing count "(23)".
bool is_section_header(std::string_view text) {
  bool decorated = false;
  for (bool again = true; again;) {
    again = false;
    text = trim(text);
    if (!text.empty() && text.back() == ':') {
      text.remove_suffix(1);
      decorated = again = true;
    } else if (!text.empty() && (text.back() == ')' || text.back() == ']')) {
      const char open = text.back() == ')' ? '(' : '[';
      size_t p = text.rfind(open);
      if (p == std::string_view::npos) break;
      std::string_view inner = trim(text.substr(p + 1, text.size() - p - 2));
      if (inner.empty() || !std::all_of(inner.begin(), inner.end(),
                                        [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
        break;
      text = text.substr(0, p);
      decorated = again = true;
    }
  }
  if (decorated) return true;
  std::istringstream words(name_key(text));
  std::string w;
  bool any = false;
  while (words >> w) {
    const bool number = std::all_of(w.begin(), w.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
    if (!number && !header_word(w)) return false;
    any = any || !number;
  }
  return any;  // "Total 60" is a header; a bare "60" is not
}

// A header that switches lists: "Side Board", "Sideboard (25)", "Side deck:"
// start the side board; "Main deck", "Play deck" go back. nullopt otherwise.
std::optional<bool> list_switch(std::string_view text) {
  text = trim(text);
  while (!text.empty() && (text.back() == ':' || text.back() == ')' || text.back() == ']')) {
    if (text.back() == ':') {
      text = trim(text.substr(0, text.size() - 1));
      continue;
    }
    const size_t p = text.rfind(text.back() == ')' ? '(' : '[');
    if (p == std::string_view::npos) break;
    text = trim(text.substr(0, p));
  }
  const std::string k = name_key(text);
  if (k == "SIDE BOARD" || k == "SIDEBOARD" || k == "SIDE DECK" || k == "SIDE BOARD PILE") return true;
  if (k == "MAIN DECK" || k == "MAIN" || k == "PLAY DECK" || k == "DECK") return false;
  return std::nullopt;
}

std::string strip_comment(std::string_view line) {
  if (size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
  for (size_t p = line.find("//"); p != std::string_view::npos; p = line.find("//", p + 1)) {
    if (p == 0 || space(line[p - 1])) {
      line = line.substr(0, p);
      break;
    }
  }
  return std::string(trim(line));
}

std::vector<std::string> split_lines(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // UTF-8 byte order mark
  std::vector<std::string> lines;
  while (!text.empty()) {
    size_t nl = text.find('\n');
    lines.push_back(strip_comment(text.substr(0, nl)));
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
  }
  return lines;
}

// DoomtrooperDB's export opens with one title line ("Deck name 1.0") and then
// an "Expansions: ..." line. Returns the index of the Expansions line when the
// text has that shape, so the title is not read as a card.
std::optional<size_t> export_preamble_end(const std::vector<std::string>& lines) {
  int nonblank = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].empty()) continue;
    if (starts_with_nocase(lines[i], "expansions:") || starts_with_nocase(lines[i], "expansion:"))
      return nonblank == 1 ? std::optional<size_t>(i) : std::nullopt;
    if (++nonblank > 1) return std::nullopt;
  }
  return std::nullopt;
}

// The problem text for an unknown card name. Only the first few get a
// suggestion: a file of garbage should fail fast, not search for each line.
std::string unknown_card(std::string_view query, const NameIndex& names, int& suggestions_left) {
  std::string shown(query.substr(0, 60));
  if (query.size() > 60) shown += "...";
  if (!query.empty() && std::all_of(query.begin(), query.end(),
                                    [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return "unknown card code '" + shown + "' (DoomtrooperDB codes are the set's number and the card's, "
           "e.g. 01273; `dtref cards --list` lists them)";
  std::string msg = "unknown card '" + shown + "'";
  if (suggestions_left <= 0) return msg;
  --suggestions_left;
  std::string near = names.nearest(query);
  if (near.empty()) return msg + " (no card has a similar name; `dtref cards --list` lists them all)";
  return msg + " (did you mean '" + near + "'?)";
}

std::string join_lines(const std::vector<DeckProblem>& problems) {
  std::string out;
  for (const auto& p : problems) out += (out.empty() ? "" : "\n") + p.text();
  return out;
}

const embedded::EmbeddedFile* builtin_deck_file(std::string_view name) {
  std::string file = std::string(name) + ".deck";
  for (size_t i = 0; i < embedded::kDeckFileCount; ++i)
    if (embedded::kDeckFiles[i].name && file == embedded::kDeckFiles[i].name) return &embedded::kDeckFiles[i];
  return nullptr;
}

}  // namespace

size_t edit_distance(std::string_view a, std::string_view b, size_t limit) {
  // The distance is at least the difference in length: no table needed.
  const size_t gap = a.size() > b.size() ? a.size() - b.size() : b.size() - a.size();
  if (gap > limit) return limit + 1;
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    size_t row_min = cur[0];
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t sub = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
      row_min = std::min(row_min, cur[j]);
    }
    // Rows never decrease their minimum: once every cell is past the limit,
    // the final distance is too.
    if (row_min > limit) return limit + 1;
    std::swap(prev, cur);
  }
  return prev[b.size()] > limit ? limit + 1 : prev[b.size()];
}

std::string DeckProblem::text() const {
  return line > 0 ? "line " + std::to_string(line) + ": " + message : message;
}

std::optional<uint16_t> lookup_card(std::string_view name_or_code, const CardDb& db) {
  return NameIndex(db).find(name_or_code);
}

std::string nearest_card_name(std::string_view query, const CardDb& db) { return NameIndex(db).nearest(query); }

Deck read_deck(std::string_view text, const CardDb& db, std::string name,
               std::vector<DeckProblem>& problems) {
  Deck deck;
  deck.name = std::move(name);
  const std::vector<std::string> lines = split_lines(text);
  const std::optional<size_t> preamble_end = export_preamble_end(lines);
  const NameIndex names(db);
  int suggestions_left = 20;
  bool after_expansions = false;
  bool side = false;  // reading the side board
  for (size_t i = 0; i < lines.size(); ++i) {
    const int line_no = int(i) + 1;
    std::string_view line = lines[i];
    if (line.empty()) continue;
    auto problem = [&](std::string msg) { problems.push_back({line_no, std::move(msg)}); };
    if (preamble_end && i < *preamble_end) {
      deck.title = std::string(line);
      continue;
    }
    // Export furniture: "Expansions: ..." (and a "From X to Y" line after it),
    // "---- Inquisition ----" separators.
    if (starts_with_nocase(line, "expansions:") || starts_with_nocase(line, "expansion:")) {
      after_expansions = true;
      continue;
    }
    if (after_expansions && starts_with_nocase(line, "from ")) continue;
    after_expansions = false;
    if (line.substr(0, 3) == "---" || line.substr(0, 3) == "===") continue;
    if (auto sw = list_switch(line)) {
      side = *sw;
      continue;
    }

    // Quantity: "3 NAME", "3x NAME", "3 x NAME", "x3 NAME", or "NAME x3".
    std::optional<int> count;
    std::string_view card = line;
    size_t sp = 0;
    while (sp < line.size() && !space(line[sp])) ++sp;
    if (sp < line.size()) {
      if ((count = quantity(line.substr(0, sp)))) {
        card = trim(line.substr(sp));
        if (card.size() > 2 && (card[0] == 'x' || card[0] == 'X') && space(card[1])) card = trim(card.substr(2));
      } else {
        size_t last = line.find_last_of(" \t");
        std::string_view tail = line.substr(last + 1);
        if (tail.size() > 1 && (tail[0] == 'x' || tail[0] == 'X') && (count = quantity(tail)))
          card = trim(line.substr(0, last));
      }
    }
    std::optional<uint16_t> def = lookup_with_set(card, names);
    if (!def) {
      if (!count && is_section_header(card)) continue;
      problem(unknown_card(card, names, suggestions_left));
      continue;
    }
    const int n = count.value_or(1);
    if (n <= 0) {
      problem("quantity must be at least 1 (delete the line to leave " + db[*def].name + " out)");
      continue;
    }
    if (n > 1000) {
      problem("quantity " + std::to_string(n) + " is too large (at most 1000 copies per line)");
      continue;
    }
    auto& list = side ? deck.side_board : deck.cards;
    if (list.size() + size_t(n) > kMaxDeckCards) {
      // Games hold at most 32767 cards (16-bit card ids); decks are tens of cards.
      problem("the deck would hold more than " + std::to_string(kMaxDeckCards) + " cards; the rest is not read");
      break;
    }
    deck.entries.push_back({*def, n, line_no, side});
    list.insert(list.end(), size_t(n), *def);
  }
  return deck;
}

Deck parse_deck(std::string_view text, const CardDb& db, std::string name) {
  std::vector<DeckProblem> problems;
  Deck deck = read_deck(text, db, std::move(name), problems);
  if (!problems.empty()) throw std::runtime_error(join_lines(problems));
  return deck;
}

namespace {

// The problems of one list (the deck, or the side board): copies over the
// limit, cards not implemented, Tribal warriors without Outposts.
void list_problems(const Deck& deck, bool side, const CardDb& db, const Rules& rules, bool allow_unimplemented,
                   std::vector<DeckProblem>& problems, std::vector<DeckProblem>& per_card) {
  std::map<uint16_t, int> counts;
  for (uint16_t c : side ? deck.side_board : deck.cards) {
    if (c >= db.size()) {
      problems.push_back({0, "card index " + std::to_string(c) + " is not in the card database"});
      continue;
    }
    ++counts[c];
  }
  std::map<uint16_t, std::vector<int>> lines_of;
  for (const DeckEntry& e : deck.entries)
    if (e.side == side) lines_of[e.def].push_back(e.line);
  const std::string where = side ? " in the side board" : "";
  for (const auto& [c, n] : counts) {
    const CardDef& d = db[c];
    const std::vector<int>& lines = lines_of[c];
    const int line = lines.empty() ? 0 : lines.front();
    const int limit = rules.max_copies > 0 ? rules.max_copies : int(d.deck_limit);
    if (n > limit) {
      std::string msg = std::to_string(n) + (n == 1 ? " copy of " : " copies of ") + d.name + where;
      if (lines.size() > 1) {
        msg += " (listed on lines";
        for (size_t i = 0; i < lines.size(); ++i) msg += (i ? ", " : " ") + std::to_string(lines[i]);
        msg += ")";
      }
      if (rules.max_copies > 0) msg += "; the " + rules.name + " rules allow " + std::to_string(limit);
      else if (limit == 0) msg += "; its deck limit is 0: it may not be put in a deck";
      else msg += "; its deck limit is " + std::to_string(limit);
      per_card.push_back({line, msg});
    }
    // While issue 12's two-text audit goes on, a card whose gEngine text was
    // expressed before it and whose printed text is not audited yet plays as
    // before (CardDef::audit_pending); `dtref deck` names such cards.
    if (!allow_unimplemented && !d.implemented && !d.audit_pending) {
      per_card.push_back({line,
                          d.name + " (" + d.code + ") is not implemented by the engine yet (" +
                              (d.missing.empty() ? "printed text" : "gEngine text") + ": " +
                              (d.missing.empty() ? db.text(CardText::Printed)[c].missing : d.missing) + ")",
                          n});
    }
    if (!rules.outposts && d.type == CardType::Warrior && ((d.affil & kTribes) != 0 || d.has_designation("TRIBAL"))) {
      per_card.push_back({line, d.name + " is a Tribal warrior, and the " + rules.name +
                                    " rules have no Outposts to muster it in; use the gengine rules "
                                    "or remove it"});
    }
    if (!rules.outposts && d.type == CardType::Beast) {
      per_card.push_back({line, d.name + " is a Beast, and the " + rules.name +
                                    " rules have no Outposts for its riders; use the gengine rules or remove it"});
    }
    if (!rules.warzones && d.type == CardType::Warzone) {
      per_card.push_back({line, d.name + " is a Warzone, and the " + rules.name +
                                    " rules have none; use the gengine rules or remove it"});
    }
  }
}

}  // namespace

std::vector<DeckProblem> deck_problems(const Deck& deck, const CardDb& db, const Rules& rules,
                                       bool allow_unimplemented) {
  std::vector<DeckProblem> problems;
  const int size = int(deck.cards.size());
  if (size < rules.min_deck_size) {
    problems.push_back({0, "the deck has " + std::to_string(size) + " cards; at least " +
                               std::to_string(rules.min_deck_size) + " are required (add " +
                               std::to_string(rules.min_deck_size - size) + ")"});
  }
  // gEngine "Side Board Pile": exactly 25 cards when there is one.
  const int side = int(deck.side_board.size()), want = rules.side_board_size;
  if (side > 0 && side != want) {
    problems.push_back({0, "the side board has " + std::to_string(side) + " cards; the " + rules.name +
                               " rules want exactly " + std::to_string(want) + " (" +
                               (side < want ? "add " + std::to_string(want - side) : "remove " + std::to_string(side - want)) +
                               ", or leave the side board out)"});
  }
  std::vector<DeckProblem> per_card;
  // Deck limits apply to the deck and to the side board each on its own.
  list_problems(deck, false, db, rules, allow_unimplemented, problems, per_card);
  list_problems(deck, true, db, rules, allow_unimplemented, problems, per_card);
  std::stable_sort(per_card.begin(), per_card.end(),
                   [](const DeckProblem& a, const DeckProblem& b) { return a.line < b.line; });
  problems.insert(problems.end(), per_card.begin(), per_card.end());
  return problems;
}

std::vector<std::string> validate_deck(const Deck& deck, const CardDb& db, const Rules& rules,
                                       bool allow_unimplemented) {
  std::vector<std::string> out;
  for (const DeckProblem& p : deck_problems(deck, db, rules, allow_unimplemented)) out.push_back(p.text());
  return out;
}

std::vector<std::string> builtin_deck_names() {
  std::vector<std::string> names;
  for (size_t i = 0; i < embedded::kDeckFileCount; ++i) {
    std::string n = embedded::kDeckFiles[i].name;
    if (n.size() > 5 && n.compare(n.size() - 5, 5, ".deck") == 0) n.resize(n.size() - 5);
    names.push_back(n);
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string builtin_deck_names_text() {
  std::string known;
  for (const auto& n : builtin_deck_names()) known += (known.empty() ? "" : ", ") + n;
  return known;
}

Deck builtin_deck(std::string_view name) {
  const embedded::EmbeddedFile* file = builtin_deck_file(name);
  if (!file)
    throw std::runtime_error("unknown deck '" + std::string(name) + "'; built-in decks: " + builtin_deck_names_text());
  try {
    return parse_deck(file->content, builtin_cards(), std::string(name));
  } catch (const std::exception& e) {
    throw std::runtime_error("built-in deck " + std::string(file->name) + ": " + e.what());
  }
}

Deck load_deck_arg(const std::string& preset_or_path, const CardDb& db, const Rules& rules,
                   bool allow_unimplemented) {
  namespace fs = std::filesystem;
  std::string text, name, source;
  const bool looks_like_path = preset_or_path.find_first_of("/\\.") != std::string::npos;
  const embedded::EmbeddedFile* builtin = looks_like_path ? nullptr : builtin_deck_file(preset_or_path);
  std::error_code ec;
  if (builtin) {
    text = builtin->content;
    name = preset_or_path;
    source = "built-in deck '" + name + "'";
  } else if (fs::is_regular_file(preset_or_path, ec)) {
    constexpr std::size_t kMaxBytes = 4u << 20;  // a deck list is a few KB
    text = read_bounded_file(preset_or_path, kMaxBytes, "deck file");
    name = fs::path(preset_or_path).stem().string();
    source = "deck file '" + preset_or_path + "'";
  } else if (fs::exists(preset_or_path, ec)) {
    throw std::runtime_error("'" + preset_or_path + "' is not a regular file; give a deck-list file or one of the built-in decks: " +
                             builtin_deck_names_text());
  } else {
    throw std::runtime_error("no built-in deck or deck file named '" + preset_or_path +
                             "'; built-in decks: " + builtin_deck_names_text() + " (or give the path of a deck-list file)");
  }
  std::vector<DeckProblem> problems;
  Deck deck = read_deck(text, db, name, problems);
  for (DeckProblem& p : deck_problems(deck, db, rules, allow_unimplemented)) problems.push_back(std::move(p));
  if (!problems.empty())
    throw std::runtime_error(source + " is not a legal deck under the " + rules.name + " rules:\n" +
                             deck_problems_text(problems, deck));
  return deck;
}

std::string deck_problems_text(const std::vector<DeckProblem>& problems, const Deck& deck, size_t shown) {
  std::string msg;
  int copies = 0, lines = 0;
  for (const DeckProblem& p : problems)
    if (p.unimplemented > 0) copies += p.unimplemented, ++lines;
  // A deck brought from outside may hold many cards still to come: say how
  // many at once, and the way out once, rather than on every line.
  if (copies > 0) {
    const int total = int(deck.cards.size() + deck.side_board.size());
    msg += "  " + std::to_string(copies) + " of " + std::to_string(total) + (total == 1 ? " card" : " cards") +
           ", on " + std::to_string(lines) + (lines == 1 ? " line, is" : " lines, are") + " not implemented yet; " +
           std::to_string(total - copies) + " would play.\n  Remove them, or pass " +
           std::string(kAllowUnimplementedFlag) +
           " to play only what of them is expressed (`dtref cards --coverage` shows which sets play today).";
  }
  for (size_t i = 0; i < problems.size() && i < shown; ++i) msg += (msg.empty() ? "  " : "\n  ") + problems[i].text();
  if (problems.size() > shown) msg += "\n  ... and " + std::to_string(problems.size() - shown) + " more";
  return msg;
}

}  // namespace dt
