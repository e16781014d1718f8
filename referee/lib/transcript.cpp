// Transcript writing and replay (see transcript.hpp).
#include "dtref/transcript.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "dt/card_loader.hpp"

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
  json j{{"name", r.name},
              {"promotion_target", r.promotion_target},
              {"starting_destiny", r.starting_destiny},
              {"opening_hand", r.opening_hand},
              {"hand_limit", r.hand_limit},
              {"actions_per_turn", r.actions_per_turn},
              {"cover_armor_bonus", r.cover_armor_bonus},
              {"min_deck_size", r.min_deck_size},
              {"max_copies", r.max_copies},
              {"first_player_skips_draw", r.first_player_skips_draw},
              {"muster_in_cover", r.muster_in_cover},
              {"sabotage", int(r.sabotage)},
              {"brotherhood_attacks_tribal", r.brotherhood_attacks_tribal},
              {"outposts", r.outposts},
              {"cardinals_gift", r.cardinals_gift},
              {"auto_pass", r.auto_pass},
              {"turn_limit", r.turn_limit}};
  // The style of play, only when it is not a plain free-for-all (two-seat transcripts keep their shape).
  if (r.style != dt::Style::FreeForAll || !r.seats.empty() || r.secondary_target_toll || r.team_pool ||
      r.team_promotion_target) {
    j["style"] = std::string(dt::to_string(r.style));
    j["secondary_target_toll"] = r.secondary_target_toll;
    j["team_pool"] = r.team_pool;
    j["team_pool_destiny"] = r.team_pool_destiny;
    j["team_promotion_target"] = r.team_promotion_target;
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
  const std::string name = j.value("name", std::string("gengine"));
  auto preset = dt::preset_by_name(name);
  if (!preset) throw std::runtime_error("unknown rules preset '" + name + "'");
  dt::Rules r = *preset;
  auto get = [&](const char* k, auto& field) {
    if (j.contains(k)) field = j.at(k).get<std::remove_reference_t<decltype(field)>>();
  };
  get("promotion_target", r.promotion_target);
  get("starting_destiny", r.starting_destiny);
  get("opening_hand", r.opening_hand);
  get("hand_limit", r.hand_limit);
  get("actions_per_turn", r.actions_per_turn);
  get("cover_armor_bonus", r.cover_armor_bonus);
  get("min_deck_size", r.min_deck_size);
  get("max_copies", r.max_copies);
  get("first_player_skips_draw", r.first_player_skips_draw);
  get("muster_in_cover", r.muster_in_cover);
  if (j.contains("sabotage")) r.sabotage = dt::SabotageMode(j.at("sabotage").get<int>());
  get("brotherhood_attacks_tribal", r.brotherhood_attacks_tribal);
  get("outposts", r.outposts);
  get("cardinals_gift", r.cardinals_gift);
  get("auto_pass", r.auto_pass);
  get("turn_limit", r.turn_limit);
  if (j.contains("style")) {
    const auto style = dt::style_by_name(j.at("style").get<std::string>());
    if (!style) throw std::runtime_error("unknown style '" + j.at("style").get<std::string>() + "'");
    r.style = *style;
  }
  get("secondary_target_toll", r.secondary_target_toll);
  get("team_pool", r.team_pool);
  get("team_pool_destiny", r.team_pool_destiny);
  get("team_promotion_target", r.team_promotion_target);
  if (j.contains("seats")) {
    for (const json& x : j.at("seats")) {
      dt::SeatRules sr;
      auto seat_get = [&](const char* k, auto& field) {
        if (x.contains(k)) field = x.at(k).get<std::remove_reference_t<decltype(field)>>();
      };
      seat_get("team", sr.team);
      seat_get("opening_hand", sr.opening_hand);
      seat_get("hand_limit", sr.hand_limit);
      seat_get("starting_destiny", sr.starting_destiny);
      seat_get("actions_per_turn", sr.actions_per_turn);
      seat_get("free_attacks", sr.free_attacks);
      seat_get("muster_only", sr.muster_only);
      r.seats.push_back(sr);
    }
  }
  return r;
}

