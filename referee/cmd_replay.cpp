// dtref replay: re-simulate a match transcript through the engine, to print
// the game for a person or (--verify) to check every recorded state hash.
#include <fmt/core.h>

#include <memory>
#include <string>

#include "commands.hpp"
#include "dtref/replay_html.hpp"
#include "dtref/transcript.hpp"

namespace dtref {

namespace {

struct ReplayOptions {
  std::string path;
  bool verify = false;
  std::string html;
};

int write_html(const ReplayOptions& opt) {
  ReplayReport r;
  try {
    r = write_replay_html(opt.path, opt.html);
  } catch (const std::exception& e) {
    fmt::print(stderr, "dtref replay: {}\n", e.what());
    return 1;
  }
  if (!r.readable) {
    fmt::print(stderr, "dtref replay: {}: {}\n", opt.path, r.problem);
    return 1;
  }
  fmt::print("wrote {}: {} decisions{}; open it in a browser\n", opt.html, r.decisions,
             r.complete ? "" : " (incomplete transcript)");
  if (!r.verified) {
    fmt::print(stderr, "dtref replay: {}: {} (the page shows the game up to there)\n", opt.path, r.problem);
    return 1;
  }
  return 0;
}

int replay(const ReplayOptions& opt) {
  if (!opt.html.empty()) return write_html(opt);
  const ReplayReport r = replay_transcript(opt.path, !opt.verify);
  for (const std::string& l : r.lines) fmt::print("{}\n", l);
  if (!r.readable || !r.verified) {
    fmt::print(stderr, "dtref replay: {}: {}\n", opt.path, r.problem);
    if (r.readable) fmt::print(stderr, "dtref replay: the first {} decisions matched\n", r.decisions);
    return 1;
  }
  if (!r.complete) {
    fmt::print("{}: INCOMPLETE transcript (no result line; the referee stopped mid-match): the {} decisions "
               "recorded {}\n", opt.path, r.decisions, opt.verify ? "all match" : "are shown above");
    return opt.verify ? 4 : 0;
  }
  if (opt.verify) fmt::print("{}: verified, {} decisions, every state hash matches\n", opt.path, r.decisions);
  return 0;
}

}  // namespace

void add_replay_command(CLI::App& app, int& exit_code) {
  auto opt = std::make_shared<ReplayOptions>();
  CLI::App* cmd = app.add_subcommand(
      "replay",
      "Replay a match transcript through the engine. Without --verify it prints the game for a person. "
      "Exit status: 0 when every recorded state hash matches (--verify) or the game was printed, 1 when "
      "the transcript diverges from the engine or cannot be read, 4 (--verify) when it matches but is "
      "incomplete (no result line).");
  cmd->add_option("path", opt->path, "transcript written by dtref match --transcript")->required();
  auto* verify = cmd->add_flag("--verify", opt->verify, "check every recorded state hash and the result; print only the verdict");
  cmd->add_option("--html", opt->html,
                  "write a self-contained HTML page that steps through the match (board as a seat saw it or "
                  "omniscient, each decision's options, choice, time and comment, the events); open it in a browser")
      ->excludes(verify);
  cmd->callback([opt, &exit_code] { exit_code = replay(*opt); });
}

}  // namespace dtref
