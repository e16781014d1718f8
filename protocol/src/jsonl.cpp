// JSON Lines codec (see jsonl.hpp).
#include "dtref/jsonl.hpp"

#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>

#include <nlohmann/json.hpp>

#include <cstdio>

#include "dtref/json_limits.hpp"

namespace dtref {

namespace pb = google::protobuf;
using json = nlohmann::ordered_json;

// A direct reflection writer: building an intermediate JSON tree cost ~10x
// more than the whole rest of a decision (build/bench/dt_referee_bench).
static void write_message(std::string& out, const pb::Message& m, const char* type);

static void write_string(std::string& out, const std::string& v) {
  out += '"';
  for (const unsigned char c : v) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += char(c);  // UTF-8 passes through unchanged
        }
    }
  }
  out += '"';
}

static void write_double(std::string& out, double d) {
  if (d == double(int64_t(d))) {
    out += std::to_string(int64_t(d));
  } else {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", d);
    out += buf;
  }
}

static void write_value(std::string& out, const pb::Value& v) {
  switch (v.kind_case()) {
    case pb::Value::kNumberValue: write_double(out, v.number_value()); break;
    case pb::Value::kStringValue: write_string(out, v.string_value()); break;
    case pb::Value::kBoolValue: out += v.bool_value() ? "true" : "false"; break;
    default: out += "null";
  }
}

static void write_field(std::string& out, const pb::Message& m, const pb::Reflection* r, const pb::FieldDescriptor* f,
                        int i) {
  using F = pb::FieldDescriptor;
  const bool rep = f->is_repeated();
  switch (f->cpp_type()) {
    case F::CPPTYPE_INT32: out += std::to_string(rep ? r->GetRepeatedInt32(m, f, i) : r->GetInt32(m, f)); break;
    case F::CPPTYPE_INT64: out += std::to_string(rep ? r->GetRepeatedInt64(m, f, i) : r->GetInt64(m, f)); break;
    case F::CPPTYPE_UINT32: out += std::to_string(rep ? r->GetRepeatedUInt32(m, f, i) : r->GetUInt32(m, f)); break;
    case F::CPPTYPE_UINT64: out += std::to_string(rep ? r->GetRepeatedUInt64(m, f, i) : r->GetUInt64(m, f)); break;
    case F::CPPTYPE_DOUBLE: write_double(out, rep ? r->GetRepeatedDouble(m, f, i) : r->GetDouble(m, f)); break;
    case F::CPPTYPE_FLOAT: write_double(out, rep ? r->GetRepeatedFloat(m, f, i) : r->GetFloat(m, f)); break;
    case F::CPPTYPE_BOOL: out += (rep ? r->GetRepeatedBool(m, f, i) : r->GetBool(m, f)) ? "true" : "false"; break;
    case F::CPPTYPE_STRING: {
      std::string scratch;
      write_string(out, rep ? r->GetRepeatedStringReference(m, f, i, &scratch) : r->GetStringReference(m, f, &scratch));
      break;
    }
    case F::CPPTYPE_ENUM:
      write_string(out, (rep ? r->GetRepeatedEnum(m, f, i) : r->GetEnum(m, f))->name());
      break;
    case F::CPPTYPE_MESSAGE: {
      const pb::Message& sub = rep ? r->GetRepeatedMessage(m, f, i) : r->GetMessage(m, f);
      if (sub.GetDescriptor() == pb::Value::descriptor()) write_value(out, static_cast<const pb::Value&>(sub));
      else write_message(out, sub, nullptr);
      break;
    }
  }
}

// Every field is written (scalars at their default too), except unset
// sub-messages and oneof members; `type`, when given, comes first.
static void write_message(std::string& out, const pb::Message& m, const char* type) {
  const pb::Descriptor* d = m.GetDescriptor();
  const pb::Reflection* r = m.GetReflection();
  out += '{';
  bool first = true;
  auto key = [&](const std::string& name) {
    if (!first) out += ',';
    first = false;
    out += '"';
    out += name;
    out += "\":";
  };
  if (type) {
    key("type");
    write_string(out, type);
  }
  for (int i = 0; i < d->field_count(); ++i) {
    const pb::FieldDescriptor* f = d->field(i);
    if (type && f->name() == "type") continue;
    if (f->is_repeated()) {
      key(f->name());
      out += '[';
      const int n = r->FieldSize(m, f);
      for (int k = 0; k < n; ++k) {
        if (k) out += ',';
        write_field(out, m, r, f, k);
      }
      out += ']';
    } else if (f->cpp_type() == pb::FieldDescriptor::CPPTYPE_MESSAGE || f->containing_oneof()) {
      if (!r->HasField(m, f)) continue;
      key(f->name());
      write_field(out, m, r, f, 0);
    } else {
      key(f->name());
      write_field(out, m, r, f, 0);
    }
  }
  out += '}';
}

