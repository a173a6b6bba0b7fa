#include "core/directory_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

namespace junqi {

namespace {
// The pid the holder wrote into the lock file, for the message ("" if none).
std::string holderOf(int fd) {
  char text[32] = {};
  const ssize_t n = ::pread(fd, text, sizeof text - 1, 0);
  std::string pid(text, n > 0 ? static_cast<std::size_t>(n) : 0);
  while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
  return pid;
}
}  // namespace

DirectoryLock::DirectoryLock(const std::string& dir, const std::string& what) {
  std::filesystem::create_directories(dir);
  const std::string path = (std::filesystem::path(dir) / ".lock").string();
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) throw std::runtime_error(fmt::format("cannot open {}: {}", path, std::strerror(errno)));
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int error = errno;
    const std::string pid = holderOf(fd_);
    ::close(fd_);
    if (error != EWOULDBLOCK)
      throw std::runtime_error(fmt::format("cannot lock {}: {}", path, std::strerror(error)));
    throw std::runtime_error(fmt::format(
        "{} is in use by another junqi process{}: one {} at a time writes there; wait for it or use another "
        "directory",
        dir, pid.empty() ? "" : fmt::format(" (pid {})", pid), what));
  }
  // The holder's pid, for another process's message; the lock holds without it.
  const std::string pid = fmt::format("{}\n", ::getpid());
  [[maybe_unused]] const bool written =
      ::ftruncate(fd_, 0) == 0 && ::pwrite(fd_, pid.data(), pid.size(), 0) == static_cast<ssize_t>(pid.size());
}

DirectoryLock::~DirectoryLock() {
  if (fd_ < 0) return;
  // No pid left behind to be shown as the holder's while another (say, flock(1)) holds it.
  [[maybe_unused]] const bool emptied = ::ftruncate(fd_, 0) == 0;
  ::close(fd_);  // closing the only descriptor releases the flock
}

}  // namespace junqi
