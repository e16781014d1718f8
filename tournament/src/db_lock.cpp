#include "dtref/tournament/db_lock.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace dtref::tour {

DbLock::DbLock(const std::string& db_path, const std::string& command) {
  fd_ = ::open(db_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd_ < 0)
    throw StoreError(fmt::format("cannot open results store '{}': {} (check the path and its directory)", db_path,
                                 std::strerror(errno)));
  int rc;
  while ((rc = ::flock(fd_, LOCK_EX | LOCK_NB)) != 0 && errno == EINTR) {
  }
  if (rc == 0) return;
  const int err = errno;
  ::close(fd_);
  fd_ = -1;
  if (err == EWOULDBLOCK)
    throw DbBusy(fmt::format(
        "'{}' is in use: another dtref process is writing to it. Two writers would play matches twice and overwrite "
        "each other's transcripts. Wait for it to finish (or stop it), then run {} again: it resumes where the "
        "other one stopped.",
        db_path, command));
  throw StoreError(fmt::format("cannot lock results store '{}': {}", db_path, std::strerror(err)));
}

DbLock::~DbLock() {
  if (fd_ >= 0) ::close(fd_);  // closing the last descriptor releases the lock
}

}  // namespace dtref::tour
