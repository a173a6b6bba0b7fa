// junqi bot: speaks JBP (docs/protocol.md) on standard input and output for
// any built-in agent, or for a trained network from its weights file (Eigen
// backend; a classic or a Flip Junqi network), so that the match harness, or
// anyone's arbiter, can play it.
// The junqi-bot program is the same command alone, without LibTorch.
#include <algorithm>
#include <iostream>

#include <fmt/format.h>

#include "nets/nn_agent.h"
#include "nets/weights_file.h"
#include "search/flip/flip_agent.h"
#include "search/four/four_agent.h"
#include "search/registry.h"
#include "jbp/protocol_bot.h"
#include "tools/levels.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"

namespace junqi::tools {

namespace {
std::string agentSpec = "ismcts", flipAgentSpec = "mcts", fourAgentSpec = "ismcts", weights;
int sims = 0, level = 0;
CLI::Option *flipAgentOption = nullptr, *levelOption = nullptr;

// Does `path` hold a Flip Junqi network? A file that cannot be read is left
// to the classic nn agent, whose error names what is wrong with it.
bool holdsFlipNetwork(const std::string& path) {
  try {
    return nets::loadWeights(path).variant == nets::kFlipVariant;
  } catch (const nets::WeightsError&) {
    return false;
  }
}
}  // namespace

void addBotOptions(CLI::App* cmd) {
  auto* agent = cmd->add_option("--agent", agentSpec, "Agent spec, e.g. 'ismcts:sims=2000,seed=3' (see `junqi agents`)")
                    ->capture_default_str();
  auto* net = cmd->add_option("--weights", weights,
                              "Play a trained network from this weights file (Eigen backend): a classic network "
                              "plays the classic games, a Flip Junqi one the flip games");
  cmd->add_option("--sims", sims,
                  "With --weights: search simulations per move (default: the weights file's, which has the search "
                  "settings its network was rated with; `--agent nn:weights=FILE,...`, or `--flip-agent` for a flip "
                  "network, sets any of them)")
      ->check(atLeast(1));
  flipAgentOption = cmd->add_option("--flip-agent", flipAgentSpec,
                                    "The agent for Flip Junqi games (see `junqi agents`, Flip Junqi agents)")
                        ->capture_default_str();
  auto* four = cmd->add_option("--four-agent", fourAgentSpec,
                               "The agent for four-player games (see `junqi agents`, four-player agents)")
                   ->capture_default_str();
  // Checked by levelSpec, whose refusal is one line naming the game.
  levelOption = cmd->add_option("--level", level,
                                "Playing level in every game (docs/tactics.md, Levels); a game without the level "
                                "is not played. " + levelsSummary())
                    ->excludes(agent)
                    ->excludes(net)
                    ->excludes("--sims")
                    ->excludes(flipAgentOption)
                    ->excludes(four);
}

namespace {

// The agent of `game` at --level, none where the game lacks that level (the
// bot then does not offer the game; stderr says so in one line).
template <class AgentPtr, class Make>
AgentPtr levelAgent(const char* game, Make make) {
  if (level <= levelCount(game)) return make(levelSpec(game, level));
  fmt::print(stderr, "--level {}: the {} game has no level {} (its levels are 1-{}): the bot does not play it\n",
             level, game, level, levelCount(game));
  return nullptr;
}

int runAtLevel() {
  auto agent = makeAgent(levelSpec("classic", level));
  auto flipAgent = levelAgent<std::unique_ptr<FlipAgent>>("flip", makeFlipAgent);
  auto fourAgent = levelAgent<std::unique_ptr<FourAgent>>("four", makeFourAgent);
  std::ios::sync_with_stdio(false);
  return jbp::serveBot(*agent, flipAgent.get(), std::cin, std::cout, fourAgent.get());
}

}  // namespace

int runBot() {
  if (levelOption->count() > 0) return runAtLevel();
  std::string spec = agentSpec, flipSpec = flipAgentSpec;
  if (!weights.empty()) {
    nets::checkWeightsPathForSpec(weights);
    const std::string net = sims > 0 ? fmt::format("nn:weights={},sims={}", weights, sims) : "nn:weights=" + weights;
    if (!holdsFlipNetwork(weights)) {
      spec = net + ",backend=eigen";
    } else if (flipAgentOption->count() > 0) {
      throw std::runtime_error(
          fmt::format("--flip-agent: the flip games are played by the Flip Junqi network of --weights {}", weights));
    } else {
      flipSpec = net;  // the classic games: --agent
    }
  }
  auto agent = makeAgent(spec);
  auto flipAgent = makeFlipAgent(flipSpec);
  auto fourAgent = makeFourAgent(fourAgentSpec);
  std::ios::sync_with_stdio(false);
  return jbp::serveBot(*agent, flipAgent.get(), std::cin, std::cout, fourAgent.get());
}

void registerBot(CLI::App& app) {
  auto* cmd = app.add_subcommand("bot", "Play an agent or a trained network through the bot protocol on stdin/stdout");
  addBotOptions(cmd);
  setAction(cmd, runBot);
}

namespace {

// One kind and its parameters, `key=default` in a column, then the meaning.
void printAgentKind(const std::string& name, const std::string& help, const std::vector<AgentParamHelp>& params) {
  fmt::print("{}: {}\n", name, help);
  std::size_t width = 0;
  for (const AgentParamHelp& p : params) width = std::max(width, p.key.size() + 1 + p.fallback.size());
  for (const AgentParamHelp& p : params) fmt::print("  {:<{}}  {}\n", p.key + "=" + p.fallback, width, p.meaning);
}

}  // namespace

// Every game's agents, or with --rules one game's.
void registerAgents(CLI::App& app) {
  auto* cmd = app.add_subcommand("agents", "List the kinds of agents, and each parameter's default and meaning");
  static std::string rules;
  static CLI::Option* rulesOption =
      addRulesOption(cmd, rules, Games::all())
          ->description("A preset (e.g. flip-kawu, see `junqi rules`): list only its game's agents (default: every "
                        "game's)")
          ->default_str("");
  setAction(cmd, [] {
    const std::string game = rulesOption->count() > 0 ? gameOfRules(rules) : "";
    fmt::print("An agent spec is NAME or NAME:KEY=VALUE,KEY=VALUE,... (e.g. ismcts:sims=400,seed=3);\n"
               "a parameter left out takes the default shown.\n");
    if (game.empty() || game == "classic") {
      if (game.empty()) fmt::print("\nClassic Junqi agents:\n");
      for (const AgentKind& k : agentKinds()) {
        fmt::print("\n");
        printAgentKind(k.name, k.help, k.params);
      }
    }
    if (game.empty() || game == "flip") {
      fmt::print("\nFlip Junqi agents (junqi match --rules flip-worldatplay or flip-kawu):\n");
      for (const FlipAgentKind& k : flipAgentKinds()) {
        fmt::print("\n");
        printAgentKind(k.name, k.help, k.params);
      }
    }
    if (game.empty() || game == "four") {
      fmt::print("\nFour-player agents (junqi match --rules four-worldatplay; each plays both armies of a team):\n");
      for (const FourAgentKind& k : fourAgentKinds()) {
        fmt::print("\n");
        printAgentKind(k.name, k.help, k.params);
      }
    }
    return 0;
  });
}

}  // namespace junqi::tools
