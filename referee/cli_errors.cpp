// Command-line mistakes, for every subcommand alike: exit status 2, what was
// wrong, the nearest known option or command, and where the help is. CLI11's
// own exit codes (106, 109, ...) would tell a script nothing it can rely on.
#include <fmt/core.h>

#include <string>
#include <vector>

#include "commands.hpp"
#include "dt/deck.hpp"

namespace dtref {

namespace {

// The candidate nearest to `word`, or "" when none is close enough to be a typo.
std::string nearest(const std::string& word, const std::vector<std::string>& candidates) {
  std::string best;
  size_t best_d = SIZE_MAX;
  for (const std::string& c : candidates) {
    const size_t d = dt::edit_distance(word, c);
    if (d < best_d) best_d = d, best = c;
  }
  const size_t limit = std::max<size_t>(2, word.size() / 3);
  return best_d <= limit ? best : "";
}

std::vector<std::string> option_names(const CLI::App& app) {
  std::vector<std::string> out;
  for (const CLI::Option* o : app.get_options()) {
    for (const std::string& l : o->get_lnames()) out.push_back("--" + l);
    for (const std::string& s : o->get_snames()) out.push_back("-" + s);
  }
  return out;
}

std::vector<std::string> subcommand_names(const CLI::App& app) {
  std::vector<std::string> out;
  for (const CLI::App* s : app.get_subcommands([](const CLI::App*) { return true; })) out.push_back(s->get_name());
  return out;
}

}  // namespace

CLI::Validator milliseconds_check() {
  return CLI::Validator(
      [](std::string& v) -> std::string {
        constexpr int64_t kWeekMs = int64_t(7) * 24 * 3600 * 1000;
        const bool digits = !v.empty() && v.find_first_not_of("0123456789") == std::string::npos;
        if (digits && (v.size() > 12 || std::stoll(v) > kWeekMs))
          return fmt::format("{} ms is more than a week: give 0 to {}", v.substr(0, 40), kWeekMs);
        if (digits) return {};
        return fmt::format("'{}' is not a number of milliseconds: give a whole number from 0 to {} (a week), e.g. "
                           "1000 for one second",
                           v.substr(0, 40), kWeekMs);
      },
      "MS");
}

std::string did_you_mean(const std::string& word, const CLI::App& app) {
  if (word.rfind("-", 0) == 0) {
    const std::string name = word.substr(0, word.find('='));
    return nearest(name, option_names(app));
  }
  return nearest(word, subcommand_names(app));
}

int report_parse_error(CLI::App& app, const CLI::ParseError& e) {
  // --help and --version are not mistakes; a RuntimeError carries its own code.
  if (dynamic_cast<const CLI::Success*>(&e) || dynamic_cast<const CLI::RuntimeError*>(&e)) return app.exit(e);
  // The deepest subcommand that was recognised is where the mistake is.
  CLI::App* at = &app;
  while (!at->get_subcommands().empty()) at = at->get_subcommands().front();
  const std::string prog = at == &app ? "dtref" : "dtref " + at->get_name();
  std::string message = e.what();
  std::string hint;
  // An unknown word is usually the real mistake (a misspelt --db leaves --db missing).
  for (const std::string& word : at->remaining()) {
    const std::string near = did_you_mean(word, *at);
    message = fmt::format("'{}' is not a{} of {}", word,
                          word.rfind("-", 0) == 0 ? "n option" : (at == &app ? " command" : "n argument"), prog);
    if (!near.empty()) hint = fmt::format(" (did you mean '{}'?)", near);
    break;
  }
  fmt::print(stderr, "{}: error: {}{}\nRun '{} --help' for the options.\n", prog, message, hint, prog);
  return 2;
}

}  // namespace dtref
