// A planned match together with its stored result: what the results store
// holds and what standings, SPRT and reports are computed from.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "dtref/tournament/plan.hpp"

namespace dtref::tour {

struct SeatRecord {
  std::string verdict = "ok";  // dtref::to_string(Verdict)
  int promotion = 0, destiny = 0;
  int timeouts = 0, illegal = 0, malformed = 0;
  int64_t time_used_ms = 0;
  std::string detail;
  std::string ready_name;  // the name the bot gave itself in ready (the operator's is the player's)
  std::string deck;        // the deck this seat played
  int place = 0;           // 1 best, ties share (0: not stored, a two-seat record from before places)
  int team = -1;           // its side when the style has teams; -1: plays for itself
};

struct MatchRecord {
  PlannedMatch plan;
  bool done = false;
  int winner_seat = -1;  // -1: draw
  std::string reason;
  std::vector<SeatRecord> seats;  // seat order, as played
  int turns = 0;
  int64_t decisions = 0;
  double wall_ms = 0;
  std::string transcript;  // path, when transcripts were kept
  std::string finished_at;  // UTC, ISO 8601, as stored

  // Score of the player in `seat` (1 win, 1/2 draw, 0 loss).
  double seat_score(int seat) const { return winner_seat < 0 ? 0.5 : winner_seat == seat ? 1.0 : 0.0; }
  // Score of `seat` against `other` as their places rank them (a table of
  // three or more: every pair of seats is a game); two seats: seat_score.
  double pair_score(int seat, int other) const {
    if (seats.size() <= 2) return seat_score(seat);
    const int a = seats[size_t(seat)].place, b = seats[size_t(other)].place;
    return a == b ? 0.5 : a < b ? 1.0 : 0.0;
  }
  bool teammates(int seat, int other) const {
    return seat != other && size_t(seat) < seats.size() && size_t(other) < seats.size() &&
           seats[size_t(seat)].team >= 0 && seats[size_t(seat)].team == seats[size_t(other)].team;
  }
};

// Seat records as stored: a JSON array, one object per seat.
std::string seat_records_to_json(const std::vector<SeatRecord>& seats);
std::vector<SeatRecord> seat_records_from_json(const std::string& text);

}  // namespace dtref::tour
