// Protocol conversions and the JSON Lines codec: what a seat is sent, and
// that a bot can rebuild the engine's view from it.
#include <gtest/gtest.h>

#include <set>

#include "bot.hpp"
#include "dt/card_loader.hpp"
#include "dt/deck.hpp"
#include "dt/questions.hpp"
#include "dtref/convert.hpp"
#include "dtref/jsonl.hpp"

namespace {
namespace protocol = dtref::protocol;

dt::GameConfig config(uint64_t seed, const char* deck0 = "corporate", const char* deck1 = "legion") {
  dt::GameConfig cfg;
  cfg.rules = dt::preset_gengine();
  cfg.seed = seed;
  cfg.decks = {dt::builtin_deck(deck0).cards, dt::builtin_deck(deck1).cards};
  return cfg;
}

void expect_same(const dt::SeenCard& a, const dt::SeenCard& b, const std::string& where) {
  EXPECT_EQ(a.id, b.id) << where;
  EXPECT_EQ(a.def, b.def) << where;
  EXPECT_EQ(a.owner, b.owner) << where;
  EXPECT_EQ(a.area_known, b.area_known) << where;
  if (a.area_known) {
    EXPECT_EQ(a.area, b.area) << where;
  }
  EXPECT_EQ(a.wounded, b.wounded) << where;
  EXPECT_EQ(a.cover, b.cover) << where;
  EXPECT_EQ(a.attached_to, b.attached_to) << where;
  EXPECT_EQ(a.inside, b.inside) << where;
}

// A stdio bot must be able to rebuild exactly what an in-process bot sees.
// The Dark Eden decks bring vehicles inside and outside, Transfers, Beasts
// and Warzones into play.
class ObservationWire : public ::testing::TestWithParam<std::pair<const char*, const char*>> {};
INSTANTIATE_TEST_SUITE_P(RefereeConvert, ObservationWire,
                         ::testing::Values(std::pair{"corporate", "legion"}, std::pair{"dark-eden", "templars"},
                                           std::pair{"templars", "dark-eden"}));

TEST_P(ObservationWire, SurvivesTheWireThroughAWholeGame) {
  const dt::CardDb& db = dt::builtin_cards();
  dt::State s = dt::new_game(db, config(3, GetParam().first, GetParam().second));
  auto bot = dt::make_random_bot(5);
  int checked = 0;
  while (!dt::game_over(s)) {
    const int seat = dt::deciding_seat(s);
    const dt::Observation o = dt::observe(s, seat);
    protocol::Request req;
    *req.mutable_observation() = dtref::to_proto(s, o);
    protocol::RefereeMessage m;
    *m.mutable_request() = req;
    std::string err;
    auto back = dtref::parse_referee_line(dtref::to_json_line(m), &err);
    ASSERT_TRUE(back) << err;
    const dt::Observation r = dtref::from_proto(back->request().observation(), db);
    const std::string where = "decision " + std::to_string(s.decisions);
    EXPECT_EQ(r.viewer, o.viewer);
    EXPECT_EQ(r.turn_number, o.turn_number);
    EXPECT_EQ(r.current, o.current);
    EXPECT_EQ(r.deciding, o.deciding);
    EXPECT_EQ(r.phase, o.phase) << where;
    EXPECT_EQ(r.step, o.step) << where;
    EXPECT_EQ(r.actions_left, o.actions_left);
    EXPECT_EQ(r.in_combat, o.in_combat);
    if (o.in_combat) {
      EXPECT_EQ(r.attacker, o.attacker);
      EXPECT_EQ(r.defender, o.defender);
      EXPECT_EQ(r.tactic, o.tactic);
      EXPECT_EQ(r.warzone, o.warzone);
    }
    EXPECT_EQ(r.answering, o.answering) << where;  // a card just played being answered
    ASSERT_EQ(r.seats.size(), o.seats.size());
    for (size_t i = 0; i < o.seats.size(); ++i) {
      EXPECT_EQ(r.seats[i].destiny, o.seats[i].destiny);
      EXPECT_EQ(r.seats[i].promotion, o.seats[i].promotion);
      EXPECT_EQ(r.seats[i].hand_size, o.seats[i].hand_size);
      EXPECT_EQ(r.seats[i].draw_size, o.seats[i].draw_size);
      ASSERT_EQ(r.seats[i].hand.size(), o.seats[i].hand.size());
      ASSERT_EQ(r.seats[i].in_play.size(), o.seats[i].in_play.size());
      for (size_t k = 0; k < o.seats[i].hand.size(); ++k) expect_same(r.seats[i].hand[k], o.seats[i].hand[k], where);
      for (size_t k = 0; k < o.seats[i].in_play.size(); ++k)
        expect_same(r.seats[i].in_play[k], o.seats[i].in_play[k], where);
    }
    const auto opts = dt::legal_options(s);
    for (const dt::Option& opt : opts) {
      auto parsed = dtref::option_from_text(dt::to_text(opt));
      ASSERT_TRUE(parsed) << dt::to_text(opt);
      EXPECT_EQ(*parsed, opt) << dt::to_text(opt);
    }
    dt::apply(s, opts[bot->choose(o, opts)]);
    ++checked;
    if (::testing::Test::HasFailure()) break;
  }
  EXPECT_GT(checked, 50);
}

TEST(RefereeJsonl, OutputHasTypeFirstEveryScalarAndNumericIds) {
  protocol::RefereeMessage m;
  m.mutable_request()->set_decision_id(7);
  auto* o = m.mutable_request()->add_options();
  *o = dtref::to_proto(dt::Option{}, 0);
  const std::string line = dtref::to_json_line(m);
  EXPECT_EQ(line.rfind("{\"type\":\"request\"", 0), 0u) << line;
  EXPECT_NE(line.find("\"decision_id\":7"), std::string::npos) << line;  // a number, not "7"
  EXPECT_NE(line.find("{\"index\":0,\"text\":\"pass\",\"kind\":\"pass\"}"), std::string::npos) << line;
  EXPECT_EQ(line.find('\n'), std::string::npos);
}

TEST(RefereeJsonl, BotLinesAcceptNumberOrTextAndIgnoreUnknownFields) {
  std::string err;
  auto a = dtref::parse_bot_line(R"({"decision_id": 3, "choice": 2, "comment": "hi", "extra": {"x": 1}})", &err);
  ASSERT_TRUE(a) << err;
  EXPECT_EQ(a->answer().decision_id(), 3);
  EXPECT_EQ(a->answer().choice().number_value(), 2);
  EXPECT_EQ(a->answer().comment(), "hi");
  auto t = dtref::parse_bot_line(R"({"type":"answer","decision_id":"4","choice":"attack c1 c2 fight"})", &err);
  ASSERT_TRUE(t) << err;
  EXPECT_EQ(t->answer().choice().string_value(), "attack c1 c2 fight");
  auto r = dtref::parse_bot_line(R"({"type":"ready","name":"x","future_field":true})", &err);
  ASSERT_TRUE(r) << err;
  EXPECT_EQ(r->ready().name(), "x");
  for (const char* bad : {"garbage", "[1,2]", R"({"decision_id":1,"choice":true})", R"({"decision_id":1})",
                          R"({"type":"hello"})", R"({"decision_id":"x","choice":1})"}) {
    EXPECT_FALSE(dtref::parse_bot_line(bad, &err)) << bad;
    EXPECT_FALSE(err.empty()) << bad;
  }
}

// The plain answer is read without a JSON tree (jsonl.cpp, fast_answer); it
// must read every spelling as the general reader does and refuse the same lines.
TEST(RefereeJsonl, PlainAnswersReadAsTheGeneralReaderReadsThem) {
  struct Case {
    const char* line;
    int64_t id;
    double choice;
    const char* type;
  };
  for (const Case& c : std::initializer_list<Case>{
           {R"({"decision_id":12,"choice":0})", 12, 0, ""},
           {R"({"choice":3,"decision_id":7})", 7, 3, ""},
           {" { \"type\" : \"answer\" ,\t\"decision_id\": 5 , \"choice\" :2 } ", 5, 2, "answer"},
           {R"({"decision_id":-4,"choice":-1})", -4, -1, ""},
           {R"({"choice":1})", 0, 1, ""},
           {R"({"decision_id":123456789012345678,"choice":9})", 123456789012345678, 9, ""},
           {R"({"decision_id":1234567890123456789,"choice":9})", 1234567890123456789, 9, ""},  // 19 digits: general reader
           {R"({"decision_id":2,"choice":1.5})", 2, 1.5, ""},   // a fraction: general reader, read as a number
           {R"({"decision_id":2,"choice":2e0})", 2, 2, ""},
           {R"({"decision_id":"8","choice":1})", 8, 1, ""},     // a numeric string: general reader
           {R"({"decisionId":6,"choice":1})", 6, 1, ""},        // lowerCamelCase: general reader
       }) {
    std::string err;
    auto a = dtref::parse_bot_line(c.line, &err);
    ASSERT_TRUE(a) << c.line << ": " << err;
    ASSERT_TRUE(a->has_answer()) << c.line;
    EXPECT_EQ(a->answer().decision_id(), c.id) << c.line;
    EXPECT_EQ(a->answer().choice().kind_case(), google::protobuf::Value::kNumberValue) << c.line;
    EXPECT_EQ(a->answer().choice().number_value(), c.choice) << c.line;
    EXPECT_EQ(a->answer().type(), c.type) << c.line;
    EXPECT_EQ(a->answer().comment(), "") << c.line;
  }
  for (const char* bad : {R"({"decision_id":1,"choice":0}x)", R"({"decision_id":1,"choice":0,})",
                          R"({"decision_id":1 "choice":0})", R"({"decision_id":1,"choice":01})",
                          R"({"decision_id":1,"choice":0)", R"({"decision_id":1,"choice":-})",
                          R"({"decision_id":1,"choice":})",
                          R"({"decision_id":+1,"choice":0})"}) {
    std::string err;
    EXPECT_FALSE(dtref::parse_bot_line(bad, &err)) << bad;
    EXPECT_FALSE(err.empty()) << bad;
  }
}

}  // namespace