std::string to_json(const pb::Message& m) {
  std::string out;
  write_message(out, m, nullptr);
  return out;
}

static std::string with_type(const pb::Message& m, const char* type) {
  std::string out;
  out.reserve(4096);
  write_message(out, m, type);
  return out;
}

std::string to_json_line(const protocol::RefereeMessage& m) {
  switch (m.msg_case()) {
    case protocol::RefereeMessage::kHello: return with_type(m.hello(), "hello");
    case protocol::RefereeMessage::kRequest: return with_type(m.request(), "request");
    case protocol::RefereeMessage::kError: return with_type(m.error(), "error");
    case protocol::RefereeMessage::kMatchEnd: return with_type(m.match_end(), "match_end");
    default: return "{}";
  }
}

std::string to_json_line(const protocol::BotMessage& m) {
  if (m.has_ready()) return with_type(m.ready(), "ready");
  if (m.has_answer()) return with_type(m.answer(), "answer");
  return "{}";
}

static bool parse_into(std::string_view line, pb::Message* m, std::string* error) {
  pb::util::JsonParseOptions o;
  o.ignore_unknown_fields = true;
  const auto st = pb::util::JsonStringToMessage(pb::StringPiece(line.data(), line.size()), m, o);
  if (!st.ok()) {
    if (error) *error = std::string(st.message());
    return false;
  }
  return true;
}

// The "type" of a JSON object line, "" when absent; nullopt when the line is
// not a JSON object at all.
static std::optional<std::string> type_of(std::string_view line, std::string* error) {
  if (auto deep = json_depth_problem(line)) {  // before any parser recurses into it
    if (error) *error = *deep;
    return std::nullopt;
  }
  json j = json::parse(line.begin(), line.end(), nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    if (error) *error = "not a JSON object";
    return std::nullopt;
  }
  auto it = j.find("type");
  if (it == j.end()) return std::string();
  if (!it->is_string()) {
    if (error) *error = "\"type\" is not a string";
    return std::nullopt;
  }
  return it->get<std::string>();
}

std::optional<protocol::BotMessage> parse_bot_line(std::string_view line, std::string* error) {
  auto type = type_of(line, error);
  if (!type) return std::nullopt;
  protocol::BotMessage out;
  if (*type == "ready") {
    if (!parse_into(line, out.mutable_ready(), error)) return std::nullopt;
  } else if (type->empty() || *type == "answer") {
    if (!parse_into(line, out.mutable_answer(), error)) return std::nullopt;
    const auto& c = out.answer().choice();
    if (c.kind_case() != pb::Value::kNumberValue && c.kind_case() != pb::Value::kStringValue) {
      if (error) *error = "\"choice\" must be an option index (number) or an option text (string)";
      return std::nullopt;
    }
  } else {
    if (error) *error = "unknown message type \"" + *type + "\" (a bot sends \"ready\" or an answer)";
    return std::nullopt;
  }
  return out;
}

std::optional<protocol::RefereeMessage> parse_referee_line(std::string_view line, std::string* error) {
  auto type = type_of(line, error);
  if (!type) return std::nullopt;
  protocol::RefereeMessage out;
  bool ok = false;
  if (*type == "hello") ok = parse_into(line, out.mutable_hello(), error);
  else if (*type == "request") ok = parse_into(line, out.mutable_request(), error);
  else if (*type == "error") ok = parse_into(line, out.mutable_error(), error);
  else if (*type == "match_end") ok = parse_into(line, out.mutable_match_end(), error);
  else if (error) *error = "unknown message type \"" + *type + "\"";
  if (!ok) return std::nullopt;
  return out;
}

}  // namespace dtref
