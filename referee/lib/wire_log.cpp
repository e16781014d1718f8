// WireLog (see wire_log.hpp).
#include "dtref/wire_log.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/chrono.h>
#include <fmt/core.h>

#include <cstdio>

namespace dtref {

std::string wire_log_path(const std::string& dir, const std::string& match_id, int seat) {
  return fmt::format("{}/{}-s{}.wire", dir, match_id.empty() ? "match" : match_id, seat);
}

WireLog::WireLog(std::string path, WireLogOptions opt)
    : path_(std::move(path)), opt_(opt), t0_(std::chrono::steady_clock::now()) {}

WireLog::~WireLog() {
  if (f_) std::fclose(f_);
}

namespace {

// Owner-only, like transcripts: a wire log holds one seat's private view.
std::FILE* open_private(const std::string& path) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return nullptr;
  ::fchmod(fd, 0600);  // an older file of that name may have had other modes
  std::FILE* f = ::fdopen(fd, "w");
  if (!f) ::close(fd);
  return f;
}

}  // namespace

std::unique_ptr<WireLog> WireLog::open(const std::string& path, const std::string& title, WireLogOptions opt) {
  std::unique_ptr<WireLog> log(new WireLog(path, opt));
  log->f_ = open_private(path);
  if (!log->f_) return nullptr;
  log->write(Dir::Note, title);
  log->write(Dir::Note, "columns: UTC time, ms since the log was opened, > referee to bot, < bot to referee, # note");
  return log;
}

void WireLog::rotate() {
  std::fclose(f_);
  f_ = nullptr;
  if (opt_.keep <= 0) {
    std::remove(path_.c_str());
  } else {
    for (int i = opt_.keep - 1; i >= 1; --i)
      std::rename(fmt::format("{}.{}", path_, i).c_str(), fmt::format("{}.{}", path_, i + 1).c_str());
    std::rename(path_.c_str(), (path_ + ".1").c_str());
  }
  f_ = open_private(path_);
  size_ = 0;
}

void WireLog::write(Dir dir, std::string_view text) {
  if (!f_) return;
  const auto now = std::chrono::system_clock::now();
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0_).count();
  const auto us = std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch()).count() % 1000000;
  std::string line = fmt::format("{:%Y-%m-%dT%H:%M:%S}.{:06d}Z {:.3f} {} ", fmt::gmtime(std::chrono::system_clock::to_time_t(now)),
                                 us, ms, char(dir));
  const size_t cut = std::min(text.size(), opt_.max_line);
  line.reserve(line.size() + cut + 2);
  for (size_t i = 0; i < cut; ++i) {
    if (text[i] == '\n') line += "\\n";
    else line += text[i];
  }
  if (cut < text.size()) line += fmt::format(" ...[{} more bytes not logged]", text.size() - cut);
  line += '\n';
  if (size_ > 0 && size_ + line.size() > opt_.max_bytes) {
    rotate();
    if (!f_) return;
  }
  if (std::fwrite(line.data(), 1, line.size(), f_) != line.size() || std::fflush(f_) != 0) {
    std::fclose(f_);  // a full disk: stop logging, keep playing
    f_ = nullptr;
    return;
  }
  size_ += line.size();
}

}  // namespace dtref