namespace {

// A bot in any language must be able to judge a combat from what it is sent:
// each face-up card carries its facts, and each face-up warrior in play its
// ratings as the engine derives them now. Face-down cards carry nothing.
TEST(RefereeConvert, FaceUpCardsCarryFactsAndCurrentRatings) {
  const dt::CardDb& db = dt::builtin_cards();
  dt::State s = dt::new_game(db, config(4));
  auto bot = dt::make_random_bot(9);
  int warriors_checked = 0;
  for (int step = 0; step < 400 && !dt::game_over(s); ++step) {
    const int seat = dt::deciding_seat(s);
    const protocol::Observation p = dtref::to_proto(s, dt::observe(s, seat));
    for (const protocol::SeenSeat& ps : p.seats())
      for (const protocol::SeenCard& c : ps.in_play()) {
        if (c.face_down()) {
          EXPECT_TRUE(c.card_type().empty());
          EXPECT_FALSE(c.has_printed());
          EXPECT_FALSE(c.has_current());
          continue;
        }
        const dt::CardDef& d = s.def(dt::CardId(c.id()));
        EXPECT_EQ(c.name(), d.name);
        if (d.type != dt::CardType::Warrior || c.attached_to() != -1) continue;
        ASSERT_TRUE(c.has_current()) << c.name();
        const dt::Stats st = dt::stats(s, dt::CardId(c.id()));
        EXPECT_EQ(c.current().fight(), st.f) << c.name();
        EXPECT_EQ(c.current().armor(), st.a) << c.name();
        EXPECT_EQ(c.printed().armor(), d.a) << c.name();
        EXPECT_EQ(c.card_type(), "warrior");
        ++warriors_checked;
      }
    const auto opts = dt::legal_options(s);
    dt::apply(s, opts[bot->choose(dt::observe(s, seat), opts)]);
  }
  EXPECT_GT(warriors_checked, 50);
}

}  // namespace

