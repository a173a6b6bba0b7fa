// The Flip Junqi training run (training/training_run.h, its game Flip Junqi): a tiny run of
// two generations completes, its files are flip files, and run again it
// resumes: a deleted step is redone exactly, a finished run does nothing new.
// With external self-play, a worker on another thread plays its games.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "nets/flip/flip_encoding.h"
#include "nets/flip/flip_nn_agent.h"
#include "nets/nn_agent.h"
#include "selfplay/shard.h"
#include "training/selfplay_workers.h"
#include "training/training_run.h"
#include "tests/nets/nets_test_util.h"

namespace junqi {
namespace {

namespace fs = std::filesystem;
using netstest::readBytes;
using netstest::TempDir;
using ::testing::HasSubstr;

// Seconds: two games a generation, a few simulations and steps, one baseline, no teacher.
TrainingConfig tinyFlipConfig() {
  TrainingConfig c = trainingDefaults("flip");
  c.generations = 2, c.gamesPerGeneration = 2, c.parallelGames = 2, c.sims = 4, c.maxPlies = 60;
  c.teacherGames = 0, c.stepsPerGeneration = 3, c.batchSize = 16, c.ratingPairs = 1, c.ratingSims = 4;
  c.baselines = {"random"}, c.seed = 5, c.trainThreads = 1;
  return c;
}

void runQuietly(const fs::path& dir, const TrainingConfig& c) {
  runTraining(dir.string(), c, [](const std::string&) {});
}

TEST(FlipTrainRun, TwoGenerationsCompleteAndResume) {
  nets::registerNetAgent();  // the rating matches play the flip nn agent
  TempDir tmp("flip-train");
  const fs::path dir = tmp.path() / "run";
  const TrainingConfig c = tinyFlipConfig();
  runQuietly(dir, c);
  for (const char* f : {"config.json", "weights/gen-0000.jqw", "weights/gen-0002.jqw", "shards/gen-0002.jqs",
                        "checkpoints/gen-0002/state.txt", "matches/gen-0002/match.json", "ratings.txt", "log.jsonl",
                        "report.svg", "report.html"})
    EXPECT_TRUE(fs::exists(dir / f)) << f;
  EXPECT_TRUE(runVariant(dir.string()) == "flip");
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
  TrainingConfig c = tinyFlipConfig();
  c.generations = 1;
  c.gamesPerGeneration = 1;
  runQuietly(dir, c);
  TrainingConfig other = c;
  other.sims = 5;
  EXPECT_THROW(runQuietly(dir, other), std::runtime_error);
  TrainingConfig bad = c;
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
  TrainingConfig c = tinyFlipConfig();
  c.generations = 1;
  c.shape = "2x16";
  c.ratingSims = 3;
  runQuietly(dir, c);
  const std::string checkpoint = (dir / "checkpoints" / "gen-0001").string();
  const auto run = runConfigOfCheckpoint(checkpoint + "/");
  ASSERT_TRUE(run.has_value());
  EXPECT_EQ(run->shape, "2x16");
  EXPECT_EQ(run->ratingSims, 3);
  EXPECT_EQ(run->flipRules, c.flipRules);
  EXPECT_EQ(run->variant, "flip");
  EXPECT_EQ(ratedSearchSettings(*run), "sims=3,c=1.5,mix=0.25");
  EXPECT_EQ(exportCheckpoint(checkpoint, *run, "generation 1", tmp.file("same.jqw")), 3);
  const std::string runs = readBytes((dir / "weights" / "gen-0001.jqw").string());
  EXPECT_EQ(readBytes(tmp.file("same.jqw")), runs) << "not the run's own weights file";

  exportCheckpoint(checkpoint, *run, "exported from " + checkpoint, tmp.file("exported.jqw"));
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
  const TrainingConfig classic;
  netstest::writeBytes(tmp.file("classic/config.json"), trainingConfigJson(classic).dump());
  EXPECT_EQ(runConfigOfCheckpoint(tmp.file("classic/checkpoints/gen-0001"))->variant, "classic") << "a classic run";
  fs::create_directories(tmp.path() / "flip" / "gen-0001");
  netstest::writeBytes(tmp.file("flip/config.json"), trainingConfigJson(tinyFlipConfig()).dump());
  EXPECT_FALSE(runConfigOfCheckpoint(tmp.file("flip/gen-0001")).has_value()) << "not under checkpoints/";
  fs::create_directories(tmp.path() / "flip" / "checkpoints" / "gen-0001");
  EXPECT_EQ(runConfigOfCheckpoint(tmp.file("flip/checkpoints/gen-0001"))->variant, "flip");
}

TEST(FlipTrainRun, OptionsAFlipRunDoesNotHaveAreRefusedByName) {
  TrainingConfig classic;
  classic.sims = 9;
  const TrainingConfig c = configOfGame(trainingDefaults("flip"), classic, {{"sims", "--sims"}});
  EXPECT_EQ(c.sims, 9);
  EXPECT_EQ(c.generations, trainingDefaults("flip").generations);  // not given: the flip default
  classic.externalSelfPlay = true;
  EXPECT_TRUE(configOfGame(trainingDefaults("flip"), classic, {{"external_selfplay", "--external-selfplay"}}).externalSelfPlay);
  try {
    configOfGame(trainingDefaults("flip"), classic, {{"rollout_depth", "--rollout-depth"}});
    ADD_FAILURE() << "--rollout-depth was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "--rollout-depth: not available in a Flip Junqi run");
  }
  EXPECT_THAT([&] { configOfGame(trainingDefaults("flip"), classic, {{"identity_loss", "--identity-loss"}}); },
              testing::ThrowsMessage<std::invalid_argument>(HasSubstr("--identity-loss: not available in a Flip Junqi run")));
  classic.gumbel = true;
  EXPECT_TRUE(configOfGame(trainingDefaults("flip"), classic, {{"gumbel", "--gumbel"}}).gumbel) << "flip has it now";
  EXPECT_EQ(configOfGame(trainingDefaults("flip"), classic, {{"value_outcome_share", "--value-target"}}).valueOutcomeShare,
            0.5);
  classic.anchorGenerations = {1};
  EXPECT_EQ(configOfGame(trainingDefaults("flip"), classic, {{"anchor_generations", "--anchor-generations"}})
                .anchorGenerations,
            std::vector<int>{1});
}

// The learning curve of a flip run, as of a classic one: a fixed panel (the
// anchor generation 1 and the baselines, not also the previous generation),
// each generation's CPU time, held-out losses, learning-curve.csv.
TEST(FlipTrainRun, AFlipRunHasALearningCurveAgainstAFixedPanel) {
  nets::registerNetAgent();
  TempDir tmp("flip-train-curve");
  const fs::path dir = tmp.path() / "run";
  TrainingConfig c = tinyFlipConfig();
  c.generations = 3;
  c.anchorGenerations = {1};
  c.ratePrevious = false;
  runQuietly(dir, c);
  const auto match = nlohmann::json::parse(readBytes((dir / "matches/gen-0003/match.json").string()));
  EXPECT_THAT(match.dump(), HasSubstr("gen-0001"));
  EXPECT_THAT(match.dump(), ::testing::Not(HasSubstr("gen-0002"))) << "the previous generation played";
  const auto config = nlohmann::json::parse(readBytes((dir / "config.json").string()));
  EXPECT_EQ(config.at("anchor_generations"), nlohmann::json::array({1}));
  EXPECT_EQ(config.at("rate_previous"), false);
  const auto record = nlohmann::json::parse(readBytes((dir / "log/gen-0002.json").string()));
  EXPECT_GT(record.at("cpu_seconds").get<double>(), 0);
  EXPECT_GT(record.at("held_out_previous").at("positions").get<int>(), 0) << "generation 1 on generation 2's games";
  std::istringstream csv(readBytes((dir / "learning-curve.csv").string()));
  std::vector<std::string> rows;
  for (std::string row; std::getline(csv, row);) rows.push_back(row);
  ASSERT_EQ(rows.size(), 4u) << "a header and generations 1-3 (generation 0 plays no one)";
  EXPECT_THAT(rows[1], ::testing::MatchesRegex("1,[-0-9.]+,[-0-9.]+,[-0-9.]+,[0-9.]+,[0-9.]+,[0-9.]+,[0-9.]+"))
      << "generation 1: Elo, interval, CPU hours and its held-out losses";
}

// Playout cap randomization in flip self-play: most actions searched with
// --fast-sims and not kept, so fewer positions than actions; without a cap
// every action is a position.
TEST(FlipTrainRun, UnderAPlayoutCapOnlyFullSearchesBecomeSamples) {
  nets::registerNetAgent();
  TempDir tmp("flip-train-cap");
  TrainingConfig c = tinyFlipConfig();
  c.generations = 1;
  runQuietly(tmp.path() / "full", c);
  const auto full = nlohmann::json::parse(readBytes((tmp.path() / "full/shards/gen-0001.json").string()));
  EXPECT_EQ(full.at("moves"), full.at("positions"));
  c.fastSims = 2;
  c.fullSearchShare = 0.25;
  runQuietly(tmp.path() / "capped", c);
  const auto capped = nlohmann::json::parse(readBytes((tmp.path() / "capped/shards/gen-0001.json").string()));
  EXPECT_GT(capped.at("positions").get<long long>(), 0);
  EXPECT_LT(capped.at("positions").get<long long>() * 2, capped.at("moves").get<long long>())
      << "about a quarter of the actions kept";
  const auto config = nlohmann::json::parse(readBytes((tmp.path() / "capped/config.json").string()));
  EXPECT_EQ(config.at("fast_sims"), 2);
  EXPECT_FALSE(nlohmann::json::parse(readBytes((tmp.path() / "full/config.json").string())).contains("fast_sims"));
}

TEST(FlipTrainRun, TeacherGamesMakeTheFirstGeneration) {
  nets::registerNetAgent();
  TempDir tmp("flip-train-teacher");
  const fs::path dir = tmp.path() / "run";
  TrainingConfig c = tinyFlipConfig();
  c.generations = 1;
  c.teacherGames = 6;
  c.teacherPositions = 3;
  c.teacherSteps = 5;
  std::string log;
  runTraining(dir.string(), c, [&](const std::string& line) { log += line + "\n"; });
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
  TrainingConfig c = tinyFlipConfig();
  c.generations = 1;
  c.rolloutMix = 0;
  c.rootNoise = 0;
  runQuietly(dir, c);
  // Its config.json as the first flip runs wrote it: without the later settings.
  auto j = nlohmann::json::parse(readBytes((dir / "config.json").string()));
  for (const char* key :
       {"rollout_mix", "root_noise", "teacher_games", "teacher_positions", "teacher_steps", "external_selfplay"})
    j.erase(key);
  std::ofstream(dir / "config.json") << j.dump(2);
  const TrainingConfig resumed = resumedConfig(dir.string(), trainingDefaults("flip"), {});
  EXPECT_EQ(resumed.teacherGames, 0);
  EXPECT_FALSE(resumed.externalSelfPlay);
  EXPECT_EQ(resumed.rolloutMix, 0);
  EXPECT_NO_THROW(runQuietly(dir, c));
  c.rolloutMix = 0.5;
  EXPECT_THROW(runQuietly(dir, c), std::runtime_error) << "other settings in the same directory";
}

std::vector<std::string> listedShards(const fs::path& list) {
  std::vector<std::string> names;
  std::istringstream in(readBytes(list.string()));
  for (std::string name; in >> name;) names.push_back(name);
  return names;
}

// The trainer of a run on its own thread. `stop` ends it, as a failed worker
// must not leave it waiting for ever; a failed trainer stops its workers so.
struct TrainerThread {
  TrainerThread(const fs::path& dir, const TrainingConfig& c)
      : thread([this, dir, c] {
          try {
            runTraining(dir.string(), c, [this](const std::string& line) { log += line + "\n"; }, &stop);
          } catch (const std::exception& e) {
            error = e.what();
            stop = true;
          }
          finished = true;
        }) {}
  ~TrainerThread() { join(); }
  TrainerThread(const TrainerThread&) = delete;
  TrainerThread& operator=(const TrainerThread&) = delete;
  void join() {
    if (thread.joinable()) thread.join();
  }
  // Did it finish by itself within `seconds`? Then (or else) it is stopped.
  bool finishesWithin(int seconds) {
    for (int i = 0; i < 10 * seconds && !finished; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    const bool done = finished;
    stop = true;
    join();
    return done;
  }

  std::atomic<bool> stop{false}, finished{false};
  std::string log, error;
  std::thread thread;  // last: it uses the others
};

// Plays `dir`'s self-play as worker `name` until the run is done; the trainer's `stop` ends it too.
std::string playAsWorker(const fs::path& dir, const std::string& name, std::atomic<bool>& stop) {
  for (int i = 0; i < 1200 && !fs::exists(dir / "config.json") && !stop; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  try {
    runSelfPlayWorker(dir.string(), name, 0, "eigen", [](const std::string&) {}, &stop);
  } catch (const std::exception& e) {
    stop = true;
    return e.what();
  }
  return "";
}

// A run with external self-play: its trainer plays no game, a worker plays
// them all; each generation's list of shards is kept, and a resumed trainer
// trains on it again, even with newer workers' shards there.
TEST(FlipTrainRun, AWorkerPlaysTheSelfPlayOfARunWithExternalSelfPlay) {
  nets::registerNetAgent();
  TempDir tmp("flip-train-workers");
  const fs::path dir = tmp.path() / "run";
  TrainingConfig c = tinyFlipConfig();
  c.externalSelfPlay = true;
  TrainerThread trainer(dir, c);
  const std::string workerError = playAsWorker(dir, "a", trainer.stop);
  trainer.join();
  ASSERT_EQ(trainer.error, "");
  ASSERT_EQ(workerError, "");
  ASSERT_TRUE(fs::exists(dir / "weights/gen-0002.jqw"));
  EXPECT_FALSE(fs::exists(dir / "shards/gen-0001.jqs")) << "the trainer played self-play";
  EXPECT_THAT(trainer.log, HasSubstr("waiting for self-play workers: 0/2 new games (junqi selfplay --run " + dir.string()));
  std::set<std::string> taken;
  for (const char* list : {"log/gen-0001.shards", "log/gen-0002.shards"}) {
    const std::vector<std::string> names = listedShards(dir / list);
    ASSERT_FALSE(names.empty()) << list;
    std::uint32_t games = 0;
    for (const std::string& name : names) {
      EXPECT_THAT(name, ::testing::StartsWith("w-a-")) << list;
      EXPECT_TRUE(taken.insert(name).second) << name << " trained on twice";
      const Shard shard = readShard((dir / "shards" / name).string(), nets::kFlipEncodingVersion, nets::kFlipInputSize);
      EXPECT_EQ(shard.worker, "a");
      EXPECT_EQ(shard.games, 2u) << "a generation's games";
      games += shard.games;
    }
    EXPECT_GE(games, 2u) << list;
  }
  const auto record = nlohmann::json::parse(readBytes((dir / "log/gen-0002.json").string()));
  EXPECT_EQ(record.at("shards").get<std::vector<std::string>>(), listedShards(dir / "log/gen-0002.shards"));

  // Resumed: generation 2 trained again on its list, not on a newer shard.
  const std::string weightsBytes = readBytes((dir / "weights/gen-0002.jqw").string());
  const std::string list = readBytes((dir / "log/gen-0002.shards").string());
  fs::copy_file(dir / "shards/w-a-000000.jqs", dir / "shards/w-b-000000.jqs");
  fs::remove_all(dir / "checkpoints/gen-0002");
  fs::remove(dir / "weights/gen-0002.jqw");
  TrainerThread resumed(dir, c);
  EXPECT_TRUE(resumed.finishesWithin(120)) << "it waited for workers";
  EXPECT_EQ(resumed.error, "");
  EXPECT_EQ(readBytes((dir / "log/gen-0002.shards").string()), list);
  EXPECT_EQ(readBytes((dir / "weights/gen-0002.jqw").string()), weightsBytes);
}

// A worker's games depend on the run, its name and the shard's index alone:
// the same worker plays the same shard in another directory, another worker
// other games; `shards` ends it.
TEST(FlipTrainRun, AWorkersShardDependsOnItsNameAndIndex) {
  TempDir tmp("flip-train-worker-seed");
  TrainingConfig c = tinyFlipConfig();
  c.externalSelfPlay = true;
  c.seed = 5;
  // FNV-1a of the name, not std::hash: the same on every standard library.
  EXPECT_EQ(workerSeed(c.seed, "a", 0), 0x4801e718a5b61812ULL);
  EXPECT_EQ(workerSeed(c.seed, "a", 1), 0x5da78e9fed4f8f17ULL);
  // Run "one": its trainer stopped once it exported generation 0; run "two": a copy of it.
  {
    TrainerThread trainer(tmp.path() / "one", c);
    for (int i = 0; i < 1200 && !fs::exists(tmp.path() / "one/weights/gen-0000.jqw") && !trainer.stop; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    trainer.stop = true;
    trainer.join();
    ASSERT_EQ(trainer.error, "");
  }
  fs::create_directories(tmp.path() / "two/shards");
  fs::copy(tmp.path() / "one/weights", tmp.path() / "two/weights");
  fs::copy_file(tmp.path() / "one/config.json", tmp.path() / "two/config.json");
  const auto play = [&](const char* run, const char* worker) {
    runSelfPlayWorker(tmp.file(run), worker, 1, "eigen", [](const std::string&) {});
    return readBytes(tmp.file(std::string(run) + "/shards/w-" + worker + "-000000.jqs"));
  };
  const std::string a = play("one", "a");
  EXPECT_EQ(play("two", "a"), a);
  EXPECT_NE(play("one", "b"), a);
  EXPECT_FALSE(fs::exists(tmp.path() / "one/shards/w-a-000001.jqs")) << "more shards than --shards 1";
}

TEST(FlipTrainRun, AWorkerIsRefusedWhereItHasNoPlace) {
  TempDir tmp("flip-train-worker-refused");
  TrainingConfig c = tinyFlipConfig();
  fs::create_directories(tmp.path() / "own");
  netstest::writeBytes(tmp.file("own/config.json"), trainingConfigJson(c).dump());
  c.externalSelfPlay = true;
  fs::create_directories(tmp.path() / "external");
  netstest::writeBytes(tmp.file("external/config.json"), trainingConfigJson(c).dump());
  const auto refusal = [&](const char* run, const char* worker) -> std::string {
    try {
      runSelfPlayWorker(tmp.file(run), worker, 1, "eigen", [](const std::string&) {});
    } catch (const std::runtime_error& e) {
      return e.what();
    }
    return "accepted";
  };
  EXPECT_EQ(refusal("own", "a"), tmp.file("own") + " plays its own self-play; start it with junqi train --external-selfplay");
  EXPECT_EQ(refusal("external", "a.b"), "worker name 'a.b': one word without '/', ' ' or '.'");
  EXPECT_EQ(refusal("external", ""), "worker name '': one word without '/', ' ' or '.'");
  EXPECT_THAT(refusal("nowhere", "a"), HasSubstr("is not a training run (no config.json)"));
}

}  // namespace
}  // namespace junqi
