// The replay viewer page (see replay_html.hpp). This file gathers the data by
// replaying the transcript; replay_page.cpp holds the page that shows it.
#include "dtref/replay_html.hpp"

#include <fmt/core.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <stdexcept>

#include "dt/card_loader.hpp"
#include "dt/game.hpp"
#include "dtref/convert.hpp"

namespace dtref {

extern const char* const kReplayPage;  // replay_page.cpp

namespace {

using json = nlohmann::json;

std::string upper(std::string_view v) {
  std::string out(v);
  for (char& c : out) c = char(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// A card's one-line summary: the card data's own `summary` when the card
// files have one, else its facts (type, affiliation, ratings or modifiers,
// designations).
template <class Def>
std::string card_summary(const Def& d) {
  if constexpr (requires { d.summary; }) {
    if (!d.summary.empty()) return d.summary;
  }
  std::string out = upper(dt::to_string(d.type));
  std::string affil;
  for (unsigned a = 0; a < 32; ++a)
    if (d.affil & (1u << a)) affil += (affil.empty() ? "" : "/") + std::string(dt::to_string(dt::Affil(a)));
  if (!affil.empty()) out += ", " + affil;
  auto rating = [](const std::optional<int8_t>& r) { return r ? std::to_string(*r) : std::string("-"); };
  if (d.type == dt::CardType::Warrior) {
    out += fmt::format(": F {} S {} A {} V {}", rating(d.f), rating(d.s), d.a, d.v);
  } else if (!d.bonus.empty()) {
    std::string mods;
    auto add = [&](int v, const char* what) {
      if (v) mods += fmt::format("{}{}{} {}", mods.empty() ? "" : ", ", v > 0 ? "+" : "", v, what);
    };
    add(d.bonus.f, "F"), add(d.bonus.s, "S"), add(d.bonus.a, "A"), add(d.bonus.v, "V");
    out += ": " + mods;
  }
  if (!d.designations.empty()) {
    out += ". ";
    for (size_t i = 0; i < d.designations.size(); ++i) out += (i ? ", " : "") + d.designations[i];
  }
  return out;
}

class PageBuilder final : public ReplayVisitor {
 public:
  json data = json::object();

  void on_start(const nlohmann::ordered_json& header, const dt::State& s, const std::vector<dt::Event>& opening) override {
    seats_ = s.num_seats();
    json bots = json::array(), decks = json::array();
    for (const auto& b : header.value("bots", nlohmann::ordered_json::array())) bots.push_back(b.value("name", std::string("?")));
    for (const auto& d : header.value("decks", nlohmann::ordered_json::array())) decks.push_back(d.value("name", std::string("?")));
    data["match"] = {{"id", header.value("match_id", std::string())},
                     {"seed", header.value("seed", uint64_t(0))},
                     {"rules", s.rules.name},
                     {"target", s.rules.promotion_target},
                     {"bots", bots},
                     {"decks", decks}};
    // Every card of the match and what it is; the board refers to cards by id.
    json cards = json::array();
    std::map<uint16_t, size_t> def_index;
    json defs = json::array();
    for (const dt::CardInst& ci : s.cards) {
      auto [it, fresh] = def_index.try_emplace(ci.def, defs.size());
      if (fresh) {
        const dt::CardDef& d = (*s.db)[ci.def];
        defs.push_back({{"name", d.name},
                        {"code", d.code},
                        {"type", std::string(dt::to_string(d.type))},
                        {"summary", card_summary(d)}});
      }
      cards.push_back({it->second, ci.owner});
    }
    data["defs"] = std::move(defs);
    data["cards"] = std::move(cards);
    data["opening"] = events(s, opening);
    data["steps"] = json::array();
    pending_ = board(s);
  }

  void on_decision(const ReplayedDecision& d) override {
    const nlohmann::ordered_json& line = *d.line;
    json options = json::array();
    for (const dt::Option& o : *d.options) options.push_back(dt::to_text(o));
    json step = {{"board", std::move(pending_)},
                 {"seat", line.value("seat", -1)},
                 {"id", line.value("decision_id", int64_t(0))},
                 {"options", std::move(options)},
                 {"choice", d.choice},
                 {"ms", line.value("ms", 0.0)},
                 {"comment", line.value("comment", std::string())},
                 {"default", line.value("default", false)},
                 {"events", events(*d.after, *d.events)}};
    if (!refused_.empty()) step["refused"] = std::move(refused_);
    refused_ = json::array();
    data["steps"].push_back(std::move(step));
    pending_ = board(*d.after);
  }

  void on_line(LineType type, const nlohmann::ordered_json& line) override {
    switch (type) {
      case LineType::Refused:
        refused_.push_back(fmt::format("s{} {}: {}", line.value("seat", -1), line.value("kind", std::string()),
                                       line.value("detail", std::string())));
        break;
      case LineType::Fault:
        notes_.push_back(fmt::format("fault: s{} {}: {}", line.value("seat", -1), line.value("verdict", std::string()),
                                     line.value("detail", std::string())));
        break;
      case LineType::Ready: {
        const int seat = line.value("seat", -1);
        if (seat >= 0 && data["match"]["bots"].size() > size_t(seat))
          data["match"]["bots"][size_t(seat)] = line.value("name", std::string("?"));
        break;
      }
      case LineType::Result:
        data["result"] = {{"winner", line.value("winner", -1)}, {"reason", line.value("reason", std::string())}};
        break;
      case LineType::Header:
      case LineType::Decision:
      case LineType::Event:
      case LineType::Leave:
        break;
    }
  }

  // The final position closes the list of steps: a board with no decision.
  void finish() {
    json last = {{"board", std::move(pending_)}, {"seat", -1}};
    if (!refused_.empty()) last["refused"] = std::move(refused_);
    data["steps"].push_back(std::move(last));
    data["notes"] = notes_;
  }

 private:
  int seats_ = 0;
  json pending_;  // the board before the next decision
  json refused_ = json::array();
  json notes_ = json::array();

  // Each event's text for the omniscient viewer and, where it differs, for each seat.
  json events(const dt::State& s, const std::vector<dt::Event>& evs) const {
    json out = json::array();
    for (const dt::Event& e : evs) {
      json texts = json::array({dt::describe(s, e, -1)});
      bool differs = false;
      for (int v = 0; v < seats_; ++v) {
        texts.push_back(dt::describe(s, e, v));
        differs = differs || texts.back() != texts[0];
      }
      if (!differs) texts = json::array({texts[0]});
      out.push_back({{"kind", std::string(dt::to_string(e.kind))}, {"seat", e.seat}, {"text", std::move(texts)}});
    }
    return out;
  }

  // The whole position. A card in play is [id, flags, attached_to, F, S, A, V]
  // (flags: 1 wounded, 2 in cover, 4 face down to the other seats); ratings as
  // the engine derives them, for warriors only.
  json board(const dt::State& s) const {
    json seats = json::array();
    for (int i = 0; i < s.num_seats(); ++i) {
      const dt::SeatState& st = s.seats[size_t(i)];
      json play = json::array();
      // Each warrior or fortification, then what is attached to it (and to that, e.g. weapon add-ons).
      std::function<void(dt::CardId)> add = [&](dt::CardId c) {
        const dt::CardInst& ci = s.card(c);
        const int flags = (ci.wounded ? 1 : 0) | (ci.cover ? 2 : 0) | (ci.hidden ? 4 : 0);
        json row = {c, flags, ci.attached_to};
        if (s.def(c).type == dt::CardType::Warrior && ci.attached_to == dt::kNoCard) {
          const dt::Stats r = dt::stats(s, c);
          row.push_back(r.can_fight ? json(r.f) : json(nullptr));
          row.push_back(r.can_shoot ? json(r.s) : json(nullptr));
          row.push_back(r.a);
          row.push_back(r.v);
        }
        play.push_back(std::move(row));
        for (dt::CardId a : s.attached)
          if (s.card(a).attached_to == c) add(a);
      };
      for (dt::CardId c : st.in_play) add(c);
      seats.push_back({{"p", st.promotion},
                       {"d", dt::destiny(s, i)},
                       {"hand", st.hand},
                       {"draw", st.draw.size()},
                       {"discard", st.discard.size()},
                       {"annihilated", st.annihilated.size()},
                       {"out", st.eliminated},
                       {"play", std::move(play)}});
    }
    json b = {{"turn", s.turn_number},
              {"current", s.current},
              {"phase", phase_name(s.phase)},
              {"actions", s.actions_left},
              {"seats", std::move(seats)}};
    if (s.combat.active)
      b["combat"] = {s.combat.attacker, s.combat.defender, s.combat.tactic == dt::Tactic::Shoot ? "shoot" : "fight"};
    if (dt::game_over(s)) b["winner"] = s.winner;
    return b;
  }
};

}  // namespace

ReplayReport write_replay_html(const std::string& transcript_path, const std::string& out_path) {
  PageBuilder page;
  ReplayReport rep = replay_transcript(transcript_path, false, &page);
  if (!rep.readable) return rep;
  page.finish();
  page.data["complete"] = rep.complete;
  page.data["problem"] = rep.verified ? std::string() : rep.problem;
  page.data["source"] = transcript_path;
  // Inside <script>, "</script>" or "<!--" in a string (a bot's comment) could end
  // the element early; '<' occurs only inside JSON strings, where \u003c means the same.
  const std::string blob = page.data.dump(-1, ' ', false, json::error_handler_t::replace);
  std::string safe;
  safe.reserve(blob.size() + 64);
  for (char c : blob) {
    if (c == '<') safe += "\\u003c";
    else safe += c;
  }
  std::string html(kReplayPage);
  const std::string marker = "/*REPLAY_DATA*/";
  const size_t at = html.find(marker);
  if (at == std::string::npos) throw std::runtime_error("replay page template has no data marker");
  html.replace(at, marker.size(), safe);
  std::ofstream out(out_path, std::ios::binary);
  if (!out) throw std::runtime_error(fmt::format("cannot write '{}': {}", out_path, std::strerror(errno)));
  out << html;
  if (!out.flush()) throw std::runtime_error(fmt::format("cannot write '{}': {}", out_path, std::strerror(errno)));
  return rep;
}

}  // namespace dtref
