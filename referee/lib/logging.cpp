// The process's diagnostic log (see logging.hpp): spdlog sinks (standard
// error, or a size-rotated file), one formatter of our own for the text and
// JSON lines.
#include "dtref/logging.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <spdlog/logger.h>
#include <spdlog/sinks/rotating_file_sink.h>
#include <spdlog/sinks/stdout_sinks.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <ctime>
#include <iterator>
#include <filesystem>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace dtref::logging {

namespace {

namespace fs = std::filesystem;

// The record being written on this thread: spdlog's loggers are synchronous,
// so the formatter runs inside write(), on the caller's thread.
thread_local const Where* t_where = nullptr;

spdlog::level::level_enum spd(Level l) {
  switch (l) {
    case Level::Trace: return spdlog::level::trace;
    case Level::Debug: return spdlog::level::debug;
    case Level::Info: return spdlog::level::info;
    case Level::Warn: return spdlog::level::warn;
    case Level::Error: return spdlog::level::err;
  }
  return spdlog::level::err;
}

std::string_view level_text(spdlog::level::level_enum l) {
  switch (l) {
    case spdlog::level::trace: return "trace";
    case spdlog::level::debug: return "debug";
    case spdlog::level::info: return "info";
    case spdlog::level::warn: return "warn";
    default: return "error";
  }
}

void append(spdlog::memory_buf_t& dest, std::string_view s) { dest.append(s.data(), s.data() + s.size()); }

// 2025-06-01T12:00:00.123Z: UTC, so records of workers on several hosts sort together.
void append_time(std::chrono::system_clock::time_point t, spdlog::memory_buf_t& dest) {
  const auto since = t.time_since_epoch();
  const std::time_t secs = std::chrono::duration_cast<std::chrono::seconds>(since).count();
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(since).count() % 1000;
  std::tm tm{};
  ::gmtime_r(&secs, &tm);
  fmt::format_to(std::back_inserter(dest), "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z", tm.tm_year + 1900,
                 tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, ms);
}

// One record a line whatever the message holds (a bot's fault detail may
// span lines): line breaks and other control characters are escaped in text.
class RecordFormatter final : public spdlog::formatter {
 public:
  explicit RecordFormatter(bool json) : json_(json) {}

  void format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) override {
    static const Where none{"dtref"};
    const Where& w = t_where ? *t_where : none;
    const std::string_view text(msg.payload.data(), msg.payload.size());
    if (json_) {
      spdlog::memory_buf_t time;
      append_time(msg.time, time);
      nlohmann::ordered_json j;
      j["time"] = std::string(time.data(), time.size());
      j["level"] = std::string(level_text(msg.level));
      j["component"] = std::string(w.component);
      if (!w.match.empty()) j["match"] = std::string(w.match);
      if (w.seat >= 0) j["seat"] = w.seat;
      j["message"] = std::string(text);
      // A bot's bytes need not be UTF-8: replaced, never a throw inside a log call.
      const std::string line = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
      dest.append(line.data(), line.data() + line.size());
      dest.push_back('\n');
      return;
    }
    append_time(msg.time, dest);
    fmt::format_to(std::back_inserter(dest), " {:<5} {}", level_text(msg.level), w.component);
    if (!w.match.empty()) fmt::format_to(std::back_inserter(dest), " {}", w.match);
    if (w.seat >= 0) fmt::format_to(std::back_inserter(dest), " s{}", w.seat);
    append(dest, ": ");
    for (char c : text) {
      if (c == '\n') append(dest, "\\n");
      else if (static_cast<unsigned char>(c) < 0x20 && c != '\t') dest.push_back('?');
      else dest.push_back(c);
    }
    dest.push_back('\n');
  }

  std::unique_ptr<spdlog::formatter> clone() const override { return std::make_unique<RecordFormatter>(json_); }

 private:
  bool json_;
};

// The log file holds match keys, bot names and faults: its owner's alone,
// from the moment it exists (created here before spdlog opens it).
spdlog::file_event_handlers private_file() {
  spdlog::file_event_handlers h;
  h.before_open = [](const spdlog::filename_t& name) {
    const int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (fd >= 0) ::close(fd);
  };
  h.after_open = [](const spdlog::filename_t&, std::FILE* f) { ::fchmod(::fileno(f), 0600); };
  return h;
}

