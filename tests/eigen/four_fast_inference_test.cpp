// The four-player network's fast leaf evaluation: FourNetEvaluator::evaluate
// (EigenModel::forwardSelected: the sparse stem, only the legal moves'
// logits) gives what the plain path gives (the whole encoding through
// forward(), all 37,281 policy logits), to float rounding, on positions of
// random four-player games under every visibility mode.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "nets/four/four_encoding.h"
#include "nets/four/four_nn_agent.h"
#include "tests/support/random_four_game.h"
#include "tests/support/random_weights.h"

namespace junqi::nets {
namespace {

constexpr double kFourFastTolerance = 2e-5;

WeightsFile fourFastWeights(std::uint64_t seed) {
  NetworkShape shape = NetworkShape::tiny();
  shape.inputPlanes = kFourInputPlanes;
  shape.grid = gridOfVariant("four");
  WeightsFile w = randomWeights(shape, seed, 0);
  w.ruleset = "four-worldatplay";
  w.variant = "four";
  return w;
}

// Positions every few plies of random games, from the start to late ones.
std::vector<FourPosition> fourFastPositions(Visibility visibility, int games, std::uint64_t seed) {
  std::vector<FourPosition> out;
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    FourGame game = fourgames::randomFourStart(rng, visibility);
    while (!game.isOver() && game.position().ply() < 400) {
      if (game.position().ply() % 23 == g % 23) out.push_back(game.position());
      fourgames::playRandomFourMove(game, rng);
    }
  }
  return out;
}

// The largest difference between the fast and the plain evaluation of `pos`.
double fourFastGap(FourNetEvaluator& fast, FourNetEvaluator& plain, const FourPosition& pos, Visibility v) {
  MoveList moves;
  generateFourMoves(pos, moves);
  std::vector<double> a, b;
  double gap = std::abs(fast.evaluate(pos, v, &moves, &a) - plain.evaluateReference(pos, v, &moves, &b));
  EXPECT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) gap = std::max(gap, std::abs(a[i] - b[i]));
  gap = std::max(gap, std::abs(fast.evaluate(pos, v, nullptr, nullptr) - plain.evaluateReference(pos, v, nullptr, nullptr)));
  return gap;
}

TEST(FourFastInference, TheFastEvaluationEqualsThePlainOneOnManyPositions) {
  FourNetEvaluator evaluator(makeBackend("eigen", fourFastWeights(3)));
  for (const Visibility v : {Visibility::Own, Visibility::Team, Visibility::All}) {
    const std::vector<FourPosition> positions = fourFastPositions(v, 3, 5 + static_cast<int>(v));
    ASSERT_GT(positions.size(), 20u);
    double worst = 0;
    for (const FourPosition& pos : positions) worst = std::max(worst, fourFastGap(evaluator, evaluator, pos, v));
    EXPECT_LT(worst, kFourFastTolerance) << "visibility " << static_cast<int>(v);
  }
}

// The check can fail: a fast path whose network differs from the plain one's
// in a single stem weight (of a piece plane's centre tap) is caught.
TEST(FourFastInference, ANetworkThatDiffersInOneStemWeightIsCaught) {
  const WeightsFile w = fourFastWeights(3);
  WeightsFile changed = w;
  changed.tensors.at("stem.weight").data[(5 * kFourInputPlanes + kFourArmyPiece) * 9 + 4] += 0.5f;
  FourNetEvaluator fast(makeBackend("eigen", changed)), plain(makeBackend("eigen", w));
  double worst = 0;
  for (const FourPosition& pos : fourFastPositions(Visibility::Own, 1, 8))
    worst = std::max(worst, fourFastGap(fast, plain, pos, Visibility::Own));
  EXPECT_GT(worst, 10 * kFourFastTolerance);
}

// The trained network of experiments/best/four.jqw, as the nn agent plays it.
TEST(FourFastInference, TheBestFourNetworkGivesTheSameEvaluations) {
  FourNetEvaluator evaluator(makeBackend("eigen", loadFourWeights(JUNQI_FOUR_BEST_WEIGHTS)));
  double worst = 0;
  for (const FourPosition& pos : fourFastPositions(Visibility::Own, 2, 21))
    worst = std::max(worst, fourFastGap(evaluator, evaluator, pos, Visibility::Own));
  EXPECT_LT(worst, kFourFastTolerance);
}

}  // namespace
}  // namespace junqi::nets
