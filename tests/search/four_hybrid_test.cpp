// The four-player search's hybrid options (search/four/four_ismcts.h,
// leafMix and rootPriors): mix 0 with the heuristic's priors is the plain
// ISMCTS and never asks the evaluator about a leaf, a leaf's value is the
// stated mixture of the evaluator's and the rollout's, and the mixed priors
// lean to the heuristic's choice. A stub evaluator stands in for the network.
#include <gtest/gtest.h>

#include "search/four/four_ismcts.h"
#include "tests/support/random_four_game.h"

namespace junqi {
namespace {

// Uniform priors and `value` for the team to move; counts its leaf calls.
class ConstantFourEvaluator final : public FourLeafEvaluator {
 public:
  explicit ConstantFourEvaluator(double value) : value_(value) {}
  double evaluate(const FourPosition&, Visibility, const MoveList* moves, std::vector<double>* priors) override {
    if (moves && priors) priors->assign(static_cast<std::size_t>(moves->size()), 1.0 / moves->size());
    else ++leafCalls;
    return value_;
  }
  int leafCalls = 0;

 private:
  double value_;
};

struct HybridCase {
  FourGame game;
  FourObservation obs;
  explicit HybridCase(std::uint64_t seed)
      : game(fourgames::randomFourGame(seed, 120, Visibility::Own)), obs(FourObservation::of(game, game.position().toMove())) {}

  FourSearchResult search(double mix, FourRootPriors priors, int sims, std::shared_ptr<ConstantFourEvaluator> eval,
                          std::uint64_t seed = 5) const {
    FourSearchParams p;
    p.iterations = sims;
    p.rollout = RolloutPolicy::Greedy;
    p.evaluator = std::move(eval);
    p.leafMix = mix;
    p.rootPriors = priors;
    return fourSearch(obs, game.rules(), p, seed);
  }
};

std::vector<long long> rootVisitsOf(const FourSearchResult& r) {
  std::vector<long long> v;
  for (const FourRootMove& m : r.root) v.push_back(m.visits);
  return v;
}

// mix=0 with the heuristic's priors is the ISMCTS without an evaluator:
// the same visits, values and move for the same seed, no leaf evaluated.
TEST(FourHybrid, MixZeroWithHeuristicPriorsIsThePlainSearch) {
  for (const std::uint64_t seed : {3, 4, 7}) {
    const HybridCase c(seed);
    FourSearchParams plain;
    plain.iterations = 150;
    plain.rollout = RolloutPolicy::Greedy;
    const FourSearchResult want = fourSearch(c.obs, c.game.rules(), plain, 5);
    auto eval = std::make_shared<ConstantFourEvaluator>(0.9);
    const FourSearchResult got = c.search(0, FourRootPriors::Heuristic, 150, eval);
    EXPECT_EQ(rootVisitsOf(got), rootVisitsOf(want)) << "seed " << seed;
    EXPECT_EQ(got.best, want.best);
    EXPECT_DOUBLE_EQ(got.value, want.value);
    EXPECT_EQ(eval->leafCalls, 0);
    // With the network's priors the tree differs: the priors are used.
    EXPECT_NE(rootVisitsOf(c.search(0, FourRootPriors::Evaluator, 150, eval)), rootVisitsOf(want)) << "seed " << seed;
  }
}

// One iteration visits one root move, whose value is its leaf's: at mix
// 0.25 a quarter of the evaluator's and three quarters of the rollout's
// (the same rollout: the evaluator draws no random numbers).
TEST(FourHybrid, ALeafIsTheStatedMixOfTheEvaluatorAndTheRollout) {
  int nonzero = 0;
  for (const std::uint64_t seed : {3, 4, 7, 9}) {
    const HybridCase c(seed);
    const auto visited = [](const FourSearchResult& r) {
      for (const FourRootMove& m : r.root)
        if (m.visits) return m.value;
      return 99.0;
    };
    const auto run = [&](double mix) {
      return visited(c.search(mix, FourRootPriors::Evaluator, 1, std::make_shared<ConstantFourEvaluator>(0.6)));
    };
    const double net = run(1), rollout = run(0), mixed = run(0.25);
    EXPECT_NEAR(std::abs(net), 0.6, 1e-12) << "seed " << seed;
    EXPECT_NEAR(mixed, 0.25 * net + 0.75 * rollout, 1e-12) << "seed " << seed;
    nonzero += std::abs(rollout) > 1e-6;
  }
  EXPECT_GE(nonzero, 2) << "the rollouts said nothing: the comparison is empty";
  auto eval = std::make_shared<ConstantFourEvaluator>(0);
  HybridCase(3).search(1, FourRootPriors::Evaluator, 40, eval);
  EXPECT_GE(eval->leafCalls, 30);  // mix 1: every new leaf (bar a finished game) is evaluated
}

// With uniform network priors, the first iteration goes where the priors
// are highest: the heuristic's favourite under priors=heuristic and under
// their average alike, the first move under the network's alone.
TEST(FourHybrid, MixedPriorsLeanToTheHeuristicsFavourite) {
  int differs = 0;
  for (const std::uint64_t seed : {3, 4, 7, 9}) {
    const HybridCase c(seed);
    const auto first = [&](FourRootPriors p) {
      return rootVisitsOf(c.search(0, p, 1, std::make_shared<ConstantFourEvaluator>(0)));
    };
    const auto heuristic = first(FourRootPriors::Heuristic);
    EXPECT_EQ(first(FourRootPriors::Mix), heuristic) << "seed " << seed;
    differs += first(FourRootPriors::Evaluator) != heuristic;
  }
  EXPECT_GE(differs, 2);
}

TEST(FourHybrid, PriorNamesReadBack) {
  for (const FourRootPriors p : {FourRootPriors::Evaluator, FourRootPriors::Heuristic, FourRootPriors::Mix})
    EXPECT_EQ(parseFourRootPriors(fourRootPriorsName(p)), p);
  EXPECT_EQ(parseFourRootPriors("network"), std::nullopt);
}

}  // namespace
}  // namespace junqi
