// Running one match between bots of any kind: the referee's library entry point,
// used by `dtref match`, by tournaments and by tests.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "dt/deck.hpp"
#include "dt/game.hpp"
#include "dt/rules.hpp"
#include "dtref/bot_process.hpp"
#include "dtref/sandbox.hpp"
#include "dtref/wire_log.hpp"

namespace dtref {

class KeptBots;

// The `ready` feature of a bot that plays several matches in one process
// (docs/protocol.md): the runner may keep it alive for the next match.
inline constexpr const char* kSeveralMatchesFeature = "several_matches";

// Where a seat's bot comes from. Spec forms:
//   builtin:random | builtin:greedy            in-process
//   stdio:<command line>                       launched, JSON Lines on stdin/stdout
//   grpc:<command line>                        launched, handed DTREF_GRPC_ADDRESS and DTREF_TOKEN
//   grpc-remote                                started elsewhere, dials in with a per-seat token
enum class Policy { Ladder, Dev, Training };

struct Clocks {
  int64_t startup_ms = 10000;
  int64_t decision_ms = 1000;
  int64_t bank_ms = 30000;
  int64_t grace_ms = 50;
  bool operator==(const Clocks&) const = default;
};

struct BotSpec {
  std::string name;  // display name; empty: taken from the bot's ready message
  std::string spec;
  // Per-bot settings, as cutechess's -engine. For launched bots (stdio:, grpc:):
  // words appended to the command line (each shell-quoted), the working
  // directory and extra environment variables. Any bot: its own clocks
  // instead of the match's.
  std::vector<std::string> args = {};
  std::string dir = {};
  std::vector<std::pair<std::string, std::string>> env = {};
  std::optional<Clocks> clocks = {};
  // This bot's own limits over MatchSpec::sandbox.limits, in
  // ResourceLimits::apply's syntax, e.g. "memory=2G,processes=256".
  std::string limits = {};
  std::optional<bool> network = {};  // over MatchSpec::sandbox.network
};

// Each clock value must be from 0 to this (a week): deadlines are
// steady_clock time points, which a larger value would overflow.
inline constexpr int64_t kMaxClockMs = int64_t(7) * 24 * 3600 * 1000;
// What is wrong with `c` ("bank_ms must be from 0 to 604800000"), if anything.
std::optional<std::string> clocks_problem(const Clocks& c);

enum class Verdict {
  Ok, Timeout, Crash, Malformed, IllegalChoice, StaleDecisionId, StartupFailure,
  Resource,  // the bot's fault came with a resource limit hit (memory, processes, CPU time, file size)
};
std::string to_string(Verdict);

struct MatchSpec {
  // What the bots are told the match is called. Keep it opaque: nothing a bot
  // receives may reveal the seed. Empty: run_match makes a random one.
  std::string match_id;
  // The operator's name for the match (a tournament's match key): recorded in
  // the transcript header and naming the stderr logs
  // (<stderr_dir>/<key>-s<seat>.stderr; empty: the match id). Bots never see it.
  std::string key;
  std::vector<BotSpec> bots;   // one per seat
  std::vector<dt::Deck> decks; // one per seat
  dt::Rules rules;
  uint64_t seed = 1;            // secret: fixes every hidden card (see secrets.hpp)
  Clocks clocks;
  Policy policy = Policy::Ladder;
  std::string transcript_path;  // empty: none
  std::string stderr_dir;       // empty: bots' stderr only kept as a tail in the transcript
  std::string wire_log_dir;     // non-empty: each stdio/gRPC seat's lines both ways, <dir>/<key or match_id>-s<seat>.wire
  WireLogOptions wire_log;      // size bound and rotation of those files
  // Isolation and limits of every launched bot (sandbox.hpp, docs/security.md);
  // BotSpec::limits and ::network adjust them per bot. The transcript, the
  // stderr and wire log directories and the other seats' program files are
  // hidden from each bot on top of `sandbox.hide`.
  SandboxSettings sandbox;
  size_t stderr_log_bytes = OutputTail::kDefaultLogBytes;  // each stderr_dir file stops growing here
  size_t comment_bytes = 1024;               // an answer's comment is cut to this many bytes
  size_t comment_total_bytes = 256u << 10;   // per seat: comments past this total are dropped
  int max_refused_lines_per_decision = 100;  // dev: refused answers to one request recorded in the transcript
  bool verbose = false;         // print decisions and events to stdout
  const std::atomic<bool>* cancel = nullptr;  // set to stop the match (result voided)
  int64_t shutdown_grace_ms = 500;  // after match_end: time for a bot to exit before it is killed
  bool record_timings = false;      // fill MatchOutcome::cycle_us / wait_us (benchmarks)
  // Keeping stdio bots that say "several_matches" between matches
  // (kept_bots.hpp). `bots` is the calling worker's pool (nullptr: every bot
  // is started for this match and shut down after it, as a bot that does not
  // say the feature always is). `deals`: what this match shares with others
  // that a bot must not carry from one to another (its seed, and with a deck
  // pool the pair's deck draw); empty: the seed alone.
  struct KeepAlive {
    KeptBots* bots = nullptr;
    std::vector<uint64_t> deals;
  } keep_alive;
  // Told a grpc-remote seat's address and token, for the person who starts
  // that bot (dtref match prints the line); unset: logged without the token.
  std::function<void(const std::string& line)> announce;
};

// The most seats a match has: the engine's (dt/game.hpp).
using dt::kMaxSeats;

struct SeatOutcome {
  std::string name;        // the operator's name for the bot, else the one it sent
  std::string ready_name;  // the name the bot sent in its ready message (empty: none)
  Verdict verdict = Verdict::Ok;
  int promotion = 0, destiny = 0;
  int place = 0;  // 1 best, ties share a place (dt::final_places; 0 in a voided match)
  int team = 0;   // its side: its seat number unless the style has teams (dt::SeatState::team)
  bool left = false;  // it forfeited and left the game; the others played on
  int timeouts = 0, illegal = 0, malformed = 0;  // counted faults (dev/training policies)
  int64_t time_used_ms = 0;
  std::string detail;  // e.g. "exit code 3", "signal 9", stderr tail
};

struct MatchOutcome {
  bool voided = false;      // a referee fault or cancellation: no result
  std::string void_reason;
  int winner = -1;          // seat; -1: draw / no winner / a team of several won
  int winning_team = -1;    // the winning side (SeatOutcome::team); -1: draw / no winner
  // promotion_target, decks_exhausted, no_warriors, turn_limit; forfeit when
  // the last forfeit left one side in the game (or too few bots started)
  std::string reason;
  std::vector<SeatOutcome> seats;
  int turns = 0;
  int64_t decisions = 0;
  double wall_ms = 0;
  // With MatchSpec::record_timings, per decision: the whole cycle (request
  // built .. choice applied) and the part spent waiting for the bot.
  std::vector<double> cycle_us, wait_us;
};

// "ladder" | "dev" | "training"; nullopt for anything else.
std::optional<Policy> policy_by_name(const std::string& name);
std::string to_string(Policy);

// Where seat `seat`'s stderr log goes: <stderr_dir>/<key or match_id>-s<seat>.stderr;
// empty without a stderr_dir.
std::string stderr_log_path(const MatchSpec& spec, int seat);

// The wire log of `seat` when the spec asks for one (nullptr otherwise, or when
// the file cannot be created: a log must never stop a match).
std::shared_ptr<WireLog> open_wire_log(const MatchSpec& spec, int seat);


// Plays one match to its end. Never throws for a bot's misbehaviour (that is a
// verdict); throws std::invalid_argument for an unusable spec.
MatchOutcome run_match(const MatchSpec& spec);

}  // namespace dtref
