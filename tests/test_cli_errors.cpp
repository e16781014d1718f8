// Command-line mistakes exit 2 with a did-you-mean, for every subcommand
// (CLI11's own codes 106 and 109 must not leak out); --help still exits 0.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

#include "test_util.hpp"

using dtref_test::contains;

namespace {

struct CliRun {
  int code = -1;
  std::string err;
};

CliRun dtref(const std::string& args) {
  const std::string cmd = std::string(DTREF_BIN) + " " + args + " 2>&1 >/dev/null";
  FILE* p = ::popen(cmd.c_str(), "r");
  CliRun r;
  std::array<char, 4096> buf{};
  size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.err.append(buf.data(), n);
  const int status = ::pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

}  // namespace

TEST(CliErrors, MisspeltOptionExits2WithTheNearestOption) {
  const CliRun r = dtref("tournament --bot builtin:random --bot builtin:greedy --dbb x.db");
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, "'--dbb' is not an option of dtref tournament")) << r.err;
  EXPECT_TRUE(contains(r.err, "did you mean '--db'?")) << r.err;
  EXPECT_TRUE(contains(r.err, "dtref tournament --help")) << r.err;
}

TEST(CliErrors, EverySubcommandReportsTheSameWay) {
  for (const char* args : {"match --bott builtin:random", "standings --db x.db --jsn", "merge --hlep out.db in.db",
                           "replay --verfy t.jsonl", "selfplay --gamez 3"}) {
    const CliRun r = dtref(args);
    EXPECT_EQ(r.code, 2) << args << ": " << r.err;
    EXPECT_TRUE(contains(r.err, "did you mean")) << args << ": " << r.err;
  }
}

TEST(CliErrors, MissingRequiredOptionExits2) {
  const CliRun r = dtref("standings");
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, "--db is required")) << r.err;
}

TEST(CliErrors, MisspeltCommandNamesTheNearestCommand) {
  const CliRun r = dtref("tournamnet --db x");
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, "did you mean 'tournament'?")) << r.err;
}

TEST(CliErrors, BadValueExits2) {
  const CliRun r = dtref("tournament --rounds many --db x.db");
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, "--rounds")) << r.err;
}

TEST(CliErrors, HelpStillExits0) {
  EXPECT_EQ(dtref("--help").code, 0);
  EXPECT_EQ(dtref("tournament --help").code, 0);
}
