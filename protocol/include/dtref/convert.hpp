// Engine <-> protocol conversions. Everything a seat is sent is built here from
// dt::observe() and dt::describe(state, event, viewer), so the question "may
// this seat see it?" is answered in one place: the engine's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bot.pb.h"
#include "dt/deck.hpp"
#include "dt/game.hpp"
#include "dt/observation.hpp"

namespace dtref {

constexpr int kProtocolVersion = 1;

// Which cards' facts one seat of one match has been sent, for a bot that asked
// for "compact": each card code's facts go once, in Request.cards.
struct FactsOnce {
  std::vector<bool> sent;  // by card definition index
  google::protobuf::RepeatedPtrField<protocol::CardFacts>* cards = nullptr;  // where new facts go
};

// The seat's view of the game. Hidden cards carry an id but empty code/name.
// The filling forms reuse `out`'s memory (clear it first); with `once`, a
// face-up card carries only its code and what is particular to it, and its
// facts go to once->cards the first time its code is shown.
void to_proto(const dt::State& s, const dt::Observation& o, protocol::Observation* out, FactsOnce* once = nullptr);
protocol::Observation to_proto(const dt::State& s, const dt::Observation& o);
void to_proto(const dt::Option& o, int index, protocol::OptionMsg* out);
protocol::OptionMsg to_proto(const dt::Option& o, int index);
// One event as `viewer` may see it (viewer < 0: omniscient, for transcripts).
void to_proto(const dt::State& s, const dt::Event& e, int viewer, protocol::EventMsg* out);
protocol::EventMsg to_proto(const dt::State& s, const dt::Event& e, int viewer);
// The deck list's entries: its main deck, or (side_board) its side board.
std::vector<protocol::DeckEntry> deck_entries(const dt::Deck& d, const dt::CardDb& db, bool side_board = false);
// The table in a hello: the style, play order, each seat's side, primary
// target and own numbers, the P a side needs (docs/protocol.md, "Several players").
void fill_table(const dt::Rules& rules, int seats, const dt::CardDb& db, protocol::Hello* out);

// Bot-side conversions (standalone bots rebuild the engine's view from a request).
dt::Observation from_proto(const protocol::Observation& o, const dt::CardDb& db);
// Reads a canonical option text ("attack c12 c31 fight") without a State.
std::optional<dt::Option> option_from_text(std::string_view text);

std::string phase_name(dt::Phase p);
std::string step_name(dt::Step s);

}  // namespace dtref
