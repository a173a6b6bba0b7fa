// The training run, killed in the middle of a generation and started again,
// ends exactly where an uninterrupted run ends: the same shards, checkpoints
// and weights, and no game played twice.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/files.h"
#include "core/stopwatch.h"
#include "nets/nn_agent.h"
#include "nets/weights_file.h"
#include "nets/torch_backend.h"
#include "selfplay/shard.h"
#include "training/training_run.h"
#include "tests/nets/nets_test_util.h"

namespace junqi {
namespace {

namespace fs = std::filesystem;
using netstest::readBytes;
using ::testing::HasSubstr;

TrainingConfig smallConfig() {
  TrainingConfig c;
  c.generations = 2;
  c.gamesPerGeneration = 2;
  c.parallelGames = 1;  // one self-play thread: batches, and so the games, do not depend on timing
  c.sims = 8;
  c.stepsPerGeneration = 10;
  c.batchSize = 32;
  c.ratingPairs = 1;
  c.ratingSims = 8;
  c.ratingConcurrency = 2;
  c.maxPlies = 200;
  c.baselines = {"random"};
  // One LibTorch thread: the run is deterministic with two as well, but on a
  // shared, loaded machine two OpenMP threads can make it ten times slower.
  c.trainThreads = 1;
  c.seed = 17;
  return c;
}

std::vector<std::string> files(const fs::path& dir, const std::string& extension) {
  std::vector<std::string> out;
  if (!fs::exists(dir)) return out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == extension) out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> temporaries(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".tmp") == 0) out.push_back(e.path().string());
  }
  return out;
}

std::string stateText(const fs::path& checkpoint) { return readBytes((checkpoint / "state.txt").string()); }

// A game record without its timing tags and agent specs (the specs name the
// weights files by their path in the run directory): what may differ between
// two runs that play the same game.
std::string recordWithoutTimes(const fs::path& path) {
  std::string out, line;
  std::istringstream in(readBytes(path.string()));
  while (std::getline(in, line))
    if (line.rfind("tag red-seconds", 0) != 0 && line.rfind("tag blue-seconds", 0) != 0 &&
        line.rfind("tag red-agent", 0) != 0 && line.rfind("tag blue-agent", 0) != 0)
      out += line + "\n";
  return out;
}

