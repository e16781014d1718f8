// The fuzz entries (see entries.hpp). Each reads its input the way the
// referee or a dtref command does, and swallows only the errors those readers
// are meant to throw: anything else escaping is a finding.
#include "entries.hpp"

#include <google/protobuf/struct.pb.h>

#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "bot.pb.h"
#include "bot_config.hpp"
#include "dt/card_loader.hpp"
#include "dt/deck.hpp"
#include "dt/game.hpp"
#include "dt/scenario.hpp"
#include "dtref/jsonl.hpp"
#include "dtref/line_reader.hpp"
#include "dtref/transcript.hpp"
#include "tournament_config.hpp"

namespace dtref::fuzz {

namespace {

std::string_view text_of(const uint8_t* data, size_t size) { return {reinterpret_cast<const char*>(data), size}; }

// A position some way into a game, where option texts name real cards.
const dt::State& mid_game() {
  static const dt::State s = [] {
    dt::GameConfig cfg;
    cfg.rules = dt::preset_gengine();
    cfg.seed = 7;
    cfg.decks = {dt::builtin_deck("corporate").cards, dt::builtin_deck("legion").cards};
    dt::State st = dt::new_game(dt::builtin_cards(), cfg);
    for (int i = 0; i < 40 && !dt::game_over(st); ++i) {
      const auto opts = dt::legal_options(st);
      dt::apply(st, opts[size_t(i) % opts.size()]);
    }
    return st;
  }();
  return s;
}

// What the referee does with a bot's message (match.cpp): an answer's
// choice is an index or the text of a legal option.
void judge(const protocol::BotMessage& m) {
  if (!m.has_answer()) return;
  const auto& c = m.answer().choice();
  if (c.kind_case() == google::protobuf::Value::kStringValue) (void)dt::parse_option(mid_game(), c.string_value());
  (void)to_json_line(m);
}

}  // namespace

int stdio_lines(const uint8_t* data, size_t size) {
  // The first byte picks the cap (small ones reach the over-long paths), the
  // second the size of the pieces the pipe delivers.
  if (size < 2) return 0;
  LineReader lines(size_t(data[0]) * 16 + 1);
  const size_t piece = size_t(data[1]) + 1;
  std::string line, error;
  bool overlong = false;
  for (size_t at = 2; at < size; at += piece) {
    lines.append(reinterpret_cast<const char*>(data + at), std::min(piece, size - at));
    while (lines.next(&line, &overlong)) {
      if (overlong) continue;
      if (auto m = parse_bot_line(line, &error)) judge(*m);
    }
  }
  return 0;
}

int grpc_message(const uint8_t* data, size_t size) {
  protocol::BotMessage m;
  if (!m.ParseFromArray(data, int(size))) return 0;
  judge(m);
  std::string error;
  if (auto again = parse_bot_line(to_json_line(m), &error)) judge(*again);
  return 0;
}

int deck_list(const uint8_t* data, size_t size) {
  try {
    const dt::Deck d = dt::parse_deck(text_of(data, size), dt::builtin_cards(), "fuzz");
    (void)dt::validate_deck(d, dt::builtin_cards(), dt::preset_gengine(), false);
  } catch (const std::runtime_error&) {
  } catch (const std::invalid_argument&) {
  }
  return 0;
}

int card_file(const uint8_t* data, size_t size) {
  try {
    (void)dt::load_card_text({{"fuzz.txtpb", std::string(text_of(data, size))}});
  } catch (const std::runtime_error&) {
  }
  return 0;
}

int scenario_file(const uint8_t* data, size_t size) {
  try {
    const auto sc = dt::scenario::parse(text_of(data, size), dt::builtin_cards(), "fuzz.scn");
    (void)dt::scenario::run(sc, dt::builtin_cards());
  } catch (const dt::scenario::ParseError&) {
  }
  return 0;
}

int transcript(const uint8_t* data, size_t size) {
  std::istringstream in{std::string(text_of(data, size))};
  (void)replay_transcript(in, true);
  return 0;
}

int tournament_config(const uint8_t* data, size_t size) {
  TournamentOptions o;
  o.config = "fuzz.toml";
  try {
    apply_config_text(o, text_of(data, size), [](const char*) { return false; });
    (void)make_setup(o);
  } catch (const UsageError&) {
  }
  return 0;
}

const std::vector<Target>& targets() {
  static const std::vector<Target> t{{"stdio_lines", stdio_lines},     {"grpc_message", grpc_message},
                                     {"deck_list", deck_list},         {"card_file", card_file},
                                     {"scenario_file", scenario_file}, {"transcript", transcript},
                                     {"tournament_config", tournament_config}};
  return t;
}

}  // namespace dtref::fuzz
