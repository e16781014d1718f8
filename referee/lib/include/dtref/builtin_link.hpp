// A built-in bot (bots/) behind the BotLink interface, so the match runner
// treats it like any other transport: same messages, same clocks, same
// verdicts. It answers from the engine's own observation of the live State,
// which the runner shares through `state`.
#pragma once

#include <deque>
#include <memory>

#include "bot.hpp"
#include "dtref/bot_link.hpp"

namespace dtref {

class BuiltinLink final : public BotLink {
 public:
  // `state` points at the runner's pointer to the live game state.
  BuiltinLink(std::unique_ptr<dt::Bot> bot, int seat, const dt::State* const* state);
  std::optional<std::string> start(Clock::time_point) override { return std::nullopt; }
  bool send(const protocol::RefereeMessage& m) override;
  Received receive(Clock::time_point deadline) override;
  void shutdown(std::chrono::milliseconds) override {}
  std::string stderr_tail() const override { return {}; }

 private:
  std::unique_ptr<dt::Bot> bot_;
  int seat_;
  const dt::State* const* state_;
  std::deque<protocol::BotMessage> queue_;
};

}  // namespace dtref
