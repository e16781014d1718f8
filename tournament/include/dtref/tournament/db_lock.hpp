// One writer per results database. Two processes playing into the same store
// play matches twice and write transcripts over each other; the second one is
// refused instead.
//
// Why flock(2) on the database file itself: the kernel drops the lock when
// the holder's last descriptor closes, which includes a SIGKILL or a crash, so
// no stale lock file is ever left to clean up by hand; and flock locks are
// independent of the fcntl byte-range locks SQLite takes on the same file.
// Readers (standings, reports) do not take it. Local filesystems only: on
// NFS, flock may be emulated with fcntl locks or not enforced between hosts.
#pragma once

#include <string>

#include "dtref/tournament/store.hpp"

namespace dtref::tour {

class DbLock {
 public:
  // Creates the file (owner-only, as it holds the tournament's secret seed
  // key) if it does not exist, and takes its exclusive lock without waiting.
  // Throws DbBusy when another process holds it, StoreError when the file
  // cannot be opened. `command` names the caller in messages ("dtref tournament").
  DbLock(const std::string& db_path, const std::string& command);
  ~DbLock();
  DbLock(const DbLock&) = delete;
  DbLock& operator=(const DbLock&) = delete;

 private:
  int fd_ = -1;
};

struct DbBusy : StoreError {
  using StoreError::StoreError;
};

}  // namespace dtref::tour
