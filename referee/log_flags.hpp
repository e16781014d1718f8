// The options that set the diagnostic log (dtref/logging.hpp), shared by
// dtref match, tournament and ladder, and the [log] table of their configs.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <string>
#include <toml++/toml.h>

#include "dtref/logging.hpp"

namespace dtref {

// --log-level (default `level`: info, warn for dtref match), --log-file,
// --log-max-mb, --log-keep, --log-format.
void add_log_flags(CLI::App* cmd, logging::Settings& s, const std::string& level);

// [log] level = "debug", file = "ladder.log", max_mb = 16, keep = 4, format = "json":
// each key unless its option was given. Throws UsageError naming the line.
void apply_log_toml(const toml::table& config, logging::Settings& s, const std::string& file,
                    const std::function<bool(const char* option)>& given);

// Sets the logger up; throws UsageError saying what is wrong.
void start_logging(const logging::Settings& s);

// Why a command ends without success, for the person who ran it and for the
// log: a plain "dtref COMMAND: message" line on standard error, and an error
// record when the log goes to a file. With JSON records on standard error,
// only the record, so that stream stays JSON.
void say_failure(const std::string& command, const std::string& message);

}  // namespace dtref
