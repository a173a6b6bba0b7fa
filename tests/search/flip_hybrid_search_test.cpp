// The hybrid flip search (search/flip/flip_mcts.h, netDepth >= 0): the
// evaluator's priors near the root only, plain mcts elsewhere.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/flip/flip_game.h"
#include "search/flip/flip_mcts.h"
#include "tests/support/flip_boards.h"

namespace junqi {
namespace {

// All prior on `favoured` (uniform when it is not among the actions), a
// neutral value; counts its calls.
class OneActionEvaluator : public FlipLeafEvaluator {
 public:
  explicit OneActionEvaluator(Move favoured) : favoured_(favoured) {}
  void evaluate(const FlipPosition&, const MoveList& actions, EvalResult& out) override {
    ++calls;
    const bool present = std::find(actions.begin(), actions.end(), favoured_) != actions.end();
    out.priors.clear();
    for (const Move a : actions)
      out.priors.push_back(present ? (a == favoured_ ? 1.0f : 0.0f) : 1.0f / static_cast<float>(actions.size()));
    out.value = 0;
  }
  int calls = 0;

 private:
  Move favoured_;
};

struct HybridRun {
  std::vector<std::pair<Move, int>> visits;
  int evaluations = 0;
};

// One search of the midgame fixture: netDepth -2 is plain mcts (no evaluator).
HybridRun searchMidgame(Move favoured, int netDepth, int netVisits, int sims) {
  auto evaluator = std::make_shared<OneActionEvaluator>(favoured);
  FlipMctsParams p;
  p.simulations = sims;
  p.exploration = 0.1;
  p.priorWeight = 1.5;
  p.seed = 5;
  p.netDepth = std::max(netDepth, -1);
  p.netVisits = netVisits;
  if (netDepth >= -1) p.evaluator = evaluator;
  FlipMctsAgent agent(p);
  const FlipPosition pos = fixtures::flipMidgame();
  agent.newGame(pos.rules(), pos.toMove(), 1);
  agent.chooseAction(pos);
  return {agent.rootVisits(), evaluator->calls};
}

Move mostVisited(const std::vector<std::pair<Move, int>>& visits) {
  return std::max_element(visits.begin(), visits.end(), [](auto& a, auto& b) { return a.second < b.second; })->first;
}

// The root action plain mcts visits least at this budget: the one the priors must lift.
Move leastVisitedByMcts(int sims) {
  const auto visits = searchMidgame({}, -2, 0, sims).visits;
  return std::min_element(visits.begin(), visits.end(), [](auto& a, auto& b) { return a.second < b.second; })->first;
}

TEST(FlipHybridSearch, TheRootPriorsComeFromTheEvaluator) {
  const int sims = 120;
  const Move target = leastVisitedByMcts(sims);
  ASSERT_NE(mostVisited(searchMidgame(target, -2, 0, sims).visits), target) << "mcts alone already prefers it";
  const HybridRun hybrid = searchMidgame(target, 0, 0, sims);
  EXPECT_EQ(mostVisited(hybrid.visits), target);
  EXPECT_EQ(hybrid.evaluations, 1) << "netdepth=0 consults the evaluator at the root only";
}

TEST(FlipHybridSearch, DeeperNodesAskTheEvaluatorOnlyUpToTheDepth) {
  const int sims = 300;
  const Move target = leastVisitedByMcts(sims);
  const int everywhere = searchMidgame(target, -1, 0, sims).evaluations;
  const int depthOne = searchMidgame(target, 1, 0, sims).evaluations;
  const int lazy = searchMidgame(target, 1, 8, sims).evaluations;
  EXPECT_GT(depthOne, 1);
  EXPECT_LT(depthOne, everywhere);
  EXPECT_GE(lazy, 1);
  EXPECT_LT(lazy, depthOne) << "netvisits=8: only the depth-1 nodes passed through 8 times";
}

// Every node within the depth, at expansion, with PUCT everywhere: the plain
// network search, visit for visit (the hybrid's paths reduce to the old one).
TEST(FlipHybridSearch, UnboundedDepthIsThePlainNetworkSearch) {
  const Move target = leastVisitedByMcts(200);
  const HybridRun plain = searchMidgame(target, -1, 0, 200), deep = searchMidgame(target, 1000, 0, 200);
  EXPECT_EQ(plain.visits, deep.visits);
  EXPECT_EQ(plain.evaluations, deep.evaluations);
  EXPECT_NE(plain.visits, searchMidgame(target, 0, 0, 200).visits) << "the depth makes no difference: cannot tell";
}

}  // namespace
}  // namespace junqi
