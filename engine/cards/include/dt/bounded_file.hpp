// Reading a file someone handed in (a scenario, a deck list, a config, a
// transcript) without letting it take the program down: a directory, a
// device such as /dev/zero or a FIFO is refused, and so is anything over the
// caller's cap, each with a message naming the file (docs/security.md,
// "Files handed in are validated").
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace dt {

struct FileRefused : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The whole of `path`, at most `cap` bytes. `what` names the file for people
// ("scenario file", "ladder config"). Throws FileRefused.
std::string read_bounded_file(const std::string& path, std::size_t cap, const std::string& what);

// Throws FileRefused unless `path` is a regular file of at most `cap` bytes.
void check_bounded_file(const std::string& path, std::size_t cap, const std::string& what);

}  // namespace dt
