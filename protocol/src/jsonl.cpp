// JSON Lines codec (see jsonl.hpp).
#include "dtref/jsonl.hpp"

#include <google/protobuf/struct.pb.h>

#include <nlohmann/json.hpp>

#include <charconv>
#include <cstdlib>
#include <limits>
#include <type_traits>
#include <cmath>
#include <cstdio>

#include "dtref/json_limits.hpp"

namespace dtref {

namespace pb = google::protobuf;
using json = nlohmann::json;

// ---- writing ----------------------------------------------------------------
// A direct reflection writer into the caller's buffer: building an
// intermediate JSON tree cost ~10x more than the whole rest of a decision, and
// appending a request one character at a time was half of the referee's work
// (dt_referee_bench, callgrind). Strings are copied in runs between escapes.

namespace {

void write_message(std::string& out, const pb::Message& m, const char* type, JsonStyle style);

void write_string(std::string& out, std::string_view v) {
  out += '"';
  size_t run = 0;
  for (size_t i = 0; i < v.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(v[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;  // UTF-8 passes through unchanged
    out.append(v.data() + run, i - run);
    run = i + 1;
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default: {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        out += buf;
      }
    }
  }
  out.append(v.data() + run, v.size() - run);
  out += '"';
}

template <class Int>
void write_int(std::string& out, Int v) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

void write_double(std::string& out, double d) {
  // Whole numbers print without a fraction; the range check comes first, since
  // converting a double outside int64's range is undefined (a bot can send 1e300).
  if (d >= -0x1p63 && d < 0x1p63 && d == double(int64_t(d))) {
    write_int(out, int64_t(d));
  } else {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", d);
    out += buf;
  }
}

void write_value(std::string& out, const pb::Value& v) {
  switch (v.kind_case()) {
    case pb::Value::kNumberValue: write_double(out, v.number_value()); break;
    case pb::Value::kStringValue: write_string(out, v.string_value()); break;
    case pb::Value::kBoolValue: out += v.bool_value() ? "true" : "false"; break;
    default: out += "null";
  }
}

void write_field(std::string& out, const pb::Message& m, const pb::Reflection* r, const pb::FieldDescriptor* f, int i,
                 JsonStyle style) {
  using F = pb::FieldDescriptor;
  const bool rep = f->is_repeated();
  switch (f->cpp_type()) {
    case F::CPPTYPE_INT32: write_int(out, rep ? r->GetRepeatedInt32(m, f, i) : r->GetInt32(m, f)); break;
    case F::CPPTYPE_INT64: write_int(out, rep ? r->GetRepeatedInt64(m, f, i) : r->GetInt64(m, f)); break;
    case F::CPPTYPE_UINT32: write_int(out, rep ? r->GetRepeatedUInt32(m, f, i) : r->GetUInt32(m, f)); break;
    case F::CPPTYPE_UINT64: write_int(out, rep ? r->GetRepeatedUInt64(m, f, i) : r->GetUInt64(m, f)); break;
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
      else write_message(out, sub, nullptr, style);
      break;
    }
  }
}

// Every field is written (scalars at their default too, unless the style
// leaves defaults out), except unset sub-messages and oneof members; `type`,
// when given, comes first.
void write_message(std::string& out, const pb::Message& m, const char* type, JsonStyle style) {
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
    if (type && f->number() == 1 && f->name() == "type") continue;
    if (f->is_repeated()) {
      const int n = r->FieldSize(m, f);
      if (n == 0 && style.omit_defaults) continue;
      key(f->name());
      out += '[';
      for (int k = 0; k < n; ++k) {
        if (k) out += ',';
        write_field(out, m, r, f, k, style);
      }
      out += ']';
      continue;
    }
    // For proto3 scalars HasField means "not at its default".
    const bool present_only = style.omit_defaults || f->cpp_type() == pb::FieldDescriptor::CPPTYPE_MESSAGE ||
                              f->containing_oneof();
    if (present_only && !r->HasField(m, f)) continue;
    key(f->name());
    write_field(out, m, r, f, 0, style);
  }
  out += '}';
}

const char* type_name(const protocol::RefereeMessage& m) {
  switch (m.msg_case()) {
    case protocol::RefereeMessage::kHello: return "hello";
    case protocol::RefereeMessage::kRequest: return "request";
    case protocol::RefereeMessage::kError: return "error";
    case protocol::RefereeMessage::kMatchEnd: return "match_end";
    default: return nullptr;
  }
}

const pb::Message* payload(const protocol::RefereeMessage& m) {
  switch (m.msg_case()) {
    case protocol::RefereeMessage::kHello: return &m.hello();
    case protocol::RefereeMessage::kRequest: return &m.request();
    case protocol::RefereeMessage::kError: return &m.error();
    case protocol::RefereeMessage::kMatchEnd: return &m.match_end();
    default: return nullptr;
  }
}

// The request, by far the most written message, through the generated
// accessors instead of reflection (reflection's field lookups were most of the
// referee's work per decision). Fields in the order of bot.proto; a test holds
// it to the reflection writer's output, field for field, in both styles.
class RequestWriter {
 public:
  RequestWriter(std::string& out, JsonStyle style) : out_(out), omit_(style.omit_defaults) {}

