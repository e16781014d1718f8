#include "log_flags.hpp"

#include <fmt/core.h>

#include "bot_config.hpp"

namespace dtref {

void add_log_flags(CLI::App* cmd, logging::Settings& s, const std::string& level) {
  s.level = level;
  cmd->add_option("--log-level", s.level,
                  "diagnostic log detail: trace (each message to and from a bot), debug (each decision's timing), "
                  "info (matches started and finished, verdicts, claims), warn or error")
      ->capture_default_str();
  cmd->add_option("--log-file", s.file, "write the log here (created 0600, rotated by size) instead of standard error");
  cmd->add_option("--log-max-mb", s.max_mb, "size of the log file before it is rotated (MiB; 0.5 is half of one)")
      ->capture_default_str();
  cmd->add_option("--log-keep", s.keep, "rotated log files kept: FILE.1.EXT (newest) to FILE.N.EXT")
      ->capture_default_str();
  cmd->add_option("--log-format", s.format, "text (one line a record) or json (one object a line: time, level, "
                                            "component, match, seat, message)")
      ->capture_default_str();
}

void apply_log_toml(const toml::table& config, logging::Settings& s, const std::string& file,
                    const std::function<bool(const char*)>& given) {
  const toml::node* n = config.get("log");
  if (!n) return;
  const toml::table* t = n->as_table();
  if (!t) throw UsageError(fmt::format("config '{}': line {}: 'log' must be a [log] table", file, n->source().begin.line));
  check_toml_keys(*t, {"level", "file", "max_mb", "keep", "format"}, file, "[log]");
  auto bad = [&](const toml::node& v, const char* key, const char* what) {
    return UsageError(fmt::format("config '{}': line {}: 'log.{}' must be {}", file, v.source().begin.line, key, what));
  };
  auto str = [&](const char* key, const char* opt, std::string& dst) {
    const toml::node* v = t->get(key);
    if (!v) return;
    if (!v->is_string()) throw bad(*v, key, "a string");
    if (!given(opt)) dst = *v->value<std::string>();
  };
  str("level", "--log-level", s.level);
  str("file", "--log-file", s.file);
  str("format", "--log-format", s.format);
  if (const toml::node* v = t->get("max_mb")) {
    if (!v->is_number()) throw bad(*v, "max_mb", "a number");
    if (!given("--log-max-mb")) s.max_mb = *v->value<double>();
  }
  if (const toml::node* v = t->get("keep")) {
    if (!v->is_integer()) throw bad(*v, "keep", "an integer");
    const int64_t k = *v->value<int64_t>();
    if (k < 0 || k > 1000) throw bad(*v, "keep", "from 0 to 1000");
    if (!given("--log-keep")) s.keep = int(k);
  }
}

void start_logging(const logging::Settings& s) {
  try {
    logging::setup(s);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

void say_failure(const std::string& command, const std::string& message) {
  const bool json_on_stderr = logging::to_stderr() && logging::json();
  if (!logging::to_stderr() || json_on_stderr) logging::error({command}, "{}", message);
  if (!json_on_stderr) fmt::print(stderr, "dtref {}: {}\n", command, message);
}

}  // namespace dtref