struct Current {
  std::mutex mu;  // guards what follows; writers copy the pointer under it
  std::shared_ptr<spdlog::logger> logger;
  Settings settings;
};

// Never destroyed: gRPC's threads may still log while the process exits.
Current& g() {
  static Current* c = new Current;
  return *c;
}
std::atomic<int> g_level{int(Level::Warn)};

std::shared_ptr<spdlog::logger> make_logger(const Settings& s) {
  spdlog::sink_ptr sink;
  if (s.file.empty()) {
    sink = std::make_shared<spdlog::sinks::stderr_sink_mt>();
  } else {
    const auto bytes = std::max<double>(1, std::round(s.max_mb * 1024 * 1024));
    try {
      sink = std::make_shared<spdlog::sinks::rotating_file_sink_mt>(s.file, size_t(bytes), size_t(s.keep), false,
                                                                    private_file());
    } catch (const spdlog::spdlog_ex& e) {
      throw std::invalid_argument(fmt::format("--log-file '{}': {}", s.file, e.what()));
    }
  }
  sink->set_formatter(std::make_unique<RecordFormatter>(s.format == "json"));
  auto logger = std::make_shared<spdlog::logger>("dtref", sink);
  logger->set_level(spd(*level_by_name(s.level)));
  // Every record reaches the file at once: a killed service leaves its last words.
  logger->flush_on(spdlog::level::trace);
  return logger;
}

std::shared_ptr<spdlog::logger> current() {
  Current& c = g();
  std::lock_guard lock(c.mu);
  if (!c.logger) {
    c.settings.level = "warn";
    c.logger = make_logger(c.settings);
  }
  return c.logger;
}

}  // namespace

std::optional<Level> level_by_name(std::string_view name) {
  for (Level l : {Level::Trace, Level::Debug, Level::Info, Level::Warn, Level::Error})
    if (name == to_string(l)) return l;
  return std::nullopt;
}

std::string_view to_string(Level l) { return level_text(spd(l)); }

std::optional<std::string> settings_problem(const Settings& s) {
  if (!level_by_name(s.level)) return fmt::format("--log-level '{}': give trace, debug, info, warn or error", s.level);
  if (s.format != "text" && s.format != "json") return fmt::format("--log-format '{}': give text or json", s.format);
  if (!(s.max_mb > 0 && s.max_mb <= 1024 * 1024))
    return fmt::format("--log-max-mb {}: give a size above 0 and up to 1048576 (MiB, e.g. 0.5)", s.max_mb);
  if (s.keep < 0 || s.keep > 1000) return fmt::format("--log-keep {}: give 0 to 1000 rotated files", s.keep);
  if (!s.file.empty() && fs::is_directory(s.file))
    return fmt::format("--log-file '{}' is a directory; give a file in it", s.file);
  return std::nullopt;
}

void setup(const Settings& s) {
  if (auto bad = settings_problem(s)) throw std::invalid_argument(*bad);
  auto logger = make_logger(s);
  Current& c = g();
  std::lock_guard lock(c.mu);
  c.logger = std::move(logger);
  c.settings = s;
  g_level = int(*level_by_name(s.level));
}

std::vector<std::string> files() {
  Settings s;
  {
    Current& c = g();
    std::lock_guard lock(c.mu);
    s = c.settings;
  }
  if (s.file.empty()) return {};
  std::vector<std::string> out{s.file};
  const fs::path p(s.file);
  for (int i = 1; i <= s.keep; ++i) {
    // As spdlog names them: ladder.log -> ladder.1.log
    fs::path r = p.parent_path() / fmt::format("{}.{}{}", p.stem().string(), i, p.extension().string());
    std::error_code ec;
    if (fs::exists(r, ec)) out.push_back(r.string());
  }
  return out;
}

bool to_stderr() {
  Current& c = g();
  std::lock_guard lock(c.mu);
  return c.settings.file.empty();
}

bool json() {
  Current& c = g();
  std::lock_guard lock(c.mu);
  return c.settings.format == "json";
}

bool enabled(Level l) { return int(l) >= g_level.load(std::memory_order_relaxed); }

void write(Level l, const Where& w, std::string_view message) {
  if (!enabled(l)) return;
  const auto logger = current();
  const Where* outer = t_where;
  t_where = &w;
  logger->log(spd(l), message);
  t_where = outer;
}

}  // namespace dtref::logging
