// Small file helpers the referee's tests share.
#pragma once

#include <unistd.h>

#include <filesystem>
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

}  // namespace dtref_test
