// dtref tournament's settings: the options, and a TOML config file read into
// them (options given on the command line win). Apart from the command so the
// config reader can be fuzzed (fuzz/) without running anything.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dtref/logging.hpp"
#include "dtref/match.hpp"
#include "dtref/tournament/runner.hpp"
#include "sandbox_flags.hpp"
#include "style_options.hpp"

namespace dtref {

struct TournamentOptions {
  std::string config;
  std::vector<std::string> bots;
  std::vector<std::vector<std::string>> engines;  // --engine KEY=VALUE ..., one list per bot
  std::vector<std::string> each;                  // --each KEY=VALUE ...: settings for every bot
  std::vector<tour::Player> config_bots;  // from the config file, used when no --bot or --engine is given
  std::vector<std::string> deck_pool;
  bool own_decks = false;
  bool duplicate_deals = false;  // --duplicate-deals: both legs of a pair dealt alike (memoryless bots only)
  int rounds = 1;
  int concurrency = 1;
  std::string keep_alive = "on";  // --keep-alive on|off: keep bots that say several_matches between matches
  std::string db;
  std::string format = "round-robin";
  std::optional<uint64_t> seed;  // unset: secret match seeds (a key kept in the --db)
  std::string deck = "corporate";
  std::string transcripts;
  std::string wire_log;
  int64_t wire_log_max_kb = int64_t(WireLogOptions{}.max_bytes >> 10);
  int64_t startup_ms = Clocks{}.startup_ms, decision_ms = Clocks{}.decision_ms, bank_ms = Clocks{}.bank_ms,
          grace_ms = Clocks{}.grace_ms;
  std::string policy = "ladder";
  std::string rules = "gengine";
  int promotion_target = 0;
  std::string shard;
  std::vector<std::string> sprt;
  double progress_interval = 10;
  bool quiet = false;
  bool allow_broken = false;
  SandboxFlags sandbox;
  int seats = 2;
  StyleOptions style;
  logging::Settings log;  // --log-*, [log]
};

// Reads the config file `o.config` (at most kMaxConfigBytes) into `o`; `given`
// says whether an option was given on the command line (then it wins).
// Throws UsageError saying what is wrong and where.
inline constexpr size_t kMaxConfigBytes = 1u << 20;
void apply_config(TournamentOptions& o, const std::function<bool(const char* option)>& given);
// The same from the file's text (`o.config` names it in messages).
void apply_config_text(TournamentOptions& o, std::string_view text, const std::function<bool(const char* option)>& given);

// The tournament the options describe. Throws UsageError.
tour::TournamentSetup make_setup(const TournamentOptions& o);

}  // namespace dtref