TEST(TrainingRun, KilledInGenerationTwoAndResumedEndsLikeAnUninterruptedRun) {
  nets::registerNetAgent();
  nets::registerTorchBackend();
  const netstest::TorchThreads restore(torch::get_num_threads());  // runTraining sets the global count
  netstest::TempDir root("run");
  const fs::path a = root.path() / "a";
  fs::path b = root.path() / "b";
  const TrainingConfig c = smallConfig();
  std::vector<std::string> logA;
  runTraining(a.string(), c, [&](const std::string& line) { logA.push_back(line); });

  // B: stopped during generation 2's self-play (after its first game), then
  // during generation 2's training (no checkpoint yet), then moved to another
  // directory and run to the end.
  std::atomic<bool> stop{false};
  const auto stopOn = [&](const std::string& marker) {
    return [&stop, marker](const std::string& line) {
      if (line.find(marker) != std::string::npos) stop = true;
    };
  };
  runTraining(b.string(), c, stopOn("gen 2/2 | self-play 1/2"), &stop);
  ASSERT_TRUE(stop);
  EXPECT_FALSE(fs::exists(b / "shards" / "gen-0002.jqs")) << "an unfinished self-play wrote a shard";
  // Its finished game is kept for the next session, which plays only the other one.
  ASSERT_TRUE(fs::exists(b / "shards" / "gen-0002.part.jqs")) << "the finished game was lost";
  EXPECT_EQ(readShard((b / "shards" / "gen-0002.part.jqs").string()).games, 1u);
  EXPECT_TRUE(fs::exists(b / "shards" / "gen-0001.jqs"));
  EXPECT_TRUE(fs::exists(b / "weights" / "gen-0001.jqw"));
  // The stopped session's CPU time in generation 2 is kept for the one that finishes it.
  const fs::path ledger = fs::path("log") / "gen-0002.cpu";
  const auto ledgerSeconds = [&] { return std::stod(readBytes((b / ledger).string())); };
  ASSERT_TRUE(fs::exists(b / ledger)) << "the stopped session's CPU time was not kept";
  EXPECT_GT(ledgerSeconds(), 0);
  // Made large, here and below, so that a session's own part cannot pass for the total.
  writeFileAtomically((b / ledger).string(), "500\n");
  stop = false;
  runTraining(b.string(), c, stopOn("gen 2/2 | train step"), &stop);
  ASSERT_TRUE(stop);
  EXPECT_GE(ledgerSeconds(), 500) << "the second session's part replaced the first's instead of adding to it";
  EXPECT_TRUE(fs::exists(b / "shards" / "gen-0002.jqs"));
  EXPECT_FALSE(fs::exists(b / "shards" / "gen-0002.part.jqs")) << "the kept game is also left on its own";
  EXPECT_FALSE(fs::exists(b / "checkpoints" / "gen-0002")) << "an unfinished training saved a checkpoint";
  EXPECT_FALSE(fs::exists(b / "weights" / "gen-0002.jqw"));
  // Moved before it goes on: the rating matches name the weights files by
  // their paths, under the run directory wherever it now is.
  const fs::path moved = root.path() / "b-moved";
  fs::rename(b, moved);
  b = moved;
  stop = false;
  const double stoppedParts = 1000;
  writeFileAtomically((b / ledger).string(), "1000\n");
  std::vector<std::string> logB;
  const double cpuBefore = processCpuSeconds();
  runTraining(b.string(), c, [&](const std::string& line) { logB.push_back(line); }, &stop);
  const double lastPart = processCpuSeconds() - cpuBefore;
  const double generationTwoCpu =
      nlohmann::json::parse(readBytes((b / "log" / "gen-0002.json").string())).at("cpu_seconds").get<double>();
  EXPECT_GE(generationTwoCpu, stoppedParts) << "generation 2's log line lost the stopped sessions' CPU time";
  EXPECT_LE(generationTwoCpu, stoppedParts + lastPart);
  EXPECT_FALSE(fs::exists(b / ledger)) << "the finished generation's ledger was left behind";

  // The last run redid only what was missing: generation 2's training.
  const auto anyLine = [](const std::vector<std::string>& lines, const std::string& part) {
    return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(part) != std::string::npos; });
  };
  EXPECT_TRUE(anyLine(logA, "gen 1/2 | train step 10/10"));
  EXPECT_TRUE(anyLine(logA, "gen 2/2 | train step 10/10"));
  EXPECT_TRUE(anyLine(logB, "gen 2/2 | train step 10/10"));
  EXPECT_FALSE(anyLine(logB, "gen 1/2 | train step")) << "generation 1 was trained again";
  EXPECT_FALSE(anyLine(logB, "self-play")) << "self-play was played again";

  // The same shards, byte for byte.
  ASSERT_EQ(files(a / "shards", ".jqs"), (std::vector<std::string>{"gen-0001.jqs", "gen-0002.jqs"}));
  EXPECT_EQ(files(b / "shards", ".jqs"), files(a / "shards", ".jqs"));
  for (const std::string& f : files(a / "shards", ".jqs")) {
    EXPECT_EQ(readBytes((a / "shards" / f).string()), readBytes((b / "shards" / f).string())) << f;
    EXPECT_EQ(readShard((a / "shards" / f).string()).games, 2u) << f;
  }
  // The same checkpoints (step counts) and the same exported weights.
  for (const std::string g : {"gen-0000", "gen-0001", "gen-0002"}) {
    ASSERT_TRUE(fs::exists(b / "checkpoints" / g)) << g;
    EXPECT_EQ(stateText(a / "checkpoints" / g), stateText(b / "checkpoints" / g)) << g;
    EXPECT_EQ(readBytes((a / "weights" / (g + ".jqw")).string()), readBytes((b / "weights" / (g + ".jqw")).string()))
        << g << ": the resumed run exported other weights";
  }
  EXPECT_THAT(stateText(b / "checkpoints" / "gen-0002"), HasSubstr("steps 20"));
  EXPECT_THAT(stateText(b / "checkpoints" / "gen-0001"), HasSubstr("steps 10"));

  // Every rating game once: 2 pairings (previous generation, random) x 1 pair
  // x 2 seats; and the same games in both runs.
  for (const fs::path& run : {a, b})
    for (const std::string g : {"gen-0001", "gen-0002"}) {
      const std::vector<std::string> games = files(run / "matches" / g / "games", ".jqr");
      EXPECT_EQ(games.size(), 4u) << run << " " << g;
      EXPECT_EQ(games, (std::vector<std::string>{"game-00000.jqr", "game-00001.jqr", "game-00002.jqr", "game-00003.jqr"}));
    }
  for (const std::string g : {"gen-0001", "gen-0002"})
    for (const std::string& r : files(a / "matches" / g / "games", ".jqr"))
      EXPECT_EQ(recordWithoutTimes(a / "matches" / g / "games" / r), recordWithoutTimes(b / "matches" / g / "games" / r))
          << g << " " << r;
  EXPECT_TRUE(temporaries(a).empty()) << temporaries(a).front();
  EXPECT_TRUE(temporaries(b).empty()) << temporaries(b).front();

  // One log line per generation, each with what the generation did: the
  // resumed run keeps the self-play statistics and the losses.
  for (const fs::path& run : {a, b}) {
    const std::string log = readBytes((run / "log.jsonl").string());
    EXPECT_EQ(std::count(log.begin(), log.end(), '\n'), 2) << run;
  }
  for (const std::string g : {"gen-0001", "gen-0002"}) {
    const auto ja = nlohmann::json::parse(readBytes((a / "log" / (g + ".json")).string()));
    const auto jb = nlohmann::json::parse(readBytes((b / "log" / (g + ".json")).string()));
    for (const std::string key : {"generation", "selfplay", "losses"}) {
      EXPECT_TRUE(ja.contains(key)) << g << " of the uninterrupted run has no '" << key << "'";
      EXPECT_TRUE(jb.contains(key)) << g << " of the resumed run lost '" << key << "'";
    }
    if (ja.contains("losses") && jb.contains("losses")) {
      EXPECT_EQ(ja["losses"], jb["losses"]) << g;
    }
    if (ja.contains("selfplay") && jb.contains("selfplay")) {
      EXPECT_EQ(ja["selfplay"]["positions"], jb["selfplay"]["positions"]) << g;
      EXPECT_EQ(ja["selfplay"]["games"], jb["selfplay"]["games"]) << g;
    }
  }
  EXPECT_TRUE(fs::exists(b / "ratings.txt"));
  EXPECT_TRUE(fs::exists(b / "report.svg"));
  // The report's page holds the run's settings and each generation's self-play row (training/run_report.h).
  const std::string html = readBytes((b / "report.html").string());
  EXPECT_NE(html.find("<tr><th>shape</th>"), std::string::npos);
  EXPECT_NE(html.find("<tr><td>2</td>"), std::string::npos);
  EXPECT_NE(readBytes((b / "report.svg").string()).find("value loss"), std::string::npos);

  // kill -9 leftovers, simulated on copies of the finished run A (at A's own
  // path: the rating matches name the weights files by their full path):
  // generation 2 killed while its rating match was being played (two games
  // recorded, one half written), and generation 2 killed while its checkpoint
  // and weights were being written. Both resume to the files of run A.
  const fs::path finished = root.path() / "a-finished";
  fs::rename(a, finished);
  {
    fs::copy(finished, a, fs::copy_options::recursive);
    const fs::path games = a / "matches" / "gen-0002" / "games";
    fs::remove(games / "game-00002.jqr");
    fs::remove(games / "game-00003.jqr");
    netstest::writeBytes((games / "game-00002.jqr.tmp").string(), "junqi-record 1\nruleset hid");
    fs::remove(a / "log" / "gen-0002.json");
    runTraining(a.string(), c, [](const std::string&) {});
    EXPECT_EQ(files(games, ".jqr").size(), 4u);
    for (const std::string r : {"game-00000.jqr", "game-00001.jqr", "game-00002.jqr", "game-00003.jqr"})
      EXPECT_EQ(recordWithoutTimes(games / r), recordWithoutTimes(finished / "matches" / "gen-0002" / "games" / r)) << r;
    EXPECT_TRUE(temporaries(a).empty()) << temporaries(a).front();
    EXPECT_TRUE(fs::exists(a / "log" / "gen-0002.json"));
    fs::remove_all(a);
  }
  {
    fs::copy(finished, a, fs::copy_options::recursive);
    fs::remove_all(a / "checkpoints" / "gen-0002");
    fs::remove(a / "weights" / "gen-0002.jqw");
    fs::remove_all(a / "matches" / "gen-0002");
    fs::remove(a / "log" / "gen-0002.json");
    fs::create_directories(a / "checkpoints" / "gen-0002.tmp");
    netstest::writeBytes((a / "checkpoints" / "gen-0002.tmp" / "model.pt").string(), "PK\x03\x04 half a file");
    netstest::writeBytes((a / "weights" / "gen-0002.jqw.tmp").string(), "JQNW");
    runTraining(a.string(), c, [](const std::string&) {});
    EXPECT_EQ(stateText(a / "checkpoints" / "gen-0002"), stateText(finished / "checkpoints" / "gen-0002"));
    EXPECT_EQ(readBytes((a / "weights" / "gen-0002.jqw").string()),
              readBytes((finished / "weights" / "gen-0002.jqw").string()));
    EXPECT_EQ(files(a / "matches" / "gen-0002" / "games", ".jqr").size(), 4u);
    EXPECT_TRUE(temporaries(a).empty()) << temporaries(a).front();
    EXPECT_FALSE(fs::exists(a / "checkpoints" / "gen-0002.tmp"));
    fs::remove_all(a);
  }
  fs::rename(finished, a);

  // A finished run started again does nothing new.
  const std::string shardBefore = readBytes((a / "shards" / "gen-0002.jqs").string());
  runTraining(a.string(), c, [](const std::string&) {});
  EXPECT_EQ(readBytes((a / "shards" / "gen-0002.jqs").string()), shardBefore);
  EXPECT_EQ(files(a / "matches" / "gen-0002" / "games", ".jqr").size(), 4u);
  EXPECT_THAT(stateText(a / "checkpoints" / "gen-0002"), HasSubstr("steps 20"));

  // Other settings in the same directory are refused.
  TrainingConfig other = c;
  other.seed = 18;
  try {
    runTraining(a.string(), other, [](const std::string&) {});
    ADD_FAILURE() << "a run with other settings was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("other settings"));
  }
  other = c;
  other.stepsPerGeneration = 11;
  EXPECT_THROW(runTraining(a.string(), other, [](const std::string&) {}), std::runtime_error);
}

