// The web board's server (junqi serve): the page and its JSON API (docs/web.md).
#pragma once

#include <memory>
#include <string>

#include "server/server_limits.h"

namespace junqi::server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;            // 0: any free port (tests)
  std::string gamesDir;       // finished games are written here (nothing when empty)
  std::string recordsDir;     // records the page may open by name
  std::string matchDir;       // a `junqi match --out` directory to watch
  int maxGames = 16;          // games held at once
  int maxRecords = 16;        // records opened at once
  ServerLimits limits;        // what one client may cost (sizes, times, connections)
};

class WebServer {
 public:
  explicit WebServer(ServerOptions options);
  ~WebServer();
  // Binds the address; returns the port (the chosen one when the option is 0).
  // Throws std::runtime_error when the address cannot be bound.
  int bind();
  // Serves until stop(); call after bind().
  void run();
  void stop();
  // Whether run() is serving (a stop() before that would be missed: wait for it).
  bool running() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace junqi::server
