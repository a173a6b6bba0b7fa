#include "core/files.h"

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
}  // namespace

void writeFileAtomically(const std::string& path, const std::string& contents) {
  const std::string tmp = path + ".tmp";
  std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
  if (!out) throw std::runtime_error(fmt::format("cannot write '{}'", tmp));
  out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
  out.close();
  if (!out) abandon(tmp, fmt::format("writing '{}' failed", tmp));
  std::error_code error;
  std::filesystem::rename(tmp, path, error);
  if (error) abandon(tmp, fmt::format("cannot rename '{}' to '{}': {}", tmp, path, error.message()));
}

}  // namespace junqi
