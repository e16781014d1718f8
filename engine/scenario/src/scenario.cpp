// Scenario files: parser and runner. See docs/scenarios.md for the format.
// Only the engine's public API (dt/*.hpp) is used: the position is built with
// blank_state() and the public State fields, then resume() takes over.
#include "dt/scenario.hpp"

#include "dt/bounded_file.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "dt/game.hpp"
#include "dt/observation.hpp"
#include "dt/rules.hpp"
#include "dt/state.hpp"

namespace dt::scenario {
namespace {

std::string lower(std::string_view s) {
  std::string r(s);
  for (auto& ch : r) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return r;
}

std::string trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

std::vector<std::string> split_ws(std::string_view s) {
  std::vector<std::string> out;
  std::istringstream in{std::string(s)};
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}

std::vector<std::string> split_char(std::string_view s, char c) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == c) {
      out.push_back(trim(s.substr(start, i - start)));
      start = i + 1;
    }
  }
  return out;
}

std::optional<int> to_int(std::string_view s) {
  int v = 0;
  if (s.empty()) return std::nullopt;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<bool> to_bool(std::string_view s) {
  auto l = lower(s);
  if (l == "true" || l == "yes" || l == "on" || l == "1") return true;
  if (l == "false" || l == "no" || l == "off" || l == "0") return false;
  return std::nullopt;
}

const std::set<std::string> kHeader = {"rules", "set", "seats", "seed", "style"};
const std::set<std::string> kSetup = {"seat", "hand", "draw", "discard", "annihilated", "squad", "sideboard",
                                      "table", "assign", "aboard", "markers",
                                      "kohort", "outpost", "aside", "attach", "under", "turn", "turn-number",
                                      "first", "gift", "outpost-opened"};
const std::set<std::string> kPlay = {"start", "do", "expect", "leave"};
// Flags after a card in an area list, and after an attachment (a VEHICLE:
// its warrior inside, the default, or outside).
const std::set<std::string> kFlags = {"wounded", "cover", "hidden", "unpaid", "exited", "transferred"};
const std::set<std::string> kAttachFlags = {"inside", "outside"};

// `set FIELD VALUE`: any field of dt::rules_fields(), numbers as numbers,
// flags as yes/no, choices by name (`set sabotage multiple`).
void set_rule(Rules& r, const Line& l, const std::string& file) {
  const auto f = lower(l.words[0]);
  const auto& v = l.words[1];
  const RulesField* field = rules_field(f);
  if (!field) {
    std::string names;
    for (const RulesField& x : rules_fields()) names += (names.empty() ? "" : ", ") + std::string(x.name);
    throw ParseError(file, l.number, "expected a rules field (" + names + "), got '" + l.words[0] + "'");
  }
  switch (field->kind) {
    case RulesField::Number: {
      auto x = to_int(v);
      if (!x) throw ParseError(file, l.number, "expected a number for " + f + ", got '" + v + "'");
      field->set(r, *x);
      break;
    }
    case RulesField::Flag: {
      auto x = to_bool(v);
      if (!x) throw ParseError(file, l.number, "expected yes or no for " + f + ", got '" + v + "'");
      field->set(r, *x);
      break;
    }
    case RulesField::Choice: {
      std::string names;
      for (size_t i = 0; i < field->values.size(); ++i) {
        if (field->values[i] == lower(v)) {
          field->set(r, int(i));
          return;
        }
        names += (i == 0 ? "" : i + 1 == field->values.size() ? " or " : ", ") + std::string(field->values[i]);
      }
      throw ParseError(file, l.number, "expected " + names + " for " + f + ", got '" + v + "'");
    }
  }
}


// One card item of a list: NAME [xN] [as @label] [flags...]
struct Item {
  uint16_t def = 0;
  int count = 1;
  std::string label;
  std::set<std::string> flags;
};

class Parser {
 public:
  Parser(const CardDb& db, std::string file) : db_(db), file_(std::move(file)) {}

  [[noreturn]] void fail(int line, const std::string& msg) const { throw ParseError(file_, line, msg); }

  int seat_arg(const Line& l, const std::string& w) const {
    if (w.size() >= 2 && (w[0] == 's' || w[0] == 'S')) {
      if (auto v = to_int(std::string_view(w).substr(1)); v && *v >= 0 && *v < seats_) return *v;
    }
    fail(l.number, "expected a seat s0..s" + std::to_string(seats_ - 1) + ", got '" + w + "'");
  }

  int int_arg(const Line& l, const std::string& w, const char* what) const {
    if (auto v = to_int(w)) return *v;
    fail(l.number, std::string("expected ") + what + ", got '" + w + "'");
  }

  uint16_t card(int line, const std::string& name) const {
    if (auto d = db_.find(trim(name))) return *d;
    fail(line, "unknown card '" + name + "' (not a name or code in the card database)");
  }

  std::string label_ref(const Line& l, const std::string& w) const {
    if (w.size() < 2 || w[0] != '@') fail(l.number, "expected a card label like @sl, got '" + w + "'");
    auto name = w.substr(1);
    if (!labels_.count(name)) fail(l.number, "unknown label '" + w + "' (place the card with 'as " + w + "' first)");
    return name;
  }

  void check_labels_in_text(const Line& l, const std::vector<std::string>& words) const {
    for (const auto& w : words)
      if (!w.empty() && w[0] == '@') label_ref(l, w);
  }

  std::vector<Item> items(const Line& l, std::string_view text, const std::set<std::string>* allow_flags) {
    std::vector<Item> out;
    if (trim(text).empty()) fail(l.number, "expected one or more card names");
    for (const auto& part : split_char(text, ',')) {
      auto toks = split_ws(part);
      Item it;
      while (!toks.empty()) {
        auto lw = lower(toks.back());
        if (allow_flags && allow_flags->count(lw)) {
          it.flags.insert(lw);
          toks.pop_back();
        } else if (lw.size() > 1 && lw[0] == '@') {
          if (toks.size() < 2 || lower(toks[toks.size() - 2]) != "as")
            fail(l.number, "expected 'as " + toks.back() + "' after the card name");
          it.label = toks.back().substr(1);
          if (labels_.count(it.label)) fail(l.number, "label '@" + it.label + "' is already used");
          toks.pop_back();
          toks.pop_back();
        } else if (lw.size() > 1 && lw[0] == 'x' && to_int(std::string_view(lw).substr(1))) {
          it.count = *to_int(std::string_view(lw).substr(1));
          if (it.count < 1 || it.count > kMaxCards)
            fail(l.number, "expected a count from x1 to x" + std::to_string(kMaxCards));
          toks.pop_back();
        } else {
          break;
        }
      }
      if (toks.empty()) fail(l.number, "expected a card name in '" + part + "'");
      if (!it.label.empty() && it.count != 1) fail(l.number, "a labelled card can't have a count");
      std::string name;
      for (size_t i = 0; i < toks.size(); ++i) name += (i ? " " : "") + toks[i];
      it.def = card(l.number, name);
      if (!it.label.empty()) labels_.insert(it.label);
      out.push_back(std::move(it));
    }
    return out;
  }

  void check(const Line& l) {
    const auto& k = l.keyword;
    const auto& w = l.words;
    auto need = [&](size_t n, const char* what) {
      if (w.size() < n) fail(l.number, std::string("expected ") + what);
    };
    if (k == "rules") {
      need(1, "a rules preset name");
      if (!preset_by_name(lower(w[0]))) {
        std::string names;
        for (auto& n : preset_names()) names += (names.empty() ? "" : ", ") + n;
        fail(l.number, "expected a rules preset (" + names + "), got '" + w[0] + "'");
      }
    } else if (k == "set") {
      need(2, "'set FIELD VALUE'");
      Rules scratch;
      set_rule(scratch, l, file_);
    } else if (k == "style") {
      need(1, "a style name and, for teams, a team number per seat (0,0,1,1)");
      const auto st = style_by_name(lower(w[0]));
      if (!st) fail(l.number, "expected a style (" + names(style_names()) + "), got '" + w[0] + "'");
      std::vector<int> teams;
      if (w.size() >= 2) {
        auto t = parse_teams(w[1]);
        if (!t) fail(l.number, "expected team numbers like 0,0,1,1, got '" + w[1] + "'");
        teams = *t;
      }
      Rules scratch;
      const std::string why = apply_style(scratch, *st, seats_, teams);
      if (!why.empty()) fail(l.number, "expected a style that fits " + std::to_string(seats_) + " seats: " + why);
    } else if (k == "leave") {
      need(1, "a seat");
      seat_arg(l, w[0]);
    } else if (k == "seats" || k == "seed") {
      need(1, "a number");
      int_arg(l, w[0], "a number");
    } else if (k == "seat") {
      need(2, "'seat sN key=value ...'");
      seat_arg(l, w[0]);
      for (size_t i = 1; i < w.size(); ++i) {
        auto eq = w[i].find('=');
        if (eq == std::string::npos) fail(l.number, "expected key=value, got '" + w[i] + "'");
        auto key = lower(w[i].substr(0, eq));
        if (key != "d" && key != "p" && key != "turns" && key != "deadline" && key != "gift" &&
            key != "sabotaged")
          fail(l.number, "expected d=, p=, turns=, deadline=, sabotaged= or gift=, got '" + w[i] + "'");
        if (key == "sabotaged") {
          seat_arg(l, w[i].substr(eq + 1));
        } else if (key == "gift") {
          if (!to_bool(w[i].substr(eq + 1))) fail(l.number, "expected gift=yes|no");
        } else {
          int_arg(l, w[i].substr(eq + 1), "a number after '='");
        }
      }
    } else if (k == "aboard") {
      need(2, "'aboard @warrior @carrier'");
      label_ref(l, w[0]);
      label_ref(l, w[1]);
    } else if (k == "assign") {
      need(2, "'assign @sergeant @warrior'");
      label_ref(l, w[0]);
      label_ref(l, w[1]);
    } else if (k == "markers") {  // markers on a card in play (Card::markers)
      need(2, "'markers @card NUMBER'");
      label_ref(l, w[0]);
      if (int_arg(l, w[1], "a number of markers") < 0) fail(l.number, "a number of markers is 0 or more");
    } else if (k == "hand" || k == "draw" || k == "discard" || k == "annihilated" || k == "squad" ||
               k == "kohort" || k == "outpost" || k == "aside" || k == "sideboard" || k == "table") {
      need(2, "'sN card, card ...'");
      seat_arg(l, w[0]);
      auto rest = trim(std::string_view(l.rest).substr(l.rest.find(w[0]) + w[0].size()));
      bool area = (k == "squad" || k == "kohort" || k == "outpost" || k == "aside");
      if (k == "outpost" && !rules_.outposts)
        fail(l.number, "the " + rules_.name + " rules have no Outposts (Rules::outposts): nothing may be placed in one");
      for (auto& it : items(l, rest, area ? &kFlags : nullptr)) {
        auto t = db_[it.def].type;
        if (area && t == CardType::Warzone && !rules_.warzones)
          fail(l.number, "the " + rules_.name + " rules have no Warzones (Rules::warzones): '" + db_[it.def].name +
                             "' may not be in play");
        // A card that lies on a combat area (Play.host AREA: a troop carrier, PERIMETER ALARM) may be set there too.
        const auto& pl = db_[it.def].play;
        const bool on_area = pl && (pl->host_kinds & hostArea);
        if (area && t != CardType::Warrior && t != CardType::Fortification && t != CardType::Warzone && !on_area)
          fail(l.number, "expected a warrior, fortification, warzone or a card lying on an area in the " + k + ", got '" +
                             db_[it.def].name + "'");
        if (k == "table" && (t == CardType::Warrior || t == CardType::Fortification))
          fail(l.number, "expected a card that lies before a player (an Alliance, ...), got '" + db_[it.def].name +
                             "'; put warriors and fortifications in the squad, kohort or outpost");
      }
    } else if (k == "attach") {
      need(2, "'attach @warrior card ...'");
      label_ref(l, w[0]);
      auto rest = trim(std::string_view(l.rest).substr(l.rest.find(w[0]) + w[0].size()));
      items(l, rest, &kAttachFlags);
    } else if (k == "under") {  // cards kept under a card in play that keeps cards (Card::storage)
      need(2, "'under @card card ...'");
      label_ref(l, w[0]);
      auto rest = trim(std::string_view(l.rest).substr(l.rest.find(w[0]) + w[0].size()));
      items(l, rest, nullptr);
    } else if (k == "turn") {
      need(2, "'turn sN draw|actions N|discard'");
      seat_arg(l, w[0]);
      auto st = lower(w[1]);
      if (st == "actions") {
        if (w.size() >= 3) int_arg(l, w[2], "a number of actions left");
      } else if (st != "draw" && st != "discard") {
        fail(l.number, "expected draw, actions or discard, got '" + w[1] + "'");
      }
      for (size_t i = 3; i < w.size(); ++i)
        if (lower(w[i]) != "tactical-used") fail(l.number, "expected 'tactical-used', got '" + w[i] + "'");
    } else if (k == "turn-number") {
      need(1, "a number");
      int_arg(l, w[0], "a number");
    } else if (k == "first") {
      need(1, "a seat");
      seat_arg(l, w[0]);
    } else if (k == "gift" || k == "outpost-opened") {
      // Set-up the preset forbids is no position of its game.
      if (k == "gift" && !rules_.cardinals_gift)
        fail(l.number, "the " + rules_.name + " rules have no Cardinal's Gift (Rules::cardinals_gift)");
      if (k == "outpost-opened" && !rules_.outposts)
        fail(l.number, "the " + rules_.name + " rules have no Outposts (Rules::outposts)");
    } else if (k == "start") {
    } else if (k == "do") {
      need(1, "an option text after 'do'");
      check_labels_in_text(l, w);
    } else if (k == "expect") {
      check_expect(l);
    }
  }

  static std::string names(const std::vector<std::string>& v) {
    std::string out;
    for (const auto& n : v) out += (out.empty() ? "" : ", ") + n;
    return out;
  }

  void check_expect(const Line& l) {
    const auto& w = l.words;
    if (w.empty()) fail(l.number, "expected something to check after 'expect'");
    auto k = lower(w[0]);
    auto need = [&](size_t n, const char* what) {
      if (w.size() < n) fail(l.number, std::string("expected ") + what);
    };
    if (k == "d" || k == "p" || k == "hand" || k == "draw" || k == "discard" || k == "annihilated" ||
        k == "in-play" || k == "sideboard") {
      need(3, "'expect KIND sN NUMBER'");
      seat_arg(l, w[1]);
      int_arg(l, w[2], "a number");
    } else if (k == "markers") {
      need(3, "'expect markers @label NUMBER'");
      label_ref(l, w[1]);
      int_arg(l, w[2], "a number");
    } else if (k == "stat") {
      need(4, "'expect stat @label f|s|a|v NUMBER'");
      label_ref(l, w[1]);
      auto s = lower(w[2]);
      if (s != "f" && s != "s" && s != "a" && s != "v") fail(l.number, "expected f, s, a or v, got '" + w[2] + "'");
      int_arg(l, w[3], "a number");
    } else if (k == "winner") {
      need(2, "'expect winner sN|none'");
      if (lower(w[1]) != "none") seat_arg(l, w[1]);
    } else if (k == "team-winner") {
      need(2, "'expect team-winner N|none'");
      if (lower(w[1]) != "none") int_arg(l, w[1], "a team number");
    } else if (k == "place") {
      need(3, "'expect place sN PLACE'");
      seat_arg(l, w[1]);
      int_arg(l, w[2], "a place (1 is best)");
    } else if (k == "target") {
      need(3, "'expect target sN sM|none'");
      seat_arg(l, w[1]);
      if (lower(w[2]) != "none") seat_arg(l, w[2]);
    } else if (k == "heard" || k == "unheard") {
      need(3, "'expect heard|unheard sN TEXT'");
      seat_arg(l, w[1]);
    } else if (k == "decider" || k == "turn") {
      need(2, "a seat");
      seat_arg(l, w[1]);
    } else if (k == "phase") {
      need(2, "a phase");
      static const std::set<std::string> ph = {"gift", "window", "actions", "points", "discard", "over", "choice"};
      if (!ph.count(lower(w[1]))) fail(l.number, "expected gift, window, actions, points, discard, over or choice, got '" + w[1] + "'");
    } else if (k == "step") {
      need(2, "a step");
      auto s = lower(w[1]);
      if (s != "draw" && s != "actions" && s != "discard") fail(l.number, "expected draw, actions or discard");
    } else if (k == "actions" || k == "turn-number") {
      need(2, "a number");
      int_arg(l, w[1], "a number");
    } else if (k == "legal" || k == "illegal" || k == "no" || k == "some") {
      need(2, "an option text");
      check_labels_in_text(l, w);
    } else if (k == "combat") {
      need(2, "'expect combat on|off'");
    } else if (k == "warzone") {
      need(2, "'expect warzone @label|none'");
      if (lower(w[1]) != "none") label_ref(l, w[1]);
    } else if (k == "sees") {
      need(4, "'expect sees sN @label face-down|face-up|unseen|inside|outside|told|untold|area AREA|markers N|aboard @c|twin @c|as CARD NAME'");
      seat_arg(l, w[1]);
      label_ref(l, w[2]);
      auto what = lower(w[3]);
      if (what == "as") {
        need(5, "a card name after 'as'");
        std::string name;
        for (size_t i = 4; i < w.size(); ++i) name += (i > 4 ? " " : "") + w[i];
        card(l.number, name);
      } else if (what == "markers") {
        need(5, "a number after 'markers'");
        int_arg(l, w[4], "a number of markers");
      } else if (what == "aboard" || what == "twin") {
        need(5, what == "twin" ? "@card or none after 'twin'" : "@card or none after 'aboard'");
        if (lower(w[4]) != "none") label_ref(l, w[4]);
      } else if (what == "area") {
        need(5, "squad, kohort, outpost, aside or unknown after 'area'");
        static const std::set<std::string> areas = {"squad", "kohort", "outpost", "aside", "unknown"};
        if (!areas.count(lower(w[4]))) fail(l.number, "expected squad, kohort, outpost, aside or unknown, got '" + w[4] + "'");
      } else if (what != "face-down" && what != "face-up" && what != "unseen" && what != "inside" && what != "outside" &&
                 what != "told" && what != "untold") {
        fail(l.number, "expected face-down, face-up, unseen, inside, outside, area, markers or as after the label, got '" + w[3] + "'");
      }
    } else if (!k.empty() && k[0] == '@') {
      label_ref(l, w[0]);
      need(2, "one or more states after the label");
      static const std::set<std::string> st = {
          "wounded", "unwounded", "cover", "open", "in-play", "killed", "discard", "hand", "draw",
          "annihilated", "squad", "kohort", "outpost", "aside", "unpaid", "paid", "hidden", "on", "controller",
          "sideboard", "group", "no-group", "inside", "outside", "under"};
      for (size_t i = 1; i < w.size(); ++i) {
        auto s = lower(w[i]);
        if (!st.count(s)) fail(l.number, "expected a card state (wounded, unwounded, cover, open, in-play, killed, discard, hand, draw, annihilated, squad, kohort, outpost, aside, unpaid, paid, hidden, sideboard, inside, outside, on @x, under @x, controller sN, group @x, no-group), got '" + w[i] + "'");
        if (s == "on" || s == "group" || s == "under") {
          need(i + 2, "a label after 'on'");
          label_ref(l, w[++i]);
        } else if (s == "controller") {
          need(i + 2, "a seat after 'controller'");
          seat_arg(l, w[++i]);
        }
      }
    } else {
      fail(l.number, "expected d, p, hand, draw, discard, annihilated, in-play, sideboard, stat, winner, team-winner, place, target, decider, turn, phase, step, actions, turn-number, legal, illegal, no, some, combat, warzone, sees or @label after 'expect', got '" + w[0] + "'");
    }
  }

  Scenario parse(std::string_view text) {
    Scenario sc;
    sc.file = file_;
    std::vector<Line> lines;
    std::istringstream in{std::string(text)};
    std::string raw;
    int n = 0;
    bool first_meaningful = true;
    while (std::getline(in, raw)) {
      ++n;
      auto t = trim(raw);
      if (t.empty()) continue;
      if (t[0] == '#') {
        if (first_meaningful) sc.title = trim(t.substr(1));
        first_meaningful = false;
        continue;
      }
      if (first_meaningful)
        fail(n, "expected the first line to be a '#' comment citing the rulebook edition and section");
      first_meaningful = false;
      // Trailing comments: " # ..." (card names never contain '#').
      if (auto h = t.find(" #"); h != std::string::npos) t = trim(t.substr(0, h));
      Line l;
      l.number = n;
      auto sp = t.find_first_of(" \t");
      l.keyword = lower(t.substr(0, sp));
      l.rest = sp == std::string::npos ? "" : trim(t.substr(sp));
      l.words = split_ws(l.rest);
      if (!kHeader.count(l.keyword) && !kSetup.count(l.keyword) && !kPlay.count(l.keyword))
        fail(n, "expected a directive (rules, set, seats, seed, style, seat, hand, draw, discard, annihilated, sideboard, squad, kohort, outpost, table, attach, assign, outpost-opened, turn, turn-number, first, gift, start, do, leave, expect), got '" + l.keyword + "'");
      lines.push_back(std::move(l));
    }
    if (first_meaningful) fail(1, "expected a '#' comment citing the rulebook, got an empty file");
    // Header first: the number of seats is needed to check seat references.
    for (const auto& l : lines)
      if (l.keyword == "seats" && !l.words.empty()) {
        auto v = to_int(l.words[0]);
        if (!v || *v < 2 || *v > kMaxSeats) fail(l.number, "expected 2.." + std::to_string(kMaxSeats) + " seats");
        seats_ = *v;
      }
    // The rules the position is set up under, as the runner will build them
    // (scenario_rules), for the set-up a preset forbids.
    for (const auto& l : lines)
      if (l.keyword == "rules" && !l.words.empty())
        if (auto r = preset_by_name(lower(l.words[0]))) rules_ = *r;
    for (const auto& l : lines)
      if (l.keyword == "set" && l.words.size() >= 2) set_rule(rules_, l, file_);
    bool playing = false;
    for (const auto& l : lines) {
      if (kPlay.count(l.keyword)) playing = true;
      else if (playing)
        fail(l.number, "expected 'do', 'leave' or 'expect' ('" + l.keyword + "' sets up the position and must come before play starts)");
      check(l);
    }
    sc.lines = std::move(lines);
    return sc;
  }

  // Public for the runner: item parsing without duplicate-label checks.
  std::vector<Item> items_unchecked(const Line& l, std::string_view text, const std::set<std::string>* allow_flags) {
    labels_.clear();
    return items(l, text, allow_flags);
  }

 private:
  const CardDb& db_;
  std::string file_;
  int seats_ = 2;
  Rules rules_ = *preset_by_name("gengine");
  std::set<std::string> labels_;
};

// ---------------------------------------------------------------- runner

struct Mismatch {
  std::string msg;
};

class Runner {
 public:
  Runner(const Scenario& sc, const CardDb& db) : sc_(sc), db_(db), parser_(db, sc.file) {}

  Result run() {
    Result r;
    try {
      setup();
      for (const auto& l : sc_.lines) {
        if (!kPlay.count(l.keyword)) continue;
        line_ = l.number;
        ensure_started();
        if (l.keyword == "do") play(l);
        else if (l.keyword == "leave") leave(l);
        else if (l.keyword == "expect") expect(l);
      }
      line_ = sc_.lines.empty() ? 0 : sc_.lines.back().number;
      ensure_started();
      r.passed = true;
    } catch (const Mismatch& m) {
      r.passed = false;
      r.line = line_;
      r.message = "line " + std::to_string(line_) + ": " + m.msg;
    } catch (const std::exception& e) {
      r.passed = false;
      r.line = line_;
      r.message = "line " + std::to_string(line_) + ": expected the engine to accept the position, got an exception: " + e.what();
    }
    return r;
  }

 private:
  [[noreturn]] void mismatch(const std::string& expected, const std::string& got) {
    throw Mismatch{"expected " + expected + ", got " + got};
  }

  CardId id(const std::string& word) const {
    return labels_.at(word[0] == '@' ? word.substr(1) : word);
  }

  int seat(const std::string& w) const { return *to_int(std::string_view(w).substr(1)); }

  // "@sl" -> "c3" in an option text.
  std::string to_engine(const std::vector<std::string>& words) const {
    std::string out;
    for (const auto& w : words) {
      if (!out.empty()) out += ' ';
      out += (!w.empty() && w[0] == '@') ? "c" + std::to_string(id(w)) : w;
    }
    return out;
  }

  // "c3" -> "@sl" in an engine text, for messages.
  std::string to_labels(const std::string& text) const {
    std::string out;
    for (const auto& w : split_ws(text)) {
      if (!out.empty()) out += ' ';
      auto v = w.size() > 1 && w[0] == 'c' ? to_int(std::string_view(w).substr(1)) : std::nullopt;
      auto it = v ? names_.find(CardId(*v)) : names_.end();
      out += it != names_.end() ? "@" + it->second : w;
    }
    return out;
  }

  std::string legal_list() const {
    if (game_over(st_)) return "(game over)";
    std::string out;
    for (const auto& o : legal_options(st_)) out += (out.empty() ? "" : " | ") + to_labels(to_text(o));
    return out.empty() ? "(none)" : out;
  }

  static Phase phase_of(const std::string& s) {
    if (s == "gift") return Phase::CardinalsGift;
    if (s == "window") return Phase::Window;
    if (s == "actions") return Phase::Actions;
    if (s == "points") return Phase::Points;
    if (s == "discard") return Phase::Discard;
    if (s == "choice") return Phase::Choice;
    return Phase::GameOver;
  }
  static std::string phase_name(Phase p) {
    switch (p) {
      case Phase::CardinalsGift: return "gift";
      case Phase::Window: return "window";
      case Phase::Actions: return "actions";
      case Phase::Points: return "points";
      case Phase::Discard: return "discard";
      case Phase::GameOver: return "over";
      case Phase::Choice: return "choice";
    }
    return "?";
  }
  static std::string step_name(Step s) {
    switch (s) {
      case Step::Draw: return "draw";
      case Step::Actions: return "actions";
      case Step::Discard: return "discard";
    }
    return "?";
  }

  CardId add_card(uint16_t def, int seat, Zone zone, const std::string& label) {
    if (st_.cards.size() >= size_t(kMaxCards))
      throw std::runtime_error("more than " + std::to_string(kMaxCards) + " cards: a game cannot hold them (16-bit card ids)");
    CardInst ci;
    ci.def = def;
    ci.owner = uint8_t(seat);
    ci.controller = uint8_t(seat);
    ci.zone = zone;
    st_.cards.push_back(ci);
    auto c = CardId(st_.cards.size() - 1);
    // A card set up in play has the markers it would have had on entering (a `markers` line changes them).
    if (zone == Zone::InPlay && db_[def].markers.start > 0) set_card_markers(st_, c, db_[def].markers.start);
    if (!label.empty()) {
      labels_[label] = c;
      names_[c] = label;
    }
    return c;
  }

  std::string after_first_word(const Line& l) const {
    return trim(std::string_view(l.rest).substr(l.rest.find(l.words[0]) + l.words[0].size()));
  }

  void setup() {
    Rules rules = scenario_rules(sc_);
    int seats = 2;
    uint64_t seed = 1;
    for (const auto& l : sc_.lines) {
      line_ = l.number;
      if (l.keyword == "seats") seats = *to_int(l.words[0]);
      else if (l.keyword == "seed") seed = uint64_t(*to_int(l.words[0]));
    }
    // The style first, so that `set` lines may change its fields.
    for (const auto& l : sc_.lines)
      if (l.keyword == "style")
        apply_style(rules, *style_by_name(lower(l.words[0])), seats,
                    l.words.size() >= 2 ? *parse_teams(l.words[1]) : std::vector<int>{});
    for (const auto& l : sc_.lines)
      if (l.keyword == "set") line_ = l.number, set_rule(rules, l, sc_.file);
    st_ = blank_state(db_, rules, seats, seed);

    // Defaults: a mid-game position, seat 0 to act with all its actions.
    // turns=N counts the turns a seat has begun, the current one included.
    std::vector<int> turns(size_t(seats), 2);
    std::vector<bool> turns_set(size_t(seats), false);
    int current = 0;
    Step step = Step::Actions;
    std::optional<int> actions;
    bool tactical_used = false;
    std::optional<int> turn_number;
    bool gift = false;
    std::optional<int> first;
    std::vector<std::pair<CardId, int>> exited;  // card, line
    std::vector<CardId> transferred;

    for (const auto& l : sc_.lines) {
      line_ = l.number;
      const auto& k = l.keyword;
      if (k == "seat") {
        auto& ss = st_.seats[size_t(seat(l.words[0]))];
        for (size_t i = 1; i < l.words.size(); ++i) {
          auto eq = l.words[i].find('=');
          auto key = lower(l.words[i].substr(0, eq));
          auto val = l.words[i].substr(eq + 1);
          if (key == "d") destiny(st_, seat(l.words[0])) = *to_int(val);
          else if (key == "p") ss.promotion = *to_int(val);
          else if (key == "turns") {
            turns[size_t(seat(l.words[0]))] = *to_int(val);
            turns_set[size_t(seat(l.words[0]))] = true;
          }
          else if (key == "deadline") ss.no_warrior_deadline = *to_int(val);
          else if (key == "gift") ss.gift_decided = *to_bool(val);
          else if (key == "sabotaged") ss.sabotaged_mask |= 1u << unsigned(seat(val));
        }
      } else if (k == "hand" || k == "draw" || k == "discard" || k == "annihilated" || k == "sideboard") {
        int s = seat(l.words[0]);
        Zone z = k == "hand" ? Zone::Hand : k == "draw" ? Zone::Draw : k == "discard" ? Zone::Discard
               : k == "sideboard" ? Zone::SideBoard : Zone::Annihilated;
        auto& ss = st_.seats[size_t(s)];
        auto& pile = k == "hand" ? ss.hand : k == "draw" ? ss.draw : k == "discard" ? ss.discard
                   : k == "sideboard" ? ss.side_board : ss.annihilated;
        std::vector<CardId> added;
        for (auto& it : parser_.items_unchecked(l, after_first_word(l), nullptr))
          for (int i = 0; i < it.count; ++i) added.push_back(add_card(it.def, s, z, it.label));
        if (k == "draw") {
          // Listed top first; the engine's back() is the top. Later lines go
          // underneath earlier ones.
          std::reverse(added.begin(), added.end());
          pile.insert(pile.begin(), added.begin(), added.end());
        } else {
          pile.insert(pile.end(), added.begin(), added.end());
        }
      } else if (k == "squad" || k == "kohort" || k == "outpost" || k == "aside") {
        int s = seat(l.words[0]);
        Area a = k == "squad" ? Area::Squad : k == "kohort" ? Area::Kohort : k == "outpost" ? Area::Outpost : Area::Aside;
        for (auto& it : parser_.items_unchecked(l, after_first_word(l), &kFlags))
          for (int i = 0; i < it.count; ++i) {
            auto c = add_card(it.def, s, Zone::InPlay, it.label);
            auto& ci = st_.card(c);
            ci.area = a;
            // A warrior there has entered play in an Outpost at some time.
            if (a == Area::Outpost && db_[it.def].type == CardType::Warrior) st_.outpost_opened = true;
            if (it.flags.count("transferred")) transferred.push_back(c);
            ci.wounded = it.flags.count("wounded") > 0;
            ci.cover = it.flags.count("cover") > 0;
            ci.hidden = it.flags.count("hidden") > 0;
            ci.unpaid = it.flags.count("unpaid") > 0;
            if (it.flags.count("exited")) exited.push_back({c, l.number});
            st_.seats[size_t(s)].in_play.push_back(c);
          }
      } else if (k == "table") {  // cards lying before the player
        int s = seat(l.words[0]);
        for (auto& it : parser_.items_unchecked(l, after_first_word(l), nullptr))
          for (int i = 0; i < it.count; ++i) {
            auto c = add_card(it.def, s, Zone::InPlay, it.label);
            st_.seats[size_t(s)].in_play.push_back(c);
          }
      } else if (k == "aboard") {
        const CardId c = id(l.words[1]);
        if (!st_.def(c).holds) throw ParseError(sc_.file, l.number, l.words[1] + " holds no warriors");
        put_aboard(st_, id(l.words[0]), c);
      } else if (k == "assign") {
        st_.card(id(l.words[0])).sergeant_group = int16_t(st_.card(id(l.words[1])).def);
      } else if (k == "markers") {
        set_card_markers(st_, id(l.words[0]), *to_int(l.words[1]));
      } else if (k == "under") {
        CardId h = id(l.words[0]);
        if (!st_.def(h).storage) throw ParseError(sc_.file, l.number, l.words[0] + " keeps no cards under it");
        int s = st_.card(h).controller;
        for (auto& it : parser_.items_unchecked(l, after_first_word(l), nullptr))
          for (int i = 0; i < it.count; ++i) put_card_under(st_, add_card(it.def, s, Zone::InPlay, it.label), h);
      } else if (k == "attach") {
        CardId w = id(l.words[0]);
        int s = st_.card(w).controller;
        for (auto& it : parser_.items_unchecked(l, after_first_word(l), &kAttachFlags))
          for (int i = 0; i < it.count; ++i) {
            auto c = add_card(it.def, s, Zone::InPlay, it.label);
            attach_card(st_, c, w);
            st_.card(c).inside = db_[it.def].has(kwVehicle) && it.flags.count("outside") == 0;
          }
      } else if (k == "turn") {
        current = seat(l.words[0]);
        auto sn = lower(l.words[1]);
        step = sn == "draw" ? Step::Draw : sn == "discard" ? Step::Discard : Step::Actions;
        if (step == Step::Actions && l.words.size() >= 3) actions = *to_int(l.words[2]);
        for (size_t i = 3; i < l.words.size(); ++i) tactical_used = true;
      } else if (k == "turn-number") {
        turn_number = *to_int(l.words[0]);
      } else if (k == "first") {
        first = seat(l.words[0]);
      } else if (k == "gift") {
        gift = true;
      } else if (k == "outpost-opened") {
        st_.outpost_opened = true;
      }
    }

    if (gift) {
      // The start of the game: opening hands are as placed; nobody has had a turn.
      for (int i = 0; i < seats; ++i)
        if (!turns_set[size_t(i)]) turns[size_t(i)] = 0;
    }
    int total = 0;
    for (int i = 0; i < seats; ++i) {
      st_.seats[size_t(i)].turns_taken = turns[size_t(i)];
      total += turns[size_t(i)];
    }
    st_.current = uint8_t(current);
    st_.first_player = uint8_t(first.value_or(0));
    st_.turn_number = turn_number.value_or(std::max(total, gift ? 0 : 1));
    st_.tactical_used = tactical_used;
    for (auto [c, ln] : exited) st_.card(c).exited_cover_turn = int16_t(st_.turn_number);
    for (CardId c : transferred) st_.card(c).transferred_turn = int16_t(st_.turn_number);
    if (gift) {
      st_.phase = Phase::CardinalsGift;
      st_.step = Step::Draw;
      st_.current = st_.first_player;
      st_.gift_seat = st_.first_player;
      st_.actions_left = 0;
      return;
    }
    st_.step = step;
    // A Draw step leads into a full Actions step.
    st_.actions_left = step == Step::Discard ? 0 : actions.value_or(actions_per_turn_of(st_, current));
    if (step == Step::Actions) {
      st_.phase = Phase::Actions;
    } else if (step == Step::Discard) {
      st_.phase = Phase::Discard;
    } else {
      // The start of the Draw step: the pre-draw window, the current seat first.
      st_.phase = Phase::Window;
      st_.window = Window{};
      st_.window.kind = WindowKind::PreDraw;
      for (int i = 0; i < seats; ++i) {
        int sx = (current + i) % seats;
        if (!st_.seats[size_t(sx)].eliminated) st_.window.order.push_back(uint8_t(sx));
      }
    }
  }

  void ensure_started() {
    if (started_) return;
    started_ = true;
    resume(st_);
  }

  void play(const Line& l) {
    auto text = to_engine(l.words);
    if (game_over(st_)) mismatch("to play '" + l.rest + "'", "game over (winner s" + std::to_string(st_.winner) + ")");
    auto o = parse_option(st_, text);
    if (!o) mismatch("'" + l.rest + "' to be legal for s" + std::to_string(deciding_seat(st_)),
                     "illegal; legal now: " + legal_list());
    events_.clear();
    apply(st_, *o, &events_);
  }

  void leave(const Line& l) {
    if (game_over(st_)) mismatch("s" + l.words[0].substr(1) + " to leave a game in progress", "game over");
    leave_game(st_, seat(l.words[0]));
  }

  void expect_eq(const std::string& what, long want, long got) {
    if (want != got) mismatch(what + " " + std::to_string(want), std::to_string(got));
  }

  void expect(const Line& l) {
    const auto& w = l.words;
    auto k = lower(w[0]);
    if (k == "d" || k == "p" || k == "hand" || k == "draw" || k == "discard" || k == "annihilated" ||
        k == "in-play" || k == "sideboard") {
      int s = seat(w[1]);
      const auto& ss = st_.seats[size_t(s)];
      long got = k == "d" ? destiny(st_, s) : k == "p" ? ss.promotion : k == "hand" ? long(ss.hand.size())
               : k == "draw" ? long(ss.draw.size()) : k == "discard" ? long(ss.discard.size())
               : k == "annihilated" ? long(ss.annihilated.size()) : k == "sideboard" ? long(ss.side_board.size())
               : long(ss.in_play.size());
      std::string what = k == "d" ? "D" : k == "p" ? "P" : k + " size";
      expect_eq(what + " of s" + std::to_string(s) + " =", *to_int(w[2]), got);
    } else if (k == "markers") {
      expect_eq(w[1] + " markers =", *to_int(w[2]), card_markers(st_, id(w[1])));
    } else if (k == "stat") {
      CardId c = id(w[1]);
      if (!is_warrior_in_play(st_, c)) mismatch(w[1] + " to be a warrior in play", "it is not");
      auto s = stats(st_, c);
      auto which = lower(w[2]);
      int got = which == "f" ? s.f : which == "s" ? s.s : which == "a" ? s.a : s.v;
      expect_eq(w[1] + " " + which + " =", *to_int(w[3]), got);
    } else if (k == "winner") {
      int want = lower(w[1]) == "none" ? -1 : seat(w[1]);
      int got = game_over(st_) ? st_.winner : -1;
      auto nm = [](int x) { return x < 0 ? std::string("none") : "s" + std::to_string(x); };
      if (want != got) mismatch("winner " + nm(want), nm(got) + (game_over(st_) ? " (game over)" : " (game not over)"));
    } else if (k == "team-winner") {
      int want = lower(w[1]) == "none" ? -1 : *to_int(w[1]);
      int got = game_over(st_) ? st_.winning_team : -1;
      auto nm = [](int x) { return x < 0 ? std::string("none") : "team " + std::to_string(x); };
      if (want != got) mismatch("winner " + nm(want), nm(got) + (game_over(st_) ? " (game over)" : " (game not over)"));
    } else if (k == "place") {
      if (!game_over(st_)) mismatch("a finished game to rank", "the game is not over");
      expect_eq("place of s" + w[1].substr(1) + " =", *to_int(w[2]), final_places(st_)[size_t(seat(w[1]))]);
    } else if (k == "target") {
      int want = lower(w[2]) == "none" ? -1 : seat(w[2]);
      int got = primary_target(st_, seat(w[1]));
      auto nm = [](int x) { return x < 0 ? std::string("none") : "s" + std::to_string(x); };
      if (want != got) mismatch("primary target of " + w[1] + " " + nm(want), nm(got));
    } else if (k == "heard" || k == "unheard") {  // the last decision's events, as that seat reads them
      const int viewer = seat(w[1]);
      std::string text;
      for (size_t i = 2; i < w.size(); ++i) text += (i > 2 ? " " : "") + w[i];
      bool heard = false;
      for (const Event& e : events_) heard = heard || describe(st_, e, viewer).find(text) != std::string::npos;
      if (heard != (k == "heard"))
        mismatch(w[1] + (heard ? " not to read '" : " to read '") + text + "' in the last decision's events",
                 heard ? "read" : "not read");
    } else if (k == "decider") {
      if (game_over(st_)) mismatch("s" + w[1].substr(1) + " to decide", "game over");
      int got = deciding_seat(st_);
      if (got != seat(w[1])) mismatch(w[1] + " to decide", "s" + std::to_string(got) + " decides (phase " + phase_name(st_.phase) + "; legal: " + legal_list() + ")");
    } else if (k == "turn") {
      if (st_.current != seat(w[1])) mismatch("s" + w[1].substr(1) + "'s turn", "s" + std::to_string(st_.current) + "'s turn");
    } else if (k == "phase") {
      auto want = phase_of(lower(w[1]));
      if (st_.phase != want) mismatch("phase " + lower(w[1]), "phase " + phase_name(st_.phase));
    } else if (k == "step") {
      auto got = step_name(st_.step);
      if (got != lower(w[1])) mismatch("step " + lower(w[1]), "step " + got);
    } else if (k == "actions") {
      expect_eq("actions left =", *to_int(w[1]), st_.actions_left);
    } else if (k == "turn-number") {
      expect_eq("turn number =", *to_int(w[1]), st_.turn_number);
    } else if (k == "legal" || k == "illegal") {
      std::vector<std::string> rest(w.begin() + 1, w.end());
      bool legal = !game_over(st_) && parse_option(st_, to_engine(rest)).has_value();
      std::string txt = trim(std::string_view(l.rest).substr(w[0].size()));
      if (k == "legal" && !legal) mismatch("'" + txt + "' to be legal", "illegal; legal now: " + legal_list());
      if (k == "illegal" && legal) mismatch("'" + txt + "' to be illegal", "legal; legal now: " + legal_list());
    } else if (k == "no" || k == "some") {
      std::vector<std::string> rest(w.begin() + 1, w.end());
      auto prefix = lower(to_engine(rest));
      std::vector<std::string> hits;
      if (!game_over(st_))
        for (const auto& o : legal_options(st_)) {
          auto t = lower(to_text(o));
          // Whole words only: "attack c1" must not match "attack c12 ...".
          if (t == prefix || t.rfind(prefix + " ", 0) == 0) hits.push_back(to_labels(to_text(o)));
        }
      std::string txt = trim(std::string_view(l.rest).substr(w[0].size()));
      if (k == "no" && !hits.empty()) {
        std::string h;
        for (auto& x : hits) h += (h.empty() ? "" : " | ") + x;
        mismatch("no legal option starting '" + txt + "'", h);
      }
      if (k == "some" && hits.empty()) mismatch("a legal option starting '" + txt + "'", "none; legal now: " + legal_list());
    } else if (k == "combat") {
      bool want = lower(w[1]) == "on";
      if (st_.combat.active != want) mismatch(std::string("combat ") + (want ? "on" : "off"), std::string("combat ") + (st_.combat.active ? "on" : "off"));
    } else if (k == "warzone") {
      const CardId want = lower(w[1]) == "none" ? kNoCard : id(w[1]);
      const CardId got = st_.combat.active ? st_.combat.warzone : kNoCard;
      auto nm = [&](CardId c) { return c == kNoCard ? std::string("none") : to_labels("c" + std::to_string(c)); };
      if (want != got) mismatch("warzone " + nm(want), "warzone " + nm(got));
    } else if (k == "sees") {
      expect_seen(l);
    } else {
      expect_card(l);
    }
  }

  static std::string zone_name(Zone z) {
    switch (z) {
      case Zone::Draw: return "draw";
      case Zone::Hand: return "hand";
      case Zone::Discard: return "discard";
      case Zone::Annihilated: return "annihilated";
      case Zone::InPlay: return "in-play";
      case Zone::Limbo: return "limbo";
      case Zone::SideBoard: return "sideboard";
      case Zone::Under: return "under";
    }
    return "?";
  }

  std::string describe_card(CardId c) const {
    const auto& ci = st_.card(c);
    std::string d = zone_name(ci.zone);
    if (ci.zone == Zone::InPlay) {
      if (ci.attached_to != kNoCard) d += " on " + to_labels("c" + std::to_string(ci.attached_to));
      else d += std::string(" ") + std::string(to_string(ci.area));
      d += ci.wounded ? " wounded" : " unwounded";
      if (ci.cover) d += " cover";
      if (ci.unpaid) d += " unpaid";
      if (ci.hidden) d += " hidden";
      if (ci.inside) d += " inside";
    }
    return lower(d);
  }

  // `expect sees sN @x ...`: what dt::observe() shows that seat of the card.
  void expect_seen(const Line& l) {
    const auto& w = l.words;
    const int viewer = seat(w[1]);
    const CardId c = id(w[2]);
    const Observation o = observe(st_, viewer);
    const SeenCard* seen = nullptr;
    for (const SeenSeat& ss : o.seats) {
      for (const SeenCard& x : ss.hand)
        if (x.id == c) seen = &x;
      for (const SeenCard& x : ss.in_play)
        if (x.id == c) seen = &x;
      for (const SeenCard& x : ss.side_board)
        if (x.id == c) seen = &x;
      for (const SeenCard& x : ss.draw_top)  // HIGH SEER CASTOR: the top of a draw pile
        if (x.id == c) seen = &x;
    }
    const std::string who = "s" + std::to_string(viewer) + " to see " + w[2];
    auto shown = [&]() -> std::string {
      if (!seen) return "unseen";
      std::string d = seen->def < 0 ? "face-down" : "as " + db_[uint16_t(seen->def)].name;
      d += seen->area_known ? " in the " + lower(std::string(to_string(seen->area))) : ", area unknown";
      if (seen->inside) d += " inside";
      if (seen->markers) d += " with " + std::to_string(seen->markers) + " markers";
      return d;
    };
    const auto what = lower(w[3]);
    if (what == "told" || what == "untold") {  // the last decision's events, as that seat reads them
      const std::string named = db_[st_.card(c).def].name + " (c" + std::to_string(c) + ")";
      bool told = false;
      for (const Event& e : events_) told = told || describe(st_, e, viewer).find(named) != std::string::npos;
      if (told != (what == "told"))
        mismatch("s" + std::to_string(viewer) + (what == "told" ? " told " : " not told ") + w[2] + " by the last decision",
                 told ? "told" : "not told");
      return;
    }
    bool ok = false;
    std::string want = who;
    if (what == "unseen") ok = !seen, want = "s" + std::to_string(viewer) + " not to see " + w[2];
    else if (!seen) ok = false, want += " " + what;
    else if (what == "face-down") ok = seen->def < 0, want += " face down";
    else if (what == "face-up") ok = seen->def >= 0, want += " face up";
    else if (what == "inside") ok = seen->inside, want += " inside";
    else if (what == "outside") ok = !seen->inside, want += " outside";
    else if (what == "markers") ok = seen->markers == *to_int(w[4]), want += " with " + w[4] + " markers";
    else if (what == "aboard")
      ok = seen->aboard == (lower(w[4]) == "none" ? kNoCard : id(w[4])), want += " aboard " + w[4];
    else if (what == "twin")  // DOUBLE DUTY: the other card that is the same warrior (SeenCard.twin)
      ok = seen->twin == (lower(w[4]) == "none" ? kNoCard : id(w[4])), want += " twin of " + w[4];
    else if (what == "area") {
      const auto a = lower(w[4]);
      ok = a == "unknown" ? !seen->area_known : seen->area_known && lower(std::string(to_string(seen->area))) == a;
      want += " in area " + a;
    } else if (what == "as") {
      std::string name;
      for (size_t i = 4; i < w.size(); ++i) name += (i > 4 ? " " : "") + w[i];
      ok = seen->def >= 0 && uint16_t(seen->def) == *db_.find(name);
      want += " as " + name;
    }
    if (!ok) mismatch(want, shown());
  }

  void expect_card(const Line& l) {
    const auto& w = l.words;
    CardId c = id(w[0]);
    const auto& ci = st_.card(c);
    for (size_t i = 1; i < w.size(); ++i) {
      auto s = lower(w[i]);
      bool ok = false;
      std::string want = w[0] + " " + s;
      if (s == "wounded") ok = ci.zone == Zone::InPlay && ci.wounded;
      else if (s == "unwounded") ok = ci.zone == Zone::InPlay && !ci.wounded;
      else if (s == "cover") ok = ci.zone == Zone::InPlay && ci.cover;
      else if (s == "open") ok = ci.zone == Zone::InPlay && !ci.cover;
      else if (s == "in-play") ok = ci.zone == Zone::InPlay;
      else if (s == "killed") ok = ci.zone == Zone::Discard || ci.zone == Zone::Annihilated;
      else if (s == "discard") ok = ci.zone == Zone::Discard;
      else if (s == "hand") ok = ci.zone == Zone::Hand;
      else if (s == "draw") ok = ci.zone == Zone::Draw;
      else if (s == "annihilated") ok = ci.zone == Zone::Annihilated;
      else if (s == "squad") ok = ci.zone == Zone::InPlay && ci.attached_to == kNoCard && ci.area == Area::Squad;
      else if (s == "kohort") ok = ci.zone == Zone::InPlay && ci.attached_to == kNoCard && ci.area == Area::Kohort;
      else if (s == "outpost") ok = ci.zone == Zone::InPlay && ci.attached_to == kNoCard && ci.area == Area::Outpost;
      else if (s == "aside") ok = ci.zone == Zone::InPlay && ci.attached_to == kNoCard && ci.area == Area::Aside;
      else if (s == "unpaid") ok = ci.zone == Zone::InPlay && ci.unpaid;
      else if (s == "paid") ok = ci.zone == Zone::InPlay && !ci.unpaid;
      else if (s == "hidden") ok = ci.zone == Zone::InPlay && ci.hidden;
      else if (s == "sideboard") ok = ci.zone == Zone::SideBoard;
      else if (s == "under") {  // kept under the card named next (card storage)
        CardId t = id(w[++i]);
        want += " " + w[i];
        ok = ci.zone == Zone::Under && ci.attached_to == t;
      }
      else if (s == "no-group") ok = ci.sergeant_group < 0;
      else if (s == "group") {
        CardId t = id(w[++i]);
        want += " " + w[i];
        ok = ci.sergeant_group >= 0 && ci.sergeant_group == int(st_.card(t).def);
        if (!ok) mismatch(want, ci.sergeant_group < 0 ? std::string("no group assigned")
                                                       : "the group of " + db_[uint16_t(ci.sergeant_group)].name);
      }
      else if (s == "inside" || s == "outside") {  // a warrior and its vehicle, or the vehicle card
        bool in = ci.inside;
        if (ci.attached_to == kNoCard)
          for (const CardInst& a : st_.cards)
            if (a.zone == Zone::InPlay && a.attached_to == c && a.inside) in = true;
        ok = ci.zone == Zone::InPlay && (s == "inside") == in;
      }
      else if (s == "on") {
        CardId t = id(w[++i]);
        want += " " + w[i];
        ok = ci.zone == Zone::InPlay && ci.attached_to == t;
      } else if (s == "controller") {
        int sv = seat(w[++i]);
        want += " " + w[i];
        ok = ci.controller == sv;
        if (!ok) mismatch(want, "controller s" + std::to_string(ci.controller));
      }
      if (!ok) mismatch(want, describe_card(c));
    }
  }

  const Scenario& sc_;
  const CardDb& db_;
  Parser parser_;
  State st_;
  std::vector<Event> events_;  // the last `do`'s events (`expect sees sN @x told`)
  bool started_ = false;
  int line_ = 0;
  std::map<std::string, CardId> labels_;
  std::map<CardId, std::string> names_;
};

}  // namespace

