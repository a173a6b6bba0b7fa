#include "tools/best_network.h"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

namespace junqi::tools {

std::string bestNetworkPath(std::string_view game) {
  namespace fs = std::filesystem;
  const std::string file = std::string(game) + ".jqw";
  std::vector<fs::path> places;
  if (const char* dir = std::getenv("JUNQI_BEST_NETWORKS"); dir && *dir) {
    places.push_back(fs::path(dir) / file);  // the user's choice is the only place looked at
  } else {
    std::error_code error;
    const fs::path self = fs::read_symlink("/proc/self/exe", error);
    if (!error) places.push_back(self.parent_path().parent_path() / "share/junqi/best" / file);
    places.push_back(fs::path(JUNQI_SOURCE_BEST_NETWORKS) / file);
  }
  std::string tried;
  for (const fs::path& p : places) {
    if (fs::is_regular_file(p)) return p.string();
    tried += (tried.empty() ? "" : ", ") + p.string();
  }
  throw std::runtime_error(fmt::format("no best {} network: looked for {}", game, tried));
}

}  // namespace junqi::tools
