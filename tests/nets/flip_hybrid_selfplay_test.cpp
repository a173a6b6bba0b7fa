// Flip Junqi self-play with the hybrid search (`junqi train --rules flip-kawu
// --net-depth D --net-visits V`): the network is asked only within the
// hybrid's depth, the policy targets are the root's visits, the run keeps the
// settings (older runs resume without them), and its weights carry them, so
// that the rating games and `nn:weights=FILE` play the hybrid.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <filesystem>
#include <span>
#include <sstream>

#include <nlohmann/json.hpp>

#include "nets/flip/flip_nn_agent.h"
#include "nets/nn_agent.h"
#include "search/flip/flip_agent.h"
#include "selfplay/flip/flip_selfplay.h"
#include "training/game_settings.h"
#include "training/training_run.h"
#include "tests/eigen/flip_nn_test_util.h"
#include "tests/nets/counting_backend.h"
#include "tests/nets/nets_test_util.h"
#include "tests/support/error_of.h"

namespace junqi {
namespace {

namespace fs = std::filesystem;
using netstest::readBytes;
using netstest::TempDir;
using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;

nets::WeightsFile tinyFlipWeights(std::uint64_t seed) {
  return nets::randomFlipWeights(nets::NetworkShape::tiny(), seed);
}

constexpr int kSims = 16;

struct HybridGame {
  long long evaluations = 0;
  Shard shard;
};

// One self-play game of up to 30 actions at kSims simulations with the given hybrid
// settings (netDepth -1: the plain network search).
HybridGame hybridSelfPlay(int netDepth, int netVisits) {
  auto counting = std::make_shared<netstest::CountingBackend>(nets::makeBackend("eigen", tinyFlipWeights(3)));
  FlipSelfPlayOptions o;
  o.rules = FlipRuleset::kawu();
  o.games = 1, o.threads = 1, o.sims = kSims, o.maxPlies = 30, o.seed = 11;
  o.netDepth = netDepth, o.netVisits = netVisits;
  FlipSelfPlayStats stats;
  HybridGame g;
  g.shard = playFlipSelfPlay(counting, o, stats);
  g.evaluations = counting->calls.load();
  return g;
}

// Depth 0: one evaluation a searched action (the root's priors; the game's
// last action may be a flag taken in one, played without a search); depth 1
// with more passes than the search makes: the same; depth 1 at expansion and
// the plain search: many an action.
TEST(FlipHybridSelfPlay, TheNetworkIsAskedOnlyWithinTheHybridsDepth) {
  const HybridGame root = hybridSelfPlay(0, 0);
  const auto actions = static_cast<long long>(root.shard.positions.size());
  EXPECT_GE(actions, 20);
  const auto rootOnly = [&](long long evaluations) { return evaluations == actions || evaluations == actions - 1; };
  EXPECT_PRED1(rootOnly, root.evaluations) << "netdepth 0: the root only";
  EXPECT_PRED1(rootOnly, hybridSelfPlay(1, 1000).evaluations) << "netvisits never reached: the root only";
  EXPECT_GT(hybridSelfPlay(1, 0).evaluations, 3 * actions) << "depth 1 at expansion: the root's children too";
  EXPECT_GT(hybridSelfPlay(-1, 0).evaluations, 5 * actions) << "the plain search: every new node";
}

// The policy target of a hybrid search is its root's visit shares (the
// kSims - 1 simulations after the root's expansion), summing to 1, on more
// than one action in most positions.
TEST(FlipHybridSelfPlay, ThePolicyTargetsAreTheRootsVisits) {
  const HybridGame g = hybridSelfPlay(1, 4);
  ASSERT_FALSE(g.shard.positions.empty());
  std::size_t spread = 0;
  for (const PositionSample& s : g.shard.positions) {
    double sum = 0;
    int visited = 0;
    for (const auto& [index, p] : s.policy) {
      sum += p;
      visited += p > 0;
      EXPECT_NEAR(p * (kSims - 1), std::round(p * (kSims - 1)), 1e-4) << "not a share of the root's visits";
    }
    EXPECT_NEAR(sum, 1.0, 1e-5);
    spread += visited > 1;
  }
  EXPECT_GT(2 * spread, g.shard.positions.size());
}

TrainingConfig tinyHybridConfig() {
  TrainingConfig c = trainingDefaults("flip");
  c.generations = 1, c.gamesPerGeneration = 2, c.parallelGames = 2, c.sims = 8, c.maxPlies = 40;
  c.teacherGames = 0, c.stepsPerGeneration = 2, c.batchSize = 16, c.ratingPairs = 1, c.ratingSims = 4;
  c.baselines = {"random"}, c.seed = 5, c.trainThreads = 1;
  c.netDepth = 1, c.netVisits = 2;
  return c;
}

// The run keeps the hybrid in config.json (a run without it as before, so
// older runs resume unchanged), its self-play plays it, and the weights'
// search settings carry it, which the nn agent reads back unless its spec
// says otherwise.
TEST(FlipHybridSelfPlay, TheRunKeepsTheHybridAndItsWeightsCarryIt) {
  const TrainingConfig c = tinyHybridConfig();
  const nlohmann::json j = trainingConfigJson(c);
  EXPECT_EQ(j.at("net_depth"), 1);
  EXPECT_EQ(j.at("net_visits"), 2);
  EXPECT_EQ(trainingConfigOf(j).netDepth, 1);
  EXPECT_EQ(trainingConfigOf(j).netVisits, 2);
  TrainingConfig plain = tinyHybridConfig();
  plain.netDepth = -1, plain.netVisits = 0;
  const nlohmann::json old = trainingConfigJson(plain);
  EXPECT_FALSE(old.contains("net_depth") || old.contains("net_visits")) << "runs without the hybrid read as before";
  EXPECT_EQ(trainingConfigOf(old).netDepth, -1);
  EXPECT_EQ(trainingConfigJson(trainingConfigOf(old)), old);
  EXPECT_EQ(flipSelfPlayOptions(c, 1).netDepth, 1);
  EXPECT_EQ(flipSelfPlayOptions(c, 1).netVisits, 2);
  EXPECT_EQ(ratedSearchSettings(c), "sims=4,c=1.5,mix=0.25,netdepth=1,netvisits=2");
  EXPECT_EQ(ratedSearchSettings(plain), "sims=4,c=1.5,mix=0.25");

  nets::registerNetAgent();
  TempDir tmp("flip-hybrid-weights");
  nets::WeightsFile w = tinyFlipWeights(4);
  w.search = ratedSearchSettings(c);
  const std::string path = (tmp.path() / "w.jqw").string();
  nets::saveWeights(w, path);
  EXPECT_THAT(makeFlipAgent("nn:weights=" + path)->spec(), HasSubstr(",netdepth=1,netvisits=2,ptemp=1,uct=0.1"));
  EXPECT_THAT(makeFlipAgent("nn:weights=" + path + ",netdepth=0,uct=0.3")->spec(),
              HasSubstr(",netdepth=0,netvisits=2,ptemp=1,uct=0.3"));
  // netdepth=none: the plain search, and its spec read back stays plain.
  const std::string plainSpec = makeFlipAgent("nn:weights=" + path + ",netdepth=none")->spec();
  EXPECT_THAT(plainSpec, AllOf(HasSubstr(",netdepth=none,"), Not(HasSubstr("netvisits"))));
  EXPECT_EQ(makeFlipAgent(plainSpec)->spec(), plainSpec);
  EXPECT_THAT(errorOf([&] { makeFlipAgent("nn:weights=" + path + ",netdepth=none,uct=0.3"); }),
              HasSubstr("uct needs netdepth"));
  w.search = ratedSearchSettings(plain);
  nets::saveWeights(w, path);
  EXPECT_THAT(makeFlipAgent("nn:weights=" + path)->spec(), Not(HasSubstr("netdepth")));
}

// A tiny hybrid run: its generations' weights carry the hybrid and the rating
// games play it.
TEST(FlipHybridSelfPlay, AHybridRunsRatingGamesPlayTheHybrid) {
  nets::registerNetAgent();
  TempDir tmp("flip-hybrid-run");
  const fs::path dir = tmp.path() / "run";
  runTraining(dir.string(), tinyHybridConfig(), [](const std::string&) {});
  EXPECT_EQ(nets::loadFlipWeights((dir / "weights/gen-0001.jqw").string()).search,
            "sims=4,c=1.5,mix=0.25,netdepth=1,netvisits=2");
  const auto config = nlohmann::json::parse(readBytes((dir / "config.json").string()));
  EXPECT_EQ(config.at("net_depth"), 1);
  std::string agents;  // the game records' agent specs
  for (const auto& e : fs::recursive_directory_iterator(dir / "matches")) {
    if (e.path().extension() != ".jqf") continue;
    std::istringstream record(readBytes(e.path().string()));
    for (std::string line; std::getline(record, line);)
      if (line.starts_with("tag seat") && line.find("-agent nn:") != std::string::npos) agents += line + "\n";
  }
  EXPECT_THAT(agents, HasSubstr(",netdepth=1,netvisits=2,")) << "the rating games' nn agents";
}

TEST(FlipHybridSelfPlay, BadHybridSettingsAreRefusedByOption) {
  const auto refused = [](const TrainingConfig& c) {
    try {
      checkTrainingConfig(c);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  TrainingConfig c = tinyHybridConfig();
  EXPECT_EQ(refused(c), "");
  c.netDepth = -2;
  EXPECT_EQ(refused(c), "--net-depth: must be 0 or more, not '-2'");
  c = tinyHybridConfig(), c.netVisits = -1;
  EXPECT_EQ(refused(c), "--net-visits: must be 0 or more, not '-1'");
  c = tinyHybridConfig(), c.netDepth = -1;
  EXPECT_EQ(refused(c), "--net-visits: needs --net-depth (the hybrid search)");
  c = tinyHybridConfig(), c.gumbel = true;
  EXPECT_THAT(refused(c), HasSubstr("--gumbel: not with --net-depth"));
  FlipSelfPlayOptions o;
  o.gumbel = true, o.netDepth = 0;
  FlipSelfPlayStats stats;
  EXPECT_THROW(playFlipSelfPlay(nets::makeBackend("eigen", tinyFlipWeights(3)), o, stats), std::invalid_argument);
  // The other games have no hybrid of this kind.
  TrainingConfig asked;
  asked.netDepth = 3;
  for (const char* game : {"classic", "four"})
    EXPECT_THAT([&] { configOfGame(trainingDefaults(game), asked, {{"net_depth", "--net-depth"}}); },
                testing::ThrowsMessage<std::invalid_argument>(HasSubstr("--net-depth: not available in a")))
        << game;
}

}  // namespace
}  // namespace junqi
