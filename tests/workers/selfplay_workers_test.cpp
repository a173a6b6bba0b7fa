// Self-play workers without LibTorch (training/selfplay_workers.h): a
// worker's shard depends only on the run, its name and the shard's index,
// says what made it, and is what a worker of the run directory writes; runs
// a worker cannot serve are refused with the reason. A four-player run's
// worker writes the shard its trainer reads.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>

#include "core/files.h"
#include "core/random.h"
#include "nets/four/four_encoding.h"
#include "nets/network_shape.h"
#include "nets/weights_file.h"
#include "tests/support/random_weights.h"
#include "training/game_settings.h"
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

// A tiny four-player network (the cross board's grid and inputs), as a weights file's bytes.
std::string randomFourWorkerWeights(const fs::path& dir) {
  nets::NetworkShape shape = nets::NetworkShape::tiny();
  shape.inputPlanes = nets::kFourInputPlanes;
  shape.grid = nets::gridOfVariant("four");
  nets::WeightsFile w = nets::randomWeights(shape, 5);
  w.variant = "four";
  w.ruleset = "four-worldatplay";
  nets::saveWeights(w, (dir / "four.jqw").string());
  return readFile((dir / "four.jqw").string());
}

TrainingConfig smallFourRun() {
  TrainingConfig c = trainingDefaults("four");
  setRules(c, "four-worldatplay");
  c.gamesPerGeneration = 2;
  c.parallelGames = 2;
  c.sims = 4;
  c.maxPlies = 30;
  c.seed = 13;
  c.externalSelfPlay = true;
  return c;
}

// The run's self-play of the trainer, played with a worker's seed: the games a worker must have played.
Shard fourTrainerShard(const TrainingConfig& c, const std::string& weights, std::uint64_t seed) {
  FlipSelfPlayStats stats;
  return playSeatSelfPlay(nets::makeBackend("eigen", nets::parseWeights(weights, "four.jqw")), c, seed, 0,
                          c.gamesPerGeneration, stats, nullptr, {});
}

TEST(SelfPlayWorkers, AFourPlayerWorkerWritesTheShardItsRunReads) {
  Scratch scratch("four");
  const TrainingConfig c = smallFourRun();
  fs::create_directories(scratch.dir / "run/weights");
  fs::create_directories(scratch.dir / "run/shards");
  writeFileAtomically((scratch.dir / "run/config.json").string(), trainingConfigJson(c).dump());
  const std::string weights = randomFourWorkerWeights(scratch.dir);
  writeFileAtomically((scratch.dir / "run/weights/gen-0001.jqw").string(), weights);
  EXPECT_EQ(externalRunGenerations(readFile((scratch.dir / "run/config.json").string()), "RUN"), c.generations);
  runSelfPlayWorker((scratch.dir / "run").string(), "n1", 1, "eigen", [](const std::string&) {});
  ASSERT_TRUE(fs::exists(scratch.dir / "run/shards/w-n1-000000.jqs"));
  EXPECT_FALSE(fs::exists(scratch.dir / "run/shards/w-n1-000001.jqs"));

  // Read as the four-player run reads its shards: the encoding and policy of the cross board.
  const Shard shard = readShard((scratch.dir / "run/shards/w-n1-000000.jqs").string(), nets::kFourEncodingVersion,
                                nets::kFourInputSize, nets::kFourPolicySize);
  EXPECT_EQ(shard.games, 2u);
  EXPECT_EQ(shard.worker, "n1");
  EXPECT_EQ(shard.generation, 1);
  EXPECT_EQ(shard.ruleset, c.fourRules.toString());
  EXPECT_EQ(shard.weightsDigest, weightsDigest(weights));
  EXPECT_EQ(shard.seed, workerSeed(13, "n1", 0));
  ASSERT_FALSE(shard.positions.empty());
  std::size_t hidden = 0;
  for (const auto& p : shard.positions) {
    EXPECT_EQ(p.input.size(), static_cast<std::size_t>(nets::kFourInputSize));
    hidden += p.hidden.size();
  }
  EXPECT_GT(hidden, 0u) << "the identity head's targets (the pieces the seat does not see) travel in the shard";
  // The games are the trainer's own self-play of that seed, sample for sample.
  const Shard own = fourTrainerShard(c, weights, shard.seed);
  ASSERT_EQ(own.positions.size(), shard.positions.size());
  for (std::size_t i = 0; i < own.positions.size(); ++i) {
    EXPECT_EQ(own.positions[i].input, shard.positions[i].input);
    EXPECT_EQ(own.positions[i].hidden, shard.positions[i].hidden);
  }
}

TEST(SelfPlayWorkers, AFourPlayerWorkerRefusesWhatItCannotPlay) {
  Scratch scratch("four-refused");
  WorkerJob job;
  job.settings = trainingConfigJson(smallFourRun()).dump();
  job.generation = 1;
  job.worker = "a";
  const auto refusal = [&job] {
    try {
      playWorkerShard(job, [](const std::string&) {});
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
    return std::string("played");
  };
  job.weights = randomWeights(scratch.dir);  // a classic network
  const std::string classic = refusal();
  EXPECT_THAT(classic, HasSubstr("the weights file of generation 1"));
  EXPECT_EQ(classic.find('\n'), std::string::npos) << classic;
  job.weights = randomFourWorkerWeights(scratch.dir);
  job.backend = "torch";
  EXPECT_EQ(refusal(), "backend torch: a four-player run's self-play plays with eigen");
}

}  // namespace
}  // namespace junqi
