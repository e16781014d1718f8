// Every message a seat receives holds only what that seat may see. A stdio
// mock in seat 0 records every line the referee sends it; re-simulating the
// transcript, we check that no line names a card of seat 1 that seat 1 has
// not shown yet (in hand, in the draw pile, discarded unseen, face down in cover).
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "dt/card_loader.hpp"
#include "dt/deck.hpp"
#include "dt/game.hpp"
#include "dtref/match.hpp"
#include "test_util.hpp"

namespace {

using dtref_test::read_lines;
using dtref_test::temp_path;
using nlohmann::json;

class LeakCheck {
 public:
  LeakCheck(const dt::CardDb& db, const dt::Deck& mine) : db_(db) {
    for (uint16_t d : mine.cards) allowed_.insert(db[d].name);
  }
  // Cards of seat 1 that seat 0 has been shown, from the state and the events.
  void observe(const dt::State& s, const std::vector<dt::Event>& events) {
    for (size_t c = 0; c < s.cards.size(); ++c) {
      const dt::CardInst& ci = s.cards[c];
      if (ci.owner == 1 && ci.zone == dt::Zone::InPlay && !ci.hidden) shown_.insert(dt::CardId(c));
    }
    for (const dt::Event& e : events) {
      using K = dt::EventKind;
      if (e.kind == K::Play || e.kind == K::Equip || e.kind == K::Build || e.kind == K::Muster ||
          e.kind == K::Reveal || e.kind == K::RevealPenalty) {
        if (e.a >= 0) shown_.insert(e.a);
        if (e.b >= 0 && (e.kind == K::Play || e.kind == K::Equip)) shown_.insert(e.b);
      }
    }
  }
  // The names and codes of seat 1's cards seat 0 must not know about yet.
  void check(const dt::State& s, const std::string& line, const std::string& where) {
    std::set<std::string> ok = allowed_;
    for (dt::CardId c : shown_) ok.insert(s.def(c).name);
    for (size_t c = 0; c < s.cards.size(); ++c) {
      const dt::CardInst& ci = s.cards[c];
      if (ci.owner != 1 || shown_.count(dt::CardId(c))) continue;
      const dt::CardDef& d = s.def(dt::CardId(c));
      if (ok.count(d.name)) continue;
      bool part_of_allowed = false;
      for (const std::string& n : ok) part_of_allowed |= n.find(d.name) != std::string::npos;
      if (!part_of_allowed) {
        EXPECT_EQ(line.find(d.name), std::string::npos) << where << ": leaks '" << d.name << "'\n" << line.substr(0, 400);
      }
      EXPECT_EQ(line.find("\"code\":\"" + d.code + "\""), std::string::npos) << where << ": leaks code " << d.code;
      ++checked_;
    }
  }
  int checked() const { return checked_; }

 private:
  const dt::CardDb& db_;
  std::set<std::string> allowed_;
  std::set<dt::CardId> shown_;
  int checked_ = 0;
};

TEST(RefereeLeak, SeatZeroNeverLearnsSeatOnesHiddenCards) {
  const dt::CardDb& db = dt::builtin_cards();
  bool face_down_seen = false;
  for (uint64_t seed : {1, 2, 3, 4, 5}) {
    const std::string rec = temp_path("leak-rec" + std::to_string(seed));
    const std::string tr = temp_path("leak-t" + std::to_string(seed) + ".jsonl");
    dtref::MatchSpec spec;
    spec.bots = {{"", std::string("stdio:") + DTREF_PYTHON + " " + DTREF_MOCKBOTS_DIR + "/mockbot.py good --seed " +
                          std::to_string(seed) + " --record " + rec},
                 {"", seed == 1 ? "builtin:greedy" : "builtin:random"}};
    spec.decks = {dt::builtin_deck("corporate"), dt::builtin_deck("legion")};
    // 2nd edition: seat 1 (random) musters warriors face down into cover now and then.
    spec.rules = seed == 1 ? dt::preset_gengine() : dt::preset_second_edition();
    spec.seed = seed;
    spec.clocks.decision_ms = 3000;
    spec.transcript_path = tr;
    spec.sandbox.isolation = dtref::Isolation::Off;  // the mock records what it receives in a file of ours
    const auto out = dtref::run_match(spec);
    ASSERT_EQ(out.seats[0].verdict, dtref::Verdict::Ok) << out.seats[0].detail;

    // Lines seat 0 received, by decision id (hello and match_end apart).
    std::map<int64_t, std::string> requests;
    std::string hello, end;
    for (const std::string& l : read_lines(rec)) {
      face_down_seen |= l.find("\"face_down\":true") != std::string::npos;
      const json j = json::parse(l);
      if (j["type"] == "request") requests[j["decision_id"].get<int64_t>()] = l;
      else if (j["type"] == "hello") hello = l;
      else if (j["type"] == "match_end") end = l;
    }
    ASSERT_FALSE(hello.empty());
    ASSERT_FALSE(requests.empty());

    dt::GameConfig cfg;
    cfg.rules = spec.rules;
    cfg.seed = seed;
    for (const auto& d : spec.decks) cfg.decks.push_back(d.cards);
    std::vector<dt::Event> events;
    dt::State s = dt::new_game(db, cfg, &events);
    LeakCheck leak(db, spec.decks[0]);
    leak.observe(s, events);
    leak.check(s, hello, "hello");
    size_t seen_requests = 0;
    for (const std::string& l : read_lines(tr)) {
      const json j = json::parse(l);
      if (j["type"] != "decision") continue;
      const int64_t id = j["decision_id"].get<int64_t>();
      if (j["seat"] == 0) {
        ASSERT_TRUE(requests.count(id)) << "no request line for decision " << id;
        leak.check(s, requests[id], "decision " + std::to_string(id));
        ++seen_requests;
      }
      events.clear();
      dt::apply(s, dt::legal_options(s)[j["choice"].get<size_t>()], &events);
      leak.observe(s, events);
    }
    EXPECT_EQ(seen_requests, requests.size());
    if (!end.empty()) leak.check(s, end, "match_end");
    EXPECT_GT(leak.checked(), 200);  // card checks made: the test looked at something
  }
  EXPECT_TRUE(face_down_seen) << "no hidden card was ever sent: the test did not cover them";
}

// The check itself must be able to fail: a line naming a card in seat 1's hand is caught.
TEST(RefereeLeak, TheCheckCatchesAHandCardName) {
  const dt::CardDb& db = dt::builtin_cards();
  dt::GameConfig cfg;
  cfg.rules = dt::preset_gengine();
  cfg.seed = 1;
  cfg.decks = {dt::builtin_deck("corporate").cards, dt::builtin_deck("legion").cards};
  dt::State s = dt::new_game(db, cfg);
  LeakCheck leak(db, dt::builtin_deck("corporate"));
  leak.observe(s, {});
  const std::string secret = s.def(s.seats[1].hand[0]).name;
  ::testing::TestPartResultArray failures;
  {
    ::testing::ScopedFakeTestPartResultReporter reporter(::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD, &failures);
    leak.check(s, "{\"text\":\"s1 holds " + secret + "\"}", "planted");
  }
  EXPECT_GT(failures.size(), 0);
}

}  // namespace