// --baselines: specs with their own commas stay whole.
TEST(TrainingRun, TeacherGamesAreGenerationOnesDataWithTheirOwnStepCount) {
  nets::registerNetAgent();
  const netstest::TorchThreads restore(torch::get_num_threads());
  netstest::TempDir root("run-teacher");
  TrainingConfig c = smallConfig();
  c.teacherGames = 6;
  c.teacherPositions = 4;
  c.teacherSteps = 15;
  std::vector<std::string> log;
  runTraining(root.path().string(), c, [&](const std::string& line) { log.push_back(line); });
  const Shard teacher = readShard((root.path() / "shards" / "gen-0001.jqs").string());
  EXPECT_EQ(teacher.worker, "teacher");
  EXPECT_EQ(teacher.games, 6u);
  EXPECT_EQ(teacher.positions.size(), 24u);
  EXPECT_EQ(readShard((root.path() / "shards" / "gen-0002.jqs").string()).worker, "train");
  const auto anyLine = [&](const std::string& part) {
    return std::any_of(log.begin(), log.end(), [&](const std::string& l) { return l.find(part) != std::string::npos; });
  };
  EXPECT_TRUE(anyLine("gen 1/2 | teacher games"));
  EXPECT_TRUE(anyLine("gen 1/2 | train step 15/15"));
  EXPECT_TRUE(anyLine("gen 2/2 | train step 10/10"));
  EXPECT_FALSE(anyLine("gen 1/2 | self-play")) << "generation 1 played with the untrained network";
  const auto config = nlohmann::json::parse(readBytes((root.path() / "config.json").string()));
  EXPECT_EQ(config.at("teacher_games"), 6);
  EXPECT_EQ(config.at("teacher_steps"), 15);

  // Its weights files carry the search settings they were rated with, and a
  // checkpoint knows its run (what `junqi export` reads).
  for (const char* name : {"gen-0000.jqw", "gen-0002.jqw"})
    EXPECT_EQ(nets::loadWeights((root.path() / "weights" / name).string()).search, ratedSearchSettings(c)) << name;
  EXPECT_EQ(ratedSearchSettings(c), "sims=8,c=1.5,mix=0.5,depth=16,rollout=greedy");
  for (const std::string end : {"", "/"}) {
    const auto run = runConfigOfCheckpoint((root.path() / "checkpoints" / "gen-0002").string() + end);
    ASSERT_TRUE(run.has_value()) << end;
    EXPECT_EQ(run->teacherGames, 6);
    EXPECT_EQ(run->shape, c.shape);
  }
  EXPECT_FALSE(runConfigOfCheckpoint(root.path().string()).has_value()) << "not a checkpoint of a run";
}

