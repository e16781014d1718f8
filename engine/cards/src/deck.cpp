// Deck lists: parsing, validation, built-in decks.
#include "dt/deck.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <stdexcept>

#include "dt/card_loader.hpp"
#include "embedded.hpp"

namespace dt {
namespace {

bool space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

std::string upper(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = char(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t sub = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string nearest_name(std::string_view query, const CardDb& db) {
  std::string q = upper(query);
  size_t best = SIZE_MAX;
  std::string name;
  for (const auto& d : db.all()) {
    size_t e = edit_distance(q, upper(d.name));
    if (e < best) {
      best = e;
      name = d.name;
    }
  }
  return name;
}

// "3", "3x", "3X" -> 3; nullopt when the token is not a quantity.
std::optional<int> quantity(std::string_view tok) {
  if (!tok.empty() && (tok.back() == 'x' || tok.back() == 'X')) tok.remove_suffix(1);
  if (tok.empty()) return std::nullopt;
  int n = 0;
  auto [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), n);
  if (ec != std::errc() || p != tok.data() + tok.size()) return std::nullopt;
  return n;
}

std::string line_error(int line, const std::string& msg) {
  return "line " + std::to_string(line) + ": " + msg;
}

}  // namespace

Deck parse_deck(std::string_view text, const CardDb& db, std::string name) {
  Deck deck;
  deck.name = std::move(name);
  int line_no = 0;
  while (!text.empty()) {
    size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    ++line_no;
    if (size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    line = trim(line);
    if (line.empty()) continue;

    int count = 1;
    std::string_view card = line;
    size_t sp = 0;
    while (sp < line.size() && !space(line[sp])) ++sp;
    // A lone token is a card (a code such as 01273 looks like a number).
    if (auto q = quantity(line.substr(0, sp)); q && sp < line.size()) {
      count = *q;
      card = trim(line.substr(sp));
    }
    if (count <= 0) throw std::runtime_error(line_error(line_no, "quantity must be at least 1"));
    if (count > 1000) throw std::runtime_error(line_error(line_no, "quantity too large"));
    auto def = db.find(card);
    if (!def) {
      std::string msg = "unknown card '" + std::string(card) + "'";
      if (db.size() > 0) msg += " (did you mean '" + nearest_name(card, db) + "'?)";
      throw std::runtime_error(line_error(line_no, msg));
    }
    deck.entries.push_back({*def, count, line_no});
    deck.cards.insert(deck.cards.end(), size_t(count), *def);
  }
  return deck;
}

std::vector<std::string> validate_deck(const Deck& deck, const CardDb& db, const Rules& rules,
                                       bool allow_unimplemented) {
  std::vector<std::string> problems;
  if (int(deck.cards.size()) < rules.min_deck_size) {
    problems.push_back("deck has " + std::to_string(deck.cards.size()) + " cards; at least " +
                       std::to_string(rules.min_deck_size) + " are required");
  }
  std::map<uint16_t, int> counts;
  for (uint16_t c : deck.cards) {
    if (c >= db.size()) {
      problems.push_back("card index " + std::to_string(c) + " is not in the card database");
      continue;
    }
    ++counts[c];
  }
  for (const auto& [c, n] : counts) {
    const CardDef& d = db[c];
    int limit = rules.max_copies > 0 ? rules.max_copies : int(d.deck_limit);
    if (n > limit) {
      std::string why = rules.max_copies > 0 ? "the " + rules.name + " rules allow "
                                             : "its deck limit is ";
      problems.push_back(std::to_string(n) + " copies of " + d.name + "; " + why +
                         std::to_string(limit));
    }
    if (!allow_unimplemented && !d.implemented)
      problems.push_back(d.name + " (" + d.code + ") is not implemented by the engine");
  }
  return problems;
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

Deck builtin_deck(std::string_view name) {
  std::string file = std::string(name) + ".deck";
  for (size_t i = 0; i < embedded::kDeckFileCount; ++i) {
    if (file == embedded::kDeckFiles[i].name) {
      try {
        return parse_deck(embedded::kDeckFiles[i].content, builtin_cards(), std::string(name));
      } catch (const std::exception& e) {
        throw std::runtime_error("built-in deck " + file + ": " + e.what());
      }
    }
  }
  std::string known;
  for (const auto& n : builtin_deck_names()) known += (known.empty() ? "" : ", ") + n;
  throw std::runtime_error("unknown deck '" + std::string(name) + "'; built-in decks: " + known);
}

}  // namespace dt
