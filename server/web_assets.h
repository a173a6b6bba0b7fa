// The web board's files (web/), built into the program by server/embed_assets.cmake.
#pragma once

#include <string_view>
#include <vector>

namespace junqi::server {

struct WebAsset {
  std::string_view name;  // "index.html", "app.js", ...
  const char* data;
  std::size_t size;
};

const std::vector<WebAsset>& webAssets();

}  // namespace junqi::server