TEST(TrainingRun, ARunWithoutTeacherWritesTheConfigOfEarlierVersions) {
  // Runs started before teacher games existed must still resume: their
  // config.json has no teacher keys, and neither has a new run without them.
  nets::registerNetAgent();
  const netstest::TorchThreads restore(torch::get_num_threads());
  netstest::TempDir root("run-no-teacher");
  TrainingConfig c = smallConfig();
  c.generations = 1;
  runTraining(root.path().string(), c, [](const std::string&) {});
  const auto config = nlohmann::json::parse(readBytes((root.path() / "config.json").string()));
  EXPECT_FALSE(config.contains("teacher_games"));
  EXPECT_FALSE(config.contains("teacher_steps"));
}

TEST(TrainingRun, ResumesWithItsOwnSettingsAndExtendsWithMoreGenerations) {
  nets::registerNetAgent();
  const netstest::TorchThreads restore(torch::get_num_threads());
  netstest::TempDir root("run-resume");
  const std::string dir = root.path().string();
  TrainingConfig c = smallConfig();
  c.generations = 1;
  c.shape = "1x8";
  runTraining(dir, c, [](const std::string&) {});

  // `junqi train --run DIR` alone: every setting from the run.
  const TrainingConfig defaults;
  const TrainingConfig again = resumedConfig(dir, defaults, {});
  EXPECT_EQ(again.shape, "1x8");
  EXPECT_EQ(again.seed, c.seed);
  EXPECT_EQ(again.generations, 1);
  // A given setting that contradicts the run is refused, naming the option.
  TrainingConfig other = defaults;
  other.shape = "tiny";
  try {
    resumedConfig(dir, other, {{"shape", "--shape"}});
    ADD_FAILURE() << "a different shape was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_THAT(e.what(), HasSubstr("--shape"));
    EXPECT_THAT(e.what(), HasSubstr("1x8"));
  }
  // More generations extend the finished run: only generation 2 is made.
  TrainingConfig more = defaults;
  more.generations = 2;
  const TrainingConfig extended = resumedConfig(dir, more, {{"generations", "--generations"}});
  EXPECT_EQ(extended.generations, 2);
  std::vector<std::string> log;
  runTraining(dir, extended, [&](const std::string& line) { log.push_back(line); });
  EXPECT_TRUE(fs::exists(root.path() / "weights" / "gen-0002.jqw"));
  const auto anyLine = [&](const std::string& part) {
    return std::any_of(log.begin(), log.end(), [&](const std::string& l) { return l.find(part) != std::string::npos; });
  };
  EXPECT_FALSE(anyLine("gen 1/2 | self-play") || anyLine("gen 1/2 | train step")) << "generation 1 was made again";
  EXPECT_TRUE(anyLine("gen 2/2 | train step"));
  EXPECT_EQ(nlohmann::json::parse(readBytes((root.path() / "config.json").string())).at("generations"), 2);
}

