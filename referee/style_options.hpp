// --style and --teams: the rulebooks' ways of playing with more than two
// (docs/rules-matrix.md, "Multi-player styles"), shared by match, selfplay and
// tournament so they read and check them alike.
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

#include "dt/rules.hpp"

namespace dtref {

struct StyleOptions {
  std::string style = "free-for-all";
  std::string teams;  // "0,0,1,1": a team number per seat (teams style; empty: pairs by seat order)
};

void add_style_options(CLI::App* cmd, StyleOptions& opt);

// Sets `rules` up for the style at `seats` players. Returns what is wrong,
// worded for the command line, or nullopt.
std::optional<std::string> apply_style_options(const StyleOptions& opt, int seats, dt::Rules& rules);

// The decks a style deals when the user names none: cartel-vs-legion gives
// each seat its organization's deck; otherwise empty (the command's own default).
std::vector<std::string> style_default_decks(const StyleOptions& opt);

}  // namespace dtref
