// Small helpers the test files share: temporary files, reading lines,
// catching an error's text.
#pragma once

#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <exception>
#include <filesystem>
#include <functional>
#include <fstream>
#include <string>
#include <vector>

namespace dtref_test {

// A fresh path for a file named `name` (any old file there is removed) in one
// temporary directory per test process, removed when the process ends.
inline std::string temp_path(const std::string& name) {
  namespace fs = std::filesystem;
  static const struct Dir {
    fs::path path = fs::temp_directory_path() / ("dtref-test-" + std::to_string(::getpid()));
    ~Dir() {
      std::error_code ec;
      fs::remove_all(path, ec);
    }
  } tmp;
  fs::create_directories(tmp.path);
  const fs::path p = tmp.path / name;
  fs::remove(p);
  return p.string();
}

// The lines of a text file (none if it cannot be read).
inline std::vector<std::string> read_lines(const std::string& path) {
  std::vector<std::string> out;
  std::ifstream in(path);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

// A fresh directory for one test, named after it, removed afterwards.
struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& prefix) {
    path = std::filesystem::temp_directory_path() /
           (prefix + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  std::string file(const std::string& name) const { return (path / name).string(); }
};

// The message of the exception `f` throws; "" if it throws none.
inline std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

inline bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// The shell command that has headless Chromium load `url` and print the DOM
// it built, with a fresh profile in `profile_dir` and nothing fetched from
// the network on its own account. Runs as root (as CI does).
inline std::string chromium_dump_dom_command(const std::string& url, const std::string& profile_dir) {
  return "exec chromium --headless --no-sandbox --disable-gpu --disable-background-networking "
         "--disable-component-update --disable-sync --no-first-run --user-data-dir=" +
         profile_dir + " --dump-dom '" + url + "'";
}

inline bool have_chromium() { return ::system("command -v chromium >/dev/null 2>&1") == 0; }

}  // namespace dtref_test