// A league grows between legs, as AlphaStar's adds exploiters of its current
// learner: `--league` may change when a run resumes, nothing else may.
TEST(TrainingRun, ALeagueMayChangeWhenTheRunResumes) {
  nets::registerNetAgent();
  const netstest::TorchThreads restore(torch::get_num_threads());
  netstest::TempDir root("run-league-grows");
  const std::string dir = root.path().string();
  TrainingConfig c = smallConfig();
  c.generations = 1;
  c.shape = "1x8";
  runTraining(dir, c, [](const std::string&) {});

  TrainingConfig more;
  more.generations = 2;
  more.league = parseLeague("random@0.5");
  const GivenOptions given = {{"generations", "--generations"}, {"league", "--league"}};
  const TrainingConfig grown = resumedConfig(dir, more, given);
  EXPECT_EQ(grown.league, more.league);
  EXPECT_EQ(grown.seed, c.seed) << "the run's other settings stay";
  runTraining(dir, grown, [](const std::string&) {});
  const auto config = nlohmann::json::parse(readBytes((root.path() / "config.json").string()));
  EXPECT_EQ(trainingConfigOf(config).league, more.league);
  const auto figures = nlohmann::json::parse(readBytes((root.path() / "shards" / "gen-0002.json").string()));
  EXPECT_EQ(figures.value("league_games:random", 0), 1) << figures.dump();
  EXPECT_EQ(figures.value("league_games", 0), 1);

  // Another setting beside it is still refused.
  TrainingConfig other = grown;
  other.generations = 3;
  other.seed = 18;
  EXPECT_THROW(runTraining(dir, other, [](const std::string&) {}), std::runtime_error);
}