  void request(const protocol::Request& r) {
    open();
    key("type");
    write_string(out_, "request");
    num("decision_id", r.decision_id());
    list("options", r.options(), [&](const protocol::OptionMsg& o) { option(o); });
    if (r.has_observation()) {
      key("observation");
      observation(r.observation());
    }
    list("events", r.events(), [&](const protocol::EventMsg& e) { event(e); });
    if (r.has_clock()) {
      key("clock");
      open();
      num("decision_ms", r.clock().decision_ms());
      num("bank_ms", r.clock().bank_ms());
      num("grace_ms", r.clock().grace_ms());
      close();
    }
    list("cards", r.cards(), [&](const protocol::CardFacts& c) { facts(c); });
    str("state", r.state());
    close();
  }

 private:
  std::string& out_;
  const bool omit_;
  bool first_ = true;

  void open() {
    out_ += '{';
    first_ = true;
  }
  void close() {
    out_ += '}';
    first_ = false;
  }
  void key(std::string_view k) {
    if (!first_) out_ += ',';
    first_ = false;
    out_ += '"';
    out_ += k;
    out_ += "\":";
  }
  void num(std::string_view k, int64_t v) {
    if (omit_ && v == 0) return;
    key(k);
    write_int(out_, v);
  }
  // An optional field that is set: written even at 0.
  void present(std::string_view k, int64_t v) {
    key(k);
    write_int(out_, v);
  }
  void flag(std::string_view k, bool v) {
    if (omit_ && !v) return;
    key(k);
    out_ += v ? "true" : "false";
  }
  void str(std::string_view k, const std::string& v) {
    if (omit_ && v.empty()) return;
    key(k);
    write_string(out_, v);
  }
  template <class Items, class Each>
  void list(std::string_view k, const Items& items, Each each) {
    if (omit_ && items.empty()) return;
    key(k);
    out_ += '[';
    bool first = true;
    for (const auto& x : items) {
      if (!first) out_ += ',';
      first = false;
      each(x);
    }
    out_ += ']';
    first_ = false;
  }
  void strings(std::string_view k, const pb::RepeatedPtrField<std::string>& items) {
    list(k, items, [&](const std::string& v) { write_string(out_, v); });
  }