ReplayReport replay_transcript(const std::string& path, bool narrate, ReplayVisitor* visitor) {
  ReplayReport rep;
  std::ifstream in(path);
  if (!in) {
    rep.problem = "cannot open '" + path + "'";
    return rep;
  }
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
  while (std::getline(in, line)) {
    ++lineno;
    if (line.empty()) continue;
    json j = json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
      // Only the very last line may be cut short (a referee killed mid-write).
      if (in.peek() == EOF) break;
      rep.problem = fmt::format("line {}: not a JSON object", lineno);
      return rep;
    }
    const std::string type = j.value("type", "");
    try {
      if (lineno == 1) {
        if (type != "header") {
          rep.problem = "line 1: the first line is not a transcript header";
          return rep;
        }
        cfg.rules = rules_from_json(j.at("rules"));
        cfg.seed = j.at("seed").get<uint64_t>();
        for (const json& d : j.at("decks")) {
          std::vector<uint16_t> cards;
          for (const json& code : d.at("cards")) {
            auto def = db.by_code(code.get<std::string>());
            if (!def) throw std::runtime_error("unknown card code " + code.get<std::string>() + " (another card database?)");
            cards.push_back(*def);
          }
          cfg.decks.push_back(std::move(cards));
        }
        if (j.value("card_db_version", db.version) != db.version)
          say("note: recorded with card database " + j.value("card_db_version", std::string("?")) + ", replaying with " + db.version);
        s = dt::new_game(db, cfg, &events);
        rep.readable = true;
        std::string bots;
        for (const json& b : j.value("bots", json::array())) bots += (bots.empty() ? "" : " vs ") + b.value("name", std::string("?"));
        say(fmt::format("match {}: {}; rules {}, seed {}", j.value("match_id", std::string("?")), bots, cfg.rules.name, cfg.seed));
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
        const int seat = j.at("seat").get<int>();
        const size_t choice = j.at("choice").get<size_t>();
        const size_t count = j.at("options").get<size_t>();
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
        if (opts.size() != count || choice >= opts.size()) {
          rep.problem = fmt::format("{}: recorded {} options, choice {}; the engine lists {}", where, count, choice, opts.size());
          return rep;
        }
        if (j.contains("text") && j.at("text").get<std::string>() != dt::to_text(opts[choice])) {
          rep.problem = fmt::format("{}: recorded '{}', the engine's option {} is '{}'", where,
                                    j.at("text").get<std::string>(), choice, dt::to_text(opts[choice]));
          return rep;
        }
        say(fmt::format("s{} > {}{}", seat, dt::to_text(opts[choice]),
                        j.value("comment", std::string()).empty() ? "" : "   # " + j.value("comment", std::string())));
        std::optional<dt::State> before;
        if (visitor) before = *s;
        dt::apply(*s, opts[choice], &events);
        if (visitor) visitor->on_decision({rep.decisions, &j, &*before, &opts, choice, &*s, &events});
        for (const dt::Event& e : events) say("  " + dt::describe(*s, e));
        events.clear();
        ++rep.decisions;
        const std::string want = j.value("hash", "");
        if (!want.empty() && want != hash_hex(dt::state_hash(*s))) {
          rep.problem = fmt::format("{}: state hash after '{}' is {}, the transcript has {}", where,
                                    dt::to_text(opts[choice]), hash_hex(dt::state_hash(*s)), want);
          return rep;
        }
      } else if (type == "ready") {
        say(fmt::format("s{} is {}", j.value("seat", -1), j.value("name", std::string("?"))));
      } else if (type == "leave") {
        // A seat whose bot forfeited left the game there; the others played on.
        const int seat = j.at("seat").get<int>();
        if (seat < 0 || seat >= s->num_seats()) throw std::runtime_error("leave: no seat " + std::to_string(seat));
        dt::leave_game(*s, seat, &events);
        for (const dt::Event& e : events) say("  " + dt::describe(*s, e));
        events.clear();
        ++rep.leaves;
        const std::string want = j.value("hash", "");
        if (!want.empty() && want != hash_hex(dt::state_hash(*s))) {
          rep.problem = fmt::format("line {}: state hash after s{} left is {}, the transcript has {}", lineno, seat,
                                    hash_hex(dt::state_hash(*s)), want);
          return rep;
        }
      } else if (type == "fault") {
        say(fmt::format("fault: s{} {}: {}", j.value("seat", -1), j.value("verdict", std::string()), j.value("detail", std::string())));
      } else if (type == "result") {
        rep.complete = true;
        const std::string reason = j.value("reason", "");
        // A forfeit is checked like any end once the seats that left were replayed leaving.
        forfeit_or_void = reason == "void" || (reason == "forfeit" && rep.leaves == 0);
        say(fmt::format("result: winner {}{}, reason {}", j.value("winner", -1),
                        j.contains("winning_team") ? fmt::format(", winning team {}", j.value("winning_team", -1)) : "",
                        reason));
        if (!forfeit_or_void) {
          if (!dt::game_over(*s)) {
            rep.problem = "the result line says the game ended, but the replayed game is still going";
            return rep;
          }
          const bool reason_ok = reason == dt::to_string(s->end_reason) || reason == "forfeit";
          if (j.value("winner", -2) != s->winner || !reason_ok ||
              (j.contains("winning_team") && j.value("winning_team", -2) != s->winning_team)) {
            rep.problem = fmt::format("the result line says winner {} ({}), the replay gives winner {} ({})",
                                      j.value("winner", -2), reason, s->winner, dt::to_string(s->end_reason));
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
