// The flip network agent with Gumbel AlphaZero's root (nets/flip/flip_nn_agent.h,
// gumbel=1): it plays legal actions, its spec says so, its parameters are
// checked, and a weights file's stored settings can ask for it.
#include <gtest/gtest.h>

#include "core/flip/flip_game.h"
#include "core/flip/flip_movegen.h"
#include "core/random.h"
#include "nets/flip/flip_nn_agent.h"
#include "nets/nn_agent.h"
#include "search/flip/flip_agent.h"
#include "tests/eigen/flip_nn_test_util.h"

namespace junqi::nets {
namespace {

std::string weightsPath(const std::string& search) {
  WeightsFile w = randomFlipWeights(NetworkShape::tiny(), 6);
  w.search = search;
  const std::string p = flipTestPath("stored-" + std::to_string(search.size()) + ".jqw");
  saveWeights(w, p);
  return p;
}

std::unique_ptr<FlipAgent> gumbelAgent(const std::string& params, const std::string& stored = "") {
  registerNetAgent();
  return makeFlipAgent("nn:weights=" + weightsPath(stored) + (params.empty() ? "" : "," + params));
}

TEST(FlipNetGumbel, PlaysLegalActionsAndSaysSoInItsSpec) {
  auto nn = gumbelAgent("sims=12,gumbel=1,actions=4");
  EXPECT_NE(nn->spec().find(",gumbel=1,actions=4"), std::string::npos) << nn->spec();
  Rng rng(3);
  FlipGame g(FlipRuleset::kawu(), randomFlipDeal(rng));
  nn->newGame(FlipRuleset::kawu(), Seat::Red, 1);
  for (int ply = 0; ply < 60 && !g.isOver(); ++ply) {
    const Action a = Action::makeMove(g.position().toMove(), nn->chooseAction(g.position()));
    ASSERT_EQ(g.whyIllegal(a), std::nullopt) << "ply " << ply;
    g.apply(a);
  }
  EXPECT_EQ(gumbelAgent("sims=12")->spec().find(",gumbel="), std::string::npos) << "PUCT's spec reads as before";
}

TEST(FlipNetGumbel, TheWeightsFilesSettingsAskForItUnlessTheSpecSaysOtherwise) {
  EXPECT_NE(gumbelAgent("", "sims=8,c=1.5,gumbel=1,actions=8")->spec().find("gumbel=1,actions=8"), std::string::npos);
  EXPECT_EQ(gumbelAgent("gumbel=0", "sims=8,c=1.5,gumbel=1")->spec().find(",gumbel="), std::string::npos);
}

TEST(FlipNetGumbel, RefusesBadParameters) {
  EXPECT_THROW(gumbelAgent("gumbel=2"), AgentSpecError);
  EXPECT_THROW(gumbelAgent("gumbel=1,actions=1"), AgentSpecError);
  EXPECT_THROW(gumbelAgent("gumbel=1,seconds=0.01"), AgentSpecError);
}

}  // namespace
}  // namespace junqi::nets
