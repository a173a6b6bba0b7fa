// The flip search with a leaf evaluator (search/flip/flip_mcts.h): the static
// value's share in leaf values, and Dirichlet noise at the root.
#include <gtest/gtest.h>

#include <cmath>

#include "core/flip/flip_game.h"
#include "search/flip/flip_evaluation.h"
#include "search/flip/flip_mcts.h"
#include "tests/support/flip_boards.h"

namespace junqi {
namespace {

// Uniform priors and a value that depends on the position and on `salt`:
// two salts are two different value heads.
class SaltedEvaluator : public FlipLeafEvaluator {
 public:
  explicit SaltedEvaluator(double salt) : salt_(salt) {}
  void evaluate(const FlipPosition& pos, const MoveList& actions, EvalResult& out) override {
    out.priors.assign(static_cast<std::size_t>(actions.size()), 1.0f / static_cast<float>(actions.size()));
    out.value = static_cast<float>(std::sin(salt_ * (pos.ply() + 3 * popcount(pos.faceDown()) + actions.size())));
  }

 private:
  double salt_;
};

std::vector<std::pair<Move, int>> rootVisits(double salt, double mix, double noise) {
  FlipMctsParams p;
  p.simulations = 300;
  p.exploration = 0;
  p.priorWeight = 1.5;
  p.seed = 3;
  p.evaluator = std::make_shared<SaltedEvaluator>(salt);
  p.staticMix = mix;
  p.rootNoiseAlpha = noise;
  FlipMctsAgent agent(p);
  const FlipPosition pos = fixtures::flipMidgame();
  agent.newGame(pos.rules(), pos.toMove(), 1);
  agent.chooseAction(pos);
  return agent.rootVisits();
}

TEST(FlipNetworkSearch, AFullStaticShareLeavesNothingToTheValueHead) {
  ASSERT_TRUE(fixtures::flipMidgame().colourOf(Seat::Red).has_value()) << "the test needs colours decided";
  EXPECT_NE(rootVisits(1.0, 0, 0), rootVisits(2.0, 0, 0)) << "the value heads make no difference: the test cannot tell";
  EXPECT_NE(rootVisits(1.0, 0.5, 0), rootVisits(2.0, 0.5, 0));
  EXPECT_EQ(rootVisits(1.0, 1, 0), rootVisits(2.0, 1, 0));
}

TEST(FlipNetworkSearch, RootNoiseVariesTheSearchReproducibly) {
  EXPECT_NE(rootVisits(1.0, 0.25, 0.3), rootVisits(1.0, 0.25, 0));
  EXPECT_EQ(rootVisits(1.0, 0.25, 0.3), rootVisits(1.0, 0.25, 0.3));
}

}  // namespace
}  // namespace junqi
