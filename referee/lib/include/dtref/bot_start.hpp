// Starting a seat's bot, shared by run_match and preflight_bot: whether a spec
// can be a bot at all, which link it needs, the hello it is sent, and what its
// answer to that hello means. One place, so a bot that passes a preflight is
// started exactly the way its matches start it.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "bot.pb.h"
#include "dt/game.hpp"
#include "dt/state.hpp"
#include "dtref/bot_link.hpp"
#include "dtref/match.hpp"
#include "dtref/stdio_link.hpp"

namespace dtref {

// Why `bot` cannot be started (unknown spec form, unknown built-in bot,
// settings a built-in bot cannot take); nullopt when it can.
std::optional<std::string> bot_spec_problem(const BotSpec& bot);

// The link for seat `seat` of `match` (nothing is started yet); nullptr for a
// spec bot_spec_problem refuses. Built-in bots read the live game state and
// the open decision's options through `live` and `live_options`.
std::unique_ptr<BotLink> make_bot_link(const MatchSpec& match, size_t seat, const dt::State* const* live,
                                       const std::vector<dt::Option>* const* live_options);

// The options of seat `seat`'s stdio link in `match` (its sandbox, logs, environment).
StdioOptions stdio_options(const MatchSpec& match, size_t seat);

// A seat's clocks: its bot's own, else the match's.
const Clocks& seat_clocks(const MatchSpec& match, size_t seat);

// The hello for seat `seat` of `match`.
protocol::RefereeMessage hello_for(const MatchSpec& match, size_t seat);

// What is wrong with `r` as the answer to hello; nullopt when it is a ready.
std::optional<std::string> ready_problem(const Received& r, int64_t startup_ms);

// `command` followed by `args`, each quoted for /bin/sh.
std::string command_with_args(const std::string& command, const std::vector<std::string>& args);

// A bot's raw bytes, safe to quote in a message or a transcript: control
// characters and non-ASCII bytes (maybe a cut UTF-8 sequence) become '?'.
std::string printable(const std::string& raw);

// What a bot calls itself in `ready` (name, version, author) is shown on pages
// and stored with every result: at most this many bytes are kept, cut at a
// character boundary, control characters replaced by '?'.
constexpr size_t kMaxBotNameBytes = 256;
std::string bot_given_name(const std::string& raw);

}  // namespace dtref
