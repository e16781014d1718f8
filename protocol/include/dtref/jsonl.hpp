// The JSON Lines codec of the stdio transport: one protocol message per line.
//
// Output: the protobuf JSON mapping with snake_case field names, every scalar
// field present (an option's "index": 0 is never left out) unless the style
// asks to leave defaults out, 64-bit integers as JSON numbers (not the strings
// protobuf's own printer emits) and a "type" field naming the message, first.
// Input: a bot's line is read with one JSON parse and mapped onto the message
// (unknown fields ignored, so bots may send extra fields and future fields
// break no one); a referee's line (for bots written in C++) with protobuf's
// JSON parser.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <google/protobuf/message.h>

#include "bot.pb.h"

namespace dtref {

struct JsonStyle {
  // Leave out fields at their default (0, false, "", [], absent message), as
  // protobuf's JSON mapping does by default. For bots that asked for "compact".
  bool omit_defaults = false;
};

// Appends one line, without the trailing newline, to `out` (a buffer the
// caller reuses, so a request costs no allocation once it has grown).
void append_json(std::string& out, const google::protobuf::Message& m, JsonStyle style = {});
void append_json_line(std::string& out, const protocol::RefereeMessage& m, JsonStyle style = {});
// The same through protobuf reflection only: the reference that the faster
// writer of requests is tested against.
void append_json_by_reflection(std::string& out, const protocol::RefereeMessage& m, JsonStyle style = {});

// One line, without the trailing newline.
std::string to_json(const google::protobuf::Message& m);
// The message set in the envelope, with its "type" filled in.
std::string to_json_line(const protocol::RefereeMessage& m, JsonStyle style = {});
std::string to_json_line(const protocol::BotMessage& m);

// A line from a bot: {"type":"ready",...} or an answer {"decision_id":..,"choice":..}.
// On failure returns false and says why in `error`; `out` is cleared first,
// so one message can be reused line after line.
bool parse_bot_line(std::string_view line, protocol::BotMessage* out, std::string* error);
std::optional<protocol::BotMessage> parse_bot_line(std::string_view line, std::string* error);
// A line from the referee (for bots written in C++).
bool parse_referee_line(std::string_view line, protocol::RefereeMessage* out, std::string* error);
std::optional<protocol::RefereeMessage> parse_referee_line(std::string_view line, std::string* error);

}  // namespace dtref
