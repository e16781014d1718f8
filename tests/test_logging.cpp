// The diagnostic log (dtref/logging.hpp, docs/ladder.md "Logs"): every
// diagnostic line of the referee, tournament and ladder libraries goes through
// it; JSON records name each match; the file is rotated by size and private.
#include <sys/stat.h>
#include <sys/wait.h>

#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "dtref/logging.hpp"
#include "dtref/tournament/store.hpp"
#include "test_util.hpp"

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using dtref_test::contains;
using dtref_test::read_lines;
using dtref_test::slurp;

struct CmdResult {
  int code = -1;
  std::string out, err;
};

CmdResult dtref(const std::string& args, const dtref_test::TempDir& dir) {
  const std::string cmd = std::string(DTREF_BIN) + " " + args + " >" + dir.file("out") + " 2>" + dir.file("err");
  const int st = std::system(cmd.c_str());
  return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, slurp(dir.file("out")), slurp(dir.file("err"))};
}

std::string mock(const std::string& args) {
  return std::string("stdio:") + DTREF_PYTHON + " " + DTREF_MOCKBOTS_DIR + "/mockbot.py " + args;
}

unsigned mode_of(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 ? st.st_mode & 0777 : 0;
}

// C++ source without its comments, string and character literals, so that
// only code is searched.
std::string code_only(const std::string& src) {
  std::string out;
  for (size_t i = 0; i < src.size(); ++i) {
    if (src.compare(i, 2, "//") == 0) {
      while (i < src.size() && src[i] != '\n') ++i;
      out += '\n';
    } else if (src.compare(i, 2, "/*") == 0) {
      const size_t end = src.find("*/", i + 2);
      i = end == std::string::npos ? src.size() : end + 1;
      out += ' ';
    } else if (src[i] == 'R' && i + 1 < src.size() && src[i + 1] == '"') {
      const size_t open = src.find('(', i);
      const std::string close = ")" + src.substr(i + 2, open - i - 2) + "\"";
      const size_t end = src.find(close, open);
      i = end == std::string::npos ? src.size() : end + close.size() - 1;
      out += "\"\"";
    } else if (src[i] == '"' || (src[i] == '\'' && !(i > 0 && std::isxdigit(static_cast<unsigned char>(src[i - 1]))))) {
      const char q = src[i];
      for (++i; i < src.size() && src[i] != q; ++i)
        if (src[i] == '\\') ++i;
      out += "\"\"";
    } else {
      out += src[i];
    }
  }
  return out;
}

// Writes to standard error other than through the logger: the stream by name,
// iostream's error streams, perror, or file descriptor 2 itself.
const std::regex kStderrWrite(R"(\bstderr\b|\bstd::cerr\b|\bstd::clog\b|\bperror\s*\(|\bSTDERR_FILENO\b|\b(write|dprintf)\s*\(\s*2\s*,)");

TEST(Logging, TheServiceLibrariesWriteNoStderrOutsideTheLogger) {
  const fs::path root = DTREF_SOURCE_DIR;
  std::vector<std::string> stray;
  int files = 0;
  for (const char* dir : {"referee/lib", "tournament/src", "tournament/include", "ladder/src", "ladder/include"})
    for (const auto& e : fs::recursive_directory_iterator(root / dir)) {
      const std::string ext = e.path().extension();
      if (ext != ".cpp" && ext != ".hpp") continue;
      ++files;
      // The logger's own sink is the one place that writes there.
      if (e.path().filename() == "logging.cpp") continue;
      std::istringstream code(code_only(slurp(e.path())));
      int n = 0;
      for (std::string line; std::getline(code, line);) {
        ++n;
        std::smatch m;
        // The regex only where a word of it is: std::regex is slow on whole files.
        const bool maybe = line.find("err") != std::string::npos || line.find("clog") != std::string::npos ||
                           line.find("ERR") != std::string::npos || line.find("2") != std::string::npos;
        if (maybe && std::regex_search(line, m, kStderrWrite))
          stray.push_back(fs::relative(e.path(), root).string() + ":" + std::to_string(n) + ": " + m.str());
      }
    }
  EXPECT_GT(files, 40);  // the directories were found
  std::string list;
  for (const std::string& s : stray) list += "\n  " + s;
  EXPECT_TRUE(stray.empty()) << "write through dtref::logging (or RunOptions/ServiceOptions::progress for progress "
                                "lines) instead:" << list;
}

