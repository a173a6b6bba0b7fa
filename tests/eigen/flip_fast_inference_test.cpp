// The flip network's fast leaf evaluation (experiments/flip-fast-inference):
// EigenModel::forwardSelected (sparse stem, only the asked-for policy
// logits) and FlipNetEvaluator::evaluate give what the plain path gives
// (the whole encoding through forward(), all 3,600 logits), to float
// rounding, on many positions of random games under both flip rulesets.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "core/flip/flip_game.h"
#include "core/flip/flip_movegen.h"
#include "core/random.h"
#include "nets/eigen_model.h"
#include "nets/flip/flip_encoding.h"
#include "nets/flip/flip_nn_agent.h"
#include "tests/support/random_weights.h"

namespace junqi::nets {
namespace {

constexpr float kFastInferenceTolerance = 2e-5f;
#ifdef JUNQI_SANITIZED_BUILD
constexpr int kFastInferenceGames = 6;  // a tenth of the speed there
#else
constexpr int kFastInferenceGames = 24;
#endif

// Weights scaled by fan-in, so that activations stay of order one (and the
// logits spread) through the tower.
WeightsFile fastInferenceWeights(NetworkShape shape, std::uint64_t seed) {
  shape.inputPlanes = kFlipInputPlanes;
  WeightsFile w = randomWeights(shape, seed, 0);
  w.ruleset = "flip-kawu";
  w.variant = kFlipVariant;
  return w;
}

// Positions (not over) every few plies of random games, from the first
// flips (colours undecided) to late ones.
std::vector<FlipPosition> fastInferencePositions(const FlipRuleset& rules, int games, std::uint64_t seed) {
  std::vector<FlipPosition> out;
  Rng rng(seed);
  MoveList actions;
  for (int g = 0; g < games; ++g) {
    FlipGame game(rules, randomFlipDeal(rng));
    while (!game.isOver() && game.position().ply() < 300) {
      if (game.position().ply() % 7 == g % 7) out.push_back(game.position());
      generateFlipActions(game.position(), actions);
      if (actions.empty()) break;
      game.apply(Action::makeMove(game.position().toMove(), actions[static_cast<int>(rng.below(actions.size()))]));
    }
  }
  return out;
}

// The largest difference between the fast and the plain evaluation of `pos`.
float fastInferenceGap(FlipNetEvaluator& fast, FlipNetEvaluator& plain, const FlipPosition& pos) {
  MoveList actions;
  generateFlipActions(pos, actions);
  EvalResult a, b;
  fast.evaluate(pos, actions, a);
  plain.evaluateReference(pos, actions, b);
  EXPECT_EQ(a.priors.size(), b.priors.size());
  float gap = std::abs(a.value - b.value);
  for (std::size_t i = 0; i < a.priors.size() && i < b.priors.size(); ++i)
    gap = std::max(gap, std::abs(a.priors[i] - b.priors[i]));
  return gap;
}

TEST(FlipFastInference, TheFastEvaluationEqualsThePlainOneOnManyPositions) {
  for (const FlipRuleset& rules : {FlipRuleset::kawu(), FlipRuleset::worldAtPlay()}) {
    const std::vector<FlipPosition> positions = fastInferencePositions(rules, kFastInferenceGames, 5);
    ASSERT_GT(positions.size(), 8u * kFastInferenceGames);
    for (const NetworkShape& shape : {NetworkShape::tiny(), NetworkShape{1, 24, 0, 4, 16, {}}}) {
      FlipNetEvaluator evaluator(makeBackend("eigen", fastInferenceWeights(shape, 3)));
      float worst = 0;
      for (const FlipPosition& pos : positions) worst = std::max(worst, fastInferenceGap(evaluator, evaluator, pos));
      EXPECT_LT(worst, kFastInferenceTolerance) << rules.toString() << ", " << shape.toString();
    }
  }
}

// The check can fail: a fast path whose network differs from the plain
// one's in a single stem weight (of a constant plane: the pools') is caught.
TEST(FlipFastInference, ANetworkThatDiffersInOneStemWeightIsCaught) {
  const WeightsFile w = fastInferenceWeights(NetworkShape::tiny(), 3);
  WeightsFile changed = w;
  changed.tensors.at("stem.weight").data[(5 * kFlipInputPlanes + kFlipOwnPool) * 9 + 4] += 0.5f;
  FlipNetEvaluator fast(makeBackend("eigen", changed)), plain(makeBackend("eigen", w));
  float worst = 0;
  for (const FlipPosition& pos : fastInferencePositions(FlipRuleset::kawu(), 2, 8))
    worst = std::max(worst, fastInferenceGap(fast, plain, pos));
  EXPECT_GT(worst, 10 * kFastInferenceTolerance);
}

// forwardSelected is exact for any input, dense ones included: random
// values, constant planes of several values, empty planes.
TEST(FlipFastInference, ForwardSelectedEqualsForwardOnAnyInput) {
  const EigenModel model(fastInferenceWeights(NetworkShape::tiny(), 4));
  Rng rng(9);
  std::vector<float> input(kFlipInputSize), policy(kPolicySize);
  std::vector<int> indices;
  for (int i = 0; i < kPolicySize; i += 37) indices.push_back(i);
  std::vector<float> logits(indices.size());
  for (int trial = 0; trial < 20; ++trial) {
    for (int p = 0; p < kFlipInputPlanes; ++p) {
      const int kind = static_cast<int>(rng.below(3));  // 0: empty, 1: constant, 2: random values
      const float constant = static_cast<float>(rng.uniform() * 2 - 1);
      for (int q = 0; q < kBoardPoints; ++q)
        input[p * kBoardPoints + q] = kind == 0 ? 0.0f : kind == 1 ? constant : static_cast<float>(rng.uniform() * 2 - 1);
    }
    float wdl[3], selectedWdl[3];
    model.forward(input.data(), 1, policy.data(), wdl);
    model.forwardSelected(input.data(), indices, logits.data(), selectedWdl);
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(selectedWdl[k], wdl[k], 1e-4f * (1 + std::abs(wdl[k])));
    for (std::size_t i = 0; i < indices.size(); ++i)
      ASSERT_NEAR(logits[i], policy[static_cast<std::size_t>(indices[i])], 1e-4f * (1 + std::abs(logits[i])))
          << "trial " << trial << ", index " << indices[i];
  }
}

// The trained network of experiments/best/flip.jqw, as the nn agent plays it.
TEST(FlipFastInference, TheBestFlipNetworkGivesTheSameEvaluations) {
  FlipNetEvaluator evaluator(makeBackend("eigen", loadFlipWeights(JUNQI_FLIP_BEST_WEIGHTS)));
  float worst = 0;
  for (const FlipPosition& pos : fastInferencePositions(FlipRuleset::kawu(), 6, 21))
    worst = std::max(worst, fastInferenceGap(evaluator, evaluator, pos));
  EXPECT_LT(worst, kFastInferenceTolerance);
}

}  // namespace
}  // namespace junqi::nets
