// WireLog: every line a seat's link sends to its bot and reads from it, with
// timestamps, for a bot author debugging the conversation (`--wire-log DIR`).
//
// Why it is built this way:
//  - Links call it at their read and write points (StdioLink: the exact bytes
//    of each line; GrpcLink: each message in its JSON form, since gRPC carries
//    no lines), so what is logged is what crossed the wire, malformed lines
//    included, whatever the process sandbox around the bot looks like.
//  - It is bounded: a file that would grow past `max_bytes` is rotated
//    (path -> path.1 -> path.2 ...; `keep` old files), and a single logged line
//    is cut at `max_line` bytes, so a chatty or hostile bot cannot fill a disk.
//  - Each line is flushed when written: a referee killed mid-match leaves
//    everything up to that point. A file that cannot be written is given up
//    quietly: logging must never stop a match.
// One WireLog belongs to one seat's link and is used from one thread.
#pragma once

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

namespace dtref {

struct WireLogOptions {
  size_t max_bytes = 16u << 20;  // per file before it is rotated
  int keep = 2;                  // rotated files kept: path.1 .. path.<keep>
  size_t max_line = 1u << 20;    // longer lines are cut, with a note
};

class WireLog {
 public:
  enum class Dir : char { ToBot = '>', FromBot = '<', Note = '#' };

  // Opens (truncates) `path`. Returns nullptr when the file cannot be created.
  static std::unique_ptr<WireLog> open(const std::string& path, const std::string& title,
                                       WireLogOptions opt = {});
  ~WireLog();
  WireLog(const WireLog&) = delete;
  WireLog& operator=(const WireLog&) = delete;

  // One line: "<UTC time> <ms since open> <dir> <text>". `text` holds no newline
  // (a newline inside it is written as \n).
  void write(Dir dir, std::string_view text);
  const std::string& path() const { return path_; }

 private:
  WireLog(std::string path, WireLogOptions opt);
  void rotate();

  std::string path_;
  WireLogOptions opt_;
  std::FILE* f_ = nullptr;
  size_t size_ = 0;
  std::chrono::steady_clock::time_point t0_;
};

// The conventional file name of a seat's wire log in `dir`.
std::string wire_log_path(const std::string& dir, const std::string& match_id, int seat);

}  // namespace dtref
