// StdioLink: a bot launched as a child process, JSON Lines over its
// stdin/stdout (docs/protocol.md).
//
// Why it is built this way:
//  - The bot is launched, watched and killed with its whole process group by
//    a BotProcess (bot_process.hpp), as gRPC bots are.
//  - All three pipes are non-blocking and served by one poll() loop inside
//    send()/receive(): no thread per pipe, and a bot that stops reading its
//    stdin or floods stderr can never block the referee. Outgoing bytes the
//    pipe cannot take yet wait in a buffer and are flushed while receiving.
//  - The bot's exit is watched through its pidfd, not through end-of-file on
//    stdout: a grandchild that inherited stdout keeps the pipe open forever.
//  - Lines are capped (max_line); a longer line is malformed. Only the last
//    stderr_cap bytes of stderr are kept.
#pragma once

#include <sys/types.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "dtref/bot_link.hpp"
#include "dtref/bot_process.hpp"
#include "dtref/line_reader.hpp"
#include "dtref/jsonl.hpp"
#include "dtref/wire_log.hpp"

namespace dtref {

// Bytes waiting to be written to a bot that does not read its stdin.
inline constexpr size_t kMaxUnsentBytes = 16u << 20;

struct StdioOptions {
  size_t max_line = 1 << 20;
  size_t stderr_cap = 8 << 10;
  std::string stderr_path;  // non-empty: also append what the bot writes to stderr here (0600)
  size_t stderr_log_bytes = OutputTail::kDefaultLogBytes;  // the stderr_path file stops growing here
  SandboxSettings sandbox;  // isolation and limits of the bot's process (sandbox.hpp)
  std::vector<std::pair<std::string, std::string>> env;  // extra environment variables
  std::string dir;  // working directory; empty: the referee's
  std::shared_ptr<WireLog> wire;  // non-null: every line both ways is logged here
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
  std::string exit_detail() const override { return proc_.exit_detail(); }
  std::string resource_problem() override { return proc_.limit_hit(); }
  void set_compact(bool on) override { style_.omit_defaults = on; }

  // Keeping the bot between matches (the "several_matches" feature,
  // docs/protocol.md; kept_bots.hpp). Just before its match_end is sent:
  // whatever it wrote during the match and we have not read (without waiting)
  // is dropped, so only what it writes from match_end on counts against it.
  void settle_before_match_end();
  // Before the next match: what the bot did since settle_before_match_end that a
  // kept bot must not (it exited, or wrote a line before being sent hello);
  // nullopt when it waits as it should. Never blocks.
  std::optional<std::string> between_matches_problem();
  // Why the bot should not be kept for another match although it played
  // this one well: its busiest process has used half its CPU time limit (a
  // per-process limit that counts every match the process plays); nullopt
  // when it may be kept.
  std::optional<std::string> keep_problem() const;
  // The next match's logs: its stderr file and wire log (the options' other
  // fields are the process's and stay as they were); the stderr tail starts over.
  void next_match(const StdioOptions& per_match);

  // Raw line transport (used by the codec-level tests and the benchmark).
  bool send_line(const std::string& line);
  pid_t pid() const { return proc_.pid(); }

 private:
  enum class Io { Progress, Idle, Exited };
  // One poll() round until `deadline`: flushes pending output, drains stderr
  // and reads stdout into the buffer.
  Io pump(Clock::time_point deadline);
  bool flush_output();
  void drain_stderr();
  void close_fd(int& fd);

  std::string command_;
  StdioOptions opt_;
  BotProcess proc_;
  int in_ = -1, out_ = -1, err_ = -1;  // our ends: bot's stdin, stdout, stderr
  std::string outbuf_;   // bytes waiting to be written to the bot's stdin
  LineReader lines_{opt_.max_line};  // the bot's stdout, cut into lines
  bool out_eof_ = false;
  size_t read_since_send_ = 0;  // stdout bytes read since the last line was sent (Received::silent)
  OutputTail stderr_;
  JsonStyle style_;
};

}  // namespace dtref
