// A built-in bot as a standalone stdio program: the C++ example of a bot.
// Built twice, as dtbot-random and dtbot-greedy (DTBOT_NAME). Run it under the
// referee with  dtref match --bot stdio:./build/bots/dtbot-greedy
//
// The whole protocol from the bot's side (docs/protocol.md): read one JSON
// object per line from stdin; answer "hello" with {"type":"ready"}, each
// "request" with {"decision_id": <same>, "choice": <option index>}; ignore
// anything else; stop at "match_end" or end of input. stdout carries only
// protocol lines (flushed at once); say anything else on stderr.
#include <cstdio>
#include <iostream>
#include <string>

#include "bot.hpp"
#include "dt/card_loader.hpp"
#include "dtref/convert.hpp"
#include "dtref/jsonl.hpp"

#ifndef DTBOT_NAME
#define DTBOT_NAME "random"
#endif

namespace {

// One reused buffer per line written, flushed at once (the referee waits for it).
void say(const dtref::protocol::BotMessage& m, std::string& buf) {
  buf = dtref::to_json_line(m);
  buf += '\n';
  std::fwrite(buf.data(), 1, buf.size(), stdout);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  uint64_t seed = argc > 1 ? std::stoull(argv[1]) : 1;
  const dt::CardDb& db = dt::builtin_cards();
  std::unique_ptr<dt::Bot> bot;
  std::string line, error, out_buf;
  // Reused line after line, so a request costs no allocation once they have grown.
  dtref::protocol::RefereeMessage msg;
  dtref::protocol::BotMessage out;
  std::vector<dt::Option> options;
  while (std::getline(std::cin, line)) {
    if (!dtref::parse_referee_line(line, &msg, &error)) {
      std::fprintf(stderr, "dtbot: cannot read a referee line (%s)\n", error.c_str());
      continue;
    }
    out.Clear();
    if (msg.has_hello()) {
      // Different seats of one match get different random streams.
      bot = dt::make_builtin_bot(DTBOT_NAME, seed * 1000003 + uint64_t(msg.hello().seat()));
      out.mutable_ready()->set_name(DTBOT_NAME);
      out.mutable_ready()->set_version("1");
      // Card facts once per match, defaults left out: this bot knows every
      // card from its own database, so it reads only codes.
      out.mutable_ready()->add_features("compact");
      say(out, out_buf);
    } else if (msg.has_request() && bot) {
      const auto& req = msg.request();
      options.clear();
      for (const auto& o : req.options()) {
        auto opt = dtref::option_from_text(o.text());
        options.push_back(opt ? *opt : dt::Option{});
      }
      const size_t pick = options.empty() ? 0 : bot->choose(dtref::from_proto(req.observation(), db), options);
      out.mutable_answer()->set_decision_id(req.decision_id());
      out.mutable_answer()->mutable_choice()->set_number_value(double(pick));
      say(out, out_buf);
    } else if (msg.has_match_end()) {
      break;
    }
  }
  return 0;
}
