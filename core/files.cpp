#include "core/files.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include <fmt/format.h>

namespace junqi {

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(fmt::format("cannot read '{}'", path));
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

namespace {
// Removes the temporary file (nothing already saved is touched) and throws `message`.
[[noreturn]] void abandon(const std::string& tmp, const std::string& message) {
  std::error_code ignored;
  std::filesystem::remove(tmp, ignored);
  throw std::runtime_error(message);
}

// "cannot write PATH: No space left on device": the file the caller asked
// for (not its temporary name) and the system's reason.
std::string cannotWrite(const std::string& path, int error) {
  return fmt::format("cannot write {}: {}", path, std::strerror(error));
}

// Writes all of `contents` to `fd`; returns 0 or the errno of the failure.
int writeAll(int fd, const std::string& contents) {
  for (std::size_t done = 0; done < contents.size();) {
    const ssize_t n = ::write(fd, contents.data() + done, contents.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return errno;
    if (n == 0) return EIO;
    done += static_cast<std::size_t>(n);
  }
  return 0;
}

void writeThrough(const std::string& tmp, const std::string& path, const std::string& contents) {
  // POSIX calls rather than a stream: a stream loses the reason (errno) a write failed.
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw std::runtime_error(cannotWrite(path, errno));
  int error = writeAll(fd, contents);
  if (::close(fd) != 0 && error == 0) error = errno;  // some file systems report a full disk only here
  if (error != 0) abandon(tmp, cannotWrite(path, error));
  std::error_code renameError;
  std::filesystem::rename(tmp, path, renameError);
  if (renameError)
    abandon(tmp, fmt::format("cannot rename '{}' to '{}': {}", tmp, path, renameError.message()));
}
}  // namespace

void writeFileAtomically(const std::string& path, const std::string& contents) {
  writeThrough(path + ".tmp", path, contents);
}

void writeSharedFileAtomically(const std::string& path, const std::string& contents) {
  static std::atomic<unsigned> written{0};
  writeThrough(fmt::format("{}.tmp.{}.{}", path, ::getpid(), written++), path, contents);
}

}  // namespace junqi
