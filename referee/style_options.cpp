#include "style_options.hpp"

#include <fmt/core.h>

namespace dtref {

namespace {

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const std::string& s : v) out += (out.empty() ? "" : ", ") + s;
  return out;
}

}  // namespace

void add_style_options(CLI::App* cmd, StyleOptions& opt) {
  cmd->add_option("--style", opt.style,
                  "style of play with more than two (docs/rules-matrix.md): free-for-all (2+ players), "
                  "primary-targets (3+: attacking anyone but the next player costs 2 D), teams (4, 6: a shared "
                  "pool of 10 D, 50 P a team), cartel-vs-legion (7: six organizations against the Dark Legion, "
                  "the last seat)")
      ->capture_default_str();
  cmd->add_option("--teams", opt.teams,
                  "teams style: a team number per seat, e.g. 0,1,0,1 (default: pairs by seat order, 0,0,1,1,...)");
}

std::optional<std::string> apply_style_options(const StyleOptions& opt, int seats, dt::Rules& rules) {
  const auto style = dt::style_by_name(opt.style);
  if (!style) return fmt::format("unknown --style '{}' (known: {})", opt.style, joined(dt::style_names()));
  std::vector<int> teams;
  if (!opt.teams.empty()) {
    if (*style != dt::Style::Teams) return "--teams goes with --style teams";
    auto parsed = dt::parse_teams(opt.teams);
    if (!parsed) return fmt::format("--teams '{}': give a team number per seat, comma-separated, e.g. 0,1,0,1", opt.teams);
    teams = *parsed;
  }
  if (std::string problem = dt::apply_style(rules, *style, seats, teams); !problem.empty())
    return fmt::format("--style {} with {} players: {}", opt.style, seats, problem);
  return std::nullopt;
}

std::vector<std::string> style_default_decks(const StyleOptions& opt) {
  // The seats' organizations in the order dt::apply_style gives them.
  if (opt.style == "cartel-vs-legion")
    return {"bauhaus", "capitol", "cybertronic", "imperial", "mishima", "brotherhood", "legion"};
  return {};
}

}  // namespace dtref
