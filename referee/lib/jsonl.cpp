// JSON Lines codec (see jsonl.hpp).
#include "dtref/jsonl.hpp"

#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>

#include <nlohmann/json.hpp>

namespace dtref {

namespace pb = google::protobuf;
using json = nlohmann::ordered_json;

static json to_value(const pb::Message& m);

static json value_json(const pb::Value& v) {
  switch (v.kind_case()) {
    case pb::Value::kNumberValue: {
      const double d = v.number_value();
      if (d == double(int64_t(d))) return int64_t(d);
      return d;
    }
    case pb::Value::kStringValue: return v.string_value();
    case pb::Value::kBoolValue: return v.bool_value();
    default: return nullptr;
  }
}

static json field_value(const pb::Message& m, const pb::Reflection* r, const pb::FieldDescriptor* f, int i) {
  using F = pb::FieldDescriptor;
  const bool rep = f->is_repeated();
  switch (f->cpp_type()) {
    case F::CPPTYPE_INT32: return rep ? r->GetRepeatedInt32(m, f, i) : r->GetInt32(m, f);
    case F::CPPTYPE_INT64: return rep ? r->GetRepeatedInt64(m, f, i) : r->GetInt64(m, f);
    case F::CPPTYPE_UINT32: return rep ? r->GetRepeatedUInt32(m, f, i) : r->GetUInt32(m, f);
    case F::CPPTYPE_UINT64: return rep ? r->GetRepeatedUInt64(m, f, i) : r->GetUInt64(m, f);
    case F::CPPTYPE_DOUBLE: return rep ? r->GetRepeatedDouble(m, f, i) : r->GetDouble(m, f);
    case F::CPPTYPE_FLOAT: return rep ? r->GetRepeatedFloat(m, f, i) : r->GetFloat(m, f);
    case F::CPPTYPE_BOOL: return rep ? r->GetRepeatedBool(m, f, i) : r->GetBool(m, f);
    case F::CPPTYPE_STRING: return rep ? r->GetRepeatedString(m, f, i) : r->GetString(m, f);
    case F::CPPTYPE_ENUM: return (rep ? r->GetRepeatedEnum(m, f, i) : r->GetEnum(m, f))->name();
    case F::CPPTYPE_MESSAGE: {
      const pb::Message& sub = rep ? r->GetRepeatedMessage(m, f, i) : r->GetMessage(m, f);
      if (sub.GetDescriptor()->full_name() == "google.protobuf.Value")
        return value_json(static_cast<const pb::Value&>(sub));
      return to_value(sub);
    }
  }
  return nullptr;
}

static json to_value(const pb::Message& m) {
  json out = json::object();
  const pb::Descriptor* d = m.GetDescriptor();
  const pb::Reflection* r = m.GetReflection();
  for (int i = 0; i < d->field_count(); ++i) {
    const pb::FieldDescriptor* f = d->field(i);
    if (f->is_repeated()) {
      json arr = json::array();
      for (int k = 0; k < r->FieldSize(m, f); ++k) arr.push_back(field_value(m, r, f, k));
      out[f->name()] = std::move(arr);
    } else if (f->cpp_type() == pb::FieldDescriptor::CPPTYPE_MESSAGE || f->containing_oneof()) {
      if (r->HasField(m, f)) out[f->name()] = field_value(m, r, f, 0);
    } else {
      out[f->name()] = field_value(m, r, f, 0);
    }
  }
  return out;
}

std::string to_json(const pb::Message& m) {
  return to_value(m).dump(-1, ' ', false, json::error_handler_t::replace);
}

static std::string with_type(const pb::Message& m, const char* type) {
  json j = json::object();
  j["type"] = type;  // first, for people reading the lines
  json fields = to_value(m);
  for (auto& [k, v] : fields.items())
    if (k != "type") j[k] = v;
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
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
