// dtref standings: the table, crosstable, Elo and SPRT of a results database,
// as text, JSON or a self-contained HTML report.
#include <fmt/core.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "dtref/replay_html.hpp"
#include "dtref/tournament/ratings.hpp"
#include "dtref/tournament/report.hpp"
#include "dtref/tournament/store.hpp"

namespace dtref {

namespace {

using namespace dtref::tour;
namespace fs = std::filesystem;

struct StandingsOptions {
  std::string db;
  bool json = false;
  std::string html;
  bool replay_pages = false;
  std::vector<std::string> sprt;
};

int run_standings(const StandingsOptions& o) {
  try {
    if (!std::filesystem::exists(o.db)) {
      fmt::print(stderr, "dtref standings: '{}' does not exist (give the --db a tournament wrote)\n", o.db);
      return 2;
    }
    Store store(o.db);
    const auto header = store.header();
    if (!header) {
      fmt::print(stderr, "dtref standings: '{}' holds no tournament yet\n", o.db);
      return 2;
    }
    const std::vector<MatchRecord> matches = store.matches();
    ReportInput in;
    in.title = std::filesystem::path(o.db).filename().string();
    in.standings = compute_standings(header->players, matches);
    in.faults = faults_of(header->players, matches);
    in.settings_json = header->identity;
    in.matches = match_lines(header->players, matches);
    if (!o.html.empty() && o.replay_pages) {
      // A replay page beside each transcript that has none yet (dtref replay --html does the same).
      int written = 0;
      for (const MatchRecord& m : matches) {
        if (m.transcript.empty() || !fs::exists(m.transcript)) continue;
        fs::path page = m.transcript;
        page.replace_extension(".html");
        if (fs::exists(page)) continue;
        write_replay_html(m.transcript, page.string());
        ++written;
      }
      if (written) fmt::print(stderr, "dtref standings: wrote {} replay pages beside the transcripts\n", written);
    }
    if (!o.html.empty()) {
      // Links relative to the report, so the report and its logs can move together.
      const fs::path base = fs::absolute(o.html).parent_path();
      in.links = [base](const std::string&, const std::string& transcript) {
        MatchLinks l;
        if (transcript.empty()) return l;
        const fs::path t = fs::absolute(transcript);
        l.transcript = fs::relative(t, base).generic_string();
        // A replay page written beside the transcript (dtref replay --html) is linked when it exists.
        fs::path page = t;
        page.replace_extension(".html");
        if (fs::exists(page)) l.replay = fs::relative(page, base).generic_string();
        return l;
      };
    }
    if (!o.sprt.empty()) {
      std::string text, err;
      for (const auto& s : o.sprt) text += s + " ";
      const auto prm = parse_sprt(text, &err);
      if (!prm) {
        fmt::print(stderr, "dtref standings: --sprt: {}\n", err);
        return 2;
      }
      in.sprt = sprt(*prm, pentanomial(matches, 0, 1));
      in.sprt_pair = fmt::format("{} vs {}", header->players[0].name, header->players[1].name);
    }
    if (!o.html.empty()) {
      std::ofstream out(o.html);
      out << standings_html(in);
      if (!out) {
        fmt::print(stderr, "dtref standings: cannot write '{}'\n", o.html);
        return 1;
      }
    }
    if (o.json) fmt::print("{}", standings_json(in));
    else if (o.html.empty()) fmt::print("{}", standings_text(in));
    else fmt::print("wrote {}\n", o.html);
    return 0;
  } catch (const std::exception& e) {
    fmt::print(stderr, "dtref standings: {}\n", e.what());
    return 1;
  }
}

}  // namespace

void add_standings_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<StandingsOptions>();
  CLI::App* cmd = app.add_subcommand("standings", "Standings, Elo, crosstable and SPRT of a tournament's results database.");
  cmd->add_option("--db", o->db, "results database written by dtref tournament or dtref merge")->required();
  cmd->add_flag("--json", o->json, "print JSON instead of a table");
  cmd->add_option("--html", o->html, "write a self-contained HTML report to this file");
  cmd->add_flag("--replay-pages", o->replay_pages,
                "with --html: also write each match's replay page beside its transcript, for the report to link");
  cmd->add_option("--sprt", o->sprt, "SPRT of the first two bots: elo0=0,elo1=5,alpha=0.05,beta=0.05")->expected(1, 4);
  cmd->callback([o, &exit_code] { exit_code = run_standings(*o); });
}

}  // namespace dtref
