// What one seat may see, and nothing more.
#pragma once

#include <string>
#include <vector>

#include "dt/state.hpp"

namespace dt {

struct SeenCard {
  CardId id = kNoCard;
  int def = -1;  // -1: face down and unknown to the viewer
  int8_t owner = -1;
  Area area = Area::Squad;
  bool area_known = true;
  bool wounded = false;
  bool cover = false;
  CardId attached_to = kNoCard;
  bool inside = false;  // a VEHICLE: its warrior is inside (the card lies face up)
  int sergeant_group = -1;  // a SERGEANT: the card def of the warrior group assigned to it
  bool under = false;   // kept under the card attached_to names: in play, but inert (card storage)
  int markers = 0;      // markers on the card (effects/lasting/card_markers.hpp)
  CardId aboard = kNoCard;  // a warrior aboard a carrier: that card (effects/lasting/carriers.hpp)
  CardId twin = kNoCard;    // a warrior doing double duty: the other card that is the same warrior (effects/lasting/twins.hpp)
  bool operator==(const SeenCard&) const = default;
};

struct SeenSeat {
  int seat = 0;
  int destiny = 0, promotion = 0;
  int hand_size = 0, draw_size = 0, discard_size = 0, annihilated_size = 0, side_board_size = 0;
  bool eliminated = false;
  bool left = false;        // left the game (a forfeit)
  int team = 0;             // its side (its own seat number unless the style has teams)
  int primary_target = -1;  // the seat it attacks without a toll (primary targets), else -1
  std::vector<SeenCard> hand;     // only for the viewer's own seat
  std::vector<SeenCard> in_play;  // warriors, fortifications and their attachments, at every depth
  // The viewer's own Side Board, face up: the player built it and may search
  // it whenever a card lets it (gEngine "Side Board Pile"); others see its size.
  std::vector<SeenCard> side_board;
  // The top card of its draw pile, when a card in play shows it to the viewer (HIGH SEER CASTOR); else empty.
  std::vector<SeenCard> draw_top;
  bool operator==(const SeenSeat&) const = default;
};

// The card a question is about when the deciding seat is asked to answer a card just played, an ability used or a
// trigger fired (effects/triggers/cancel.hpp: negate it, reflect or redirect it, play it again), or where such an
// answer sends it. Played face up, so every seat may see it; `step` None: no such question.
struct SeenAnswered {
  enum class Step : uint8_t { None, Answer, Retarget, Replay };
  Step step = Step::None;  // Answer: whether to answer it (`choose c12` answers with c12); Retarget: where its
                           // effects go instead; Replay: where the answerer plays it itself
  CardId card = kNoCard;   // the card answered
  int def = -1;            // its definition
  int by = -1;             // the seat that played or used it
  CardId target = kNoCard; // what it was played on: a card, or
  int target_seat = -1;    // a player
  CardId user = kNoCard;   // the warrior that cast or used it, when known
  int times = 0;           // its purchases ("xN")
  int ability = -1;        // an ability of the card used: its index, else -1
  int trigger = -1;        // a trigger of the card fired: its index, else -1
  bool operator==(const SeenAnswered&) const = default;
};

struct Observation {
  int viewer = 0;
  int turn_number = 0;
  int current = 0;
  int deciding = -1;
  Phase phase = Phase::Actions;
  Step step = Step::Draw;
  int actions_left = 0;
  bool in_combat = false;
  CardId attacker = kNoCard, defender = kNoCard;
  Tactic tactic = Tactic::Fight;
  CardId warzone = kNoCard;  // the Warzone the defender defends from
  int winner = -1;
  int winning_team = -1;
  std::vector<int> turn_order;  // seats still in, clockwise from `current`
  std::vector<SeenSeat> seats;
  SeenAnswered answering;  // a question answering a card just played (step None: none)
  bool operator==(const Observation&) const = default;
};

Observation observe(const State& s, int viewer);

}  // namespace dt
