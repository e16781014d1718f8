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
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dt/deck.hpp"
#include "dt/game.hpp"
#include "dt/rules.hpp"

namespace dtref {

// The largest transcript replay_transcript reads (a match's is bounded by its
// turn limit and comment caps, far below this); devices and directories are refused.
inline constexpr std::size_t kMaxTranscriptBytes = std::size_t(1) << 30;

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
};

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
  // Every other line after the header: ready, refused, fault, result.
  virtual void on_line(const nlohmann::ordered_json& line) {}
};

// Reads the transcript at `path` and replays it. `narrate` fills `lines`;
// `visitor` (optional) sees every step.
ReplayReport replay_transcript(const std::string& path, bool narrate, ReplayVisitor* visitor = nullptr);
// The same for a transcript already open (what the path form reads from).
ReplayReport replay_transcript(std::istream& in, bool narrate, ReplayVisitor* visitor = nullptr);

}  // namespace dtref
