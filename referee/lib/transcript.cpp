// Transcript writing and replay (see transcript.hpp).
#include "dtref/transcript.hpp"

#include "dt/bounded_file.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "dt/card_loader.hpp"
#include "dt/game.hpp"
#include "dtref/json_limits.hpp"

namespace dtref {

using json = nlohmann::ordered_json;

TranscriptWriter::TranscriptWriter(const std::string& path) : path_(path) {
  // Owner-only: the transcript holds the seed, and with it every hidden card.
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  struct stat st {};
  // An older file kept its mode: make it owner-only too (a regular file, not /dev/null).
  if (fd >= 0 && ::fstat(fd, &st) == 0 && (!S_ISREG(st.st_mode) || ::fchmod(fd, 0600) == 0)) f_ = ::fdopen(fd, "w");
  if (!f_ && fd >= 0) ::close(fd);
  if (!f_) throw std::invalid_argument(fmt::format("cannot write the transcript '{}': check the directory exists and is writable", path));
}

TranscriptWriter::~TranscriptWriter() {
  if (f_) std::fclose(f_);
}

void TranscriptWriter::write(const json& line) {
  if (!f_) return;
  std::string s = line.dump(-1, ' ', false, json::error_handler_t::replace);
  s += '\n';
  // One write per line, flushed at once: a kill leaves at worst one partial last line.
  if (std::fwrite(s.data(), 1, s.size(), f_) != s.size() || std::fflush(f_) != 0)
    throw std::runtime_error(fmt::format("cannot write the transcript '{}': {}", path_, std::strerror(errno)));
}

std::string hash_hex(uint64_t h) { return fmt::format("{:016x}", h); }

json rules_to_json(const dt::Rules& r) {
  json j{{"name", r.name}};
  for (const dt::RulesField& f : dt::rules_fields()) {
    const int v = f.get(r);
    if (f.kind == dt::RulesField::Flag) j[std::string(f.name)] = v != 0;
    else j[std::string(f.name)] = v;  // choices as their index, as older transcripts wrote `sabotage`
  }
  // The style of play and its seats, only when it is not a plain free-for-all.
  if (r.style != dt::Style::FreeForAll || !r.seats.empty()) {
    j["style"] = std::string(dt::to_string(r.style));
    json seats = json::array();
    for (const dt::SeatRules& x : r.seats)
      seats.push_back({{"team", x.team},
                       {"opening_hand", x.opening_hand},
                       {"hand_limit", x.hand_limit},
                       {"starting_destiny", x.starting_destiny},
                       {"actions_per_turn", x.actions_per_turn},
                       {"free_attacks", x.free_attacks},
                       {"muster_only", x.muster_only}});
    j["seats"] = seats;
  }
  return j;
}

dt::Rules rules_from_json(const json& j) {
  if (!j.is_object()) throw std::runtime_error("\"rules\" must be an object");
  std::string name = "gengine";
  if (auto it = j.find("name"); it != j.end()) {
    if (!it->is_string()) throw std::runtime_error("rules: \"name\" must be a string");
    name = it->get<std::string>();
  }
  auto preset = dt::preset_by_name(name);
  if (!preset) throw std::runtime_error("unknown rules preset '" + name + "'");
  dt::Rules r = *preset;
  // A transcript is a file anyone can hand in: each value is checked for its
  // type and kept to a range the engine can play.
  auto upper = [](std::string_view k) -> int {
    if (k == "promotion_target" || k == "starting_destiny" || k == "min_deck_size" || k == "max_copies" ||
        k == "team_pool_destiny" || k == "team_promotion_target") return 10000;
    if (k == "turn_limit") return 1000000;
    return 1000;
  };
  for (const dt::RulesField& f : dt::rules_fields()) {
    const std::string k(f.name);
    auto it = j.find(k);
    if (it == j.end()) continue;  // a field newer than the transcript keeps the preset's value
    int x = 0;
    if (f.kind == dt::RulesField::Flag) {
      if (!it->is_boolean()) throw std::runtime_error(fmt::format("rules: \"{}\" must be true or false", k));
      x = int(it->get<bool>());
    } else {
      if (!it->is_number_integer()) throw std::runtime_error(fmt::format("rules: \"{}\" must be a whole number", k));
      const int lo = k == "promotion_target" ? 1 : 0;
      const int hi = f.kind == dt::RulesField::Choice ? int(f.values.size()) - 1 : upper(k);
      const bool in_range = it->is_number_unsigned() ? it->get<uint64_t>() <= uint64_t(hi)
                                                     : it->get<int64_t>() >= lo && it->get<int64_t>() <= hi;
      if (!in_range) throw std::runtime_error(fmt::format("rules: \"{}\" must be from {} to {}", k, lo, hi));
      x = int(it->get<int64_t>());
    }
    f.set(r, x);
  }
  if (auto it = j.find("style"); it != j.end()) {
    if (!it->is_string()) throw std::runtime_error("rules: \"style\" must be a string");
    const auto style = dt::style_by_name(it->get<std::string>());
    if (!style) throw std::runtime_error("rules: unknown style '" + it->get<std::string>() + "'");
    r.style = *style;
  }
  if (auto it = j.find("seats"); it != j.end()) {
    if (!it->is_array() || it->size() > size_t(dt::kMaxSeats))
      throw std::runtime_error(fmt::format("rules: \"seats\" must be a list of at most {} seats", dt::kMaxSeats));
    for (const json& x : *it) {
      if (!x.is_object()) throw std::runtime_error("rules: each of \"seats\" must be an object");
      dt::SeatRules sr;
      // -1 keeps the table's value; a team is a small number.
      auto seat_num = [&](const char* k, auto& field, int lo, int hi) {
        auto v = x.find(k);
        if (v == x.end()) return;
        if (!v->is_number_integer() || v->get<int64_t>() < lo || v->get<int64_t>() > hi)
          throw std::runtime_error(fmt::format("rules: seats' \"{}\" must be a whole number from {} to {}", k, lo, hi));
        field = static_cast<std::remove_reference_t<decltype(field)>>(v->get<int64_t>());
      };
      seat_num("team", sr.team, -1, 99);
      seat_num("opening_hand", sr.opening_hand, -1, 1000);
      seat_num("hand_limit", sr.hand_limit, -1, 1000);
      seat_num("starting_destiny", sr.starting_destiny, -1, 10000);
      seat_num("actions_per_turn", sr.actions_per_turn, -1, 1000);
      seat_num("muster_only", sr.muster_only, 0, 65535);
      if (auto v = x.find("free_attacks"); v != x.end()) {
        if (!v->is_boolean()) throw std::runtime_error("rules: seats' \"free_attacks\" must be true or false");
        sr.free_attacks = v->get<bool>();
      }
      r.seats.push_back(sr);
    }
  }
  return r;
}

namespace {

// Transcript lines are the referee's own records; a line this long is not one.
constexpr size_t kMaxTranscriptLine = 16u << 20;
constexpr size_t kMaxTranscriptDepth = 64;

// One line of at most `max` bytes (a longer one is read to its end and
// reported), so a file without newlines cannot take all memory.
bool next_line(std::istream& in, std::string& line, bool& too_long) {
  line.clear();
  too_long = false;
  std::streambuf* sb = in.rdbuf();
  for (;;) {
    const int c = sb->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      return !line.empty() || too_long;
    }
    if (c == '\n') return true;
    if (line.size() < kMaxTranscriptLine) line.push_back(char(c));
    else too_long = true;
  }
}

const json& field(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end()) throw std::runtime_error(fmt::format("\"{}\" is missing", key));
  return *it;
}

