// The Flip Junqi training run (training/flip_training_run.h): a tiny run of
// two generations completes, its files are flip files, and run again it
// resumes: a deleted step is redone exactly, a finished run does nothing new.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "nets/flip_encoding.h"
#include "nets/flip_nn_agent.h"
#include "nets/nn_agent.h"
#include "selfplay/shard.h"
#include "training/flip_training_json.h"
#include "training/flip_training_run.h"
#include "training/training_run.h"
#include "tests/nets/nets_test_util.h"

namespace junqi {
namespace {

namespace fs = std::filesystem;
using netstest::readBytes;
using netstest::TempDir;
using ::testing::HasSubstr;

// Seconds: two games a generation, a few simulations and steps, one baseline, no teacher.
FlipTrainingConfig tinyFlipConfig() {
  return {.generations = 2, .gamesPerGeneration = 2, .parallelGames = 2, .sims = 4, .maxPlies = 60,
          .teacherGames = 0, .stepsPerGeneration = 3, .batchSize = 16, .ratingPairs = 1, .ratingSims = 4,
          .baselines = {"random"}, .seed = 5, .trainThreads = 1};
}

void runQuietly(const fs::path& dir, const FlipTrainingConfig& c) {
  runFlipTraining(dir.string(), c, [](const std::string&) {});
}

TEST(FlipTrainRun, TwoGenerationsCompleteAndResume) {
  nets::registerNetAgent();  // the rating matches play the flip nn agent
  TempDir tmp("flip-train");
  const fs::path dir = tmp.path() / "run";
  const FlipTrainingConfig c = tinyFlipConfig();
  runQuietly(dir, c);
  for (const char* f : {"config.json", "weights/gen-0000.jqw", "weights/gen-0002.jqw", "shards/gen-0002.jqs",
                        "checkpoints/gen-0002/state.txt", "matches/gen-0002/match.json", "ratings.txt", "log.jsonl",
                        "report.svg", "report.html"})
    EXPECT_TRUE(fs::exists(dir / f)) << f;
  EXPECT_TRUE(isFlipRun(dir.string()));
  const nets::WeightsFile w = nets::loadFlipWeights((dir / "weights/gen-0002.jqw").string());
  EXPECT_EQ(w.shape.inputPlanes, nets::kFlipInputPlanes);
  EXPECT_EQ(w.search, "sims=4,c=1.5,mix=0.25");
  const Shard shard = readShard((dir / "shards/gen-0001.jqs").string(), nets::kFlipEncodingVersion, nets::kFlipInputSize);
  EXPECT_EQ(shard.games, 2u);
  ASSERT_FALSE(shard.positions.empty());
  float target = 0;
  for (const auto& [index, p] : shard.positions.front().policy) target += p;
  EXPECT_NEAR(target, 1.0f, 1e-5);
  const std::string ratings = readBytes((dir / "ratings.txt").string());
  EXPECT_THAT(ratings, HasSubstr("gen-0002"));
  EXPECT_THAT(ratings, HasSubstr("random"));
  const std::string report = readBytes((dir / "report.html").string());
  EXPECT_THAT(report, HasSubstr("<th>first player wins</th>"));  // flip seats, not colours
  EXPECT_THAT(report, HasSubstr("Self-play, all generations: 4 games: first player won"));
  EXPECT_THAT(report, HasSubstr("class=\"loss\" data-loss=\"policy loss\""));

  // Resuming: a lost shard and what came after it are made again, the same.
  const std::string shardBytes = readBytes((dir / "shards/gen-0002.jqs").string());
  const std::string weightsBytes = readBytes((dir / "weights/gen-0002.jqw").string());
  fs::remove(dir / "shards/gen-0002.jqs");
  fs::remove_all(dir / "checkpoints/gen-0002");
  fs::remove(dir / "weights/gen-0002.jqw");
  runQuietly(dir, c);
  EXPECT_EQ(readBytes((dir / "shards/gen-0002.jqs").string()), shardBytes);
  EXPECT_EQ(readBytes((dir / "weights/gen-0002.jqw").string()), weightsBytes);
}

TEST(FlipTrainRun, AnotherRunsDirectoryIsRefused) {
  nets::registerNetAgent();
  TempDir tmp("flip-train-refused");
  const fs::path dir = tmp.path() / "run";
  FlipTrainingConfig c = tinyFlipConfig();
  c.generations = 1;
  c.gamesPerGeneration = 1;
  runQuietly(dir, c);
  FlipTrainingConfig other = c;
  other.sims = 5;
  EXPECT_THROW(runQuietly(dir, other), std::runtime_error);
  FlipTrainingConfig bad = c;
  bad.baselines = {"ismcts"};  // a classic agent
  try {
    runQuietly(tmp.path() / "never", bad);
    ADD_FAILURE() << "a classic baseline was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_THAT(e.what(), HasSubstr("--baselines: 'ismcts'"));
  }
  EXPECT_FALSE(fs::exists(tmp.path() / "never"));
}

// `junqi export` of a flip run's checkpoint: the run's settings found from the
// checkpoint, and the file the run wrote for that generation, byte for byte
// with the same description; another description changes only that.
TEST(FlipTrainRun, ACheckpointExportsAsTheRunExportedIt) {
  nets::registerNetAgent();
  TempDir tmp("flip-train-export");
  const fs::path dir = tmp.path() / "run";
  FlipTrainingConfig c = tinyFlipConfig();
  c.generations = 1;
  c.shape = "2x16";
  c.ratingSims = 3;
  runQuietly(dir, c);
  const std::string checkpoint = (dir / "checkpoints" / "gen-0001").string();
  const auto run = flipRunConfigOfCheckpoint(checkpoint + "/");
  ASSERT_TRUE(run.has_value());
  EXPECT_EQ(run->shape, "2x16");
  EXPECT_EQ(run->ratingSims, 3);
  EXPECT_EQ(run->rules, c.rules);
  EXPECT_EQ(flipSearchSettings(*run), "sims=3,c=1.5,mix=0.25");
  EXPECT_EQ(exportFlipCheckpoint(checkpoint, *run, "flip generation 1", tmp.file("same.jqw")), 3);
  const std::string runs = readBytes((dir / "weights" / "gen-0001.jqw").string());
  EXPECT_EQ(readBytes(tmp.file("same.jqw")), runs) << "not the run's own weights file";

  exportFlipCheckpoint(checkpoint, *run, "exported from " + checkpoint, tmp.file("exported.jqw"));
  const nets::WeightsFile exported = nets::loadFlipWeights(tmp.file("exported.jqw"));
  const nets::WeightsFile own = nets::loadFlipWeights((dir / "weights" / "gen-0001.jqw").string());
  EXPECT_EQ(exported.note, "exported from " + checkpoint);
  EXPECT_EQ(exported.shape.toString(), own.shape.toString());
  EXPECT_EQ(exported.shape.inputPlanes, nets::kFlipInputPlanes);
  EXPECT_EQ(exported.ruleset, own.ruleset);
  EXPECT_EQ(exported.search, "sims=3,c=1.5,mix=0.25");
  ASSERT_EQ(exported.tensors.size(), own.tensors.size());
  for (const auto& [name, tensor] : own.tensors) {
    EXPECT_EQ(exported.tensors.at(name).dims, tensor.dims) << name;
    EXPECT_EQ(exported.tensors.at(name).data, tensor.data) << name;
  }
}

TEST(FlipTrainRun, OnlyACheckpointOfAFlipRunHasFlipRunSettings) {
  TempDir tmp("flip-train-not-a-checkpoint");
  fs::create_directories(tmp.path() / "classic" / "checkpoints" / "gen-0001");
  netstest::writeBytes(tmp.file("classic/config.json"), R"({"variant": "classic"})");
  EXPECT_FALSE(flipRunConfigOfCheckpoint(tmp.file("classic/checkpoints/gen-0001")).has_value()) << "a classic run";
  fs::create_directories(tmp.path() / "flip" / "gen-0001");
  netstest::writeBytes(tmp.file("flip/config.json"), flipConfigToJson(tinyFlipConfig()).dump());
  EXPECT_FALSE(flipRunConfigOfCheckpoint(tmp.file("flip/gen-0001")).has_value()) << "not under checkpoints/";
  fs::create_directories(tmp.path() / "flip" / "checkpoints" / "gen-0001");
  EXPECT_TRUE(flipRunConfigOfCheckpoint(tmp.file("flip/checkpoints/gen-0001")).has_value());
}

TEST(FlipTrainRun, OptionsAFlipRunDoesNotHaveAreRefusedByName) {
  TrainingConfig classic;
  classic.sims = 9;
  const FlipTrainingConfig c = flipConfigOf(classic, FlipRuleset::kawu(), {{"sims", "--sims"}});
  EXPECT_EQ(c.sims, 9);
  EXPECT_EQ(c.generations, FlipTrainingConfig{}.generations);  // not given: the flip default
  try {
    flipConfigOf(classic, FlipRuleset::kawu(), {{"external_selfplay", "--external-selfplay"}});
    ADD_FAILURE() << "--external-selfplay was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "--external-selfplay: not available in a Flip Junqi run");
  }
}

TEST(FlipTrainRun, TeacherGamesMakeTheFirstGeneration) {
  nets::registerNetAgent();
  TempDir tmp("flip-train-teacher");
  const fs::path dir = tmp.path() / "run";
  FlipTrainingConfig c = tinyFlipConfig();
  c.generations = 1;
  c.teacherGames = 6;
  c.teacherPositions = 3;
  c.teacherSteps = 5;
  std::string log;
  runFlipTraining(dir.string(), c, [&](const std::string& line) { log += line + "\n"; });
  const Shard shard = readShard((dir / "shards/gen-0001.jqs").string(), nets::kFlipEncodingVersion, nets::kFlipInputSize);
  EXPECT_EQ(shard.games, 6u) << "the teacher's games, not the generation's 2 of self-play";
  EXPECT_EQ(shard.positions.size(), 6u * 3);
  EXPECT_THAT(log, HasSubstr("teacher games 6/6 games"));
  EXPECT_THAT(log, HasSubstr("train step 5/5"));
}

TEST(FlipTrainRun, ARunStartedBeforeTeachersAndMixResumes) {
  nets::registerNetAgent();
  TempDir tmp("flip-train-old");
  const fs::path dir = tmp.path() / "run";
  FlipTrainingConfig c = tinyFlipConfig();
  c.generations = 1;
  c.rolloutMix = 0;
  c.rootNoise = 0;
  runQuietly(dir, c);
  // Its config.json as the first flip runs wrote it: without the later settings.
  auto j = nlohmann::json::parse(readBytes((dir / "config.json").string()));
  for (const char* key : {"rollout_mix", "root_noise", "teacher_games", "teacher_positions", "teacher_steps"}) j.erase(key);
  std::ofstream(dir / "config.json") << j.dump(2);
  const FlipTrainingConfig resumed = resumedFlipConfig(dir.string(), FlipTrainingConfig{}, {});
  EXPECT_EQ(resumed.teacherGames, 0);
  EXPECT_EQ(resumed.rolloutMix, 0);
  EXPECT_NO_THROW(runQuietly(dir, c));
  c.rolloutMix = 0.5;
  EXPECT_THROW(runQuietly(dir, c), std::runtime_error) << "other settings in the same directory";
}

}  // namespace
}  // namespace junqi
