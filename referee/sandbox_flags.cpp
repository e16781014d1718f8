#include "sandbox_flags.hpp"

#include <stdexcept>

namespace dtref {

void add_sandbox_flags(CLI::App* cmd, SandboxFlags& f) {
  cmd->add_option("--isolation", f.isolation,
                  "sandbox for launched bots: auto (namespaces, own uid, cgroups as far as this machine allows; "
                  "says what it lacks), require (refuse to launch a bot without namespaces) or off")
      ->capture_default_str();
  cmd->add_option("--limit", f.limits,
                  "resource limit for every launched bot, KEY=VALUE: memory (1G), processes (128), cpus (1), "
                  "cpu-seconds (3600), open-files (256), file-size (64M); 0 lifts one (docs/security.md)");
  cmd->add_flag("--bot-network", f.network, "give launched bots the host's network (default: none)");
  cmd->add_option("--hide", f.hide, "also hide this file or directory from bots");
  cmd->add_option("--bot-writable", f.writable, "let bots write to this host path (bound into their sandbox)");
}

SandboxSettings sandbox_settings(const SandboxFlags& f) {
  SandboxSettings s;
  const auto iso = isolation_by_name(f.isolation);
  if (!iso) throw std::invalid_argument("unknown --isolation '" + f.isolation + "' (auto, require or off)");
  s.isolation = *iso;
  for (const std::string& l : f.limits) s.limits.apply(l);
  s.network = f.network;
  s.hide = f.hide;
  s.read_write = f.writable;
  return s;
}

std::string isolation_line(const SandboxSettings& s, const std::vector<std::string>& bot_specs) {
  bool launched = false;
  for (const std::string& b : bot_specs) launched = launched || b.rfind("stdio:", 0) == 0 || b.rfind("grpc:", 0) == 0;
  if (!launched) return {};
  return sandbox_support().summary(s);
}

}  // namespace dtref
