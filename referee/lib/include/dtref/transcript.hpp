// Transcripts: one JSON object per line (docs/protocol.md, "Transcripts").
// Line 1 is the header, then decisions, events and faults as they happen, and
// last the result. Each line is flushed as soon as it is written, so a referee
// killed mid-match leaves a readable prefix; replay reports such a file as
// incomplete rather than failing on it.
#pragma once

#include <cstddef>
#include <istream>

#include <cstdio>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dt/deck.hpp"
#include "dt/game.hpp"
#include "dt/rules.hpp"
#include "dtref/match.hpp"

struct ZSTD_CCtx_s;

namespace dtref {

// The largest transcript replay_transcript reads (a match's is bounded by its
// turn limit and comment caps, far below this); devices and directories are refused.
inline constexpr std::size_t kMaxTranscriptBytes = std::size_t(1) << 30;

// Every kind of transcript line, one list for the writer and the reader
// (docs/protocol.md, "Transcripts"). A line's "type" field is its name.
enum class LineType { Header, Ready, Decision, Event, Refused, Fault, Leave, Result };
std::string_view to_string(LineType t);
// Nullopt for a name no line type has (a line from a later version: skipped on replay).
std::optional<LineType> line_type_by_name(std::string_view name);

// One recorded decision (a `decision` line).
struct DecisionRecord {
  int seat = 0;
  int64_t decision_id = 0;
  size_t options = 0;       // how many were legal
  size_t choice = 0;        // the index played
  std::string text;         // its canonical text
  double ms = 0;            // time used, as clocked
  uint64_t hash = 0;        // the engine's state hash after the choice
  std::string comment;      // the bot's, bounded; empty: none
  bool by_default = false;  // the referee played the default option
};

// The lines themselves, each built here and nowhere else.
namespace transcript_line {
using json = nlohmann::ordered_json;
// `cfg` holds the decks as dealt (card defs); spec.decks their names and side boards.
json header(const MatchSpec& spec, const dt::GameConfig& cfg, const dt::CardDb& db, int protocol,
            const std::string& engine_version);
json ready(size_t seat, const std::string& name, const std::string& ready_name);
json decision(const DecisionRecord& d);
json event(const dt::State& s, const dt::Event& e);
json refused(size_t seat, int64_t decision_id, const std::string& kind, const std::string& detail);
json fault(size_t seat, Verdict v, const std::string& detail, const std::string& stderr_tail);
json leave(int seat, uint64_t hash);
// `teams`: the style has teams, so winning_team and each seat's team are written.
json result(const MatchOutcome& out, bool teams);
}  // namespace transcript_line

// A path ending in ".zst" is written zstd-compressed (each line flushed as a
// zstd block, so a killed referee still leaves a readable prefix); readers
// tell the two apart by the file's first bytes.
bool compressed_transcript_path(const std::string& path);

class TranscriptWriter {
 public:
  TranscriptWriter() = default;
  // Throws std::invalid_argument when the file cannot be created.
  explicit TranscriptWriter(const std::string& path);
  ~TranscriptWriter();
  TranscriptWriter(const TranscriptWriter&) = delete;
  TranscriptWriter& operator=(const TranscriptWriter&) = delete;
  bool enabled() const { return f_ != nullptr; }
  // Throws std::runtime_error when the line cannot be written (a referee
  // fault: a match without its record is void).
  void write(const nlohmann::ordered_json& line);

 private:
  std::FILE* f_ = nullptr;
  std::string path_;
  ZSTD_CCtx_s* zstd_ = nullptr;  // compressing (a ".zst" path)
  std::string out_;              // compressed bytes of one line
};

// A transcript file opened for reading, plain or zstd-compressed.
class TranscriptFile {
 public:
  explicit TranscriptFile(const std::string& path);
  ~TranscriptFile();
  TranscriptFile(const TranscriptFile&) = delete;
  TranscriptFile& operator=(const TranscriptFile&) = delete;
  bool is_open() const;
  std::istream& stream();
  // Why the compressed data stopped early (corrupt), if it did.
  std::string problem() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The whole text of a transcript file, plain or compressed; at most
// `max_bytes` (nullopt when the file cannot be read, is corrupt or larger).
std::optional<std::string> read_transcript_text(const std::string& path, size_t max_bytes = size_t(256) << 20);

nlohmann::ordered_json rules_to_json(const dt::Rules& r);
// Starts from the named preset and applies every field present.
dt::Rules rules_from_json(const nlohmann::ordered_json& j);
std::string hash_hex(uint64_t h);

// The result of re-simulating a transcript through the engine.
struct ReplayReport {
  bool readable = false;      // a header was found and the game could be set up
  bool complete = false;      // the result line is there
  bool verified = false;      // every recorded hash matched (and the result agrees)
  int decisions = 0;          // decisions replayed
  int leaves = 0;             // seats replayed leaving the game (forfeits)
  std::string problem;        // where and why it diverged or could not be read
  std::vector<std::string> lines;  // the game for a person (when asked for)
};

// One recorded decision as the engine replays it.
struct ReplayedDecision {
  int index = 0;                          // 0-based, in play order
  const nlohmann::ordered_json* line;     // the transcript's decision line (ms, comment, ...)
  const dt::State* before;                // the position the seat decided in
  const std::vector<dt::Option>* options; // the legal options there
  size_t choice = 0;
  const dt::State* after;                 // after the choice, run on to the next decision
  const std::vector<dt::Event>* events;   // what happened in between
};

// Sees a transcript as it is replayed (for viewers such as the HTML replay).
class ReplayVisitor {
 public:
  virtual ~ReplayVisitor() = default;
  // The header has set up the game: `s` waits for the first decision; `opening`
  // are the events of setting up.
  virtual void on_start(const nlohmann::ordered_json& header, const dt::State& s,
                        const std::vector<dt::Event>& opening) {}
  virtual void on_decision(const ReplayedDecision& d) {}
  // Every other line after the header: ready, event, refused, fault, leave, result.
  virtual void on_line(LineType type, const nlohmann::ordered_json& line) {}
};

// Reads the transcript at `path` and replays it. `narrate` fills `lines`;
// `visitor` (optional) sees every step.
ReplayReport replay_transcript(const std::string& path, bool narrate, ReplayVisitor* visitor = nullptr);
// The same for a transcript already open (what the path form reads from).
ReplayReport replay_transcript(std::istream& in, bool narrate, ReplayVisitor* visitor = nullptr);

}  // namespace dtref
