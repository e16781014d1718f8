// `dtref scenario FILE|DIR...`: runs scenario files (docs/scenarios.md) and
// prints PASS/FAIL per file; exits non-zero if any file fails or is malformed.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "commands.hpp"
#include "dt/card_loader.hpp"
#include "dt/scenario.hpp"

namespace dtref {

void add_scenario_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand(
      "scenario",
      "Run scenario files: each sets up a game position, plays decisions by option text and "
      "checks the outcome (format: docs/scenarios.md). Prints 'PASS file' or 'FAIL file: line N: "
      "expected ..., got ...' per file; exits 1 if any file fails, 2 on a parse error.");
  auto files = std::make_shared<std::vector<std::string>>();
  cmd->add_option("files", *files, "Scenario files (.scn) or directories (every *.scn inside, sorted)")
      ->required();
  cmd->callback([files, &exit_code]() {
    namespace fs = std::filesystem;
    std::vector<std::string> paths;
    for (const auto& f : *files) {
      std::error_code ec;
      if (fs::is_directory(f, ec)) {
        std::vector<std::string> inside;
        for (const auto& e : fs::directory_iterator(f))
          if (e.is_regular_file() && e.path().extension() == ".scn") inside.push_back(e.path().string());
        std::sort(inside.begin(), inside.end());
        paths.insert(paths.end(), inside.begin(), inside.end());
      } else {
        paths.push_back(f);
      }
    }
    const auto& db = dt::builtin_cards();
    int passed = 0, failed = 0, broken = 0;
    for (const auto& p : paths) {
      try {
        auto sc = dt::scenario::parse_file(p, db);
        auto r = dt::scenario::run(sc, db);
        if (r.passed) {
          std::printf("PASS %s\n", p.c_str());
          ++passed;
        } else {
          std::printf("FAIL %s: %s\n", p.c_str(), r.message.c_str());
          ++failed;
        }
      } catch (const dt::scenario::ParseError& e) {
        std::printf("FAIL %s: parse error: %s\n", p.c_str(), e.what());
        ++broken;
      }
    }
    if (paths.size() > 1)
      std::printf("%d passed, %d failed, %d malformed\n", passed, failed, broken);
    exit_code = broken ? 2 : failed ? 1 : 0;
  });
}

}  // namespace dtref
