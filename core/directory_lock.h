// One process at a time in a match or training-run directory. Two processes
// writing one directory overwrite each other's files unnoticed: a match's
// game record then disagrees with its games.pgn (experiments/flip-equal-cpu's
// World at Play match has one such record). The lock is flock(2) on
// DIR/.lock: the kernel drops it when the process ends, killed or not, so a
// crashed run never leaves a stale lock behind.
#pragma once

#include <string>

namespace junqi {

class DirectoryLock {
 public:
  // Creates `dir` if needed and takes its lock; throws std::runtime_error
  // ("DIR is in use by another junqi process (pid N): ...") when another
  // process holds it. `what` names the directory's kind in that message.
  DirectoryLock(const std::string& dir, const std::string& what);
  ~DirectoryLock();
  DirectoryLock(const DirectoryLock&) = delete;
  DirectoryLock& operator=(const DirectoryLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace junqi
