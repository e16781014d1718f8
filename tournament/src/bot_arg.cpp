#include "dtref/tournament/bot_arg.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <sstream>

namespace dtref::tour {

namespace {
bool plain_word(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '_' || c == '.' || c == '+' || c == '-';
  });
}
}  // namespace

std::string default_bot_name(const std::string& spec) {
  const auto colon = spec.find(':');
  const std::string kind = colon == std::string::npos ? "" : spec.substr(0, colon);
  const std::string rest = colon == std::string::npos ? spec : spec.substr(colon + 1);
  if (kind == "builtin") return rest;
  // The last word of a command line that is not an option is usually the
  // bot's program or script.
  std::string last;
  std::istringstream words(rest);
  for (std::string w; words >> w;)
    if (w[0] != '-') last = w;
  const std::string stem = std::filesystem::path(last).stem().string();
  return stem.empty() ? spec : stem;
}

Player parse_bot_arg(const std::string& arg, const std::string& default_deck) {
  Player p;
  std::string rest = arg;
  const auto eq = rest.find('=');
  if (eq != std::string::npos && plain_word(rest.substr(0, eq))) {
    p.name = rest.substr(0, eq);
    rest = rest.substr(eq + 1);
  }
  const auto at = rest.rfind('@');
  if (at != std::string::npos && at > 0 && at + 1 < rest.size() &&
      rest.find_first_of(" \t", at) == std::string::npos) {
    p.deck = rest.substr(at + 1);
    p.deck_given = true;
    rest = rest.substr(0, at);
  }
  p.spec = rest;
  if (p.name.empty()) p.name = default_bot_name(p.spec);
  if (p.deck.empty()) p.deck = default_deck;
  return p;
}

}  // namespace dtref::tour