TEST(TrainingRun, BaselinesAreSplitBetweenSpecsNotBetweenTheirParameters) {
  using ::testing::ElementsAre;
  EXPECT_THAT(splitAgentSpecs("random,heuristic"), ElementsAre("random", "heuristic"));
  EXPECT_THAT(splitAgentSpecs("random,ismcts:sims=50,seed=3,heuristic"),
              ElementsAre("random", "ismcts:sims=50,seed=3", "heuristic"));
  EXPECT_THAT(splitAgentSpecs("nn:weights=a.jqw,sims=8,c=1.5"), ElementsAre("nn:weights=a.jqw,sims=8,c=1.5"));
  EXPECT_THAT(splitAgentSpecs(",random,,"), ElementsAre("random"));
  EXPECT_THAT(splitAgentSpecs(""), ElementsAre());
}

// Bad settings are refused before the run directory is made.
// --init-weights: generation 0 is the imported network itself, and a run
// whose generation 0 exists no longer needs the file (its state may move).
TEST(TrainingRun, InitWeightsMakeGenerationZeroAndAreNotNeededOnceItExists) {
  nets::registerNetAgent();
  const netstest::TorchThreads restore(torch::get_num_threads());
  netstest::TempDir root("run-init");
  netstest::writeRandomWeights(nets::NetworkShape::tiny(), 23, root.file("source.jqw"));
  TrainingConfig c = smallConfig();
  c.generations = 1;
  c.initWeights = root.file("source.jqw");
  const std::string dir = root.file("run");
  runTraining(dir, c, [](const std::string&) {});
  const nets::WeightsFile source = nets::loadWeights(root.file("source.jqw"));
  const nets::WeightsFile zero = nets::loadWeights(dir + "/weights/gen-0000.jqw");
  ASSERT_EQ(zero.tensors.size(), source.tensors.size());
  for (const auto& [name, tensor] : source.tensors) {
    const std::vector<float>& z = zero.tensors.at(name).data;
    ASSERT_EQ(z.size(), tensor.data.size()) << name;
    for (std::size_t i = 0; i < z.size(); ++i) ASSERT_NEAR(z[i], tensor.data[i], 1e-5) << name << " " << i;
  }
  fs::remove(root.file("source.jqw"));
  c.generations = 2;
  EXPECT_NO_THROW(runTraining(dir, c, [](const std::string&) {}));
  EXPECT_TRUE(fs::exists(dir + "/weights/gen-0002.jqw"));
}

TEST(TrainingRun, BadSettingsAreRefusedBeforeAnythingIsWritten) {
  netstest::TempDir dir("refused");
  const std::string run = dir.file("run");
  const auto refused = [&](TrainingConfig c, const std::string& option) {
    try {
      runTraining(run, c, [](const std::string&) {});
      ADD_FAILURE() << option << " was accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_THAT(e.what(), ::testing::StartsWith(option + ": "));
    }
    EXPECT_FALSE(fs::exists(run)) << option;
  };
  const auto with = [](const std::function<void(TrainingConfig&)>& change) {
    TrainingConfig c;
    change(c);
    return c;
  };
  refused(with([](TrainingConfig& c) { c.shape = "huge"; }), "--shape");
  refused(with([](TrainingConfig& c) { c.optimizer = "adagrad"; }), "--optimizer");
  refused(with([](TrainingConfig& c) { c.device = "gpu"; }), "--device");
  refused(with([](TrainingConfig& c) { c.learningRate = 0; }), "--lr");
  refused(with([](TrainingConfig& c) { c.baselines = {"random", "ismcts:sims=5,seed=3", "ismcts:sims=9"}; }),
          "--baselines");
  refused(with([](TrainingConfig& c) { c.baselines = {"heuristic:depth=3"}; }), "--baselines");
  refused(with([](TrainingConfig& c) { c.fastSims = c.sims; }), "--fast-sims");
  refused(with([](TrainingConfig& c) { c.anchorGenerations = {c.generations + 1}; }), "--anchor-generations");
  refused(with([](TrainingConfig& c) { c.initWeights = "/nonexistent/w.jqw"; }), "--init-weights");
  netstest::writeRandomWeights(nets::NetworkShape::tiny(), 3, dir.file("tiny.jqw"));
  refused(with([&](TrainingConfig& c) { c.initWeights = dir.file("tiny.jqw"), c.shape = "small"; }), "--init-weights");
  const TrainingConfig c;
  EXPECT_NO_THROW(checkTrainingConfig(c));
}

}  // namespace
}  // namespace junqi
