// The sandbox's path policy for a match: see seat_sandbox.hpp.
#include "dtref/seat_sandbox.hpp"

#include <fmt/core.h>

#include <stdexcept>

#include "dtref/bot_start.hpp"
#include "dtref/logging.hpp"

namespace dtref {

namespace {

// The command line of a launched bot's spec ("" for built-in and remote bots).
std::string command_of(const std::string& spec) {
  if (spec.rfind("stdio:", 0) == 0) return spec.substr(6);
  if (spec.rfind("grpc:", 0) == 0) return spec.substr(5);
  return {};
}

}  // namespace

SandboxSettings seat_sandbox(const MatchSpec& spec, int seat) {
  SandboxSettings s = spec.sandbox;
  if (seat < 0 || size_t(seat) >= spec.bots.size()) return s;
  const BotSpec& me = spec.bots[size_t(seat)];
  if (!me.limits.empty()) {
    try {
      s.limits.apply(me.limits);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(fmt::format("bot '{}': {}", me.name.empty() ? me.spec : me.name, e.what()));
    }
  }
  if (me.network) s.network = *me.network;
  for (const std::string& p : {spec.transcript_path, spec.stderr_dir, spec.wire_log_dir})
    if (!p.empty()) s.hide.push_back(p);
  for (const std::string& p : logging::files()) s.hide.push_back(p);  // the operator's log, 0600 anyway
  // The other seats' files (sandbox.cpp's path policy keeps whatever this
  // bot's own command needs).
  for (size_t k = 0; k < spec.bots.size(); ++k)
    if (int(k) != seat) s.others.push_back(bot_files_of(spec.bots[k]));
  return s;
}

BotFiles bot_files_of(const BotSpec& bot) {
  const std::string command = command_of(bot.spec);
  if (command.empty()) return {};
  return {command_with_args(command, bot.args), bot.dir, bot.env};
}

}  // namespace dtref
