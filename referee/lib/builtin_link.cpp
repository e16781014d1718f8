// BuiltinLink (see builtin_link.hpp).
#include "dtref/builtin_link.hpp"

#include "dt/game.hpp"
#include "dt/observation.hpp"

namespace dtref {

BuiltinLink::BuiltinLink(std::unique_ptr<dt::Bot> bot, int seat, const dt::State* const* state,
                         const std::vector<dt::Option>* const* options)
    : bot_(std::move(bot)), seat_(seat), state_(state), options_(options) {}

bool BuiltinLink::send(const protocol::RefereeMessage& m) {
  protocol::BotMessage reply;
  if (m.has_hello()) {
    reply.mutable_ready()->set_type("ready");
    reply.mutable_ready()->set_name(bot_->name());
    queue_.push_back(std::move(reply));
  } else if (m.has_request()) {
    const dt::State& s = **state_;
    const size_t idx = bot_->choose_in_game(s, seat_, **options_);
    reply.mutable_answer()->set_decision_id(m.request().decision_id());
    reply.mutable_answer()->mutable_choice()->set_number_value(double(idx));
    queue_.push_back(std::move(reply));
  }
  return true;
}

Received BuiltinLink::receive(Clock::time_point) {
  Received r;
  r.at = Clock::now();
  if (queue_.empty()) return r;  // Timeout: nothing was asked
  r.kind = Received::Kind::Message;
  r.msg = std::move(queue_.front());
  queue_.pop_front();
  return r;
}

}  // namespace dtref