  void option(const protocol::OptionMsg& o) {
    open();
    num("index", o.index());
    str("text", o.text());
    str("kind", o.kind());
    close();
  }
  void event(const protocol::EventMsg& e) {
    open();
    str("kind", e.kind());
    num("seat", e.seat());
    num("a", e.a());
    num("b", e.b());
    num("x", e.x());
    num("y", e.y());
    str("text", e.text());
    close();
  }
  void ratings(const protocol::Ratings& r) {
    open();
    num("fight", r.fight());
    num("shoot", r.shoot());
    num("armor", r.armor());
    num("value", r.value());
    flag("can_fight", r.can_fight());
    flag("can_shoot", r.can_shoot());
    close();
  }
  void card(const protocol::SeenCard& c) {
    open();
    num("id", c.id());
    str("code", c.code());
    str("name", c.name());
    num("owner", c.owner());
    str("area", c.area());
    flag("wounded", c.wounded());
    flag("cover", c.cover());
    num("attached_to", c.attached_to());
    flag("face_down", c.face_down());
    str("card_type", c.card_type());
    strings("affiliation", c.affiliation());
    strings("designation", c.designation());
    if (c.has_printed()) {
      key("printed");
      ratings(c.printed());
    }
    if (c.has_current()) {
      key("current");
      ratings(c.current());
    }
    str("summary", c.summary());
    flag("inside", c.inside());
    str("sergeant_group", c.sergeant_group());
    flag("under", c.under());
    num("markers", c.markers());
    if (c.has_aboard()) present("aboard", c.aboard());
    if (c.has_twin()) present("twin", c.twin());
    close();
  }
  void facts(const protocol::CardFacts& c) {
    open();
    str("code", c.code());
    str("name", c.name());
    str("card_type", c.card_type());
    strings("affiliation", c.affiliation());
    strings("designation", c.designation());
    if (c.has_printed()) {
      key("printed");
      ratings(c.printed());
    }
    str("summary", c.summary());
    close();
  }
  void seat(const protocol::SeenSeat& s) {
    open();
    num("seat", s.seat());
    num("destiny", s.destiny());
    num("promotion", s.promotion());
    num("hand_count", s.hand_count());
    num("draw_count", s.draw_count());
    num("discard_count", s.discard_count());
    num("annihilated_count", s.annihilated_count());
    flag("eliminated", s.eliminated());
    list("hand", s.hand(), [&](const protocol::SeenCard& c) { card(c); });
    list("in_play", s.in_play(), [&](const protocol::SeenCard& c) { card(c); });
    if (s.has_team()) present("team", s.team());
    if (s.has_primary_target()) present("primary_target", s.primary_target());
    flag("left", s.left());
    num("side_board_count", s.side_board_count());
    list("side_board", s.side_board(), [&](const protocol::SeenCard& c) { card(c); });
    list("draw_top", s.draw_top(), [&](const protocol::SeenCard& c) { card(c); });
    close();
  }
  void observation(const protocol::Observation& o) {
    open();
    num("viewer", o.viewer());
    num("turn", o.turn());
    num("current", o.current());
    num("deciding", o.deciding());
    str("phase", o.phase());
    str("step", o.step());
    num("actions_left", o.actions_left());
    flag("in_combat", o.in_combat());
    num("attacker", o.attacker());
    num("defender", o.defender());
    str("tactic", o.tactic());
    list("seats", o.seats(), [&](const protocol::SeenSeat& s) { seat(s); });
    num("warzone", o.warzone());
    list("turn_order", o.turn_order(), [&](int32_t t) { write_int(out_, t); });
    if (o.has_answering()) {
      key("answering");
      answered(o.answering());
    }
    close();
  }
  void answered(const protocol::Answered& a) {
    open();
    str("step", a.step());
    if (a.has_card()) {
      key("card");
      card(a.card());
    }
    num("by", a.by());
    num("target", a.target());
    num("target_seat", a.target_seat());
    num("user", a.user());
    num("times", a.times());
    num("ability", a.ability());
    num("trigger", a.trigger());
    close();
  }
};

}  // namespace

void append_json(std::string& out, const pb::Message& m, JsonStyle style) { write_message(out, m, nullptr, style); }

void append_json_by_reflection(std::string& out, const protocol::RefereeMessage& m, JsonStyle style) {
  if (const pb::Message* p = payload(m)) write_message(out, *p, type_name(m), style);
  else out += "{}";
}

void append_json_line(std::string& out, const protocol::RefereeMessage& m, JsonStyle style) {
  if (m.has_request()) RequestWriter(out, style).request(m.request());
  else append_json_by_reflection(out, m, style);
}

std::string to_json(const pb::Message& m) {
  std::string out;
  write_message(out, m, nullptr, {});
  return out;
}

std::string to_json_line(const protocol::RefereeMessage& m, JsonStyle style) {
  std::string out;
  out.reserve(4096);
  append_json_line(out, m, style);
  return out;
}

