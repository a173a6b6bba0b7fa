// Flip Junqi self-play with the flag tactics (`junqi train --rules flip-kawu
// --flag-tactics`): the self-play searches value a flag won or lost a move
// ahead exactly (the nn agent's decisive=1, takeflag=1, lostflag=1), the run
// keeps the setting (older runs resume without it), its weights carry it to
// the rating games and to `nn:weights=FILE`, and other games refuse it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "nets/flip/flip_nn_agent.h"
#include "nets/nn_agent.h"
#include "search/flip/flip_agent.h"
#include "selfplay/flip/flip_selfplay.h"
#include "training/game_settings.h"
#include "training/training_config.h"
#include "tests/eigen/flip_nn_test_util.h"
#include "tests/nets/nets_test_util.h"
#include "tests/support/error_of.h"

namespace junqi {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

TrainingConfig flagTacticsConfig(bool on) {
  TrainingConfig c = trainingDefaults("flip");
  c.ratingSims = 4;
  c.flagTactics = on;
  return c;
}

TEST(FlipFlagTacticsSelfPlay, BothSelfPlaySearchesUseThem) {
  const auto evaluator = std::make_shared<nets::FlipNetEvaluator>(
      nets::makeBackend("eigen", nets::randomFlipWeights(nets::NetworkShape::tiny(), 3)));
  for (const bool on : {false, true}) {
    const FlipSelfPlayOptions o = flipSelfPlayOptions(flagTacticsConfig(on), 1);
    for (const bool full : {true, false}) {
      const FlipMctsParams p = flipSelfPlaySearch(evaluator, o, 8, 1, full);
      EXPECT_EQ(p.decisiveFlips, on) << "full " << full;
      EXPECT_EQ(p.flagWins, on) << "full " << full;
      EXPECT_EQ(p.flagLosses, on) << "full " << full;
    }
  }
}

TEST(FlipFlagTacticsSelfPlay, TheRunKeepsThemAndItsWeightsCarryThem) {
  const nlohmann::json j = trainingConfigJson(flagTacticsConfig(true));
  EXPECT_EQ(j.at("flag_tactics"), true);
  EXPECT_TRUE(trainingConfigOf(j).flagTactics);
  const nlohmann::json old = trainingConfigJson(flagTacticsConfig(false));
  EXPECT_FALSE(old.contains("flag_tactics")) << "runs without them read as before";
  EXPECT_FALSE(trainingConfigOf(old).flagTactics);
  const std::string settings = ratedSearchSettings(flagTacticsConfig(true));
  EXPECT_THAT(settings, HasSubstr(",decisive=1,takeflag=1,lostflag=1"));
  EXPECT_THAT(ratedSearchSettings(flagTacticsConfig(false)), Not(HasSubstr("takeflag")));

  nets::registerNetAgent();
  netstest::TempDir tmp("flip-flag-tactics-weights");
  nets::WeightsFile w = nets::randomFlipWeights(nets::NetworkShape::tiny(), 4);
  w.search = settings;
  const std::string path = (tmp.path() / "w.jqw").string();
  nets::saveWeights(w, path);
  EXPECT_THAT(makeFlipAgent("nn:weights=" + path)->spec(), HasSubstr(",decisive=1,takeflag=1,lostflag=1,"));
  EXPECT_THAT(makeFlipAgent("nn:weights=" + path + ",lostflag=0")->spec(), Not(HasSubstr("lostflag")));
}

TEST(FlipFlagTacticsSelfPlay, OnlyFlipRunsHaveThem) {
  for (const char* game : {"classic", "four"}) {
    TrainingConfig asked = trainingDefaults(game);
    asked.flagTactics = true;
    EXPECT_THAT(errorOf([&] { configOfGame(trainingDefaults(game), asked, {{"flag_tactics", "--flag-tactics"}}); }),
                HasSubstr("--flag-tactics: not available")) << game;
  }
  TrainingConfig asked = trainingDefaults("flip");
  asked.flagTactics = true;
  EXPECT_TRUE(configOfGame(trainingDefaults("flip"), asked, {{"flag_tactics", "--flag-tactics"}}).flagTactics);
}

}  // namespace
}  // namespace junqi
