// A built-in bot as a standalone stdio program: the C++ example of a bot.
// Built as dtbot-random, dtbot-greedy and dtbot-ismcts (DTBOT_NAME). Run it
// under the referee with  dtref match --bot stdio:./build/bots/dtbot-greedy
// Arguments: [SEED] and, for dtbot-ismcts, [SETTINGS] ("ms=100", as
// builtin:ismcts:SETTINGS) and [DECK] (the deck it assumes the other seats
// play, a built-in deck name; by default its own, since the protocol tells a
// bot only its own deck list).
//
// dtbot-ismcts asks for the "state" feature: every request then carries the
// engine's position as this seat knows it (dt/state_text.hpp), which the bot
// reads back into a State, fills in the cards it cannot know from the deck
// lists, and searches exactly as builtin:ismcts does in the referee's process.
//
// The whole protocol from the bot's side (docs/protocol.md): read one JSON
// object per line from stdin; answer "hello" with {"type":"ready"}, each
// "request" with {"decision_id": <same>, "choice": <option index>}; ignore
// anything else; stop at the end of input. It says "several_matches" in ready:
// after "match_end" the next "hello" may come, and starts a new match in the
// same process (everything a match set up is set up again from its hello).
// stdout carries only protocol lines (flushed at once); say anything else on stderr.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "bot.hpp"
#include "dt/card_loader.hpp"
#include "dt/deck.hpp"
#include "dt/state_text.hpp"
#include "dtref/convert.hpp"
#include "dtref/jsonl.hpp"

#ifndef DTBOT_NAME
#define DTBOT_NAME "random"
#endif

namespace {

// What a bot that never looks at the observation needs of a request (the
// random bot): the type, the decision id and the option texts. Read with
// nlohmann's SAX interface, no tree built, and the parse stops as soon as all
// three are in: the referee writes them before the observation, which is most
// of the line. In any other order it reads on until it has them.
struct RequestHead : nlohmann::json_sax<nlohmann::json> {
  std::string type;
  int64_t decision_id = -1;
  std::vector<std::string> options;

  // Returns false if the line is no JSON object with those fields.
  bool read(std::string_view line) {
    type.clear(), options.clear();
    decision_id = -1, depth_ = 0, key_ = Key::Other, in_options_ = done_options_ = false;
    nlohmann::json::sax_parse(line, this);  // false when it stops early: judged by what it read
    return !type.empty() && (type != "request" || (decision_id >= 0 && done_options_));
  }

