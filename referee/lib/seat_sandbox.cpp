// The sandbox's path policy for a match: see seat_sandbox.hpp.
#include "dtref/seat_sandbox.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include "dtref/bot_start.hpp"
#include "dtref/logging.hpp"

namespace dtref {

namespace fs = std::filesystem;

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

namespace {

void add(std::string& key, const std::string& field) {
  key += std::to_string(field.size());
  key += ':';
  key += field;
}

void add_files(std::string& key, const BotFiles& f) {
  add(key, f.command);
  add(key, f.dir);
  for (const auto& [k, v] : f.env) add(key, k), add(key, v);
  add(key, "|");
}

std::string bot_identity(const BotSpec& b) {
  std::string key;
  add(key, b.name);
  add(key, b.spec);
  for (const std::string& a : b.args) add(key, a);
  add(key, "|");
  add(key, b.dir);
  for (const auto& [k, v] : b.env) add(key, k), add(key, v);
  add(key, "|");
  add(key, b.limits);
  add(key, b.network ? (*b.network ? "net" : "nonet") : "-");
  return key;
}

// `path` lies inside `dir` (a directory hidden as a whole).
bool inside(const std::string& path, const std::string& dir) {
  if (dir.empty()) return false;
  const std::string p = fs::absolute(path).lexically_normal().string();
  std::string d = fs::absolute(dir).lexically_normal().string();
  if (d.empty() || d.back() != '/') d += '/';
  return p.size() > d.size() && p.compare(0, d.size(), d) == 0;
}

}  // namespace

std::optional<std::string> keep_key(const MatchSpec& spec, int seat) {
  if (seat < 0 || size_t(seat) >= spec.bots.size()) return std::nullopt;
  const BotSpec& me = spec.bots[size_t(seat)];
  if (me.spec.rfind("stdio:", 0) != 0) return std::nullopt;
  SandboxSettings s = seat_sandbox(spec, seat);
  if (!spec.transcript_path.empty()) {
    // The match's own transcript must lie in a directory every match hides.
    bool covered = false;
    for (const std::string& h : s.hide) covered = covered || inside(spec.transcript_path, h);
    if (!covered) return std::nullopt;
    for (auto it = s.hide.begin(); it != s.hide.end(); ++it)
      if (*it == spec.transcript_path) {
        s.hide.erase(it);
        break;
      }
  }
  std::string key = bot_identity(me);
  std::vector<std::string> others;
  for (size_t k = 0; k < spec.bots.size(); ++k)
    if (int(k) != seat) others.push_back(bot_identity(spec.bots[k]));
  std::sort(others.begin(), others.end());
  for (const std::string& o : others) add(key, o);
  add(key, "sandbox");
  add(key, to_string(s.isolation));
  const ResourceLimits& l = s.limits;
  add(key, fmt::format("{} {} {} {} {} {}", l.memory_bytes, l.processes, l.cpus, l.cpu_seconds, l.open_files, l.file_bytes));
  add(key, s.network ? "net" : "nonet");
  add(key, s.seccomp ? "seccomp" : "noseccomp");
  for (const std::string& h : s.hide) add(key, h);
  add(key, "|");
  for (const BotFiles& f : s.others) add_files(key, f);
  add(key, "|");
  for (const std::string& w : s.read_write) add(key, w);
  add(key, "|");
  for (const auto& [k, v] : s.env) add(key, k), add(key, v);
  return key;
}

BotFiles bot_files_of(const BotSpec& bot) {
  const std::string command = command_of(bot.spec);
  if (command.empty()) return {};
  return {command_with_args(command, bot.args), bot.dir, bot.env};
}

}  // namespace dtref
