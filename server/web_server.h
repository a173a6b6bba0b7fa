// The web board's server (junqi serve): the page and its JSON API (docs/web.md).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "server/server_limits.h"

namespace junqi::server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;            // 0: any free port (tests)
  std::string gamesDir;       // finished games are written here (nothing when empty)
  std::string recordsDir;     // records the page may open by name
  std::string matchDir;       // a `junqi match --out` directory to watch
  std::string firstPreset;    // the preset the page opens with (none: the first classic one)
  int maxGames = 16;          // games held at once
  // The agents the page offers, "NAME=SPEC" (none: random, heuristic,
  // tactical, ismcts); the page chooses a name, never a spec.
  std::vector<std::string> agents;
  double agentSeconds = 60;      // an agent's time for a move; past it, it loses the game (0: none)
  double gameIdleMinutes = 30;   // a game nobody asked about for this long expires (0: never)
  // A person's seat in a game of people (a seat left for a guest: since the
  // game began) that sends no request for this long has left: that seat loses,
  // the game ends and its record is kept (0: never). The page asks every second or two.
  double seatTimeoutSeconds = 300;
  // Wanted on every /api/ request when not empty; a server listening beyond
  // 127.0.0.1 makes one when none is given (token() says which).
  std::string token;
  int maxRecords = 16;        // records opened at once
  ServerLimits limits;        // what one client may cost (sizes, times, connections)
};

class WebServer {
 public:
  // Throws std::invalid_argument for an agent entry it cannot offer (AgentMenu::of).
  explicit WebServer(ServerOptions options);
  ~WebServer();  // waits for the agents still thinking (their budgets bound it)
  // Binds the address; returns the port (the chosen one when the option is 0).
  // Throws std::runtime_error when the address cannot be bound.
  int bind();
  // Serves until stop(); call after bind().
  void run();
  void stop();
  // The token requests must carry ("" when none is wanted: on 127.0.0.1 without --token).
  const std::string& token() const;
  // Whether run() is serving (a stop() before that would be missed: wait for it).
  bool running() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace junqi::server
