// AgentReport::rootValues of the network agents (classic nn and four-player
// nn, searching with random weights): one value per share, within [-1, 1].
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include <unistd.h>

#include "core/classic/info_state.h"
#include "core/four/four_observation.h"
#include "nets/four/four_encoding.h"
#include "nets/four/four_nn_agent.h"
#include "nets/nn_agent.h"
#include "search/registry.h"
#include "tests/support/random_four_game.h"
#include "tests/support/root_values_check.h"
#include "tests/support/random_weights.h"

namespace junqi::nets {
namespace {

std::string rootValuesWeights(const std::string& name, WeightsFile w) {
  const auto path = std::filesystem::temp_directory_path() / ("junqi-root-values-" + std::to_string(getpid()) + name);
  saveWeights(w, path.string());
  return path.string();
}

TEST(RootValuesNn, TheClassicNetworkSearchReportsEachRootMovesValue) {
  registerNetAgent();
  WeightsFile w = randomWeights(NetworkShape::tiny(), 7, 0.1);
  w.ruleset = "hiddenfront";
  const std::string path = rootValuesWeights("classic.jqw", w);
  const Ruleset ruleset = Ruleset::parse("hiddenfront");
  auto agent = makeAgent("nn:weights=" + path + ",sims=64");
  auto other = makeAgent("random");
  const Layout red = agent->chooseLayout(ruleset, Seat::Red), blue = other->chooseLayout(ruleset, Seat::Blue);
  const Game game(ruleset, red, blue);
  agent->newGame(ruleset, Seat::Red, 3);
  agent->chooseAction(InfoState::of(game, Seat::Red));
  std::filesystem::remove(path);
  expectRootValues(agent->lastReport());
}

TEST(RootValuesNn, TheFourPlayerNetworkSearchReportsEachRootMovesValue) {
  registerNetAgent();
  NetworkShape shape = NetworkShape::tiny();
  shape.inputPlanes = kFourInputPlanes;
  shape.grid = gridOfVariant("four");
  WeightsFile w = randomWeights(shape, 8, 0.1);
  w.ruleset = "four-worldatplay";
  w.variant = "four";
  const std::string path = rootValuesWeights("four.jqw", w);
  const FourGame game = fourgames::randomFourGame(23, 8, Visibility::Own);
  ASSERT_FALSE(game.isOver());
  const int army = game.position().toMove();
  auto agent = makeFourAgent("nn:weights=" + path + ",sims=48");
  agent->newGame(game.rules(), army, 3);
  agent->chooseMove(FourObservation::of(game, army));
  std::filesystem::remove(path);
  expectRootValues(agent->lastReport());
}

}  // namespace
}  // namespace junqi::nets
