// A classic run's settings (training/training_config.h): the settings added
// for self-play that keeps learning (the Gumbel root, playout caps, the
// anchor panel) survive config.json, runs made before them still resume
// with the old behaviour, and each generation's rating match plays the panel.
#include <gtest/gtest.h>

#include "training/training_config.h"

namespace junqi {
namespace {

using json = nlohmann::json;

TEST(TrainingConfig, NewSettingsSurviveConfigJson) {
  TrainingConfig c;
  c.gumbel = true;
  c.gumbelActions = 8;
  c.fastSims = 12;
  c.fullSearchShare = 0.3;
  c.anchorGenerations = {1, 3};
  c.ratePrevious = false;
  const TrainingConfig back = trainingConfigOf(trainingConfigJson(c));
  EXPECT_TRUE(back.gumbel);
  EXPECT_EQ(back.gumbelActions, 8);
  EXPECT_EQ(back.fastSims, 12);
  EXPECT_DOUBLE_EQ(back.fullSearchShare, 0.3);
  EXPECT_EQ(back.anchorGenerations, (std::vector<int>{1, 3}));
  EXPECT_FALSE(back.ratePrevious);
  // Their self-play: Gumbel root and playout cap.
  const SelfPlayOptions so = selfPlayOptions(back, 5);
  EXPECT_TRUE(so.search.gumbel);
  EXPECT_EQ(so.search.gumbelRoot.actions, 8);
  EXPECT_EQ(so.fastSims, 12);
  EXPECT_DOUBLE_EQ(so.fullSearchShare, 0.3);
}

TEST(TrainingConfig, RunsMadeBeforeTheNewSettingsKeepTheirConfigAndBehaviour) {
  const TrainingConfig defaults;
  const json old = trainingConfigJson(defaults);
  for (const char* key : {"gumbel", "gumbel_actions", "fast_sims", "full_search_share", "anchor_generations",
                          "rate_previous", "init_weights"})
    EXPECT_FALSE(old.contains(key)) << key << " would make an older run's config.json differ";
  // The identity head is on for new runs; a config.json without it (an older run's) reads as off.
  EXPECT_EQ(old.value("identity_loss", 0.0), 0.25);
  json older = old;
  older.erase("identity_loss");
  EXPECT_EQ(trainingConfigOf(older).identityLoss, 0.0);
  EXPECT_EQ(trainingConfigJson(trainingConfigOf(older)), older) << "an older run resumes with its own config.json";
  const TrainingConfig c = trainingConfigOf(old);
  EXPECT_FALSE(c.gumbel);
  EXPECT_EQ(c.fastSims, 0);
  EXPECT_TRUE(c.ratePrevious);
  EXPECT_TRUE(c.anchorGenerations.empty());
}

TEST(TrainingConfig, RatingMatchesPlayTheAnchorPanel) {
  TrainingConfig c;
  c.baselines = {"random", "tactical"};
  EXPECT_EQ(ratingGenerations(5, c), (std::vector<int>{4}));  // as before: the previous generation
  c.anchorGenerations = {1};
  EXPECT_EQ(ratingGenerations(5, c), (std::vector<int>{4, 1}));
  EXPECT_EQ(ratingGenerations(2, c), (std::vector<int>{1}));  // the anchor is the previous one: once
  c.ratePrevious = false;
  EXPECT_EQ(ratingGenerations(5, c), (std::vector<int>{1}));
  EXPECT_EQ(ratingGenerations(1, c), (std::vector<int>{})) << "an anchor plays only the generations after it";
  const MatchOptions o = ratingMatchOptions("/tmp/run", 5, c);
  std::vector<std::string> names;
  for (const auto& p : o.players) names.push_back(p.name);
  EXPECT_EQ(names, (std::vector<std::string>{"gen-0005", "gen-0001", "random", "tactical"}));
}

}  // namespace
}  // namespace junqi
