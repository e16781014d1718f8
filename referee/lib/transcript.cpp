// Transcript writing and replay (see transcript.hpp).
#include "dtref/transcript.hpp"

#include "dt/bounded_file.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "dt/card_loader.hpp"
#include "dt/game.hpp"
#include "dtref/json_limits.hpp"

namespace dtref {

using json = nlohmann::ordered_json;

bool compressed_transcript_path(const std::string& path) {
  return path.size() > 4 && path.compare(path.size() - 4, 4, ".zst") == 0;
}

TranscriptWriter::TranscriptWriter(const std::string& path) : path_(path) {
  // Owner-only: the transcript holds the seed, and with it every hidden card.
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  struct stat st {};
  // An older file kept its mode: make it owner-only too (a regular file, not /dev/null).
  if (fd >= 0 && ::fstat(fd, &st) == 0 && (!S_ISREG(st.st_mode) || ::fchmod(fd, 0600) == 0)) f_ = ::fdopen(fd, "w");
  if (!f_ && fd >= 0) ::close(fd);
  if (!f_) throw std::invalid_argument(fmt::format("cannot write the transcript '{}': check the directory exists and is writable", path));
  if (compressed_transcript_path(path)) {
    zstd_ = ZSTD_createCCtx();
    if (!zstd_) throw std::runtime_error("cannot start zstd compression");
    ZSTD_CCtx_setParameter(zstd_, ZSTD_c_compressionLevel, 6);
    ZSTD_CCtx_setParameter(zstd_, ZSTD_c_checksumFlag, 1);  // a whole file's corruption is found
  }
}

TranscriptWriter::~TranscriptWriter() {
  if (zstd_ && f_) {
    // The frame's end, so zstd's own tool reads the file without a warning.
    ZSTD_inBuffer in{nullptr, 0, 0};
    size_t left = 0;
    do {
      out_.resize(ZSTD_CStreamOutSize());
      ZSTD_outBuffer out{out_.data(), out_.size(), 0};
      left = ZSTD_compressStream2(zstd_, &out, &in, ZSTD_e_end);
      if (ZSTD_isError(left)) break;
      std::fwrite(out_.data(), 1, out.pos, f_);
    } while (left != 0);
  }
  if (zstd_) ZSTD_freeCCtx(zstd_);
  if (f_) std::fclose(f_);
}

void TranscriptWriter::write(const json& line) {
  if (!f_) return;
  std::string s = line.dump(-1, ' ', false, json::error_handler_t::replace);
  s += '\n';
  const std::string* bytes = &s;
  if (zstd_) {
    // A flushed block per line: what is written can be read back at once.
    ZSTD_inBuffer in{s.data(), s.size(), 0};
    out_.clear();
    size_t left = 0;
    do {
      const size_t at = out_.size();
      out_.resize(at + ZSTD_CStreamOutSize());
      ZSTD_outBuffer out{out_.data() + at, out_.size() - at, 0};
      left = ZSTD_compressStream2(zstd_, &out, &in, ZSTD_e_flush);
      if (ZSTD_isError(left))
        throw std::runtime_error(fmt::format("cannot compress the transcript '{}': {}", path_, ZSTD_getErrorName(left)));
      out_.resize(at + out.pos);
    } while (left != 0);
    bytes = &out_;
  }
  // One write per line, flushed at once: a kill leaves at worst one partial last line.
  if (std::fwrite(bytes->data(), 1, bytes->size(), f_) != bytes->size() || std::fflush(f_) != 0)
    throw std::runtime_error(fmt::format("cannot write the transcript '{}': {}", path_, std::strerror(errno)));
}

namespace {

// Reads a zstd stream from `src` as a plain character stream.
class ZstdReadBuf : public std::streambuf {
 public:
  explicit ZstdReadBuf(std::istream& src)
      : src_(src), d_(ZSTD_createDCtx()), in_(ZSTD_DStreamInSize()), out_(ZSTD_DStreamOutSize()) {}
  ~ZstdReadBuf() override { ZSTD_freeDCtx(d_); }
  std::string problem;

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (!d_ || !problem.empty()) return traits_type::eof();
    for (;;) {
      if (in_pos_ == in_size_ && !pending_) {
        src_.read(in_.data(), std::streamsize(in_.size()));
        in_size_ = size_t(src_.gcount());
        in_pos_ = 0;
        if (in_size_ == 0) return traits_type::eof();  // a cut file ends at its last whole block
      }
      ZSTD_inBuffer in{in_.data(), in_size_, in_pos_};
      ZSTD_outBuffer out{out_.data(), out_.size(), 0};
      const size_t r = ZSTD_decompressStream(d_, &out, &in);
      in_pos_ = in.pos;
      if (ZSTD_isError(r)) {
        problem = std::string("corrupt zstd data: ") + ZSTD_getErrorName(r);
        return traits_type::eof();
      }
      pending_ = out.pos == out.size;  // a full buffer: zstd may hold more output
      if (out.pos > 0) {
        setg(out_.data(), out_.data(), out_.data() + out.pos);
        return traits_type::to_int_type(out_[0]);
      }
    }
  }

