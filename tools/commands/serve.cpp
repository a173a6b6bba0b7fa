// junqi serve: the web board (server/, docs/web.md): play against any agent,
// step through records with a seat's beliefs, watch a match directory.
#include <csignal>

#include <fmt/format.h>

#include "server/web_server.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"

namespace junqi::tools {

namespace {
server::WebServer* serving = nullptr;
void onInterrupt(int) {
  if (serving) serving->stop();  // finished games are on disk already
}
}  // namespace

void registerServe(CLI::App& app) {
  auto* cmd = app.add_subcommand("serve", "Serve the web board: play an agent, view records, watch a match");
  static server::ServerOptions options;
  cmd->add_option("--host", options.host, "Address to listen on")->capture_default_str();
  cmd->add_option("--port", options.port, "Port to listen on (0: any free port)")
      ->capture_default_str()
      ->check(CLI::Range(0, 65535));
  cmd->add_option("--games-dir", options.gamesDir, "Write every finished game's record here");
  cmd->add_option("--records", options.recordsDir, "A folder of records (.jqr) the page may open");
  cmd->add_option("--match", options.matchDir, "A `junqi match --out` directory to watch");
  cmd->add_option("--max-games", options.maxGames, "Games held at once")->capture_default_str()->check(atLeast(1));
  setAction(cmd, [] {
    server::WebServer web(options);
    const int port = web.bind();
    fmt::print("junqi serve: the board is at http://{}:{}/ (Ctrl-C stops)\n", options.host, port);
    std::fflush(stdout);
    serving = &web;
    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
    web.run();
    serving = nullptr;
    return 0;
  });
}

}  // namespace junqi::tools
