// A seat's connection to its bot, whatever carries it (stdio pipes, gRPC).
// The match runner (match.cpp) owns the rules of engagement: clocks, legality,
// verdicts and policies. A link only moves messages and reports what happened
// to the process or stream, so every transport is judged the same way.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "bot.pb.h"
#include "dt/game.hpp"

namespace dtref {

using Clock = std::chrono::steady_clock;

struct Received {
  enum class Kind {
    Message,    // `msg` holds a well-formed message
    Timeout,    // nothing complete arrived before the deadline
    Malformed,  // a line/frame that is not a valid message; `raw` holds (a prefix of) it
    Closed,     // the bot's output ended or the bot exited; `exit_detail` says how
  };
  Kind kind = Kind::Timeout;
  protocol::BotMessage msg;
  std::string raw;
  std::string exit_detail;  // "exit code 3", "signal 9 (Killed)", "stream closed"
  Clock::time_point at{};   // when the message was complete (for timing)
  size_t bytes = 0;         // its size as received (for transports that cap what is unread)
  // Timeout, for transports with bytes (stdio): nothing at all arrived since
  // the last message sent, while the bot runs (the unflushed-stdout bug), or
  // the start of a line that never got its newline.
  bool silent = false;
  std::string partial;
};

// What a timeout suggests to the bot's author ("" when nothing does): the
// most common stdio bug is an answer left in the bot's output buffer.
std::string timeout_hint(const Received& r);

class BotLink {
 public:
  virtual ~BotLink() = default;
  // Launches or awaits the bot. Returns an error text if it could not even start.
  virtual std::optional<std::string> start(Clock::time_point deadline) = 0;
  // Sends one message; false when the bot can no longer be written to.
  virtual bool send(const protocol::RefereeMessage& m) = 0;
  // Waits for the next message from the bot until `deadline`.
  virtual Received receive(Clock::time_point deadline) = 0;
  // Ends the conversation: closes the bot's input, waits up to `grace` for it
  // to exit, then kills its whole process group and reaps every process.
  virtual void shutdown(std::chrono::milliseconds grace) = 0;
  // The last bytes the bot wrote to stderr (capped), for transcripts.
  virtual std::string stderr_tail() const = 0;
  // The resource limit the bot's process ran into ("" if none, or not a
  // launched process): a fault it explains becomes a `resource` verdict.
  virtual std::string resource_problem() { return {}; }
  // The bot asked for the "compact" feature (docs/protocol.md): a transport
  // with a text form may leave fields at their default out.
  virtual void set_compact(bool) {}
  // True for a bot that runs inside the referee and reads the engine's own
  // observation and options: its requests carry only the decision id.
  virtual bool in_process() const { return false; }
  // In-process bots only: what every apply logged, with the state after it
  // (a searching bot keeps its seat's knowledge from it; see bots/bot.hpp).
  virtual void engine_events(const dt::State& after, const std::vector<dt::Event>& events) {}
  // After shutdown: how the bot's process ended ("exit code 0", "signal 9
  // (Killed)"); empty for a bot without a process of ours.
  virtual std::string exit_detail() const { return {}; }
};

}  // namespace dtref
