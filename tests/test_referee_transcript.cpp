// Transcripts: self-play transcripts all verify; a tampered one is caught and
// the divergence located; a transcript cut short mid-match is still readable.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <algorithm>
#include <fstream>
#include <iterator>
#include <set>

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

// A decision line is only evidence with the hash of the position it led to.
TEST(RefereeTranscript, ADecisionLineWithoutItsHashFailsVerification) {
  const std::string p = temp_path("nohash.jsonl");
  dtref::run_match(selfplay(9, p));
  ASSERT_TRUE(dtref::replay_transcript(p, false).verified);
  auto lines = read_lines(p);
  int n = 0;
  for (auto& l : lines) {
    if (l.find("\"type\":\"decision\"") == std::string::npos || ++n != 5) continue;
    const size_t h = l.find(",\"hash\":\"");
    ASSERT_NE(h, std::string::npos) << l;
    l.erase(h, l.find('"', h + 9) + 1 - h);
  }
  write_lines(p, lines);
  const auto rep = dtref::replay_transcript(p, false);
  EXPECT_FALSE(rep.verified);
  EXPECT_EQ(rep.problem.find("line "), 0u) << rep.problem;
  EXPECT_NE(rep.problem.find("(decision 5): the decision line has no \"hash\""), std::string::npos) << rep.problem;
}

// A ".zst" transcript is compressed, replays like a plain one, and a copy cut
// short (a referee killed mid-match) still replays up to where it stops.
TEST(RefereeTranscript, ACompressedTranscriptReplaysAndSurvivesACut) {
  const std::string plain = temp_path("plain.jsonl"), packed = temp_path("packed.jsonl.zst");
  dtref::run_match(selfplay(12, plain));
  const auto out = dtref::run_match(selfplay(12, packed));
  ASSERT_FALSE(out.voided);
  const auto rep = dtref::replay_transcript(packed, false);
  EXPECT_TRUE(rep.verified) << rep.problem;
  EXPECT_TRUE(rep.complete);
  EXPECT_EQ(rep.decisions, out.decisions);
  const auto plain_size = fs::file_size(plain), packed_size = fs::file_size(packed);
  EXPECT_LT(packed_size * 3, plain_size) << packed_size << " compressed bytes against " << plain_size;
  // The text is the plain transcript's, but for the match id and the times.
  const auto text = dtref::read_transcript_text(packed);
  ASSERT_TRUE(text.has_value());
  EXPECT_EQ(text->rfind("{\"type\":\"header\"", 0), 0u);
  EXPECT_EQ(std::count(text->begin(), text->end(), '\n'), std::ptrdiff_t(read_lines(plain).size()));
  // Cut in the middle: what was flushed before the cut still replays.
  std::string bytes;
  {
    std::ifstream in(packed, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  {
    std::ofstream cut(packed, std::ios::binary | std::ios::trunc);
    cut.write(bytes.data(), std::streamsize(bytes.size() / 2));
  }
  const auto half = dtref::replay_transcript(packed, false);
  EXPECT_TRUE(half.readable);
  EXPECT_TRUE(half.verified) << half.problem;
  EXPECT_FALSE(half.complete);
  EXPECT_GT(half.decisions, 10);
  // Corrupt bytes are an error, not a shorter game.
  bytes[bytes.size() / 2] = char(bytes[bytes.size() / 2] ^ 0x5A);
  bytes[bytes.size() / 2 + 1] = char(bytes[bytes.size() / 2 + 1] ^ 0x5A);
  {
    std::ofstream bad(packed, std::ios::binary | std::ios::trunc);
    bad.write(bytes.data(), std::streamsize(bytes.size()));
  }
  EXPECT_FALSE(dtref::replay_transcript(packed, false).verified);
}

// Every line a match writes has a type the reader knows, and the header comes first.
TEST(RefereeTranscript, EveryWrittenLineTypeIsOneTheReaderKnows) {
  const std::string p = temp_path("types.jsonl");
  dtref::run_match(selfplay(6, p));
  std::set<dtref::LineType> seen;
  for (const auto& l : read_lines(p)) {
    const auto j = nlohmann::ordered_json::parse(l);
    ASSERT_EQ(j.begin().key(), "type") << l;
    const auto t = dtref::line_type_by_name(j["type"].get<std::string>());
    ASSERT_TRUE(t.has_value()) << l;
    EXPECT_EQ(dtref::to_string(*t), j["type"].get<std::string>());
    if (seen.empty()) {
      EXPECT_EQ(*t, dtref::LineType::Header);
    }
    seen.insert(*t);
  }
  for (auto t : {dtref::LineType::Header, dtref::LineType::Ready, dtref::LineType::Decision, dtref::LineType::Event,
                 dtref::LineType::Result})
    EXPECT_TRUE(seen.count(t)) << dtref::to_string(t);
  EXPECT_FALSE(dtref::line_type_by_name("rules").has_value());
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
