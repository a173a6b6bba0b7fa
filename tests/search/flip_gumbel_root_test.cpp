// The Gumbel root of the flip search (search/flip/flip_mcts.h with `gumbel`):
// sequential halving spreads the simulations over its candidates whatever
// the priors, the improved policy covers every root action, the survivor is
// the action the values favour, and a search replays from its seed.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "core/flip/flip_game.h"
#include "search/flip/flip_mcts.h"
#include "tests/support/flip_boards.h"

namespace junqi {
namespace {

// Priors: `favoured` of the mass on the first action, the rest shared.
// Values: once `marked` is empty (the root's first move empties it), the
// root's mover is winning (0.9 for it); else 0.
class MarkedEvaluator : public FlipLeafEvaluator {
 public:
  MarkedEvaluator(double favoured, Square marked, Seat rootMover)
      : favoured_(favoured), marked_(marked), rootMover_(rootMover) {}
  void evaluate(const FlipPosition& pos, const MoveList& actions, EvalResult& out) override {
    const auto n = static_cast<std::size_t>(actions.size());
    out.priors.assign(n, n > 1 ? static_cast<float>((1 - favoured_) / double(n - 1)) : 1.0f);
    if (n > 1) out.priors[0] = static_cast<float>(favoured_);
    out.value = !pos.isEmpty(marked_) ? 0.0f : pos.toMove() == rootMover_ ? 0.9f : -0.9f;
  }

 private:
  double favoured_;
  Square marked_;
  Seat rootMover_;
};

// The first action of the position that moves a piece (not a flip).
Move firstMove(const FlipPosition& pos) {
  MoveList actions;
  generateFlipActions(pos, actions);
  for (const Move m : actions)
    if (!isFlip(m)) return m;
  return actions[0];
}

struct Searched {
  Move played;
  std::vector<std::pair<Move, int>> visits;
  std::vector<std::pair<Move, double>> improved;
};

Searched gumbelSearch(int sims, int candidates, double favoured, std::uint64_t seed, bool gumbel = true) {
  const FlipPosition pos = fixtures::flipMidgame();
  FlipMctsParams p;
  p.simulations = sims;
  p.exploration = 0;
  p.priorWeight = 1.5;
  p.seed = seed;
  p.evaluator = std::make_shared<MarkedEvaluator>(favoured, firstMove(pos).from, pos.toMove());
  p.gumbel = gumbel;
  p.gumbelRoot.actions = candidates;
  FlipMctsAgent agent(p);
  agent.newGame(pos.rules(), pos.toMove(), 1);
  Searched s;
  s.played = agent.chooseAction(pos);
  s.visits = agent.rootVisits();
  s.improved = agent.improvedPolicy();
  return s;
}

int visited(const Searched& s) {
  return static_cast<int>(std::count_if(s.visits.begin(), s.visits.end(), [](const auto& v) { return v.second > 0; }));
}

TEST(FlipGumbelRoot, HalvingSpreadsTheBudgetOverItsCandidatesWhateverThePriors) {
  const Searched s = gumbelSearch(96, 8, 0.99, 3);
  ASSERT_GE(s.visits.size(), 8u) << "the test needs more root actions than candidates";
  EXPECT_EQ(visited(s), 8);
  int total = 0;
  for (const auto& [m, n] : s.visits) {
    total += n;
    if (n > 0) {
      EXPECT_GE(n, 95 / (3 * 8)) << "each candidate gets its first round's visits (95 after the root's)";
    }
  }
  EXPECT_EQ(total, 95) << "one simulation values the root, the others go through its actions";
  const Searched puct = gumbelSearch(96, 8, 0.99, 3, false);
  EXPECT_LT(visited(puct), 8) << "PUCT with these priors spreads less: the test could not tell";
}

TEST(FlipGumbelRoot, ImprovedPolicyCoversEveryRootAction) {
  const Searched s = gumbelSearch(48, 4, 0.5, 5);
  ASSERT_EQ(s.improved.size(), s.visits.size());
  double sum = 0;
  for (std::size_t i = 0; i < s.improved.size(); ++i) {
    EXPECT_EQ(s.improved[i].first, s.visits[i].first);
    EXPECT_GT(s.improved[i].second, 0.0) << "an unvisited action keeps its prior's share";
    sum += s.improved[i].second;
  }
  EXPECT_NEAR(sum, 1.0, 1e-9);
  EXPECT_TRUE(gumbelSearch(48, 4, 0.5, 5, false).improved.empty()) << "PUCT's search has no improved policy";
}

TEST(FlipGumbelRoot, PlaysAndFavoursAnActionTheValuesPrefer) {
  // The values favour every move of one piece (they empty its point), nothing else.
  const Square marked = firstMove(fixtures::flipMidgame()).from;
  // Every action a candidate (as many candidates as actions), uniform priors.
  const Searched s = gumbelSearch(400, 200, 0.0, 7);
  EXPECT_EQ(s.played.from, marked);
  EXPECT_FALSE(isFlip(s.played));
  const auto top = std::max_element(s.improved.begin(), s.improved.end(),
                                    [](const auto& a, const auto& b) { return a.second < b.second; });
  EXPECT_EQ(top->first.from, marked);
  EXPECT_FALSE(isFlip(top->first));
}

TEST(FlipGumbelRoot, ReplaysFromItsSeedAndItsNoiseVariesWithIt) {
  const Searched a = gumbelSearch(64, 8, 0.3, 9), b = gumbelSearch(64, 8, 0.3, 9);
  EXPECT_EQ(a.visits, b.visits);
  EXPECT_EQ(a.played, b.played);
  bool differs = false;
  for (std::uint64_t seed = 10; seed < 14 && !differs; ++seed) differs = gumbelSearch(64, 8, 0.3, seed).visits != a.visits;
  EXPECT_TRUE(differs);
}

TEST(FlipGumbelRoot, RefusesATimedSearch) {
  FlipMctsParams p;
  p.seconds = 0.01;
  p.gumbel = true;
  p.evaluator = std::make_shared<MarkedEvaluator>(0.5, Square{0}, Seat::Red);
  FlipMctsAgent agent(p);
  const FlipPosition pos = fixtures::flipMidgame();
  agent.newGame(pos.rules(), pos.toMove(), 1);
  EXPECT_THROW(agent.chooseAction(pos), std::invalid_argument);
}

}  // namespace
}  // namespace junqi
