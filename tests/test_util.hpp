// Small helpers the test files share: temporary files, reading lines,
// catching an error's text.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <chrono>
#include <exception>
#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

// How many times longer a test waits for another process in a sanitized build
// (tests/CMakeLists.txt defines it there): code runs several times slower
// under AddressSanitizer or ThreadSanitizer, and a loaded CI machine slower
// still. A longer wait costs nothing when the process is on time.
#ifndef DTREF_TEST_SLOWDOWN
#define DTREF_TEST_SLOWDOWN 1
#endif

namespace dtref_test {

inline constexpr int kSlowdown = DTREF_TEST_SLOWDOWN;

// `limit`, stretched for a sanitized build.
template <class Duration>
constexpr Duration patient(Duration limit) {
  return limit * kSlowdown;
}

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

// A fresh directory for one test, named after it, removed afterwards; under /tmp unless `base` says
// otherwise (a sandboxed bot has a /tmp of its own, so a file it must see elsewhere lies outside it).
struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& prefix,
                   const std::filesystem::path& base = std::filesystem::temp_directory_path()) {
    path = base /
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

// The whole of a file ("" if it cannot be read).
inline std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Starts a program with stdout and stderr sent to files and `env` added to
// its environment; returns its pid (the caller waits for it).
inline pid_t spawn(const std::vector<std::string>& argv, const std::string& out, const std::string& err,
                   const std::vector<std::string>& env = {}) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(o, 1);
    ::dup2(e, 2);
    for (const std::string& kv : env) ::putenv(const_cast<char*>(kv.c_str()));
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  return pid;
}

// Waits up to `limit` for `pid` to exit: its exit status, -1 when a signal
// ended it, -2 when it was still running (it is then killed).
inline int wait_exit(pid_t pid, std::chrono::seconds limit) {
  const auto until = std::chrono::steady_clock::now() + limit;
  int status = 0;
  while (std::chrono::steady_clock::now() < until) {
    if (::waitpid(pid, &status, WNOHANG) == pid) return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ::kill(pid, SIGKILL);
  ::waitpid(pid, &status, 0);
  return -2;
}

// Waits up to `limit` for `pid` to stop (SIGSTOP); false if it exited or did not stop in time.
inline bool wait_stopped(pid_t pid, std::chrono::seconds limit) {
  const auto until = std::chrono::steady_clock::now() + limit;
  int status = 0;
  while (std::chrono::steady_clock::now() < until) {
    const pid_t got = ::waitpid(pid, &status, WNOHANG | WUNTRACED);
    if (got == pid) return WIFSTOPPED(status);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

inline bool have_chromium() { return ::system("command -v chromium >/dev/null 2>&1") == 0; }

}  // namespace dtref_test
