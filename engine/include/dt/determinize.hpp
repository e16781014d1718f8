// Determinization, for search under hidden information (information-set
// MCTS, PIMC): a complete game state drawn for one seat that agrees with
// everything that seat has seen, with what it cannot know drawn at random.
//
// What a seat knows is kept in a Knowledge, fed with exactly what the seat is
// shown: its observations and the event texts it is told (dt::describe with
// the seat as viewer, the same text a bot reads in a request). So a bot that
// only has the protocol messages can keep one as well as code holding the
// State can.
//
// What a sample keeps and what it draws (for seat v):
//  - kept: every card in play as v sees it, v's own hand, every pile's size,
//    both players' P and D, the phase, the combat, every card v has seen face
//    up (by its id: ids never change within a match), and where it is;
//  - drawn: which card each of the other players' unseen cards is (in hand,
//    in a pile, face down in cover), a uniform draw among the assignments that
//    fit what v knows (a face-down card in play is a warrior; a discard pile
//    that the Cardinal's Gift filled with a hand holding a warrior still holds
//    one); the order of every draw pile, v's own included; the random stream
//    the rest of the game will use.
// The sample takes the other players' deck lists as known (the engine holds
// them; the protocol's hello gives a bot only its own): the cards v has not
// seen are the rest of each deck. One thing is kept as it truly is: where a
// card v has seen but lost track of lies (a known card shuffled back into a
// draw pile and perhaps drawn since is left in its true place).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "dt/game.hpp"
#include "dt/observation.hpp"

namespace dt {

class Knowledge {
 public:
  Knowledge() = default;
  explicit Knowledge(int seat) : seat_(seat) {}
  int seat() const { return seat_; }

  // What the seat sees now: its own hand, every card in play it may see.
  void see(const Observation& o);
  // One event as the seat was told it: its kind, who acted, its x, and the
  // text the seat read (a card is named there, "NAME (c12)", exactly when the
  // seat may know it).
  void see_event(EventKind kind, int event_seat, int x, std::string_view text);
  // Everything that happened in one apply(), as this seat is shown it, then
  // the position after it. Call it after every apply (every seat's), or the
  // seat misses what was shown only in passing.
  void see(const State& after, const std::vector<Event>& events);

  // For a Knowledge read back from text (dt/state_text.hpp).
  void mark_known(CardId c) { learn(c); }
  void add_gift_discard(int seat) { gift_discards_.push_back(seat); }

  bool knows(CardId c) const { return c >= 0 && size_t(c) < known_.size() && known_[size_t(c)]; }
  // How many card ids the seat knows.
  int known_count() const;

  // Seats whose Cardinal's Gift put a hand holding a warrior into their
  // discard pile (its first cards), as the seat was told.
  const std::vector<int>& gift_discards() const { return gift_discards_; }

 private:
  void learn(CardId c);
  int seat_ = 0;
  std::vector<uint8_t> known_;
  std::vector<int> gift_discards_;
};

// A state drawn for `k.seat()` from `truth` (see the top of this file). The
// draw uses `rng`; the returned state has a fresh random stream from it too.
// Positions the seat cannot tell apart give the same sample for the same rng
// state, so a search over samples cannot learn what the seat may not know.
State determinize(const State& truth, const Knowledge& k, Rng& rng);

// The event kind named `name` (dt::to_string(EventKind) backwards), for bots
// that read events from the protocol.
std::optional<EventKind> event_kind_by_name(std::string_view name);

}  // namespace dt
