// Bounded reads of files handed in (see bounded_file.hpp).
#include "dt/bounded_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace dt {

namespace {

std::string size_text(std::size_t n) {
  if (n >= (1u << 20) && n % (1u << 20) == 0) return std::to_string(n >> 20) + " MiB";
  if (n >= 1024 && n % 1024 == 0) return std::to_string(n >> 10) + " KiB";
  return std::to_string(n) + " bytes";
}

// Opens without blocking (a FIFO with no writer would hang the open itself)
// and checks what it is before reading a byte.
int open_checked(const std::string& path, std::size_t cap, const std::string& what) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) throw FileRefused(what + " '" + path + "': cannot be read (" + std::strerror(errno) + ")");
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    throw FileRefused(what + " '" + path + "': not a regular file (a directory, a device or a pipe is refused)");
  }
  if (std::size_t(st.st_size) > cap) {
    ::close(fd);
    throw FileRefused(what + " '" + path + "': larger than " + size_text(cap) + ", the most it may be");
  }
  return fd;
}

}  // namespace

void check_bounded_file(const std::string& path, std::size_t cap, const std::string& what) {
  ::close(open_checked(path, cap, what));
}

std::string read_bounded_file(const std::string& path, std::size_t cap, const std::string& what) {
  const int fd = open_checked(path, cap, what);
  std::string out;
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int err = errno;
      ::close(fd);
      throw FileRefused(what + " '" + path + "': cannot be read (" + std::strerror(err) + ")");
    }
    if (n == 0) break;
    if (out.size() + std::size_t(n) > cap) {  // it grew while being read
      ::close(fd);
      throw FileRefused(what + " '" + path + "': larger than " + size_text(cap) + ", the most it may be");
    }
    out.append(buf, std::size_t(n));
  }
  ::close(fd);
  return out;
}

}  // namespace dt