  bool key(string_t& k) override {
    if (depth_ == 1) key_ = k == "type" ? Key::Type : k == "decision_id" ? Key::Id : k == "options" ? Key::Options : Key::Other;
    else if (depth_ == 3 && in_options_) key_ = k == "text" ? Key::Text : Key::Other;
    return true;
  }
  bool string(string_t& v) override {
    if (depth_ == 1 && key_ == Key::Type) type = v;
    else if (depth_ == 3 && in_options_ && key_ == Key::Text) options.back() = v;
    return more();
  }
  bool number_integer(number_integer_t v) override { return id(v); }
  bool number_unsigned(number_unsigned_t v) override { return id(int64_t(v)); }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool boolean(bool) override { return true; }
  bool null() override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override {
    if (++depth_ > kMaxDepth) return false;
    if (depth_ == 3 && in_options_) options.emplace_back();
    return true;
  }
  bool end_object() override {
    --depth_;
    return true;
  }
  bool start_array(std::size_t) override {
    if (++depth_ > kMaxDepth) return false;
    if (depth_ == 2 && key_ == Key::Options) in_options_ = true;
    return true;
  }
  bool end_array() override {
    if (depth_-- == 2 && in_options_) in_options_ = false, done_options_ = true;
    return more();
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

 private:
  enum class Key { Type, Id, Options, Text, Other };
  static constexpr int kMaxDepth = 64;  // the referee's lines are shallow; a deep one is not ours
  bool id(int64_t v) {
    if (depth_ == 1 && key_ == Key::Id) decision_id = v;
    return more();
  }
  // Go on reading until a request's three fields are in.
  bool more() { return !(type == "request" && decision_id >= 0 && done_options_); }
  int depth_ = 0;
  Key key_ = Key::Other;
  bool in_options_ = false, done_options_ = false;
};

// One reused buffer per line written, flushed at once (the referee waits for it).
void say(const dtref::protocol::BotMessage& m, std::string& buf) {
  buf = dtref::to_json_line(m);
  buf += '\n';
  std::fwrite(buf.data(), 1, buf.size(), stdout);
  std::fflush(stdout);
}

// An answer line written directly (the same fields as the protocol's writer).
std::string fmt_answer(int64_t decision_id, size_t choice) {
  char buf[96];
  const int n = std::snprintf(buf, sizeof buf, "{\"type\":\"answer\",\"decision_id\":%lld,\"choice\":%zu}\n",
                              static_cast<long long>(decision_id), choice);
  return std::string(buf, size_t(n));
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  uint64_t seed = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1;
  const std::string settings = argc > 2 ? argv[2] : "";
  const dt::CardDb& db = dt::builtin_cards();
  const std::string bot_name = std::string(DTBOT_NAME) + (settings.empty() ? "" : ":" + settings);
  if (!dt::make_builtin_bot(bot_name, 1)) {
    std::fprintf(stderr, "dtbot: unknown bot or malformed settings '%s'\n", bot_name.c_str());
    return 2;
  }
  const bool wants_state = std::string(DTBOT_NAME) == "ismcts";
  // The deck every other seat is assumed to play, as card defs (empty: our own).
  std::vector<uint16_t> assumed;
  if (argc > 3) {
    try {
      const dt::Deck d = dt::builtin_deck(argv[3]);
      assumed = d.cards;
      assumed.insert(assumed.end(), d.side_board.begin(), d.side_board.end());
    } catch (const std::exception& e) {
      std::fprintf(stderr, "dtbot: no built-in deck '%s' (%s)\n", argv[3], e.what());
      return 2;
    }
  }
  std::vector<std::vector<uint16_t>> decks;  // per seat, for dt::fill_unknown_cards
  dt::Rng fill_rng(seed ^ 0x5EEDF111ull);
  std::unique_ptr<dt::Bot> bot;
  std::string line, error, out_buf;
  // Reused line after line, so a request costs no allocation once they have grown.
  dtref::protocol::RefereeMessage msg;
  dtref::protocol::BotMessage out;
  std::vector<dt::Option> options;
  // The random bot never looks at the observation, so it reads only a
  // request's head (RequestHead); any other bot, and every other message,
  // reads the whole line.
  const bool reads_observation = std::string_view(DTBOT_NAME) != "random";
  RequestHead head;
  while (std::getline(std::cin, line)) {
    if (!reads_observation && bot && head.read(line) && head.type == "request") {
      options.clear();
      for (const std::string& text : head.options) {
        auto opt = dtref::option_from_text(text);
        options.push_back(opt ? *opt : dt::Option{});
      }
      const size_t pick = options.empty() ? 0 : bot->choose(dt::Observation{}, options);
      out_buf = fmt_answer(head.decision_id, pick);
      std::fwrite(out_buf.data(), 1, out_buf.size(), stdout);
      std::fflush(stdout);
      continue;
    }
    if (!dtref::parse_referee_line(line, &msg, &error)) {
      std::fprintf(stderr, "dtbot: cannot read a referee line (%s)\n", error.c_str());
      continue;
    }
    out.Clear();
    if (msg.has_hello()) {
      // Different seats of one match get different random streams.
      const auto& hello = msg.hello();
      bot = dt::make_builtin_bot(bot_name, seed * 1000003 + uint64_t(hello.seat()));
      fill_rng = dt::Rng(seed ^ 0x5EEDF111ull);  // each match plays as in a fresh process
      if (const auto rules = dt::preset_by_name(hello.rules()); bot && rules) bot->set_rules(*rules);
      std::vector<uint16_t> own;
      for (const auto* list : {&hello.deck(), &hello.side_board()})
        for (const auto& e : *list)
          if (auto def = db.by_code(e.code()))
            for (int k = 0; k < e.count() && k < 1000; ++k) own.push_back(*def);
      decks.assign(size_t(std::clamp(hello.seats(), 2, dt::kMaxSeats)), assumed.empty() ? own : assumed);
      if (hello.seat() >= 0 && size_t(hello.seat()) < decks.size()) decks[size_t(hello.seat())] = own;
      out.mutable_ready()->set_name(DTBOT_NAME);
      out.mutable_ready()->set_version("1");
      // Card facts once per match, defaults left out: this bot knows every
      // card from its own database, so it reads only codes.
      out.mutable_ready()->add_features("compact");
      out.mutable_ready()->add_features("several_matches");  // a new hello may follow match_end
      if (wants_state) out.mutable_ready()->add_features("state");
      say(out, out_buf);
    } else if (msg.has_request() && bot) {
      const auto& req = msg.request();
      options.clear();
      for (const auto& o : req.options()) {
        auto opt = dtref::option_from_text(o.text());
        options.push_back(opt ? *opt : dt::Option{});
      }
      size_t pick = 0;
      std::optional<dt::SeatPosition> pos;
      if (!options.empty() && wants_state && !req.state().empty()) {
        pos = dt::state_from_text(req.state(), db, &error);
        if (!pos) std::fprintf(stderr, "dtbot: cannot read the request's state (%s)\n", error.c_str());
      }
      // The answer's comment says which way the bot decided (a test reads it).
      std::string comment;
      if (pos) {
        dt::fill_unknown_cards(pos->state, decks, fill_rng);
        // The search plays the engine's own moves; the rebuilt position must
        // offer exactly the referee's (it always should: see tests/test_state_text.cpp).
        if (dt::legal_options(pos->state) != options) {
          comment = "observation: the rebuilt position offers other moves";
          pos.reset();
        }
      } else if (wants_state) {
        comment = req.state().empty() ? "observation: no state in the request" : "observation: unreadable state";
      }
      if (options.empty()) {
        pick = 0;
      } else if (pos) {
        pick = bot->choose_in_position(pos->state, pos->knowledge, options);
        comment = "search";
      } else {
        pick = bot->choose(dtref::from_proto(req.observation(), db), options);
      }
      out.mutable_answer()->set_decision_id(req.decision_id());
      out.mutable_answer()->mutable_choice()->set_number_value(double(pick));
      if (!comment.empty()) out.mutable_answer()->set_comment(comment);
      say(out, out_buf);
    } else if (msg.has_match_end()) {
      bot.reset();  // nothing of this match is kept: the next hello starts afresh
    }
  }
  return 0;
}
