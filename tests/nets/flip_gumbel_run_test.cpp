// A Flip Junqi run with the classic run's self-play options (issue 36):
// the Gumbel root's improved policies as policy targets, value targets
// mixed with the search's values, both kept in config.json so that the run
// resumes with them; the four-player run still refuses them by name.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "nets/flip/flip_encoding.h"
#include "nets/nn_agent.h"
#include "selfplay/flip/flip_selfplay.h"
#include "selfplay/shard.h"
#include "tests/nets/nets_test_util.h"
#include "training/training_run.h"

namespace junqi {
namespace {

namespace fs = std::filesystem;
using netstest::readBytes;
using netstest::TempDir;
using ::testing::HasSubstr;

TrainingConfig oneGeneration() {
  TrainingConfig c = trainingDefaults("flip");
  c.generations = 1, c.gamesPerGeneration = 2, c.parallelGames = 2, c.sims = 4, c.maxPlies = 40;
  c.teacherGames = 0, c.stepsPerGeneration = 2, c.batchSize = 16, c.ratingPairs = 1, c.ratingSims = 4;
  c.baselines = {"random"}, c.seed = 5, c.trainThreads = 1;
  return c;
}

Shard runShard(const fs::path& dir, const TrainingConfig& c) {
  nets::registerNetAgent();
  runTraining(dir.string(), c, [](const std::string&) {});
  return readShard((dir / "shards/gen-0001.jqs").string(), nets::kFlipEncodingVersion, nets::kFlipInputSize);
}

// The most actions one position's policy target gives a share to.
std::size_t widestTarget(const Shard& shard) {
  std::size_t widest = 0;
  for (const PositionSample& p : shard.positions)
    widest = std::max<std::size_t>(widest, std::count_if(p.policy.begin(), p.policy.end(),
                                                         [](const auto& e) { return e.second > 0; }));
  return widest;
}

TEST(FlipGumbelRun, PolicyTargetsAreImprovedPoliciesOverEveryRootAction) {
  TempDir tmp("flip-gumbel-run");
  TrainingConfig c = oneGeneration();
  // 4 simulations: PUCT's visits reach at most 3 actions (the first values the root).
  EXPECT_LE(widestTarget(runShard(tmp.path() / "puct", c)), 3u);
  c.gumbel = true;
  c.gumbelActions = 4;
  const Shard gumbel = runShard(tmp.path() / "gumbel", c);
  EXPECT_GT(widestTarget(gumbel), 10u) << "completed Q gives every root action a share";
  for (const PositionSample& p : gumbel.positions) {
    float sum = 0;
    for (const auto& [index, share] : p.policy) sum += share;
    EXPECT_NEAR(sum, 1.0f, 1e-4);
  }
  const auto config = nlohmann::json::parse(readBytes((tmp.path() / "gumbel/config.json").string()));
  EXPECT_EQ(config.at("gumbel"), true);
  EXPECT_EQ(config.at("gumbel_actions"), 4);
  EXPECT_TRUE(trainingConfigOf(config).gumbel) << "the run resumes with it";
  EXPECT_FALSE(nlohmann::json::parse(readBytes((tmp.path() / "puct/config.json").string())).contains("gumbel"));
}

bool oneHot(const std::array<float, 3>& wdl) {
  return std::count(wdl.begin(), wdl.end(), 1.0f) == 1 && std::count(wdl.begin(), wdl.end(), 0.0f) == 2;
}

TEST(FlipGumbelRun, ValueTargetsMixTheSearchedValueIn) {
  TempDir tmp("flip-value-target");
  TrainingConfig c = oneGeneration();
  const Shard results = runShard(tmp.path() / "results", c);
  ASSERT_FALSE(results.positions.empty());
  for (const PositionSample& p : results.positions) EXPECT_TRUE(oneHot(p.wdl) || p.wdl[1] == 1.0f);
  c.valueOutcomeShare = 0.5;
  const Shard mixed = runShard(tmp.path() / "mixed", c);
  EXPECT_TRUE(std::any_of(mixed.positions.begin(), mixed.positions.end(),
                          [](const PositionSample& p) { return !oneHot(p.wdl) && p.wdl[1] == 0.0f; }));
  for (const PositionSample& p : mixed.positions) EXPECT_NEAR(p.wdl[0] + p.wdl[1] + p.wdl[2], 1.0f, 1e-5);
  const auto config = nlohmann::json::parse(readBytes((tmp.path() / "mixed/config.json").string()));
  EXPECT_EQ(config.at("value_outcome_share"), 0.5);
  EXPECT_FALSE(nlohmann::json::parse(readBytes((tmp.path() / "results/config.json").string()))
                   .contains("value_outcome_share"))
      << "runs with the result alone write what older runs wrote";
}

TEST(FlipGumbelRun, MixedValueTargetIsTheShareOfEach) {
  const auto t = mixedValueTarget({1, 0, 0}, -0.5f, 0.25);
  EXPECT_FLOAT_EQ(t[0], 0.25f + 0.75f * 0.25f);
  EXPECT_FLOAT_EQ(t[1], 0.0f) << "no draw share: an uncertain value is a win or a loss";
  EXPECT_FLOAT_EQ(t[2], 0.75f * 0.75f);
  const auto draw = mixedValueTarget({0, 1, 0}, 0.0f, 0.5);
  EXPECT_FLOAT_EQ(draw[1], 0.5f);
}

TEST(FlipGumbelRun, BadValuesAreRefusedByName) {
  TrainingConfig c = oneGeneration();
  c.gumbel = true;
  c.gumbelActions = 1;
  EXPECT_THAT([&] { checkTrainingConfig(c); },
              testing::ThrowsMessage<std::invalid_argument>(HasSubstr("--gumbel-actions")));
  c = oneGeneration();
  c.valueOutcomeShare = 1.5;
  EXPECT_THAT([&] { checkTrainingConfig(c); }, testing::ThrowsMessage<std::invalid_argument>(HasSubstr("--value-target")));
}

}  // namespace
}  // namespace junqi