 private:
  std::istream& src_;
  ZSTD_DCtx* d_;
  std::vector<char> in_, out_;
  size_t in_pos_ = 0, in_size_ = 0;
  bool pending_ = false;
};

}  // namespace

struct TranscriptFile::Impl {
  std::ifstream file;
  std::unique_ptr<ZstdReadBuf> zbuf;
  std::unique_ptr<std::istream> z;
};

TranscriptFile::TranscriptFile(const std::string& path) : impl_(std::make_unique<Impl>()) {
  impl_->file.open(path, std::ios::binary);
  if (!impl_->file) return;
  unsigned char magic[4] = {};
  impl_->file.read(reinterpret_cast<char*>(magic), 4);
  const bool zstd = impl_->file.gcount() == 4 && magic[0] == 0x28 && magic[1] == 0xB5 && magic[2] == 0x2F && magic[3] == 0xFD;
  impl_->file.clear();
  impl_->file.seekg(0);
  if (zstd) {
    impl_->zbuf = std::make_unique<ZstdReadBuf>(impl_->file);
    impl_->z = std::make_unique<std::istream>(impl_->zbuf.get());
  }
}

TranscriptFile::~TranscriptFile() = default;
bool TranscriptFile::is_open() const { return impl_->file.is_open() && !impl_->file.fail(); }
std::istream& TranscriptFile::stream() { return impl_->z ? *impl_->z : impl_->file; }
std::string TranscriptFile::problem() const { return impl_->zbuf ? impl_->zbuf->problem : std::string(); }

std::optional<std::string> read_transcript_text(const std::string& path, size_t max_bytes) {
  TranscriptFile f(path);
  if (!f.is_open()) return std::nullopt;
  std::string out;
  char buf[1 << 16];
  for (;;) {
    f.stream().read(buf, sizeof buf);
    const size_t n = size_t(f.stream().gcount());
    if (n == 0) break;
    if (out.size() + n > max_bytes) return std::nullopt;
    out.append(buf, n);
  }
  if (!f.problem().empty()) return std::nullopt;
  return out;
}

std::string hash_hex(uint64_t h) { return fmt::format("{:016x}", h); }

namespace {

constexpr std::pair<LineType, std::string_view> kLineNames[] = {
    {LineType::Header, "header"}, {LineType::Ready, "ready"},     {LineType::Decision, "decision"},
    {LineType::Event, "event"},   {LineType::Refused, "refused"}, {LineType::Fault, "fault"},
    {LineType::Leave, "leave"},   {LineType::Result, "result"},
};

// A line of type `t`: "type" first, as every reader expects.
json line_of(LineType t) { return json{{"type", std::string(to_string(t))}}; }

}  // namespace

std::string_view to_string(LineType t) {
  for (const auto& [type, name] : kLineNames)
    if (type == t) return name;
  return "?";
}

std::optional<LineType> line_type_by_name(std::string_view name) {
  for (const auto& [type, n] : kLineNames)
    if (n == name) return type;
  return std::nullopt;
}

