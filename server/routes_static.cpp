// The page itself: web/ built into the program (server/web_assets.h).
#include <httplib.h>

#include "server/server_state.h"
#include "server/web_assets.h"

namespace junqi::server {

namespace {

const char* mimeType(std::string_view name) {
  if (name.ends_with(".html")) return "text/html; charset=utf-8";
  if (name.ends_with(".js")) return "text/javascript; charset=utf-8";
  if (name.ends_with(".css")) return "text/css; charset=utf-8";
  if (name.ends_with(".svg")) return "image/svg+xml";
  return "application/octet-stream";
}

}  // namespace

void addStaticRoutes(httplib::Server& http) {
  for (const WebAsset& asset : webAssets()) {
    std::string path = "/";
    if (asset.name != "index.html") path += asset.name;  // (not "/" + name: GCC 12 warns falsely on it)
    http.Get(path, [asset](const httplib::Request&, httplib::Response& response) {
      response.set_content(asset.data, asset.size, mimeType(asset.name));
    });
  }
}

}  // namespace junqi::server