std::string to_json_line(const protocol::BotMessage& m) {
  std::string out;
  if (m.has_ready()) write_message(out, m.ready(), "ready", {});
  else if (m.has_answer()) write_message(out, m.answer(), "answer", {});
  else out = "{}";
  return out;
}

// ---- reading ----------------------------------------------------------------
// One JSON parse, then the tree is mapped onto the message by reflection with
// the protobuf JSON mapping's rules for the types the protocol uses (numbers
// may come as strings, null means the default, unknown keys are ignored).
// protobuf's own JSON parser goes through a type resolver and the binary
// format, which cost a bot more than everything else it does per decision.

namespace {

bool fail(std::string* error, std::string why) {
  if (error) *error = std::move(why);
  return false;
}

bool read_message(const json& j, pb::Message* m, std::string* error);

template <class Int>
bool read_int(const json& j, Int* out) {
  if (j.is_number_integer()) {
    if constexpr (std::is_signed_v<Int>) {
      const int64_t v = j.get<int64_t>();
      if (j.is_number_unsigned() && j.get<uint64_t>() > uint64_t(INT64_MAX)) return false;
      if (v < int64_t(std::numeric_limits<Int>::min()) || v > int64_t(std::numeric_limits<Int>::max())) return false;
      *out = Int(v);
    } else {
      if (!j.is_number_unsigned()) return false;
      const uint64_t v = j.get<uint64_t>();
      if (v > uint64_t(std::numeric_limits<Int>::max())) return false;
      *out = Int(v);
    }
    return true;
  }
  if (j.is_number_float()) {
    const double d = j.get<double>();
    if (d != std::floor(d) || d < double(std::numeric_limits<Int>::min()) || d > double(std::numeric_limits<Int>::max()))
      return false;
    *out = Int(d);
    return true;
  }
  if (j.is_string()) {
    const std::string& s = j.get_ref<const std::string&>();
    Int v{};
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size() || s.empty()) return false;
    *out = v;
    return true;
  }
  return false;
}

bool read_double(const json& j, double* out) {
  if (j.is_number()) {
    *out = j.get<double>();
    return true;
  }
  if (j.is_string()) {
    const std::string& s = j.get_ref<const std::string&>();
    char* end = nullptr;
    *out = std::strtod(s.c_str(), &end);
    return !s.empty() && end == s.c_str() + s.size();
  }
  return false;
}

void read_value(const json& j, pb::Value* v) {
  if (j.is_number()) v->set_number_value(j.get<double>());
  else if (j.is_string()) v->set_string_value(j.get_ref<const std::string&>());
  else if (j.is_boolean()) v->set_bool_value(j.get<bool>());
  else if (j.is_null()) v->set_null_value(pb::NULL_VALUE);
  else v->mutable_struct_value();  // an object or a list: present, but neither number nor string
}

