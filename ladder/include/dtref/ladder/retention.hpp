// How long a ladder keeps its matches' files (dtref ladder --keep-transcripts):
// each match's transcript, its bots' stderr logs and its replay page, named
// by the match key (<key>.jsonl[.zst], <key>-s<seat>.stderr, <key>.html).
// The results stay in the store whatever is removed.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <set>
#include <string>

namespace dtref::ladder {

struct Retention {
  enum class Kind { All, Newest, Days };
  Kind kind = Kind::All;
  int64_t n = 0;  // Newest: matches kept; Days: their age in days
  std::string describe() const;  // "all", "the newest 500 matches", "7 days"
};

// "all", "N" (the newest N matches, N >= 1) or "Nd" (N days, N >= 1);
// nullopt for anything else.
std::optional<Retention> parse_retention(const std::string& text);

// Removes from `dir` the files of the matches `r` does not keep, judged by
// the time each match's transcript was last written (matches in `busy`, still
// being played, are never removed); returns how many matches' files were removed.
int prune_match_files(const std::string& dir, const Retention& r, const std::set<std::string>& busy = {},
                      std::chrono::system_clock::time_point now = std::chrono::system_clock::now());

}  // namespace dtref::ladder