Scenario parse(std::string_view text, const CardDb& db, const std::string& file) {
  return Parser(db, file).parse(text);
}

Scenario parse_file(const std::string& path, const CardDb& db) {
  std::string text;
  try {
    text = read_bounded_file(path, kMaxScenarioBytes, "scenario file");
  } catch (const FileRefused& e) {
    throw ParseError(path, 0, e.what());
  }
  return parse(text, db, path);
}

Rules scenario_rules(const Scenario& sc) {
  Rules rules = *preset_by_name("gengine");
  for (const auto& l : sc.lines)
    if (l.keyword == "rules") rules = *preset_by_name(lower(l.words[0]));
  for (const auto& l : sc.lines)
    if (l.keyword == "set") set_rule(rules, l, sc.file);
  return rules;
}

Result run(const Scenario& sc, const CardDb& db) {
  try {
    return Runner(sc, db).run();
  } catch (const ParseError& e) {
    Result r;
    r.line = e.line();
    r.message = "line " + std::to_string(e.line()) + ": " + e.message();
    return r;
  }
}

Result run_file(const std::string& path, const CardDb& db) {
  try {
    auto sc = parse_file(path, db);
    return run(sc, db);
  } catch (const ParseError& e) {
    Result r;
    r.line = e.line();
    r.message = std::string("parse error: ") + e.what();
    return r;
  }
}

}  // namespace dt::scenario
