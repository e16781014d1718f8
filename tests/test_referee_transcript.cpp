// Transcripts: self-play transcripts all verify; a tampered one is caught and
// the divergence located; a transcript cut short mid-match is still readable.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>

#include "dt/deck.hpp"
#include "dt/rules.hpp"
#include "dtref/match.hpp"
#include "dtref/transcript.hpp"
#include "test_util.hpp"

namespace {

namespace fs = std::filesystem;
using dtref_test::read_lines;
using dtref_test::temp_path;

dtref::MatchSpec selfplay(uint64_t seed, const std::string& path) {
  dtref::MatchSpec s;
  const char* kinds[] = {"builtin:random", "builtin:greedy"};
  s.bots = {{"", kinds[seed % 2]}, {"", kinds[(seed / 2) % 2]}};
  s.decks = {dt::builtin_deck(seed % 3 ? "corporate" : "legion"), dt::builtin_deck("legion")};
  s.rules = seed % 4 == 3 ? dt::preset_second_edition() : dt::preset_gengine();
  s.seed = seed;
  s.transcript_path = path;
  return s;
}

void write_lines(const std::string& path, const std::vector<std::string>& lines, const std::string& tail = "") {
  std::ofstream out(path);
  for (const auto& l : lines) out << l << "\n";
  out << tail;
}

TEST(RefereeTranscript, FiftySelfPlayMatchesAllVerify) {
  for (uint64_t seed = 1; seed <= 50; ++seed) {
    const std::string p = temp_path("self" + std::to_string(seed) + ".jsonl");
    const auto out = dtref::run_match(selfplay(seed, p));
    ASSERT_FALSE(out.voided);
    const auto rep = dtref::replay_transcript(p, false);
    EXPECT_TRUE(rep.verified) << "seed " << seed << ": " << rep.problem;
    EXPECT_TRUE(rep.complete) << "seed " << seed;
    EXPECT_EQ(rep.decisions, out.decisions) << "seed " << seed;
  }
}

// A deck's side board is part of the match: recorded in the header and dealt
// again on replay (without it, the card ids and so every hash differ).
TEST(RefereeTranscript, SideBoardsAreRecordedAndReplayed) {
  const std::string p = temp_path("side.jsonl");
  dtref::MatchSpec spec = selfplay(3, p);
  spec.decks[0] = dt::builtin_deck("ki-masters");
  ASSERT_EQ(spec.decks[0].side_board.size(), 25u);
  const auto out = dtref::run_match(spec);
  ASSERT_FALSE(out.voided);
  auto lines = read_lines(p);
  ASSERT_NE(lines.front().find("\"side_board\":[\""), std::string::npos) << lines.front();
  EXPECT_TRUE(dtref::replay_transcript(p, false).verified);
  // The same transcript with the side board left out of its header no longer verifies.
  auto& h = lines.front();
  const size_t at = h.find(",\"side_board\":[");
  h.erase(at, h.find(']', at) + 1 - at);
  write_lines(p, lines);
  EXPECT_FALSE(dtref::replay_transcript(p, false).verified);
}

TEST(RefereeTranscript, ATamperedChoiceIsFoundAndLocated) {
  const std::string p = temp_path("tamper.jsonl");
  dtref::run_match(selfplay(7, p));
  auto lines = read_lines(p);
  // Change the recorded hash of the 20th decision.
  int n = 0;
  for (auto& l : lines) {
    if (l.find("\"type\":\"decision\"") == std::string::npos || ++n != 20) continue;
    const size_t h = l.find("\"hash\":\"") + 8;
    l[h] = l[h] == '0' ? '1' : '0';
  }
  write_lines(p, lines);
  const auto rep = dtref::replay_transcript(p, false);
  EXPECT_FALSE(rep.verified);
  EXPECT_EQ(rep.decisions, 20);
  EXPECT_NE(rep.problem.find("decision 20"), std::string::npos) << rep.problem;
  EXPECT_NE(rep.problem.find("state hash"), std::string::npos) << rep.problem;
}

TEST(RefereeTranscript, APrefixCutMidLineIsReadableAndIncomplete) {
  const std::string p = temp_path("cut.jsonl");
  dtref::run_match(selfplay(8, p));
  auto lines = read_lines(p);
  ASSERT_GT(lines.size(), 100u);
  lines.resize(60);
  // A referee killed mid-write leaves at most one partial last line.
  write_lines(p, lines, "{\"type\":\"decision\",\"seat\":1,\"deci");
  const auto rep = dtref::replay_transcript(p, true);
  EXPECT_TRUE(rep.readable);
  EXPECT_TRUE(rep.verified) << rep.problem;
  EXPECT_FALSE(rep.complete);
  EXPECT_GT(rep.decisions, 10);
  EXPECT_FALSE(rep.lines.empty());
}

TEST(RefereeTranscript, RecordsHeaderDecisionsAndResult) {
  const std::string p = temp_path("shape.jsonl");
  const auto out = dtref::run_match(selfplay(5, p));
  const auto lines = read_lines(p);
  ASSERT_GT(lines.size(), 3u);
  EXPECT_EQ(lines.front().rfind("{\"type\":\"header\",\"protocol\":1,", 0), 0u) << lines.front();
  for (const char* key : {"\"seed\":5", "\"decks\":", "\"bots\":", "\"clocks\":", "\"policy\":\"ladder\"", "\"engine_version\""})
    EXPECT_NE(lines.front().find(key), std::string::npos) << key;
  EXPECT_EQ(lines.back().rfind("{\"type\":\"result\",\"winner\":" + std::to_string(out.winner), 0), 0u) << lines.back();
  int decisions = 0;
  for (const auto& l : lines)
    if (l.find("\"type\":\"decision\"") != std::string::npos) {
      ++decisions;
      for (const char* key : {"\"seat\":", "\"decision_id\":", "\"options\":", "\"choice\":", "\"text\":", "\"ms\":", "\"hash\":"})
        EXPECT_NE(l.find(key), std::string::npos) << key << " in " << l;
    }
  EXPECT_EQ(decisions, out.decisions);
}

TEST(RefereeTranscript, ACancelledMatchIsVoidAndSaysSo) {
  const std::string p = temp_path("cancel.jsonl");
  std::atomic<bool> cancel{true};
  auto spec = selfplay(3, p);
  spec.cancel = &cancel;
  const auto out = dtref::run_match(spec);
  EXPECT_TRUE(out.voided);
  EXPECT_EQ(out.reason, "void");
  EXPECT_EQ(out.void_reason, "cancelled");
  EXPECT_NE(read_lines(p).back().find("\"reason\":\"void\""), std::string::npos);
}

TEST(RefereeTranscript, ATranscriptThatCannotBeWrittenVoidsTheMatch) {
  // /dev/full opens but every write fails: a referee fault, not a bot's.
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  const auto out = dtref::run_match(selfplay(2, "/dev/full"));
  EXPECT_TRUE(out.voided);
  EXPECT_EQ(out.reason, "void");
  EXPECT_EQ(out.winner, -1);
  EXPECT_NE(out.void_reason.find("referee fault: cannot write the transcript"), std::string::npos) << out.void_reason;
  for (const auto& s : out.seats) EXPECT_EQ(s.verdict, dtref::Verdict::Ok);
}

TEST(RefereeTranscript, UnwritableTranscriptIsAUsageError) {
  EXPECT_THROW(dtref::run_match(selfplay(1, "/nonexistent-dir/x.jsonl")), std::invalid_argument);
}

}  // namespace
