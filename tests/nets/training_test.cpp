// Training learns: on a small fixed dataset, Adam steps lower the policy,
// value and layout losses well below where they started.
#include <gtest/gtest.h>

#include "core/classic/auto_layout.h"
#include "nets/torch_trainer.h"
#include "tests/nets/nets_test_util.h"

namespace junqi::nets {
namespace {

TEST(Training, AdamStepsLowerPolicyValueAndLayoutLossOnAFixedDataset) {
  const netstest::TorchThreads threads(1);  // quick on a loaded machine; the result does not depend on it
  const std::vector<PositionSample> samples = netstest::randomSamples(64, 31);
  std::vector<const PositionSample*> all;
  for (const PositionSample& s : samples) all.push_back(&s);
  // One fixed, legal layout to learn (the deployment input is always the same).
  Rng rng(2);
  const Layout layout = styledLayout(LayoutStyle::Balanced, Ruleset{}, rng);
  LayoutSample l;
  for (int k = 0; k < 30; ++k) l.identity[k] = layout.at[k] ? static_cast<std::int8_t>(typeIndex(*layout.at[k])) : -1;
  const std::vector<const LayoutSample*> layouts(8, &l);

  TrainerOptions o;
  o.shape = NetworkShape::tiny();
  o.totalSteps = 150;
  o.learningRate = 2e-3;
  o.seed = 5;
  Trainer trainer(o);
  const TrainStats before = trainer.evaluate(all);
  TrainStats first, last;
  for (int step = 0; step < 150; ++step) {
    const TrainStats s = trainer.step(all, layouts);
    if (step == 0) first = s;
    last = s;
  }
  const TrainStats after = trainer.evaluate(all);
  EXPECT_EQ(trainer.steps(), 150);
  EXPECT_EQ(after.positions, 64);
  EXPECT_LT(after.policyLoss, 0.7 * before.policyLoss) << before.policyLoss << " -> " << after.policyLoss;
  EXPECT_LT(after.valueLoss, 0.7 * before.valueLoss) << before.valueLoss << " -> " << after.valueLoss;
  EXPECT_LT(last.layoutLoss, 0.7 * first.layoutLoss) << first.layoutLoss << " -> " << last.layoutLoss;
  EXPECT_GT(after.valueAccuracy, before.valueAccuracy);
  // The cosine schedule ends at the final fraction of the rate.
  EXPECT_NEAR(last.learningRate, o.learningRate * o.finalLearningRateRatio, o.learningRate * 0.01);
}

// The identity head learns the enemy's true identities: its loss falls, and
// it reports how far its probabilities lie from the exact beliefs.
TEST(Training, TheIdentityHeadLearnsTheHiddenIdentities) {
  const netstest::TorchThreads threads(1);
  const std::vector<PositionSample> samples = netstest::randomSamples(64, 33);
  std::vector<const PositionSample*> all;
  for (const PositionSample& s : samples) all.push_back(&s);
  TrainerOptions o;
  o.shape = NetworkShape::tiny();
  o.totalSteps = 100;
  o.learningRate = 2e-3;
  o.identityLossWeight = 1.0;
  Trainer trainer(o);
  const TrainStats before = trainer.evaluate(all);
  for (int step = 0; step < 100; ++step) trainer.step(all, {});
  const TrainStats after = trainer.evaluate(all);
  ASSERT_GT(before.identities, 64);
  EXPECT_EQ(after.identities, before.identities);
  EXPECT_LT(after.identityLoss, 0.8 * before.identityLoss) << before.identityLoss << " -> " << after.identityLoss;
  EXPECT_GT(before.identityBeliefError, 0.0);
  EXPECT_LE(after.identityBeliefError, 1.0);
  // Without the weight the head learns nothing of them.
  o.identityLossWeight = 0;
  Trainer without(o);
  for (int step = 0; step < 100; ++step) without.step(all, {});
  EXPECT_GT(without.evaluate(all).identityLoss, after.identityLoss + 0.1);
}

// A network imported from exported weights (--init-weights) goes on from the
// function it had: with frozen norms a training step sees exactly the
// exported network's losses; with norms on batch statistics it would not.
TEST(Training, ImportedWeightsWithFrozenNormsTrainOnFromTheExportedFunction) {
  const netstest::TorchThreads threads(1);
  const std::vector<PositionSample> samples = netstest::randomSamples(32, 41);
  std::vector<const PositionSample*> all;
  for (const PositionSample& s : samples) all.push_back(&s);
  TrainerOptions o;
  o.shape = NetworkShape::tiny();
  o.totalSteps = 20;
  o.seed = 6;
  Trainer source(o);
  for (int step = 0; step < 20; ++step) source.step(all, {});
  const WeightsFile exported = source.model()->exportWeights(Ruleset{}.toString(), "source");
  const TrainStats reference = source.evaluate(all);

  for (const bool frozen : {true, false}) {
    TrainerOptions io = o;
    io.frozenNorms = frozen;
    io.learningRate = 1e-12;  // the step's losses are those before it
    Trainer imported(io);
    imported.model()->loadFolded(exported);
    EXPECT_NEAR(imported.evaluate(all).policyLoss, reference.policyLoss, 1e-4);
    const TrainStats step = imported.step(all, {});
    if (frozen) {
      EXPECT_NEAR(step.policyLoss, reference.policyLoss, 1e-4);
      EXPECT_NEAR(step.valueLoss, reference.valueLoss, 1e-4);
    } else {
      EXPECT_GT(std::abs(step.policyLoss - reference.policyLoss) + std::abs(step.valueLoss - reference.valueLoss), 1e-3)
          << "batch statistics should have changed the function (else this test proves nothing)";
    }
  }
}

}  // namespace
}  // namespace junqi::nets
