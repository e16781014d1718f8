// A question about a hand answered to one player alone (DISCERN TRUTH). The
// answer is an Effect event whose x is kAnswerEvent plus the question asked
// (public: the question is asked aloud) and whose y is the answer; the
// answer goes to the asker (the event's seat) alone, a refusal to everyone.
#pragma once

#include "dt/game.hpp"

namespace dt {

inline constexpr int kAnswerEvent = 1000;  // x = kAnswerEvent + question (a named card's question: -1)
inline constexpr int kAnswerNo = 0, kAnswerYes = 1, kAnswerRefused = 2;
// y = the answer + 4 * the answering seat.
inline constexpr int answer_y(int answer, int seat) { return answer + 4 * seat; }

inline bool is_answer_event(const Event& e) { return e.kind == EventKind::Effect && e.x >= kAnswerEvent - 1; }
// May `viewer` (-1: everyone, omniscient) not read this event's answer?
inline bool answer_hidden_from(const Event& e, int viewer) {
  return is_answer_event(e) && e.y % 4 != kAnswerRefused && viewer >= 0 && viewer != e.seat;
}

}  // namespace dt
