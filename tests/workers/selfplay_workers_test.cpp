// Self-play workers without LibTorch (training/selfplay_workers.h): a
// worker's shard depends only on the run, its name and the shard's index,
// says what made it, and is what a worker of the run directory writes; runs
// a worker cannot serve are refused with the reason.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>

#include "core/files.h"
#include "core/random.h"
#include "nets/weights_file.h"
#include "tests/support/random_weights.h"
#include "training/selfplay_workers.h"
#include "training/training_config.h"

namespace junqi {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

// A tiny network with small random weights, as a weights file's bytes.
std::string randomWeights(const fs::path& dir) {
  nets::saveWeights(nets::randomWeights(nets::NetworkShape::tiny(), 7), (dir / "w.jqw").string());
  return readFile((dir / "w.jqw").string());
}

TrainingConfig smallRun(bool external) {
  TrainingConfig c;
  c.gamesPerGeneration = 2;
  c.parallelGames = 2;
  c.sims = 8;
  c.maxPlies = 60;
  c.seed = 11;
  c.externalSelfPlay = external;
  return c;
}

struct Scratch {
  explicit Scratch(const std::string& name)
      : dir(fs::temp_directory_path() / ("junqi-workers-" + name + "-" + std::to_string(::getpid()))) {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Scratch() { fs::remove_all(dir); }
  fs::path dir;
};

TEST(SelfPlayWorkers, AShardDependsOnlyOnTheRunTheNameAndTheIndex) {
  Scratch scratch("shard");
  WorkerJob job;
  job.settings = trainingConfigJson(smallRun(true)).dump();
  job.generation = 2;  // of the 3 the run has
  job.weights = randomWeights(scratch.dir);
  job.worker = "a";
  const auto quiet = [](const std::string&) {};
  const Shard shard = playWorkerShard(job, quiet);
  EXPECT_EQ(shard.games, 2u);
  EXPECT_FALSE(shard.positions.empty());
  EXPECT_EQ(shard.worker, "a");
  EXPECT_EQ(shard.index, 0u);
  EXPECT_EQ(shard.generation, 2);
  EXPECT_EQ(shard.weightsDigest, weightsDigest(job.weights));
  EXPECT_EQ(shard.seed, workerSeed(11, "a", 0));
  const std::string bytes = encodeShard(shard);
  EXPECT_EQ(encodeShard(playWorkerShard(job, quiet)), bytes) << "the same job played other games";
  const auto inputs = [](const Shard& s) {
    std::vector<std::vector<std::uint8_t>> all;
    for (const auto& p : s.positions) all.push_back(p.input);
    return all;
  };
  job.index = 1;
  EXPECT_NE(inputs(playWorkerShard(job, quiet)), inputs(shard)) << "another index, the same games";
  job.index = 0;
  job.worker = "b";
  EXPECT_NE(inputs(playWorkerShard(job, quiet)), inputs(shard)) << "another worker, the same games";

  // A worker of a run directory writes the same shard, then stops (`shards` 1).
  fs::create_directories(scratch.dir / "run/weights");
  fs::create_directories(scratch.dir / "run/shards");
  writeFileAtomically((scratch.dir / "run/config.json").string(), trainingConfigJson(smallRun(true)).dump());
  writeFileAtomically((scratch.dir / "run/weights/gen-0002.jqw").string(), randomWeights(scratch.dir));
  runSelfPlayWorker((scratch.dir / "run").string(), "a", 1, "eigen", quiet);
  EXPECT_EQ(readFile((scratch.dir / "run/shards/w-a-000000.jqs").string()), bytes);
  EXPECT_FALSE(fs::exists(scratch.dir / "run/shards/w-a-000001.jqs"));
}

TEST(SelfPlayWorkers, RunsAWorkerCannotServeAreRefused) {
  Scratch scratch("refused");
  const auto refusal = [](const std::string& settings) -> std::string {
    try {
      externalRunGenerations(settings, "RUN");
    } catch (const std::runtime_error& e) {
      return e.what();
    }
    return "accepted";
  };
  EXPECT_EQ(refusal(trainingConfigJson(smallRun(true)).dump()), "accepted");
  EXPECT_EQ(refusal(trainingConfigJson(smallRun(false)).dump()),
            "RUN plays its own self-play; start it with junqi train --external-selfplay");
  EXPECT_THAT(refusal("{\"shape\": \"tiny\"}"), HasSubstr("RUN: not a training run's settings"));
  EXPECT_THAT(refusal("not json"), HasSubstr("RUN: not a training run's settings"));
  try {
    runSelfPlayWorker((scratch.dir / "nowhere").string(), "a", 1, "eigen", [](const std::string&) {});
    ADD_FAILURE() << "a worker ran without a run";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("is not a training run (no config.json)"));
  }
  WorkerJob job;
  job.settings = trainingConfigJson(smallRun(true)).dump();
  job.weights = "JQNW but not really";
  job.worker = "a";
  EXPECT_THROW(playWorkerShard(job, [](const std::string&) {}), nets::WeightsError);
  job.weights = randomWeights(scratch.dir);
  job.worker = "a/b";
  EXPECT_THROW(playWorkerShard(job, [](const std::string&) {}), std::runtime_error);
}

}  // namespace
}  // namespace junqi
