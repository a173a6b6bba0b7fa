// junqi-bot with a Flip Junqi network (docs/protocol.md, "Flip Junqi"):
// `--weights FILE` of a flip network, or `--flip-agent nn:weights=FILE`,
// plays the flip games as the flip nn agent does in-process, action for
// action, while the classic games keep the classic agent.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <string>
#include <utility>

#include "arena/flip/flip_match.h"
#include "arena/match_game.h"
#include "jbp/flip/flip_bot_agent.h"
#include "jbp/protocol_agent.h"
#include "nets/flip/flip_nn_agent.h"
#include "nets/nn_agent.h"
#include "search/flip/flip_agent.h"
#include "search/registry.h"
#include "tests/eigen/flip_nn_test_util.h"
#include "tests/support/bot_program.h"

namespace junqi {
namespace {

#define REQUIRE_BOT_PROGRAM()                                                        \
  do {                                                                              \
    if (matchtest::botProgram().empty()) GTEST_SKIP() << "junqi-bot is not built"; \
  } while (false)

// A tiny flip network of random weights, rated (so it says) at 6 simulations.
std::string flipWeightsFile() {
  nets::WeightsFile w = nets::randomFlipWeights(nets::NetworkShape::parse("2x16"), 17);
  w.search = "sims=6,c=1.5";
  const std::string path = nets::flipTestPath("bot-flip.jqw");
  nets::saveWeights(w, path);
  return path;
}

// junqi-bot started with `arguments` plays a whole flip game exactly as the
// flip agent `spec` in-process, against the same opponent on the same deal.
void expectBotPlaysAs(const std::string& arguments, const std::string& spec) {
  nets::registerNetAgent();
  FlipExternalAgent bot("bot", matchtest::botProgram() + " " + arguments, 30);
  const auto inProcess = makeFlipAgent(spec);
  const auto opponent1 = makeFlipAgent("heuristic:seed=3"), opponent2 = makeFlipAgent("heuristic:seed=3");
  const FlipDeal deal = flipMatchDeal(4, 0);
  std::string forfeit;
  const FlipGame external = playFlipGame(bot, *opponent1, FlipRuleset::kawu(), deal, 11, 160, &forfeit);
  const FlipGame internal = playFlipGame(*inProcess, *opponent2, FlipRuleset::kawu(), deal, 11, 160);
  EXPECT_TRUE(external.isOver());
  EXPECT_NE(external.outcome().reason, Termination::Forfeit) << forfeit;
  EXPECT_GT(internal.position().ply(), 20) << terminationName(internal.outcome().reason);
  ASSERT_EQ(external.history().size(), internal.history().size()) << arguments;
  for (std::size_t i = 0; i < internal.history().size(); ++i)
    ASSERT_TRUE(external.history()[i].action == internal.history()[i].action) << arguments << ": action " << i;
  EXPECT_EQ(external.outcome(), internal.outcome());
}

TEST(FlipNetworkBot, WeightsOfAFlipNetworkPlayTheFlipGamesWithTheSimsOption) {
  REQUIRE_BOT_PROGRAM();
  const std::string path = flipWeightsFile();
  expectBotPlaysAs("--weights " + path + " --sims 9", "nn:weights=" + path + ",sims=9");
}

TEST(FlipNetworkBot, AFlipNetworkAsTheFlipAgentPlaysWithItsFilesSearchSettings) {
  REQUIRE_BOT_PROGRAM();
  const std::string path = flipWeightsFile();
  expectBotPlaysAs("--flip-agent nn:weights=" + path, "nn:weights=" + path + ",sims=6");
}

// The classic games of a bot with a flip network: --agent (here heuristic) plays them.
TEST(FlipNetworkBot, WithAFlipNetworkTheClassicGamesKeepTheClassicAgent) {
  REQUIRE_BOT_PROGRAM();
  ExternalAgent bot("bot", matchtest::botProgram() + " --weights " + flipWeightsFile() + " --agent heuristic:seed=2",
                    30);
  EXPECT_EQ(bot.botName(), "heuristic");
  const auto builtin = makeAgent("random:seed=4");
  GameConfig config;
  config.seed = 71;
  const PlayedGame played = playGame(bot, *builtin, config);
  EXPECT_TRUE(played.game.isOver());
  EXPECT_EQ(played.detail, "");
  EXPECT_GT(played.game.history().size(), 10u);
}

// The output and exit status of junqi-bot run with `arguments` and no input.
std::pair<std::string, int> runBot(const std::string& arguments) {
  const std::string command = matchtest::botProgram() + " " + arguments + " </dev/null 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return {"cannot start " + command, -1};
  std::string out;
  char buffer[256];
  while (fgets(buffer, sizeof buffer, pipe)) out += buffer;
  const int status = pclose(pipe);
  return {out, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

TEST(FlipNetworkBot, AFlipNetworkAndAnotherFlipAgentOrAnUnreadableFileAreRefused) {
  REQUIRE_BOT_PROGRAM();
  const std::string path = flipWeightsFile();
  const auto [both, bothStatus] = runBot("--weights " + path + " --flip-agent mcts");
  EXPECT_EQ(bothStatus, 1);
  EXPECT_EQ(both, "junqi-bot: error: --flip-agent: the flip games are played by the Flip Junqi network of --weights " +
                      path + "\n");
  const auto [missing, missingStatus] = runBot("--weights " + path + ".missing");
  EXPECT_EQ(missingStatus, 1);
  EXPECT_EQ(missing, "junqi-bot: error: agent 'nn': cannot open weights file '" + path + ".missing'\n");
}

}  // namespace
}  // namespace junqi