int64_t whole_field(const json& j, const char* key) {
  const json& v = field(j, key);
  if (!v.is_number_integer() || (v.is_number_unsigned() && v.get<uint64_t>() > uint64_t(INT64_MAX)))
    throw std::runtime_error(fmt::format("\"{}\" must be a whole number", key));
  return v.get<int64_t>();
}

int64_t whole_or(const json& j, const char* key, int64_t otherwise) {
  auto it = j.find(key);
  return it == j.end() ? otherwise : whole_field(j, key);
}

std::string text_field(const json& j, const char* key, const std::string& otherwise) {
  auto it = j.find(key);
  if (it == j.end()) return otherwise;
  if (!it->is_string()) throw std::runtime_error(fmt::format("\"{}\" must be a string", key));
  return it->get<std::string>();
}

}  // namespace

ReplayReport replay_transcript(const std::string& path, bool narrate, ReplayVisitor* visitor) {
  try {
    dt::check_bounded_file(path, kMaxTranscriptBytes, "transcript");
  } catch (const dt::FileRefused& e) {
    ReplayReport rep;
    rep.problem = e.what();
    return rep;
  }
  std::ifstream in(path);
  if (!in) {
    ReplayReport rep;
    rep.problem = "cannot open '" + path + "'";
    return rep;
  }
  return replay_transcript(in, narrate, visitor);
}

