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
  // `state` and `options` point at the runner's pointers to the live game
  // state and the legal options of the open decision.
  BuiltinLink(std::unique_ptr<dt::Bot> bot, int seat, const dt::State* const* state,
              const std::vector<dt::Option>* const* options);
  std::optional<std::string> start(Clock::time_point) override { return std::nullopt; }
  bool send(const protocol::RefereeMessage& m) override;
  Received receive(Clock::time_point deadline) override;
  void shutdown(std::chrono::milliseconds) override {}
  std::string stderr_tail() const override { return {}; }
  bool in_process() const override { return true; }
  void engine_events(const dt::State& after, const std::vector<dt::Event>& events) override {
    bot_->on_events(after, events);
  }

 private:
  std::unique_ptr<dt::Bot> bot_;
  int seat_;
  const dt::State* const* state_;
  const std::vector<dt::Option>* const* options_;
  std::deque<protocol::BotMessage> queue_;
};

}  // namespace dtref
