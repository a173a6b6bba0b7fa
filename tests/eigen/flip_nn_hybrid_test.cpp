// The hybrid flip nn agent's spec (nets/flip/flip_nn_agent.h: netdepth,
// netvisits, ptemp, uct): read, written back, refused when wrong.
#include <gtest/gtest.h>

#include "core/flip/flip_game.h"
#include "core/flip/flip_movegen.h"
#include "nets/flip/flip_nn_agent.h"
#include "nets/nn_agent.h"
#include "search/flip/flip_agent.h"
#include "tests/eigen/flip_nn_test_util.h"

namespace junqi::nets {
namespace {

std::string hybridWeightsPath() {
  static const std::string path = [] {
    const std::string p = flipTestPath("hybrid.jqw");
    saveWeights(randomFlipWeights(NetworkShape::tiny(), 6), p);
    return p;
  }();
  return path;
}

std::unique_ptr<FlipAgent> hybridAgent(const std::string& params) {
  registerNetAgent();
  return makeFlipAgent("nn:weights=" + hybridWeightsPath() + "," + params);
}

std::string hybridSpecError(const std::string& params) {
  try {
    hybridAgent(params);
  } catch (const AgentSpecError& e) {
    return e.what();
  }
  return "";
}

TEST(FlipNetHybrid, TheSpecNamesTheHybridSettings) {
  EXPECT_EQ(hybridAgent("sims=30,netdepth=1,netvisits=4,ptemp=0.5,uct=0.2")->spec(),
            "nn:weights=" + hybridWeightsPath() + ",sims=30,c=1.5,netdepth=1,netvisits=4,ptemp=0.5,uct=0.2,seed=1");
  EXPECT_EQ(hybridAgent("sims=30,netdepth=0")->spec(),
            "nn:weights=" + hybridWeightsPath() + ",sims=30,c=1.5,netdepth=0,netvisits=0,ptemp=1,uct=0.1,seed=1");
  EXPECT_EQ(hybridAgent("sims=30")->spec(), "nn:weights=" + hybridWeightsPath() + ",sims=30,c=1.5,seed=1");
}

TEST(FlipNetHybrid, BadSettingsAreRefused) {
  EXPECT_EQ(hybridSpecError("netdepth=-1"), "agent 'nn': netdepth must be 0 or more");
  EXPECT_EQ(hybridSpecError("netdepth=1,netvisits=-2"), "agent 'nn': netvisits must be 0 or more");
  EXPECT_EQ(hybridSpecError("netdepth=1,ptemp=0"), "agent 'nn': ptemp must be above 0");
  EXPECT_EQ(hybridSpecError("netdepth=1,uct=-0.1"), "agent 'nn': uct must be 0 or more");
  EXPECT_EQ(hybridSpecError("netvisits=3"), "agent 'nn': netvisits needs netdepth (the hybrid search)");
  EXPECT_EQ(hybridSpecError("ptemp=2"), "agent 'nn': ptemp needs netdepth (the hybrid search)");
  EXPECT_EQ(hybridSpecError("sims=30,gumbel=1,netdepth=0"), "agent 'nn': netdepth (the hybrid search) needs gumbel=0");
  EXPECT_EQ(hybridSpecError("sims=30,netdepth=1,netvisits=2,ptemp=0.7,uct=0"), "");
}

// The same seed plays the same legal action.
TEST(FlipNetHybrid, PlaysReproducibly) {
  auto a = hybridAgent("sims=200,netdepth=0,seed=3"), b = hybridAgent("sims=200,netdepth=0,seed=3");
  const FlipPosition start(FlipRuleset::kawu());
  a->newGame(start.rules(), Seat::Red, 9);
  b->newGame(start.rules(), Seat::Red, 9);
  const Move m = a->chooseAction(start);
  EXPECT_EQ(m, b->chooseAction(start));
  EXPECT_TRUE(isLegalFlipAction(start, m));
}

}  // namespace
}  // namespace junqi::nets
