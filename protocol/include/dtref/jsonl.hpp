// The JSON Lines codec of the stdio transport: one protocol message per line.
//
// Output: the protobuf JSON mapping with snake_case field names, every scalar
// field present (an option's "index": 0 is never left out), 64-bit integers as
// JSON numbers (not the strings protobuf's own printer emits) and a "type"
// field naming the message. Input: protobuf's JsonUtil parser, unknown fields
// ignored, so bots may send extra fields and future fields break no one.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <google/protobuf/message.h>

#include "bot.pb.h"

namespace dtref {

// One line, without the trailing newline.
std::string to_json(const google::protobuf::Message& m);
// The message set in the envelope, with its "type" filled in.
std::string to_json_line(const protocol::RefereeMessage& m);
std::string to_json_line(const protocol::BotMessage& m);

// A line from a bot: {"type":"ready",...} or an answer {"decision_id":..,"choice":..}.
// On failure returns nullopt and says why in `error`.
std::optional<protocol::BotMessage> parse_bot_line(std::string_view line, std::string* error);
// A line from the referee (for bots written in C++).
std::optional<protocol::RefereeMessage> parse_referee_line(std::string_view line, std::string* error);

}  // namespace dtref
