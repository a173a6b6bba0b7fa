// junqi bot: speaks JBP (docs/protocol.md) on standard input and output for
// any built-in agent, so that the match harness, or anyone's arbiter, can play it.
#include <iostream>

#include <fmt/format.h>

#include "search/registry.h"
#include "selfplay/protocol_bot.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"

namespace junqi::tools {

void registerBot(CLI::App& app) {
  auto* cmd = app.add_subcommand("bot", "Play a built-in agent through the bot protocol on stdin/stdout");
  static std::string agent = "ismcts";
  cmd->add_option("--agent", agent, "Agent spec, e.g. 'ismcts:sims=2000,seed=3' (see `junqi agents`)")
      ->capture_default_str();
  setAction(cmd, [] {
    auto a = makeAgent(agent);
    std::ios::sync_with_stdio(false);
    return jbp::serveBot(*a, std::cin, std::cout);
  });
}

void registerAgents(CLI::App& app) {
  auto* cmd = app.add_subcommand("agents", "List the kinds of agents and their parameters");
  setAction(cmd, [] {
    for (const AgentKind& k : agentKinds()) fmt::print("{:<10} {}\n", k.name, k.help);
    return 0;
  });
}

}  // namespace junqi::tools