TEST(Logging, TheStrayWriteCheckSeesWhatItLooksFor) {
  // The scan above can fail: each form is found in code, none in comments or strings.
  for (const char* src : {"fmt::print(stderr, \"x\");", "std::cerr << 1;", "perror(\"x\");", "::write(2, b, n);",
                          "std::fputs(s, stderr);", "::write(STDERR_FILENO, b, n);", "std::clog << 2;"})
    EXPECT_TRUE(std::regex_search(code_only(src), kStderrWrite)) << src;
  for (const char* src : {"// fmt::print(stderr, x)", "/* std::cerr */", "f(\"to stderr\");", "stderr_tail();",
                          "o.stderr_path = p;", "R\"(stderr)\";", "::write(fd, b, n);"})
    EXPECT_FALSE(std::regex_search(code_only(src), kStderrWrite)) << src;
}

// A short tournament with a bot that crashes: the JSON log names every match's
// start and finish by its key, the crash's verdict by its seat, and no seed;
// nothing else reaches standard error; the file is its owner's alone.
TEST(Logging, AJsonLogOfATournamentNamesEveryMatchStartAndFinish) {
  dtref_test::TempDir dir("dtref_log_");
  const std::string db = dir.file("t.db"), log = dir.file("t.log");
  const CmdResult r = dtref("tournament --bot builtin:random --bot greedy=builtin:greedy --bot 'crashy=" +
                                mock("crash --at 3") + "' --rounds 1 -j 2 --quiet --db " + db + " --log-file " + log +
                                " --log-format json",
                            dir);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(r.err, "") << "a diagnostic line outside the log file";
  EXPECT_EQ(mode_of(log), 0600u) << std::oct << mode_of(log);

  std::vector<dtref::tour::MatchRecord> matches;
  {
    dtref::tour::Store store(db);
    matches = store.matches();
  }
  ASSERT_EQ(matches.size(), 6u);  // three bots, one seat-swapped pair each
  std::map<std::string, int> started, finished;
  int crash_verdicts = 0;
  const std::string text = slurp(log);
  for (const std::string& line : read_lines(log)) {
    const json j = json::parse(line, nullptr, false);
    ASSERT_TRUE(j.is_object()) << line;
    for (const char* key : {"time", "level", "component", "message"}) ASSERT_TRUE(j.contains(key)) << key << ": " << line;
    EXPECT_TRUE(std::regex_match(j["time"].get<std::string>(), std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)")))
        << line;
    const std::string msg = j["message"];
    if (msg.rfind("match started", 0) == 0) ++started[j.value("match", "")];
    if (msg.rfind("match finished", 0) == 0) ++finished[j.value("match", "")];
    if (msg.rfind("verdict crash", 0) == 0) {
      ++crash_verdicts;
      EXPECT_EQ(j["level"], "info") << line;
      EXPECT_TRUE(j.contains("seat")) << line;
    }
  }
  for (const auto& m : matches) {
    EXPECT_EQ(started[m.plan.key()], 1) << m.plan.key() << "\n" << text;
    EXPECT_EQ(finished[m.plan.key()], 1) << m.plan.key() << "\n" << text;
    // A seed is never logged (it is secret while its match or its pair's other leg runs).
    EXPECT_FALSE(contains(text, std::to_string(m.plan.seed))) << m.plan.key();
  }
  EXPECT_EQ(started.size(), matches.size()) << text;
  EXPECT_EQ(crash_verdicts, 4) << text;  // crashy plays four matches and crashes in each
}

TEST(Logging, TheLogFileIsRotatedBySizeAndKeepsItsCount) {
  dtref_test::TempDir dir("dtref_log_");
  const std::string base = dir.file("svc.log");
  {
    // An old file readable by others becomes private.
    std::ofstream(base) << "an older run\n";
    ::chmod(base.c_str(), 0644);
  }
  dtref::logging::Settings s;
  s.file = base;
  s.max_mb = 2.0 / 1024;  // 2 KiB
  s.keep = 2;
  s.level = "debug";
  dtref::logging::setup(s);
  for (int i = 0; i < 200; ++i)
    dtref::logging::debug({"test", "r001-p001-l1", 0}, "record {:03} of a rotation test, padded to about a hundred bytes", i);
  dtref::logging::trace({"test"}, "below the level: never written");
  const std::vector<std::string> files = dtref::logging::files();
  dtref::logging::setup({});  // back to standard error before anything can fail

  const std::string r1 = dir.file("svc.1.log"), r2 = dir.file("svc.2.log"), r3 = dir.file("svc.3.log");
  EXPECT_EQ(files, (std::vector<std::string>{base, r1, r2}));
  EXPECT_FALSE(fs::exists(r3)) << "more rotated files than --log-keep";
  size_t records = 0;
  for (const std::string& f : {base, r1, r2}) {
    ASSERT_TRUE(fs::exists(f)) << f;
    EXPECT_LE(fs::file_size(f), 2048u) << f;
    EXPECT_EQ(mode_of(f), 0600u) << f;
    for (const std::string& l : read_lines(f)) {
      EXPECT_TRUE(std::regex_match(l, std::regex(R"(\S+Z debug test r001-p001-l1 s0: record \d{3} of .*)"))) << l;
      ++records;
    }
    EXPECT_FALSE(contains(slurp(f), "never written"));
  }
  EXPECT_TRUE(contains(slurp(base), "record 199")) << "the newest record is in the current file";
  const std::string before = fmt::format("record {:03} ", 199 - read_lines(base).size());
  EXPECT_TRUE(contains(slurp(r1), before)) << "svc.1.log holds the ones before: " << before;
  EXPECT_GT(records, 30u);
  EXPECT_LT(records, 200u);  // the oldest went with the rotation
}

TEST(Logging, SettingsAreCheckedBeforeAnythingIsWritten) {
  dtref::logging::Settings s;
  s.level = "loud";
  EXPECT_TRUE(contains(dtref::logging::settings_problem(s).value_or(""), "--log-level 'loud'"));
  s = {};
  s.format = "xml";
  EXPECT_TRUE(contains(dtref::logging::settings_problem(s).value_or(""), "--log-format"));
  s = {};
  s.max_mb = 0;
  EXPECT_TRUE(contains(dtref::logging::settings_problem(s).value_or(""), "--log-max-mb"));
  s = {};
  s.keep = -1;
  EXPECT_TRUE(contains(dtref::logging::settings_problem(s).value_or(""), "--log-keep"));
  EXPECT_FALSE(dtref::logging::settings_problem({}));
}

// The options on the command line and in the configs; dtref match logs
// warnings only unless asked.
TEST(Logging, OptionsAndConfigKeysSetTheLog) {
  dtref_test::TempDir dir("dtref_log_");
  const CmdResult quiet = dtref("match --bot builtin:random --bot builtin:random", dir);
  ASSERT_EQ(quiet.code, 0) << quiet.err;
  EXPECT_EQ(quiet.err, "");
  const CmdResult told = dtref("match --bot builtin:random --bot builtin:random --log-level info", dir);
  ASSERT_EQ(told.code, 0) << told.err;
  EXPECT_TRUE(contains(told.err, " info  referee m-")) << told.err;
  EXPECT_TRUE(contains(told.err, ": match finished: ")) << told.err;
  const CmdResult bad = dtref("match --log-level loud", dir);
  EXPECT_EQ(bad.code, 2);
  EXPECT_TRUE(contains(bad.err, "--log-level 'loud'")) << bad.err;

  for (const char* command : {"match", "tournament", "ladder"}) {
    const CmdResult help = dtref(std::string(command) + " --help", dir);
    for (const char* opt : {"--log-level", "--log-file", "--log-max-mb", "--log-keep", "--log-format"})
      EXPECT_TRUE(contains(help.out, opt)) << command << " " << opt;
  }

  const std::string log = dir.file("cfg.log");
  std::ofstream(dir.file("t.toml")) << "db = \"" << dir.file("t.db") << "\"\nbots = [\"builtin:random\", \"builtin:greedy\"]\n"
                                    << "[log]\nlevel = \"debug\"\nfile = \"" << log << "\"\nformat = \"json\"\nmax_mb = 1\nkeep = 1\n";
  const CmdResult t = dtref("tournament --quiet --config " + dir.file("t.toml"), dir);
  ASSERT_EQ(t.code, 0) << t.err;
  const std::string text = slurp(log);
  EXPECT_TRUE(contains(text, "\"level\":\"debug\"")) << text.substr(0, 2000);
  EXPECT_TRUE(contains(text, "as clocked")) << "each decision's timing at debug";

  std::ofstream(dir.file("bad.toml")) << "bots = [\"builtin:random\", \"builtin:greedy\"]\n[log]\nlevle = \"debug\"\n";
  const CmdResult b = dtref("ladder --config " + dir.file("bad.toml") + " --db " + dir.file("l.db"), dir);
  EXPECT_EQ(b.code, 2);
  EXPECT_TRUE(contains(b.err, "unknown key 'levle' in [log] (did you mean 'level'?)")) << b.err;
}

}  // namespace
