#include "server/match_watch.h"

#include <algorithm>
#include <filesystem>
#include <string_view>

#include <fmt/format.h>

#include "core/files.h"
#include "server/http_util.h"

namespace junqi::server {

namespace fs = std::filesystem;

std::vector<std::string> recordNames(const std::string& dir) {
  std::vector<std::string> names;
  std::error_code error;
  if (dir.empty() || !fs::is_directory(dir, error)) return names;
  for (const auto& entry : fs::directory_iterator(dir, error))
    if (entry.is_regular_file(error) && entry.path().extension() == ".jqr") names.push_back(entry.path().filename());
  std::sort(names.begin(), names.end());
  return names;
}

namespace {

// A file name's limit on the common file systems; a longer name is refused
// before anything else looks at it.
constexpr std::size_t kMaxRecordName = 255;

bool isWordCharacter(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

// [A-Za-z0-9_][A-Za-z0-9._-]*\.jqr checked character by character: no '/',
// so nothing outside the folder, and no leading '.'. Not std::regex, whose
// matcher recurses once a character: a name of some 30,000 overflowed the stack.
bool isPlainRecordName(std::string_view name) {
  constexpr std::string_view extension = ".jqr";
  if (name.size() <= extension.size() || !name.ends_with(extension) || !isWordCharacter(name.front())) return false;
  name.remove_suffix(extension.size());
  return std::all_of(name.begin(), name.end(), [](char c) { return isWordCharacter(c) || c == '.' || c == '-'; });
}

}  // namespace

std::string readRecordFile(const std::string& dir, const std::string& name) {
  if (name.size() > kMaxRecordName)
    throw ApiError(400, fmt::format("a record file name of {} characters is too long (at most {})", name.size(),
                                    kMaxRecordName));
  if (!isPlainRecordName(name)) throw ApiError(400, fmt::format("'{}' is not a record file name", name));
  if (dir.empty()) throw ApiError(404, "the server was started without that folder");
  const fs::path path = fs::path(dir) / name;
  std::error_code error;
  if (!fs::is_regular_file(path, error)) throw ApiError(404, fmt::format("no record '{}'", name));
  return readFile(path.string());
}

nlohmann::json matchSummary(const std::string& dir) {
  if (dir.empty()) throw ApiError(404, "the server watches no match (start it with --match DIR)");
  const fs::path root(dir);
  std::error_code error;
  const auto readIf = [&](const char* name) -> nlohmann::json {
    const fs::path path = root / name;
    return fs::is_regular_file(path, error) ? nlohmann::json(readFile(path.string())) : nlohmann::json(nullptr);
  };
  nlohmann::json out = {{"dir", dir},
                        {"table", readIf("ratings.txt")},
                        {"report", fs::is_regular_file(root / "report.svg", error)},
                        {"games", recordNames((root / "games").string())},
                        {"live", recordNames((root / "live").string())}};
  const auto changed = fs::last_write_time(root / "games", error);
  if (!error) out["changed"] = changed.time_since_epoch().count();
  return out;
}

}  // namespace junqi::server
