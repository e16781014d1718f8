// The replay viewer page's data (dtref replay --html): rebuilt by replaying
// the transcript, safe against what a bot writes, and written for incomplete
// transcripts too. The page itself is driven in Chromium by
// tests/replay_viewer_check.py.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "dt/deck.hpp"
#include "dt/rules.hpp"
#include "dtref/match.hpp"
#include "dtref/replay_html.hpp"
#include "test_util.hpp"

namespace {

using json = nlohmann::json;
using dtref_test::read_lines;
using dtref_test::temp_path;

std::string play(uint64_t seed) {
  dtref::MatchSpec s;
  s.match_id = "html";
  s.bots = {{"", "builtin:greedy"}, {"", "builtin:random"}};
  s.decks = {dt::builtin_deck("corporate"), dt::builtin_deck("legion")};
  s.rules = dt::preset_gengine();
  s.seed = seed;
  s.transcript_path = temp_path("html-" + std::to_string(seed) + ".jsonl");
  dtref::run_match(s);
  return s.transcript_path;
}

// The data block of a written page.
json page_data(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string page = ss.str();
  const std::string open = "<script id=\"replay-data\" type=\"application/json\">";
  const size_t a = page.find(open);
  EXPECT_NE(a, std::string::npos);
  const size_t b = page.find("</script>", a);
  return json::parse(page.substr(a + open.size(), b - a - open.size()));
}

TEST(ReplayHtml, EveryDecisionIsAStepWithItsOptionsAndTheBoardBeforeIt) {
  const std::string tr = play(7);
  const std::string out = temp_path("html-7.html");
  const auto rep = dtref::write_replay_html(tr, out);
  ASSERT_TRUE(rep.verified) << rep.problem;
  const json d = page_data(out);
  std::vector<json> decisions;
  for (const std::string& l : read_lines(tr)) {
    json j = json::parse(l);
    if (j["type"] == "decision") decisions.push_back(j);
  }
  ASSERT_EQ(d["steps"].size(), decisions.size() + 1);  // + the final position
  for (size_t i = 0; i < decisions.size(); ++i) {
    const json& st = d["steps"][i];
    ASSERT_EQ(st["options"].size(), decisions[i]["options"].get<size_t>()) << i;
    EXPECT_EQ(st["options"][st["choice"].get<size_t>()], decisions[i]["text"]) << i;
    EXPECT_EQ(st["seat"], decisions[i]["seat"]) << i;
  }
  // The first board: seven cards in each hand, every card id known to the page.
  for (const json& seat : d["steps"][0]["board"]["seats"]) EXPECT_EQ(seat["hand"].size(), 7u);
  EXPECT_EQ(d["cards"].size(), 120u);
  EXPECT_TRUE(d["complete"].get<bool>());
  EXPECT_TRUE(d["steps"].back()["board"].contains("winner"));
}

TEST(ReplayHtml, ABotsCommentCannotBreakOutOfThePage) {
  const std::string tr = play(8);
  // A comment as a hostile bot might write it, put into the first decision.
  const std::string evil = "</script><script>alert(1)</script><!--";
  std::vector<std::string> lines = read_lines(tr);
  for (std::string& l : lines) {
    json j = json::parse(l);
    if (j["type"] != "decision") continue;
    j["comment"] = evil;
    l = j.dump();
    break;
  }
  const std::string edited = temp_path("html-evil.jsonl");
  {
    std::ofstream o(edited);
    for (const std::string& l : lines) o << l << "\n";
  }
  const std::string out = temp_path("html-evil.html");
  ASSERT_TRUE(dtref::write_replay_html(edited, out).readable);
  std::ifstream in(out);
  std::stringstream ss;
  ss << in.rdbuf();
  EXPECT_EQ(ss.str().find("<script>alert"), std::string::npos);
  EXPECT_EQ(page_data(out)["steps"][0]["comment"], evil);  // shown as text, intact
}

TEST(ReplayHtml, AnIncompleteTranscriptShowsWhatItHas) {
  const std::string tr = play(9);
  std::vector<std::string> lines = read_lines(tr);
  const std::string cut = temp_path("html-cut.jsonl");
  int decisions = 0;
  {
    std::ofstream o(cut);
    for (const std::string& l : lines) {
      if (decisions == 30) break;
      o << l << "\n";
      decisions += l.find("\"type\":\"decision\"") != std::string::npos;
    }
  }
  const std::string out = temp_path("html-cut.html");
  const auto rep = dtref::write_replay_html(cut, out);
  EXPECT_FALSE(rep.complete);
  const json d = page_data(out);
  EXPECT_FALSE(d["complete"].get<bool>());
  EXPECT_EQ(d["steps"].size(), 31u);
  EXPECT_FALSE(d.contains("result"));
}

TEST(ReplayHtml, AnUnreadableTranscriptWritesNoPage) {
  const std::string out = temp_path("html-none.html");
  const auto rep = dtref::write_replay_html("/nonexistent.jsonl", out);
  EXPECT_FALSE(rep.readable);
  EXPECT_FALSE(std::ifstream(out).good());
}

}  // namespace