ReplayReport replay_transcript(std::istream& in, bool narrate, ReplayVisitor* visitor) {
  ReplayReport rep;
  const dt::CardDb& db = dt::builtin_cards();
  std::string line;
  int lineno = 0;
  std::optional<dt::State> s;
  dt::GameConfig cfg;
  std::vector<dt::Event> events;
  bool forfeit_or_void = false;
  std::vector<std::string> opening;
  auto say = [&](std::string t) {
    if (narrate) rep.lines.push_back(std::move(t));
  };
  bool too_long = false;
  while (next_line(in, line, too_long)) {
    ++lineno;
    if (too_long) {
      rep.problem = fmt::format("line {}: longer than {} MiB; not a transcript line", lineno, kMaxTranscriptLine >> 20);
      return rep;
    }
    if (line.empty()) continue;
    const auto deep = json_depth_problem(line, kMaxTranscriptDepth);
    json j = deep ? json(nullptr) : json::parse(line, nullptr, false);
    if (deep || j.is_discarded() || !j.is_object()) {
      // Only the very last line may be cut short (a referee killed mid-write).
      if (in.rdbuf()->sgetc() == std::char_traits<char>::eof()) break;
      rep.problem = fmt::format("line {}: {}", lineno, deep ? *deep : std::string("not a JSON object"));
      return rep;
    }
    try {
      const std::string type = text_field(j, "type", "");
      if (lineno == 1) {
        if (type != "header") {
          rep.problem = "line 1: the first line is not a transcript header";
          return rep;
        }
        cfg.rules = rules_from_json(field(j, "rules"));
        const json& seed = field(j, "seed");
        if (!seed.is_number_unsigned()) throw std::runtime_error("\"seed\" must be a whole number of 0 or more");
        cfg.seed = seed.get<uint64_t>();
        const json& decks = field(j, "decks");
        if (!decks.is_array() || decks.size() < 2 || decks.size() > size_t(dt::kMaxSeats))
          throw std::runtime_error(fmt::format("\"decks\" must list 2 to {} decks, one per seat", dt::kMaxSeats));
        size_t total = 0;
        // A deck's cards, or its side board's (gEngine "Side Board Pile").
        auto read_codes = [&](const json& codes, const char* what) {
          if (!codes.is_array()) throw std::runtime_error(fmt::format("each deck needs \"{}\": a list of card codes", what));
          total += codes.size();
          if (total > size_t(dt::kMaxCards))
            throw std::runtime_error(fmt::format("the decks hold more than {} cards, more than a game can", dt::kMaxCards));
          std::vector<uint16_t> cards;
          for (const json& code : codes) {
            if (!code.is_string()) throw std::runtime_error("card codes must be strings, e.g. \"01273\"");
            auto def = db.by_code(code.get<std::string>());
            if (!def) throw std::runtime_error("unknown card code " + code.get<std::string>() + " (another card database?)");
            cards.push_back(*def);
          }
          return cards;
        };
        for (const json& d : decks) {
          cfg.decks.push_back(read_codes(d.is_object() ? field(d, "cards") : d, "cards"));
          const bool has_side = d.is_object() && d.contains("side_board");
          cfg.side_boards.push_back(has_side ? read_codes(d.at("side_board"), "side_board") : std::vector<uint16_t>{});
        }
        if (text_field(j, "card_db_version", db.version) != db.version)
          say("note: recorded with card database " + text_field(j, "card_db_version", "?") + ", replaying with " + db.version);
        s = dt::new_game(db, cfg, &events);
        rep.readable = true;
        std::string bots;
        if (auto b = j.find("bots"); b != j.end() && b->is_array())
          for (const json& bot : *b)
            bots += (bots.empty() ? "" : " vs ") + (bot.is_object() ? text_field(bot, "name", "?") : std::string("?"));
        say(fmt::format("match {}: {}; rules {}, seed {}", text_field(j, "match_id", "?"), bots, cfg.rules.name, cfg.seed));
        for (const dt::Event& e : events) opening.push_back("  " + dt::describe(*s, e));
        if (visitor) visitor->on_start(j, *s, events);
        events.clear();
        continue;
      }
      if (!s) break;
      if (type != "ready") {  // the opening events come after the bots said ready
        for (std::string& o : opening) say(std::move(o));
        opening.clear();
      }
      if (visitor && type != "decision") visitor->on_line(j);
      if (type == "decision") {
        const int64_t seat = whole_field(j, "seat");
        const int64_t choice = whole_field(j, "choice");
        const int64_t count = whole_field(j, "options");
        const std::string where = fmt::format("line {} (decision {})", lineno, rep.decisions + 1);
        if (dt::game_over(*s)) {
          rep.problem = where + ": the game was already over";
          return rep;
        }
        if (dt::deciding_seat(*s) != seat) {
          rep.problem = fmt::format("{}: recorded for s{}, but s{} decides here", where, seat, dt::deciding_seat(*s));
          return rep;
        }
        const auto opts = dt::legal_options(*s);
        if (count < 0 || choice < 0 || opts.size() != size_t(count) || size_t(choice) >= opts.size()) {
          rep.problem = fmt::format("{}: recorded {} options, choice {}; the engine lists {}", where, count, choice, opts.size());
          return rep;
        }
        if (j.contains("text") && text_field(j, "text", "") != dt::to_text(opts[size_t(choice)])) {
          rep.problem = fmt::format("{}: recorded '{}', the engine's option {} is '{}'", where, text_field(j, "text", ""),
                                    choice, dt::to_text(opts[size_t(choice)]));
          return rep;
        }
        const std::string comment = text_field(j, "comment", "");
        say(fmt::format("s{} > {}{}", seat, dt::to_text(opts[size_t(choice)]), comment.empty() ? "" : "   # " + comment));
        std::optional<dt::State> before;
        if (visitor) before = *s;
        dt::apply(*s, opts[size_t(choice)], &events);
        if (visitor) visitor->on_decision({rep.decisions, &j, &*before, &opts, size_t(choice), &*s, &events});
        for (const dt::Event& e : events) say("  " + dt::describe(*s, e));
        events.clear();
        ++rep.decisions;
        const std::string want = text_field(j, "hash", "");
        if (!want.empty() && want != hash_hex(dt::state_hash(*s))) {
          rep.problem = fmt::format("{}: state hash after '{}' is {}, the transcript has {}", where,
                                    dt::to_text(opts[size_t(choice)]), hash_hex(dt::state_hash(*s)), want);
          return rep;
        }
      } else if (type == "ready") {
        say(fmt::format("s{} is {}", whole_or(j, "seat", -1), text_field(j, "name", "?")));
      } else if (type == "leave") {
        // A seat whose bot forfeited left the game there; the others played on.
        const int64_t seat = whole_field(j, "seat");
        if (seat < 0 || seat >= s->num_seats()) throw std::runtime_error("leave: no seat " + std::to_string(seat));
        dt::leave_game(*s, int(seat), &events);
        for (const dt::Event& e : events) say("  " + dt::describe(*s, e));
        events.clear();
        ++rep.leaves;
        const std::string want = text_field(j, "hash", "");
        if (!want.empty() && want != hash_hex(dt::state_hash(*s))) {
          rep.problem = fmt::format("line {}: state hash after s{} left is {}, the transcript has {}", lineno, seat,
                                    hash_hex(dt::state_hash(*s)), want);
          return rep;
        }
      } else if (type == "fault") {
        say(fmt::format("fault: s{} {}: {}", whole_or(j, "seat", -1), text_field(j, "verdict", ""), text_field(j, "detail", "")));
      } else if (type == "result") {
        rep.complete = true;
        const std::string reason = text_field(j, "reason", "");
        const int64_t winner = whole_or(j, "winner", -2);
        const int64_t winning_team = whole_or(j, "winning_team", -2);
        // A forfeit is checked like any end once the seats that left were replayed leaving.
        forfeit_or_void = reason == "void" || (reason == "forfeit" && rep.leaves == 0);
        say(fmt::format("result: winner {}{}, reason {}", winner,
                        j.contains("winning_team") ? fmt::format(", winning team {}", winning_team) : "", reason));
        if (!forfeit_or_void) {
          if (!dt::game_over(*s)) {
            rep.problem = "the result line says the game ended, but the replayed game is still going";
            return rep;
          }
          const bool reason_ok = reason == dt::to_string(s->end_reason) || reason == "forfeit";
          if (winner != s->winner || !reason_ok || (j.contains("winning_team") && winning_team != s->winning_team)) {
            rep.problem = fmt::format("the result line says winner {} ({}), the replay gives winner {} ({})", winner,
                                      reason, s->winner, dt::to_string(s->end_reason));
            return rep;
          }
          // Every seat's place, when the result line gives them.
          const std::vector<int> places = dt::final_places(*s);
          const json seats = j.value("seats", json::array());
          for (size_t i = 0; i < seats.size() && i < places.size(); ++i)
            if (seats[i].contains("place") && seats[i].at("place").get<int>() != places[i]) {
              rep.problem = fmt::format("the result line places s{} {}, the replay places it {}", i,
                                        seats[i].at("place").get<int>(), places[i]);
              return rep;
            }
        }
      }
    } catch (const json::exception&) {
      // The fields above are checked; this is a last line of defence, in words.
      rep.problem = fmt::format("line {}: a field of this line has the wrong type", lineno);
      return rep;
    } catch (const std::exception& e) {
      rep.problem = fmt::format("line {}: {}", lineno, e.what());
      return rep;
    }
  }
  if (!rep.readable) {
    if (rep.problem.empty()) rep.problem = "no transcript header found (empty file?)";
    return rep;
  }
  rep.verified = true;
  return rep;
}

}  // namespace dtref