// One value `j` of field `f` (element `rep` of a repeated field).
bool read_field(const json& j, pb::Message* m, const pb::FieldDescriptor* f, std::string* error) {
  using F = pb::FieldDescriptor;
  const pb::Reflection* r = m->GetReflection();
  const bool rep = f->is_repeated();
  auto bad = [&](const char* want) { return fail(error, "\"" + f->name() + "\" must be " + want); };
  switch (f->cpp_type()) {
    case F::CPPTYPE_INT32: {
      int32_t v;
      if (!read_int(j, &v)) return bad("an integer");
      rep ? r->AddInt32(m, f, v) : r->SetInt32(m, f, v);
      return true;
    }
    case F::CPPTYPE_INT64: {
      int64_t v;
      if (!read_int(j, &v)) return bad("an integer");
      rep ? r->AddInt64(m, f, v) : r->SetInt64(m, f, v);
      return true;
    }
    case F::CPPTYPE_UINT32: {
      uint32_t v;
      if (!read_int(j, &v)) return bad("a non-negative integer");
      rep ? r->AddUInt32(m, f, v) : r->SetUInt32(m, f, v);
      return true;
    }
    case F::CPPTYPE_UINT64: {
      uint64_t v;
      if (!read_int(j, &v)) return bad("a non-negative integer");
      rep ? r->AddUInt64(m, f, v) : r->SetUInt64(m, f, v);
      return true;
    }
    case F::CPPTYPE_DOUBLE:
    case F::CPPTYPE_FLOAT: {
      double v;
      if (!read_double(j, &v)) return bad("a number");
      if (f->cpp_type() == F::CPPTYPE_DOUBLE) rep ? r->AddDouble(m, f, v) : r->SetDouble(m, f, v);
      else rep ? r->AddFloat(m, f, float(v)) : r->SetFloat(m, f, float(v));
      return true;
    }
    case F::CPPTYPE_BOOL:
      if (!j.is_boolean()) return bad("true or false");
      rep ? r->AddBool(m, f, j.get<bool>()) : r->SetBool(m, f, j.get<bool>());
      return true;
    case F::CPPTYPE_STRING:
      if (!j.is_string()) return bad("a string");
      rep ? r->AddString(m, f, j.get<std::string>()) : r->SetString(m, f, j.get<std::string>());
      return true;
    case F::CPPTYPE_ENUM: {
      const pb::EnumValueDescriptor* e = nullptr;
      if (j.is_string()) e = f->enum_type()->FindValueByName(j.get_ref<const std::string&>());
      else if (int32_t n; read_int(j, &n)) e = f->enum_type()->FindValueByNumber(n);
      if (!e) return bad("one of its enum names");
      rep ? r->AddEnum(m, f, e) : r->SetEnum(m, f, e);
      return true;
    }
    case F::CPPTYPE_MESSAGE: {
      pb::Message* sub = rep ? r->AddMessage(m, f) : r->MutableMessage(m, f);
      if (sub->GetDescriptor() == pb::Value::descriptor()) {
        read_value(j, static_cast<pb::Value*>(sub));
        return true;
      }
      if (!j.is_object()) return bad("an object");
      return read_message(j, sub, error);
    }
  }
  return bad("of a known type");
}

bool read_message(const json& j, pb::Message* m, std::string* error) {
  const pb::Descriptor* d = m->GetDescriptor();
  for (auto it = j.begin(); it != j.end(); ++it) {
    const pb::FieldDescriptor* f = d->FindFieldByName(it.key());
    for (int i = 0; !f && i < d->field_count(); ++i)  // the lowerCamelCase form is accepted too
      if (d->field(i)->json_name() == it.key()) f = d->field(i);
    if (!f) continue;  // unknown fields are ignored
    const json& v = it.value();
    const bool is_value = f->cpp_type() == pb::FieldDescriptor::CPPTYPE_MESSAGE &&
                          f->message_type() == pb::Value::descriptor();
    if (v.is_null() && !is_value) continue;  // null: the default
    if (f->is_repeated()) {
      if (!v.is_array()) return fail(error, "\"" + f->name() + "\" must be a list");
      for (const json& e : v)
        if (!read_field(e, m, f, error)) return false;
    } else if (!read_field(v, m, f, error)) {
      return false;
    }
  }
  return true;
}

// The parsed line and its "type" ("" when absent), or false with the reason.
bool parse_object(std::string_view line, json* j, std::string* type, std::string* error) {
  if (auto deep = json_depth_problem(line)) return fail(error, *deep);  // before any parser recurses into it
  *j = json::parse(line.begin(), line.end(), nullptr, false);
  if (j->is_discarded() || !j->is_object()) return fail(error, "not a JSON object");
  type->clear();
  auto it = j->find("type");
  if (it == j->end() || it->is_null()) return true;
  if (!it->is_string()) return fail(error, "\"type\" is not a string");
  *type = it->get<std::string>();
  return true;
}

