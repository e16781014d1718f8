// The command-line options that set the bots' sandbox (docs/security.md),
// shared by dtref match and dtref tournament.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include "dtref/sandbox.hpp"

namespace dtref {

struct SandboxFlags {
  std::string isolation = "auto";
  std::vector<std::string> limits;  // KEY=VALUE[,KEY=VALUE...], each --limit adds
  bool network = false;
  std::vector<std::string> hide, writable;
};

void add_sandbox_flags(CLI::App* cmd, SandboxFlags& f);

// The settings the flags ask for; throws std::invalid_argument saying what is wrong.
SandboxSettings sandbox_settings(const SandboxFlags& f);

// The line dtref prints before launching bots: what isolation they get on
// this machine. Empty when no bot spec is launched by the referee.
std::string isolation_line(const SandboxSettings& s, const std::vector<std::string>& bot_specs);

}  // namespace dtref
