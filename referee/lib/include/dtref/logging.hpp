// The diagnostic log of the referee, tournaments and the ladder: one spdlog
// logger for the whole process, set up once by the command (setup()), written
// from any thread. Each record has a time, a level, the component that wrote
// it and, where it concerns one, the match key and the seat. Plain output
// (results, standings, progress lines) is not logged: the commands print it.
//
// Levels (docs/ladder.md, "Logs"): info for a match started and finished, a
// verdict other than ok, a worker claiming or releasing a match, a store call
// retried; warn for a preflight failure, an answer saved by the grace only, a
// voided match; debug for each decision's timing; trace for each message to
// and from a bot (--wire-log keeps the raw lines). Nothing a bot must not
// learn (seeds, tokens, what a seat was shown) is logged at info or above.
#pragma once

#include <fmt/core.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dtref::logging {

enum class Level { Trace, Debug, Info, Warn, Error };

// "trace", "debug", "info", "warn", "error"; nullopt for anything else.
std::optional<Level> level_by_name(std::string_view name);
std::string_view to_string(Level);

struct Settings {
  std::string level = "info";
  std::string file;      // empty: standard error
  double max_mb = 16;    // the file is rotated when a record would take it past this
  int keep = 4;          // rotated files kept: FILE.1.EXT (newest) .. FILE.<keep>.EXT
  std::string format = "text";  // text | json (one object a line)
};

// What is wrong with `s` ("--log-level 'loud': ..."), if anything.
std::optional<std::string> settings_problem(const Settings& s);

// Replaces the process's logger. The file is created 0600 (and made 0600 if
// it exists); throws std::invalid_argument for bad settings or a file that
// cannot be opened. Before any setup, records at warn and above go to
// standard error as text.
void setup(const Settings& s);

// The log file and its rotated files as they exist now (empty when logging to
// standard error): hidden from every bot's sandbox.
std::vector<std::string> files();
// Whether records go to standard error (no --log-file), and whether they are JSON.
bool to_stderr();
bool json();

// Where a record comes from: the component ("referee", "tournament",
// "ladder", ...), the match key when it concerns one match, the seat when one
// seat.
struct Where {
  std::string_view component;
  std::string_view match = {};
  int seat = -1;
};

bool enabled(Level l);
void write(Level l, const Where& w, std::string_view message);

template <class... A>
void log(Level l, const Where& w, fmt::format_string<A...> f, A&&... a) {
  if (enabled(l)) write(l, w, fmt::format(f, std::forward<A>(a)...));
}
template <class... A>
void trace(const Where& w, fmt::format_string<A...> f, A&&... a) { log(Level::Trace, w, f, std::forward<A>(a)...); }
template <class... A>
void debug(const Where& w, fmt::format_string<A...> f, A&&... a) { log(Level::Debug, w, f, std::forward<A>(a)...); }
template <class... A>
void info(const Where& w, fmt::format_string<A...> f, A&&... a) { log(Level::Info, w, f, std::forward<A>(a)...); }
template <class... A>
void warn(const Where& w, fmt::format_string<A...> f, A&&... a) { log(Level::Warn, w, f, std::forward<A>(a)...); }
template <class... A>
void error(const Where& w, fmt::format_string<A...> f, A&&... a) { log(Level::Error, w, f, std::forward<A>(a)...); }

}  // namespace dtref::logging