// The answer nearly every bot sends, {"decision_id":N,"choice":K} (keys in
// any order, "type":"answer" allowed, JSON whitespace between tokens), read
// without building a JSON tree: the DOM parse and the reflection mapping were
// most of the referee's own work on a bot's line. Anything else (a string
// choice, a comment, a fraction, a repeated key, a number too long to be sure
// of, trailing text) returns false and goes through the general reader,
// which alone produces errors; what is accepted here reads as it would there.
bool fast_answer(std::string_view line, protocol::BotMessage* out) {
  size_t i = 0;
  const size_t n = line.size();
  auto ws = [&] {
    while (i < n && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\n')) ++i;
  };
  auto lit = [&](std::string_view t) {
    if (line.substr(i, t.size()) != t) return false;
    i += t.size();
    return true;
  };
  // A JSON integer of at most 18 digits (no int64 overflow; as a double it
  // rounds as the general reader converts it).
  auto integer = [&](int64_t* v) {
    const size_t start = i;
    const bool neg = i < n && line[i] == '-';
    if (neg) ++i;
    const size_t digits = i;
    while (i < n && line[i] >= '0' && line[i] <= '9') ++i;
    const size_t count = i - digits;
    if (count == 0 || count > 18 || (count > 1 && line[digits] == '0')) return false;
    if (i < n && (line[i] == '.' || line[i] == 'e' || line[i] == 'E')) return false;
    int64_t x = 0;
    for (size_t k = digits; k < i; ++k) x = x * 10 + (line[k] - '0');
    *v = neg ? -x : x;
    return i > start;
  };
  ws();
  if (!lit("{")) return false;
  bool have_id = false, have_choice = false, have_type = false;
  int64_t id = 0, choice = 0;
  for (;;) {
    ws();
    // A key seen twice falls back to the general reader, which reports it.
    auto value_of = [&](bool* seen) {
      ws();
      if (*seen || !lit(":")) return false;
      ws();
      *seen = true;
      return true;
    };
    if (lit("\"decision_id\"")) {
      if (!value_of(&have_id) || !integer(&id)) return false;
    } else if (lit("\"choice\"")) {
      if (!value_of(&have_choice) || !integer(&choice)) return false;
    } else if (lit("\"type\"")) {
      if (!value_of(&have_type) || !lit("\"answer\"")) return false;
    } else {
      return false;
    }
    ws();
    if (lit(",")) continue;
    if (!lit("}")) return false;
    break;
  }
  ws();
  if (i != n || !have_choice) return false;
  protocol::Answer* a = out->mutable_answer();
  if (have_type) a->set_type("answer");
  if (have_id) a->set_decision_id(id);
  a->mutable_choice()->set_number_value(double(choice));
  return true;
}

}  // namespace

bool parse_bot_line(std::string_view line, protocol::BotMessage* out, std::string* error) {
  out->Clear();
  if (fast_answer(line, out)) return true;
  out->Clear();
  json j;
  std::string type;
  if (!parse_object(line, &j, &type, error)) return false;
  if (type == "ready") return read_message(j, out->mutable_ready(), error);
  if (!type.empty() && type != "answer")
    return fail(error, "unknown message type \"" + type + "\" (a bot sends \"ready\" or an answer)");
  if (!read_message(j, out->mutable_answer(), error)) return false;
  const auto& c = out->answer().choice();
  if (c.kind_case() != pb::Value::kNumberValue && c.kind_case() != pb::Value::kStringValue)
    return fail(error, "\"choice\" must be an option index (number) or an option text (string)");
  return true;
}

std::optional<protocol::BotMessage> parse_bot_line(std::string_view line, std::string* error) {
  protocol::BotMessage out;
  if (!parse_bot_line(line, &out, error)) return std::nullopt;
  return out;
}

bool parse_referee_line(std::string_view line, protocol::RefereeMessage* out, std::string* error) {
  out->Clear();
  json j;
  std::string type;
  if (!parse_object(line, &j, &type, error)) return false;
  if (type == "hello") return read_message(j, out->mutable_hello(), error);
  if (type == "request") return read_message(j, out->mutable_request(), error);
  if (type == "error") return read_message(j, out->mutable_error(), error);
  if (type == "match_end") return read_message(j, out->mutable_match_end(), error);
  return fail(error, "unknown message type \"" + type + "\"");
}

std::optional<protocol::RefereeMessage> parse_referee_line(std::string_view line, std::string* error) {
  protocol::RefereeMessage out;
  if (!parse_referee_line(line, &out, error)) return std::nullopt;
  return out;
}

}  // namespace dtref
