// StdioLink: a bot launched as a child process, JSON Lines over its
// stdin/stdout (docs/protocol.md).
//
// Why it is built this way:
//  - The bot runs in its own process group, so shutdown can kill everything
//    it started (killpg), and the referee is made a child subreaper so those
//    grandchildren are reaped here rather than left as zombies.
//  - All three pipes are non-blocking and served by one poll() loop inside
//    send()/receive(): no thread per pipe, and a bot that stops reading its
//    stdin or floods stderr can never block the referee. Outgoing bytes the
//    pipe cannot take yet wait in a buffer and are flushed while receiving.
//  - The bot's exit is watched through a pidfd, not through end-of-file on
//    stdout: a grandchild that inherited stdout keeps the pipe open forever.
//  - Lines are capped (max_line); a longer line is malformed. Only the last
//    stderr_cap bytes of stderr are kept.
#pragma once

#include <sys/types.h>

#include <string>

#include "dtref/bot_link.hpp"

namespace dtref {

struct StdioOptions {
  size_t max_line = 1 << 20;
  size_t stderr_cap = 8 << 10;
  std::string stderr_path;  // non-empty: also append everything the bot writes to stderr here
  std::vector<std::pair<std::string, std::string>> env;  // extra environment variables
};

class StdioLink final : public BotLink {
 public:
  // `command` is run by /bin/sh -c, so quoting works as in a shell.
  explicit StdioLink(std::string command, StdioOptions opt = {});
  ~StdioLink() override;

  std::optional<std::string> start(Clock::time_point deadline) override;
  bool send(const protocol::RefereeMessage& m) override;
  Received receive(Clock::time_point deadline) override;
  void shutdown(std::chrono::milliseconds grace) override;
  std::string stderr_tail() const override;

  // Raw line transport (used by the codec-level tests and the benchmark).
  bool send_line(const std::string& line);
  pid_t pid() const { return pid_; }

 private:
  enum class Io { Progress, Idle, Exited };
  // One poll() round until `deadline`: flushes pending output, drains stderr
  // and reads stdout into the buffer.
  Io pump(Clock::time_point deadline);
  bool take_line(std::string* line, bool* overlong);
  void drain_stderr();
  void note_exit(int status);
  bool child_exited(bool reap);
  void close_fd(int& fd);

  std::string command_;
  StdioOptions opt_;
  pid_t pid_ = -1;
  int pidfd_ = -1;
  int in_ = -1, out_ = -1, err_ = -1;  // our ends: bot's stdin, stdout, stderr
  int err_file_ = -1;
  std::string outbuf_;   // bytes waiting to be written to the bot's stdin
  std::string inbuf_;    // bytes read from the bot's stdout, not yet a full line
  bool discarding_ = false;  // inside an over-long line: drop until newline
  bool out_eof_ = false;
  std::string stderr_;   // the kept tail
  bool exited_ = false, reaped_ = false;
  std::string exit_detail_;
};

}  // namespace dtref
