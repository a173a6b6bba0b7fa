// The four-player training run (training/training_run.h, the run of every
// game, with the four-player game): teacher games, then self-play,
// training, export and a team rating match; run again it resumes exactly.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <span>
#include <utility>

#include "core/files.h"
#include "nets/four/four_encoding.h"
#include "nets/four/four_nn_agent.h"
#include "nets/nn_agent.h"
#include "search/four/four_agent.h"
#include "selfplay/four/four_selfplay.h"
#include "selfplay/shard.h"
#include "training/training_config.h"
#include "training/training_run.h"
#include "tests/nets/counting_backend.h"
#include "tests/nets/nets_test_util.h"
#include "tests/support/random_weights.h"

namespace junqi {
namespace {

namespace fs = std::filesystem;
using netstest::readBytes;
using netstest::TempDir;
using ::testing::HasSubstr;

// Seconds: a generation of teacher games, one of self-play, a few steps, one baseline.
TrainingConfig tinyFourConfig() {
  TrainingConfig c = trainingDefaults("four");
  c.generations = 2, c.gamesPerGeneration = 2, c.parallelGames = 2, c.sims = 4, c.rolloutMix = 0;
  c.maxPlies = 60, c.teacherGames = 4, c.teacherPositions = 10, c.stepsPerGeneration = 3, c.batchSize = 16;
  c.replayWindow = 2000, c.ratingPairs = 1, c.ratingSims = 4, c.baselines = {"random"}, c.seed = 5;
  c.trainThreads = 1;
  return c;
}

void runFourQuietly(const fs::path& dir, const TrainingConfig& c) {
  runTraining(dir.string(), c, [](const std::string&) {});
}

TEST(FourTrainRun, TeacherThenSelfPlayGenerationsCompleteAndResume) {
  nets::registerNetAgent();  // the rating matches play the four-player nn agent
  TempDir tmp("four-train");
  const fs::path dir = tmp.path() / "run";
  const TrainingConfig c = tinyFourConfig();
  runFourQuietly(dir, c);
  for (const char* f : {"config.json", "weights/gen-0000.jqw", "weights/gen-0002.jqw", "shards/gen-0001.jqs",
                        "shards/gen-0002.jqs", "checkpoints/gen-0002/state.txt", "matches/gen-0002/match.json",
                        "ratings.txt", "report.html", "learning-curve.csv"})
    EXPECT_TRUE(fs::exists(dir / f)) << f;
  EXPECT_TRUE(runVariant(dir.string()) == "four");
  const nets::WeightsFile w = nets::loadFourWeights((dir / "weights/gen-0002.jqw").string());
  EXPECT_EQ(w.shape.inputPlanes, nets::kFourInputPlanes);
  EXPECT_EQ(w.shape.grid, nets::gridOfVariant("four"));
  EXPECT_EQ(w.search, "sims=4,pc=1.5");
  EXPECT_EQ(w.ruleset, "four-worldatplay");
  // Teacher games: ten positions a game; self-play: every decision.
  const auto shardOf = [&](const char* name) {
    return readShard((dir / "shards" / name).string(), nets::kFourEncodingVersion, nets::kFourInputSize,
                     nets::kFourPolicySize);
  };
  const Shard teacher = shardOf("gen-0001.jqs"), selfPlay = shardOf("gen-0002.jqs");
  EXPECT_EQ(teacher.games, 4u);
  EXPECT_EQ(teacher.positions.size(), 40u);
  EXPECT_EQ(selfPlay.games, 2u);
  EXPECT_GE(selfPlay.positions.size(), 40u);
  const auto figures = nlohmann::json::parse(readBytes((dir / "shards/gen-0002.json").string()));
  EXPECT_EQ(figures.at("moves"), figures.at("positions")) << "without a playout cap every move is a sample";
  for (const Shard* s : {&teacher, &selfPlay}) {
    float target = 0;
    for (const auto& [index, p] : s->positions.front().policy) target += p;
    EXPECT_NEAR(target, 1.0f, 1e-5);
  }
  const std::string ratings = readBytes((dir / "ratings.txt").string());
  EXPECT_THAT(ratings, HasSubstr("gen-0002"));
  EXPECT_THAT(ratings, HasSubstr("random"));

  // `junqi export` of a checkpoint: the generation's network, as the run exported it.
  const auto run = runConfigOfCheckpoint((dir / "checkpoints/gen-0002/").string());
  ASSERT_TRUE(run.has_value());
  EXPECT_EQ(exportCheckpoint((dir / "checkpoints/gen-0002").string(), *run, "x", (dir / "x.jqw").string()), 6);
  EXPECT_EQ(nets::loadFourWeights((dir / "x.jqw").string()).tensors.at("policy.weight").data,
            w.tensors.at("policy.weight").data);

  // Resuming: a lost shard and what came after it are made again, the same.
  const std::string shardBytes = readBytes((dir / "shards/gen-0002.jqs").string());
  const std::string weightsBytes = readBytes((dir / "weights/gen-0002.jqw").string());
  fs::remove(dir / "shards/gen-0002.jqs");
  fs::remove_all(dir / "checkpoints/gen-0002");
  fs::remove(dir / "weights/gen-0002.jqw");
  runFourQuietly(dir, c);
  EXPECT_EQ(readBytes((dir / "shards/gen-0002.jqs").string()), shardBytes);
  EXPECT_EQ(readBytes((dir / "weights/gen-0002.jqw").string()), weightsBytes);
}

// Playout cap randomization in four-player self-play: only full searches become samples.
TEST(FourTrainRun, UnderAPlayoutCapOnlyFullSearchesBecomeSamples) {
  nets::registerNetAgent();
  TempDir tmp("four-train-cap");
  const fs::path dir = tmp.path() / "run";
  TrainingConfig c = tinyFourConfig();
  c.generations = 1, c.teacherGames = 0, c.gamesPerGeneration = 1, c.maxPlies = 40;
  c.fastSims = 2, c.fullSearchShare = 0.25;
  runFourQuietly(dir, c);
  const auto figures = nlohmann::json::parse(readBytes((dir / "shards/gen-0001.json").string()));
  EXPECT_GT(figures.at("positions").get<long long>(), 0);
  EXPECT_LT(figures.at("positions").get<long long>() * 2, figures.at("moves").get<long long>());
}

TEST(FourTrainRun, SettingsItCannotUseAreRefusedByOption) {
  TrainingConfig c = tinyFourConfig();
  c.rolloutMix = 1.5;
  EXPECT_THAT([&] { checkTrainingConfig(c); },
              testing::ThrowsMessage<std::invalid_argument>(HasSubstr("--rollout-mix: must be between 0 and 1")));
  c = tinyFourConfig();
  c.rolloutMix = 1, c.rolloutDepth = -1;
  EXPECT_THAT([&] { checkTrainingConfig(c); },
              testing::ThrowsMessage<std::invalid_argument>(HasSubstr("--rollout-depth: must be 0 or more, not '-1'")));
  c = tinyFourConfig();
  c.dataParallelSize = 2;
  EXPECT_THAT([&] { checkTrainingConfig(c); }, testing::ThrowsMessage<std::invalid_argument>(HasSubstr("--trainers")));
  c = tinyFourConfig();
  c.baselines = {"mcts"};  // a flip agent, not a four-player one
  EXPECT_THAT([&] { checkTrainingConfig(c); }, testing::ThrowsMessage<std::invalid_argument>(HasSubstr("--baselines: 'mcts'")));
  // The options of `junqi train` a four-player run does not have.
  TrainingConfig classic;
  EXPECT_THAT([&] { configOfGame(trainingDefaults("four"), classic, {{"league", "--league"}}); },
              testing::ThrowsMessage<std::invalid_argument>(HasSubstr("--league: not available in a four-player run")));
}

// A tiny four-player network with random weights.
nets::WeightsFile randomTinyFourWeights(std::uint64_t seed) {
  nets::NetworkShape shape = nets::NetworkShape::tiny();
  shape.inputPlanes = nets::kFourInputPlanes;
  shape.grid = nets::gridOfVariant("four");
  nets::WeightsFile w = nets::randomWeights(shape, seed, 0.1);
  w.variant = "four", w.ruleset = "four-worldatplay";
  return w;
}

// One self-play game of `plies` moves with the given rollout share: how many
// positions the network valued, and how many moves were played.
std::pair<long long, long long> fourRolloutSelfPlay(double rolloutShare, int plies) {
  auto counting = std::make_shared<netstest::CountingBackend>(nets::makeBackend("eigen", randomTinyFourWeights(3)));
  FourSelfPlayOptions o;
  o.rules = FourRuleset::worldAtPlay();
  o.games = 1, o.threads = 1, o.sims = 16, o.maxPlies = plies, o.seed = 11;
  o.rolloutShare = rolloutShare, o.rolloutDepth = 8;
  FourSelfPlayStats stats;
  const Shard shard = playFourSelfPlay(counting, o, stats);
  return {counting->calls.load(), static_cast<long long>(shard.positions.size())};
}

// --rollout-mix 1: the network gives each search's root priors and values no
// leaf (one evaluation a move); without rollouts it values the leaves too.
TEST(FourTrainRun, WithRolloutsTheNetworkValuesOnlyTheRoots) {
  const auto [rootOnly, moves] = fourRolloutSelfPlay(1.0, 30);
  EXPECT_EQ(moves, 30);
  EXPECT_EQ(rootOnly, moves);
  const auto [everyLeaf, sameMoves] = fourRolloutSelfPlay(0.0, 30);
  EXPECT_GT(everyLeaf, 5 * sameMoves);
}

// A run with rollouts keeps them in its config and in its weights' search
// settings, which the rating games' nn agent reads back as the hybrid.
TEST(FourTrainRun, ARolloutRunsWeightsCarryTheHybridSettings) {
  TrainingConfig c = tinyFourConfig();
  c.rolloutMix = 0.75, c.rolloutDepth = 12;
  EXPECT_EQ(ratedSearchSettings(c), "sims=4,pc=1.5,mix=0.25,rollout=greedy,depth=12");
  const nlohmann::json j = trainingConfigJson(c);
  EXPECT_EQ(j.at("rollout_depth"), 12);
  EXPECT_EQ(trainingConfigOf(j).rolloutDepth, 12);
  EXPECT_FALSE(trainingConfigJson(tinyFourConfig()).contains("rollout_depth")) << "runs without rollouts read as before";
  EXPECT_EQ(trainingDefaults("four").rolloutDepth, 40);

  nets::registerNetAgent();
  TempDir tmp("four-train-rollouts");
  nets::WeightsFile w = randomTinyFourWeights(4);
  w.search = ratedSearchSettings(c);
  const std::string path = (tmp.path() / "w.jqw").string();
  nets::saveWeights(w, path);
  EXPECT_THAT(makeFourAgent("nn:weights=" + path)->spec(), HasSubstr(",mix=0.25,rollout=greedy,depth=12"));
  EXPECT_THAT(makeFourAgent("nn:weights=" + path + ",mix=1")->spec(), testing::Not(HasSubstr("mix=")));
}

// A run with the Gumbel root and mixed value targets: every sample's policy
// target is the root's improved policy (a share on more moves than the few
// the search visited), and the value targets mix in the searched values
// (results alone would be one-hot), while the run keeps both settings.
TEST(FourTrainRun, TheGumbelRootGivesImprovedPoliciesAndMixedValues) {
  nets::registerNetAgent();
  TempDir tmp("four-train-gumbel");
  const fs::path dir = tmp.path() / "run";
  TrainingConfig c = tinyFourConfig();
  c.generations = 1, c.teacherGames = 0, c.gamesPerGeneration = 1, c.maxPlies = 30;
  c.gumbel = true, c.gumbelActions = 4, c.valueOutcomeShare = 0.5;
  runFourQuietly(dir, c);
  const Shard shard = readShard((dir / "shards/gen-0001.jqs").string(), nets::kFourEncodingVersion,
                                nets::kFourInputSize, nets::kFourPolicySize);
  ASSERT_FALSE(shard.positions.empty());
  int mixed = 0, broad = 0;
  for (const auto& s : shard.positions) {
    float total = 0;
    int nonzero = 0;
    for (const auto& [index, p] : s.policy) total += p, nonzero += p > 0;
    EXPECT_NEAR(total, 1.0f, 1e-4);
    broad += nonzero > c.sims;  // 4 simulations visit at most 4 moves; the improved policy covers them all
    mixed += s.wdl[0] != 0 && s.wdl[2] != 0;
  }
  EXPECT_GT(broad, 0);
  EXPECT_GT(mixed, 0);
  const auto config = nlohmann::json::parse(readBytes((dir / "config.json").string()));
  EXPECT_EQ(config.at("gumbel"), true);
  EXPECT_EQ(config.at("value_outcome_share"), 0.5);
}

TEST(FourTrainRun, AFlipRunsDirectoryIsRefused) {
  TempDir tmp("four-train-refused");
  const fs::path dir = tmp.path() / "run";
  fs::create_directories(dir);
  writeFileAtomically((dir / "config.json").string(), "{\"variant\": \"flip\", \"ruleset\": \"flip-kawu\"}\n");
  EXPECT_THAT([&] { runFourQuietly(dir, tinyFourConfig()); },
              testing::ThrowsMessage<std::runtime_error>(HasSubstr("not a four-player one")));
}

}  // namespace
}  // namespace junqi
