// LineReader: how a bot's stdout becomes lines (referee/lib/line_reader.hpp).
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "dtref/line_reader.hpp"

namespace {

struct Got {
  std::vector<std::string> lines;
  std::vector<bool> overlong;
};

Got read_all(dtref::LineReader& r) {
  Got g;
  std::string line;
  bool over = false;
  while (r.next(&line, &over)) g.lines.push_back(line), g.overlong.push_back(over);
  return g;
}

TEST(LineReader, SplitsLinesStripsCarriageReturnsAndSkipsBlanks) {
  dtref::LineReader r(100);
  r.append("a\r\n\n  \t\nb", 9);
  Got g = read_all(r);
  EXPECT_EQ(g.lines, (std::vector<std::string>{"a"}));
  r.append("c\n", 2);
  g = read_all(r);
  EXPECT_EQ(g.lines, (std::vector<std::string>{"bc"}));
  EXPECT_EQ(r.buffered(), 0u);
}

TEST(LineReader, AnOverlongLineIsReportedOnceAndItsRestDropped) {
  dtref::LineReader r(10);
  r.append(std::string(25, 'x').data(), 25);  // no newline yet: over the cap already
  Got g = read_all(r);
  ASSERT_EQ(g.lines.size(), 1u);
  EXPECT_TRUE(g.overlong[0]);
  r.append("yyy\nok\n", 7);  // the tail of the long line, then a good one
  g = read_all(r);
  EXPECT_EQ(g.lines, (std::vector<std::string>{"ok"}));
  EXPECT_FALSE(g.overlong[0]);
  r.append((std::string(11, 'z') + "\nfine\n").data(), 17);  // over by one, complete
  g = read_all(r);
  ASSERT_EQ(g.lines.size(), 2u);
  EXPECT_TRUE(g.overlong[0]);
  EXPECT_EQ(g.lines[1], "fine");
}

TEST(LineReader, AMegabyteOfEmptyLinesIsReadInOnePass) {
  // Erasing each consumed line from the front made this quadratic: minutes of
  // referee time outside any clock.
  dtref::LineReader r(1 << 20);
  const std::string flood(4 << 20, '\n');
  r.append(flood.data(), flood.size());
  std::string line;
  bool over = false;
  EXPECT_FALSE(r.next(&line, &over));
  EXPECT_EQ(r.buffered(), 0u);
  r.append("{}\n", 3);
  EXPECT_TRUE(r.next(&line, &over));
  EXPECT_EQ(line, "{}");
}

}  // namespace