namespace {

// The request writer that skips reflection must write exactly what the
// reflection writer writes, in both styles, for every request of whole games:
// a field added to bot.proto but not to the fast writer fails here.
TEST(RefereeJsonl, FastRequestWriterMatchesTheReflectionWriter) {
  for (uint64_t seed : {1, 2}) {
    dt::State s = dt::new_game(dt::builtin_cards(), config(seed));
    auto bot = dt::make_random_bot(seed);
    dtref::FactsOnce once;
    std::vector<dt::Event> events;
    int compared = 0;
    while (!dt::game_over(s)) {
      const int seat = dt::deciding_seat(s);
      const auto opts = dt::legal_options(s);
      for (bool compact : {false, true}) {
        protocol::RefereeMessage m;
        protocol::Request* r = m.mutable_request();
        r->set_type("request");
        r->set_decision_id(compared + 1);
        for (size_t k = 0; k < opts.size(); ++k) dtref::to_proto(opts[k], int(k), r->add_options());
        once.cards = r->mutable_cards();
        dtref::to_proto(s, dt::observe(s, seat), r->mutable_observation(), compact && seat == 0 ? &once : nullptr);
        for (const dt::Event& e : events) dtref::to_proto(s, e, seat, r->add_events());
        r->mutable_clock()->set_bank_ms(compared);
        const dtref::JsonStyle style{compact};
        std::string fast, reference;
        dtref::append_json_line(fast, m, style);
        dtref::append_json_by_reflection(reference, m, style);
        ASSERT_EQ(fast, reference) << "seed " << seed << ", request " << compared;
      }
      ++compared;
      events.clear();
      dt::apply(s, opts[bot->choose(dt::observe(s, seat), opts)], &events);
    }
    EXPECT_GT(compared, 50);
  }
}

}  // namespace

