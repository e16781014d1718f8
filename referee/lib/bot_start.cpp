// Starting a seat's bot (see bot_start.hpp).
#include "dtref/bot_start.hpp"

#include <fmt/core.h>

#include <algorithm>

#include "bot.hpp"
#include "dt/card_loader.hpp"
#include "dtref/builtin_link.hpp"
#include "dtref/convert.hpp"
#include "dtref/grpc_link.hpp"
#include "dtref/seat_sandbox.hpp"
#include "dtref/stdio_link.hpp"

#ifndef DTREF_VERSION
#define DTREF_VERSION "0"
#endif

namespace dtref {

namespace {
bool starts(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }
}  // namespace

std::optional<std::string> bot_spec_problem(const BotSpec& bot) {
  const std::string& s = bot.spec;
  const bool known = starts(s, "builtin:") || (starts(s, "stdio:") && s.size() > 6) || is_grpc_spec(s);
  if (!known)
    return fmt::format(
        "unknown bot spec '{}' (use builtin:random, builtin:greedy, builtin:ismcts, stdio:<command>, "
        "grpc:<command> or grpc-remote[:host:port])",
        s);
  if (starts(s, "builtin:")) {
    if (!dt::make_builtin_bot(s.substr(8), 0))
      return fmt::format("unknown built-in bot '{}' (known: random, greedy, ismcts[:ms=N|iters=N,c=X,horizon=T])", s.substr(8));
    if (!bot.args.empty() || !bot.dir.empty() || !bot.env.empty())
      return fmt::format("'{}' runs inside the referee: arguments, a working directory and environment apply "
                         "only to launched bots (stdio:, grpc:)",
                         s);
  }
  if (bot.clocks)
    if (auto bad = clocks_problem(*bot.clocks)) return fmt::format("its clocks: {}", *bad);
  const bool launched = starts(s, "stdio:") || starts(s, "grpc:");
  if (!bot.limits.empty() || bot.network) {
    if (!launched)
      return fmt::format("'{}' is not launched by the referee: resource limits and the network setting apply only "
                         "to launched bots (stdio:, grpc:)",
                         s);
    try {
      ResourceLimits check;
      check.apply(bot.limits);
    } catch (const std::invalid_argument& e) {
      return fmt::format("bot '{}': {}", bot.name.empty() ? s : bot.name, e.what());
    }
  }
  if (!launched && (!bot.args.empty() || !bot.dir.empty() || !bot.env.empty()))
    return fmt::format("'{}' is started elsewhere: arguments, a working directory and environment apply only to "
                       "launched bots (stdio:, grpc:)",
                       s);
  return std::nullopt;
}

std::string command_with_args(const std::string& command, const std::vector<std::string>& args) {
  std::string out = command;
  for (const std::string& a : args) {
    out += " '";
    for (char c : a) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    out += "'";
  }
  return out;
}

StdioOptions stdio_options(const MatchSpec& match, size_t i) {
  const BotSpec& bot = match.bots[i];
  StdioOptions o;
  o.sandbox = seat_sandbox(match, int(i));
  o.stderr_log_bytes = match.stderr_log_bytes;
  o.wire = open_wire_log(match, int(i));
  if (!match.stderr_dir.empty()) o.stderr_path = stderr_log_path(match, int(i));
  o.env = bot.env;
  o.dir = bot.dir;
  return o;
}

std::unique_ptr<BotLink> make_bot_link(const MatchSpec& match, size_t i, const dt::State* const* live,
                                       const std::vector<dt::Option>* const* live_options) {
  const BotSpec& bot = match.bots[i];
  if (bot_spec_problem(bot)) return nullptr;
  const std::string& s = bot.spec;
  if (starts(s, "builtin:"))
    return std::make_unique<BuiltinLink>(dt::make_builtin_bot(s.substr(8), match.seed * 1000003 + i), int(i), live,
                                         live_options);
  if (starts(s, "stdio:")) return std::make_unique<StdioLink>(command_with_args(s.substr(6), bot.args), stdio_options(match, i));
  return make_grpc_link(bot, int(i), match);
}

const Clocks& seat_clocks(const MatchSpec& match, size_t seat) {
  const auto& own = match.bots[seat].clocks;
  return own ? *own : match.clocks;
}

protocol::RefereeMessage hello_for(const MatchSpec& match, size_t i) {
  const Clocks& c = seat_clocks(match, i);
  protocol::RefereeMessage m;
  protocol::Hello* h = m.mutable_hello();
  h->set_type("hello");
  h->set_protocol(kProtocolVersion);
  h->set_seat(int(i));
  h->set_seats(int(match.bots.size()));
  h->set_match_id(match.match_id);
  h->set_rules(match.rules.name);
  for (const auto& e : deck_entries(match.decks[i], dt::builtin_cards())) *h->add_deck() = e;
  for (const auto& e : deck_entries(match.decks[i], dt::builtin_cards(), true)) *h->add_side_board() = e;
  h->set_card_db_version(dt::builtin_cards().version);
  h->set_engine_version(DTREF_VERSION);
  h->mutable_clock()->set_startup_ms(c.startup_ms);
  h->mutable_clock()->set_decision_ms(c.decision_ms);
  h->mutable_clock()->set_bank_ms(c.bank_ms);
  h->mutable_clock()->set_grace_ms(c.grace_ms);
  h->set_policy(to_string(match.policy));
  fill_table(match.rules, int(match.bots.size()), dt::builtin_cards(), h);
  return m;
}

std::string printable(const std::string& raw) {
  std::string out = raw.substr(0, 120);
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) > 0x7e) c = '?';
  return out;
}

std::string bot_given_name(const std::string& raw) {
  size_t n = std::min(raw.size(), kMaxBotNameBytes);
  if (n < raw.size())
    while (n > 0 && (static_cast<unsigned char>(raw[n]) & 0xC0) == 0x80) --n;  // not inside a UTF-8 sequence
  std::string out = raw.substr(0, n);
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  return out;
}

std::string timeout_hint(const Received& r) {
  if (r.kind != Received::Kind::Timeout) return {};
  if (!r.partial.empty())
    return "; it wrote '" + printable(r.partial) + "' but never ended the line: end each line with \\n";
  if (r.silent)
    return "; nothing at all came on its stdout, and it is still running: an answer it wrote may be waiting in "
           "its output buffer. Flush stdout after every line (Python: print(..., flush=True); C: fflush(stdout); "
           "Java: System.out.flush(); Node: process.stdout.write)";
  return {};
}

std::optional<std::string> ready_problem(const Received& r, int64_t startup_ms) {
  switch (r.kind) {
    case Received::Kind::Message:
      if (r.msg.has_ready()) return std::nullopt;
      return "answered hello with something other than {\"type\":\"ready\"}";
    case Received::Kind::Timeout:
      return fmt::format("no ready message within the startup window of {} ms{}", startup_ms, timeout_hint(r));
    case Received::Kind::Malformed: return "malformed ready line: " + r.exit_detail + ": " + printable(r.raw);
    case Received::Kind::Closed: return "exited before saying ready: " + r.exit_detail;
  }
  return "?";
}

}  // namespace dtref
