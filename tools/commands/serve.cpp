// junqi serve: the web board (server/, docs/web.md): play against the
// operator's agents, step through records with a seat's beliefs, watch a
// match directory.
#include <algorithm>
#include <csignal>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "server/access_checks.h"
#include "server/web_server.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"

namespace junqi::tools {

namespace {
server::WebServer* serving = nullptr;
void onInterrupt(int) {
  if (serving) serving->stop();  // finished games are on disk already
}

// Where the board is; with the token when one is wanted.
void announce(const server::ServerOptions& options, const server::WebServer& web, int port) {
  const std::string token = web.token().empty() ? "" : "?token=" + web.token();
  if (!server::isLoopback(options.host))
    fmt::print(stderr,
               "junqi serve: warning: listening on {}, beyond this machine: anyone who can reach it and has the "
               "address below (its token) can play; HTTP is not encrypted\n",
               options.host);
  fmt::print("junqi serve: the board is at http://{}:{}/{} (Ctrl-C stops)\n", options.host, port, token);
  std::fflush(stdout);
}
// The page offers presets by name, so --rules names one without overrides.
std::string pagePreset(const std::string& rules) {
  const auto presets = Games::all().presets();
  if (std::find(presets.begin(), presets.end(), rules) == presets.end())
    throw std::invalid_argument(fmt::format("--rules: the page opens with a preset named without overrides ({}), not '{}'",
                                            fmt::join(presets, ", "), rules));
  return rules;
}
}  // namespace

void registerServe(CLI::App& app) {
  auto* cmd = app.add_subcommand("serve", "Serve the web board: play an agent, view records, watch a match");
  static server::ServerOptions options;
  static std::string rules;
  addRulesOption(cmd, rules, Games::all())
      ->description("The preset the page opens with (any game's; the page can switch to the others)");
  cmd->add_option("--host", options.host, "Address to listen on (beyond 127.0.0.1 a token is wanted)")
      ->capture_default_str();
  cmd->add_option("--port", options.port, "Port to listen on (0: any free port)")
      ->capture_default_str()
      ->check(CLI::Range(0, 65535));
  cmd->add_option("--games-dir", options.gamesDir, "Write every finished game's record here");
  cmd->add_option("--records", options.recordsDir, "A folder of records (.jqr) the page may open");
  cmd->add_option("--match", options.matchDir, "A `junqi match --out` directory to watch");
  cmd->add_option("--max-games", options.maxGames, "Games held at once")->capture_default_str()->check(atLeast(1));
  cmd->add_option("--agent", options.agents,
                  "An agent the page offers, NAME=SPEC, flip:NAME=SPEC for Flip Junqi, four:NAME=SPEC for four-player (repeat it; a game with none: classic random, heuristic, tactical, ismcts; flip heuristic, mcts; four heuristic, ismcts)");
  cmd->add_option("--agent-seconds", options.agentSeconds, "An agent's time for a move; past it, it loses (0: none)")
      ->capture_default_str()
      ->check(atLeast(0));
  cmd->add_option("--game-idle-minutes", options.gameIdleMinutes,
                  "A game nobody asked about for this long expires (0: never)")
      ->capture_default_str()
      ->check(atLeast(0));
  cmd->add_option("--seat-timeout", options.seatTimeoutSeconds,
                  "Seconds without a request from a person's seat in a game of people: that seat has left, "
                  "loses, and the game's record is kept (0: never)")
      ->capture_default_str()
      ->check(atLeast(0));
  cmd->add_option("--token", options.token,
                  "The token every request must carry (beyond 127.0.0.1 one is made when none is given)");
  setAction(cmd, [] {
    options.firstPreset = pagePreset(rules);
    server::WebServer web(options);
    const int port = web.bind();
    announce(options, web, port);
    serving = &web;
    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
    web.run();
    serving = nullptr;
    return 0;
  });
}

}  // namespace junqi::tools