// DISCERN TRUTH's answer is the asker's alone; a refusal is public.
TEST(RefereeConvert, AnAnswerAboutAHandReachesTheAskerAlone) {
  const dt::CardDb& db = dt::builtin_cards();
  dt::State s = dt::new_game(db, config(3));
  const dt::Event yes{dt::EventKind::Effect, 0, dt::CardId(0), dt::kNoCard, dt::kAnswerEvent + 0,
                      dt::answer_y(dt::kAnswerYes, 1)};
  const protocol::EventMsg mine = dtref::to_proto(s, yes, 0), theirs = dtref::to_proto(s, yes, 1);
  EXPECT_EQ(mine.y(), yes.y);
  EXPECT_NE(mine.text().find(": yes"), std::string::npos) << mine.text();
  EXPECT_EQ(theirs.y(), -1);
  EXPECT_EQ(theirs.text().find(": yes"), std::string::npos) << theirs.text();
  const dt::Event refused{dt::EventKind::Effect, 0, dt::CardId(0), dt::kNoCard, dt::kAnswerEvent + 0,
                          dt::answer_y(dt::kAnswerRefused, 1)};
  EXPECT_EQ(dtref::to_proto(s, refused, 1).y(), refused.y);
  EXPECT_NE(dtref::to_proto(s, refused, 1).text().find("refuses"), std::string::npos);
}

// A card that lies on a player's combat area (its host is the area, not a warrior) names
// the area in its option's text, and a bot answering with that text picks the same option.
TEST(RefereeConvert, APlayOnACombatAreaSurvivesItsText) {
  for (const dt::Area area : {dt::Area::Squad, dt::Area::Kohort, dt::Area::Outpost}) {
    dt::Option o{dt::OptKind::Play, 12};
    o.seat = 1, o.p = 1, o.to = area;
    const std::string text = dt::to_text(o);
    auto back = dtref::option_from_text(text);
    ASSERT_TRUE(back) << text;
    EXPECT_EQ(*back, o) << text;
  }
  EXPECT_FALSE(dtref::option_from_text("play c12 on c3 kohort"));  // only a player's area hosts a card
  auto plain = dtref::option_from_text("play c12 on s1");
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->p, 0);
}

namespace {

// A warrior with another card's abilities (engine effects/lasting/borrowed.hpp) plays a card made in the game's own
// card table under its code: in compact mode it still carries its own facts, which are not its code's (the made card
// is told by CardDef::made, not by looking its code up). The stress decks of borrowed abilities lend in most games.
TEST(RefereeConvert, AMadeCardCarriesItsOwnFactsInCompactMode) {
  const dt::CardDb& db = dt::builtin_cards();
  const std::string dir = std::string(DT_SCENARIO_DIR) + "/../fixtures/decks/";
  int made_seen = 0;
  for (uint64_t seed = 1; seed <= 6 && made_seen == 0; ++seed) {
    dt::GameConfig cfg;
    cfg.rules = dt::preset_gengine();
    cfg.seed = seed;
    cfg.decks = {dt::load_deck_arg(dir + "stress_borrowed_a.deck", db, cfg.rules, false).cards,
                 dt::load_deck_arg(dir + "stress_borrowed_b.deck", db, cfg.rules, false).cards};
    dt::State s = dt::new_game(db, cfg);
    auto bot = dt::make_random_bot(seed);
    google::protobuf::RepeatedPtrField<protocol::CardFacts> facts;
    dtref::FactsOnce once;
    once.cards = &facts;
    for (int step = 0; step < 2000 && !dt::game_over(s); ++step) {
      const int seat = dt::deciding_seat(s);
      protocol::Observation p;
      dtref::to_proto(s, dt::observe(s, seat), &p, &once);
      for (const protocol::SeenSeat& ps : p.seats())
        for (const protocol::SeenCard& c : ps.in_play()) {
          if (c.face_down()) continue;
          const uint16_t def = s.card(dt::CardId(c.id())).def;
          if (s.db->by_code(c.code()) == std::optional<uint16_t>(def)) continue;  // the table's own card
          ++made_seen;
          EXPECT_EQ(c.name(), s.db->operator[](def).name) << "seed " << seed;
          EXPECT_FALSE(c.card_type().empty()) << c.name();
        }
      const auto opts = dt::legal_options(s);
      dt::apply(s, opts[bot->choose(dt::observe(s, seat), opts)]);
    }
  }
  EXPECT_GT(made_seen, 0) << "no game lent abilities: pick other seeds";
}

}  // namespace