namespace transcript_line {

json header(const MatchSpec& spec, const dt::GameConfig& cfg, const dt::CardDb& db, int protocol,
            const std::string& engine_version) {
  json decks = json::array();
  for (size_t i = 0; i < spec.decks.size() && i < cfg.decks.size(); ++i) {
    json codes = json::array();
    for (uint16_t d : cfg.decks[i]) codes.push_back(db[d].code);
    json deck = {{"name", spec.decks[i].name}, {"cards", codes}};
    if (!spec.decks[i].side_board.empty()) {
      json side = json::array();
      for (uint16_t d : spec.decks[i].side_board) side.push_back(db[d].code);
      deck["side_board"] = side;
    }
    decks.push_back(deck);
  }
  auto clocks = [](const Clocks& c) {
    return json{{"startup_ms", c.startup_ms}, {"decision_ms", c.decision_ms}, {"bank_ms", c.bank_ms},
                {"grace_ms", c.grace_ms}};
  };
  json bots = json::array();
  for (const BotSpec& b : spec.bots) {
    json j{{"name", b.name.empty() ? b.spec : b.name}, {"spec", b.spec}};
    if (!b.args.empty()) j["args"] = b.args;
    if (!b.dir.empty()) j["dir"] = b.dir;
    if (!b.env.empty()) {
      json env = json::object();
      for (const auto& [k, v] : b.env) env[k] = v;
      j["env"] = env;
    }
    if (b.clocks) j["clocks"] = clocks(*b.clocks);
    bots.push_back(j);
  }
  json j = line_of(LineType::Header);
  j.update(json{{"protocol", protocol},
                {"engine_version", engine_version},
                {"card_db_version", db.version},
                {"match_id", spec.match_id},
                {"key", spec.key},
                {"rules", rules_to_json(spec.rules)},
                {"seed", spec.seed},
                {"decks", decks},
                {"bots", bots},
                {"clocks", clocks(spec.clocks)},
                {"policy", to_string(spec.policy)}});
  return j;
}

json ready(size_t seat, const std::string& name, const std::string& ready_name) {
  json j = line_of(LineType::Ready);
  j["seat"] = seat;
  j["name"] = name;
  // The operator's name for the bot beside the one the bot gave itself.
  if (ready_name != name) j["ready_name"] = ready_name;
  return j;
}

json decision(const DecisionRecord& d) {
  json j = line_of(LineType::Decision);
  j.update(json{{"seat", d.seat}, {"decision_id", d.decision_id}, {"options", d.options}, {"choice", d.choice},
                {"text", d.text}, {"ms", std::round(d.ms * 1000) / 1000}, {"hash", hash_hex(d.hash)}});
  if (!d.comment.empty()) j["comment"] = d.comment;
  if (d.by_default) j["default"] = true;
  return j;
}

json event(const dt::State& s, const dt::Event& e) {
  json j = line_of(LineType::Event);
  j.update(json{{"kind", std::string(dt::to_string(e.kind))}, {"seat", e.seat}, {"a", e.a}, {"b", e.b}, {"x", e.x},
                {"y", e.y}, {"text", dt::describe(s, e)}});
  return j;
}

json refused(size_t seat, int64_t decision_id, const std::string& kind, const std::string& detail) {
  json j = line_of(LineType::Refused);
  j.update(json{{"seat", seat}, {"decision_id", decision_id}, {"kind", kind}, {"detail", detail}});
  return j;
}

json fault(size_t seat, Verdict v, const std::string& detail, const std::string& stderr_tail) {
  json j = line_of(LineType::Fault);
  j.update(json{{"seat", seat}, {"verdict", to_string(v)}, {"detail", detail}});
  if (!stderr_tail.empty()) j["stderr_tail"] = stderr_tail;
  return j;
}

json leave(int seat, uint64_t hash) {
  json j = line_of(LineType::Leave);
  j.update(json{{"seat", seat}, {"hash", hash_hex(hash)}});
  return j;
}

json result(const MatchOutcome& out, bool teams) {
  json seats = json::array();
  for (const SeatOutcome& so : out.seats) {
    json js{{"name", so.name}, {"verdict", to_string(so.verdict)}, {"p", so.promotion}, {"d", so.destiny},
            {"place", so.place}, {"time_used_ms", so.time_used_ms}};
    if (teams) js["team"] = so.team;
    if (so.timeouts) js["timeouts"] = so.timeouts;
    if (so.illegal) js["illegal"] = so.illegal;
    if (so.malformed) js["malformed"] = so.malformed;
    seats.push_back(js);
  }
  json j = line_of(LineType::Result);
  j.update(json{{"winner", out.winner}, {"reason", out.reason}, {"seats", seats}});
  if (teams) j["winning_team"] = out.winning_team;
  if (out.voided) j["void_reason"] = out.void_reason;
  return j;
}

}  // namespace transcript_line

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
                       {"never_discards", x.never_discards},
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
      if (auto v = x.find("never_discards"); v != x.end()) {  // absent in transcripts written before it
        if (!v->is_boolean()) throw std::runtime_error("rules: seats' \"never_discards\" must be true or false");
        sr.never_discards = v->get<bool>();
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
  TranscriptFile in(path);
  if (!in.is_open()) {
    ReplayReport rep;
    rep.problem = "cannot open '" + path + "'";
    return rep;
  }
  ReplayReport rep = replay_transcript(in.stream(), narrate, visitor);
  if (!in.problem().empty() && rep.problem.empty()) {
    rep.problem = in.problem();
    rep.verified = false;
  }
  return rep;
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
      const std::string type_name = text_field(j, "type", "");
      const std::optional<LineType> type = line_type_by_name(type_name);
      if (lineno == 1) {
        if (type != LineType::Header) {
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
      if (!type) continue;  // a line type from a later version
      if (type != LineType::Ready) {  // the opening events come after the bots said ready
        for (std::string& o : opening) say(std::move(o));
        opening.clear();
      }
      if (visitor && type != LineType::Decision) visitor->on_line(*type, j);
      switch (*type) {
      case LineType::Header:
        throw std::runtime_error("a second header line");
      case LineType::Event:
        break;  // events are the engine's to replay, not the file's
      case LineType::Decision: {
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
        // Without its hash a decision proves nothing: the record of what the
        // engine reached is what --verify checks.
        if (!j.contains("hash")) {
          rep.problem = where + ": the decision line has no \"hash\"";
          return rep;
        }
        const std::string want = text_field(j, "hash", "");
        if (want != hash_hex(dt::state_hash(*s))) {
          rep.problem = fmt::format("{}: state hash after '{}' is {}, the transcript has {}", where,
                                    dt::to_text(opts[size_t(choice)]), hash_hex(dt::state_hash(*s)), want);
          return rep;
        }
        break;
      }
      case LineType::Ready:
        say(fmt::format("s{} is {}", whole_or(j, "seat", -1), text_field(j, "name", "?")));
        break;
      case LineType::Leave: {
        // A seat whose bot forfeited left the game there; the others played on.
        const int64_t seat = whole_field(j, "seat");
        if (seat < 0 || seat >= s->num_seats()) throw std::runtime_error("leave: no seat " + std::to_string(seat));
        dt::leave_game(*s, int(seat), &events);
        for (const dt::Event& e : events) say("  " + dt::describe(*s, e));
        events.clear();
        ++rep.leaves;
        const std::string want = text_field(j, "hash", "");
        if (want != hash_hex(dt::state_hash(*s))) {
          rep.problem = want.empty() ? fmt::format("line {}: the leave line has no \"hash\"", lineno)
                                     : fmt::format("line {}: state hash after s{} left is {}, the transcript has {}",
                                                   lineno, seat, hash_hex(dt::state_hash(*s)), want);
          return rep;
        }
        break;
      }
      case LineType::Refused:
        break;
      case LineType::Fault:
        say(fmt::format("fault: s{} {}: {}", whole_or(j, "seat", -1), text_field(j, "verdict", ""), text_field(j, "detail", "")));
        break;
      case LineType::Result: {
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
        break;
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
