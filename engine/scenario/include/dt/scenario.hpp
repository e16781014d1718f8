// Scenario files: a line-oriented text format that sets up any game position,
// plays decisions by their canonical option text and asserts on the result.
// Every rule of the project is tested by one. The format is described in
// docs/scenarios.md.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "dt/cards.hpp"
#include "dt/rules.hpp"

namespace dt::scenario {

// A malformed file: `where()` is "file:line", `what()` is "file:line: message".
class ParseError : public std::runtime_error {
 public:
  ParseError(std::string file, int line, const std::string& msg)
      : std::runtime_error(file + ":" + std::to_string(line) + ": " + msg),
        file_(std::move(file)), line_(line), msg_(msg) {}
  const std::string& file() const { return file_; }
  int line() const { return line_; }
  const std::string& message() const { return msg_; }

 private:
  std::string file_;
  int line_;
  std::string msg_;
};

// One meaningful line of a scenario file, already split into words.
struct Line {
  int number = 0;
  std::string keyword;             // "hand", "squad", "do", "expect", ...
  std::vector<std::string> words;  // the rest of the line, whitespace-split
  std::string rest;                // the rest of the line as written (trimmed)
};

// A card the file places: resolved against the card database while parsing.
struct Placement {
  int line = 0;
  uint16_t def = 0;
  int seat = 0;
  std::string label;  // "" if unlabelled; else without the '@'
};

struct Scenario {
  std::string file;            // for messages
  std::string title;           // the first comment line (the rule cited)
  std::vector<Line> lines;     // every directive, in file order
};

// Parses `text`; card names and codes are checked against `db`, labels and
// seats are checked for consistency. Throws ParseError on the first problem.
Scenario parse(std::string_view text, const CardDb& db, const std::string& file = "<scenario>");
// A scenario file is a few KB; parse_file refuses more than this (and
// anything that is not a regular file) with a ParseError.
inline constexpr std::size_t kMaxScenarioBytes = 1u << 20;
Scenario parse_file(const std::string& path, const CardDb& db);

struct Result {
  bool passed = false;
  int line = 0;         // the first failing line (0 if passed)
  std::string message;  // "line N: expected X, got Y"
};

// Builds the position, resumes the engine and plays the file top to bottom.
// Stops at the first mismatch. Never throws for a mismatch; a ParseError can
// only come from parse().
Result run(const Scenario& sc, const CardDb& db);

// The rules a parsed scenario plays under: its `rules` preset, then its `set` lines.
Rules scenario_rules(const Scenario& sc);

// Convenience: parse + run, reporting a parse error as a failed Result whose
// message starts with "parse error: file:line: ...".
Result run_file(const std::string& path, const CardDb& db);

}  // namespace dt::scenario
