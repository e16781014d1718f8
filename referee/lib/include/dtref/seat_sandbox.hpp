// The sandbox's path policy for a match: what each seat's bot may not see. The
// sandbox itself (sandbox.hpp) applies whatever settings it is given and knows
// nothing of matches; this is where a match's files and the other seats' bots
// become those settings. Tournament and ladder configs add to `hide` before
// (tournament_config.cpp, cmd_ladder.cpp), and so does `--hide`.
#pragma once

#include <optional>
#include <string>

#include "dtref/match.hpp"
#include "dtref/sandbox.hpp"

namespace dtref {

// The sandbox seat `seat` gets: spec.sandbox with the bot's own limits and
// network applied, and the match's logs and the other seats' files hidden.
// Throws std::invalid_argument for bad BotSpec::limits.
SandboxSettings seat_sandbox(const MatchSpec& spec, int seat);
// What must be equal for a kept bot (kept_bots.hpp) to play seat `seat` of
// `spec`: its spec and settings, the other seats' bots (names, specs and
// files) in any order, and every setting of the sandbox seat_sandbox builds,
// except the match's own transcript file; nullopt when a kept bot may not play
// the seat at all: not a stdio bot, or the match's transcript would not be
// hidden from a sandbox built for another match (it must lie in a hidden
// directory, as a tournament's and a ladder's do).
std::optional<std::string> keep_key(const MatchSpec& spec, int seat);

// A bot's files for the path policy (sandbox.hpp's bot_files): its command
// line with arguments, directory and environment; empty for built-in and
// remote bots, which have none on this machine.
BotFiles bot_files_of(const BotSpec& bot);

}  // namespace dtref
