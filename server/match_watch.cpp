#include "server/match_watch.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <string_view>

#include <fmt/format.h>

#include "core/files.h"
#include "server/http_util.h"

namespace junqi::server {

namespace fs = std::filesystem;

namespace {

// The records of the three games: classic, Flip Junqi, four-player.
constexpr std::array<std::string_view, 3> kRecordExtensions = {".jqr", ".jqf", ".jq4"};

bool isRecordExtension(std::string_view extension) {
  return std::find(kRecordExtensions.begin(), kRecordExtensions.end(), extension) != kRecordExtensions.end();
}

// A file name's limit on the common file systems; a longer name is refused
// before anything else looks at it.
constexpr std::size_t kMaxRecordName = 255;

bool isWordCharacter(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

// [A-Za-z0-9_][A-Za-z0-9._-]*\.(jqr|jqf|jq4) checked character by character:
// no '/', so nothing outside the folder, and no leading '.'. Not std::regex, whose
// matcher recurses once a character: a name of some 30,000 overflowed the stack.
bool isPlainRecordName(std::string_view name) {
  constexpr std::size_t extension = 4;  // ".jqr", ".jqf", ".jq4"
  if (name.size() <= extension || !isRecordExtension(name.substr(name.size() - extension)) ||
      !isWordCharacter(name.front()))
    return false;
  name.remove_suffix(extension);
  return std::all_of(name.begin(), name.end(), [](char c) { return isWordCharacter(c) || c == '.' || c == '-'; });
}

}  // namespace

std::vector<std::string> recordNames(const std::string& dir) {
  std::vector<std::string> names;
  std::error_code error;
  if (dir.empty() || !fs::is_directory(dir, error)) return names;
  for (const auto& entry : fs::directory_iterator(dir, error))
    if (entry.is_regular_file(error) && isRecordExtension(entry.path().extension().string()))
      names.push_back(entry.path().filename());
  std::sort(names.begin(), names.end());
  return names;
}

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
                        {"teamTable", readIf("team-ratings.txt")},  // a four-player match with mixed teams
                        {"report", fs::is_regular_file(root / "report.svg", error)},
                        {"games", recordNames((root / "games").string())},
                        {"live", recordNames((root / "live").string())}};
  const auto changed = fs::last_write_time(root / "games", error);
  if (!error) out["changed"] = changed.time_since_epoch().count();
  return out;
}

}  // namespace junqi::server
