// The four-player identity head's targets and training: every sample of
// four-player self-play carries the pieces its seat does not see (and none
// it sees), the trainer reads each at its place on the cross's grid and its
// loss falls, and a four-player run takes --identity-loss (a flip run still
// refuses it).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>

#include <nlohmann/json.hpp>

#include "core/files.h"
#include "core/four/four_observation.h"
#include "nets/four/four_encoding.h"
#include "nets/nn_agent.h"
#include "nets/torch_trainer.h"
#include "selfplay/four/four_selfplay.h"
#include "tests/nets/nets_test_util.h"
#include "tests/support/random_four_game.h"
#include "training/training_config.h"
#include "training/training_game.h"
#include "training/training_run.h"

namespace junqi {
namespace {

using ::testing::HasSubstr;

// Teacher games (the heuristic plays; fast), their samples.
Shard fourIdentityTeacherShard(Visibility visibility, int games) {
  FourSelfPlayOptions o;
  o.rules.visibility = visibility;
  o.games = games, o.threads = 1, o.maxPlies = 120, o.teacher = true, o.teacherPositions = 12, o.seed = 8;
  FourSelfPlayStats stats;
  return playFourSelfPlay(nullptr, o, stats);
}

// The places where the input shows a piece but none of its identity (no
// identity plane, no shown flag): those the seat does not see.
std::set<int> fourIdentityUnseenPlaces(const nets::PositionSample& s) {
  const auto at = [&](int plane, int place) { return s.input[static_cast<std::size_t>(plane * nets::kFourGridPlaces + place)]; };
  std::set<int> places;
  for (int place = 0; place < nets::kFourGridPlaces; ++place) {
    bool piece = false, known = at(nets::kFourShownFlag, place) > 0;
    for (int r = 0; r < nets::kRelativeArmies; ++r) piece |= at(nets::kFourArmyPiece + r, place) > 0;
    for (int t = 0; t < 3 * kPieceTypes; ++t) known |= at(nets::kFourOwnType + t, place) > 0;
    if (piece && !known) places.insert(place);
  }
  return places;
}

// Each sample's targets are exactly the pieces its input leaves unknown: a
// seen piece among them, or an unseen one missing, fails.
void expectTargetsAreTheUnseenPieces(const Shard& shard, bool allyUnseen) {
  ASSERT_GT(shard.positions.size(), 10u);
  for (const nets::PositionSample& s : shard.positions) {
    std::set<int> places;
    bool ally = false, allyOnBoard = false;
    for (int place = 0; place < nets::kFourGridPlaces; ++place)
      allyOnBoard |= s.input[static_cast<std::size_t>((nets::kFourArmyPiece + 2) * nets::kFourGridPlaces + place)] > 0;
    for (const auto& [point, identity] : s.hidden) {
      ASSERT_LT(point, kCrossPoints);
      ASSERT_TRUE(identity >= 0 && identity < kPieceTypes);
      const int place = nets::fourPlaceOfTurned(point);
      EXPECT_TRUE(places.insert(place).second) << "twice: point " << int(point);
      ally |= s.input[static_cast<std::size_t>((nets::kFourArmyPiece + 2) * nets::kFourGridPlaces + place)] > 0;
    }
    EXPECT_EQ(places, fourIdentityUnseenPlaces(s));
    EXPECT_EQ(ally, allyUnseen && allyOnBoard) << "the ally's pieces are targets exactly when the seat does not see them";
  }
}

TEST(FourIdentity, SamplesCarryEveryPieceTheSeatDoesNotSeeAndNoneItSees) {
  expectTargetsAreTheUnseenPieces(fourIdentityTeacherShard(Visibility::Own, 2), true);
  expectTargetsAreTheUnseenPieces(fourIdentityTeacherShard(Visibility::Team, 2), false);
  for (const nets::PositionSample& s : fourIdentityTeacherShard(Visibility::All, 1).positions)
    EXPECT_TRUE(s.hidden.empty());
}

TEST(FourIdentity, TargetsAreTheTrueIdentitiesAtTheSeatsTurnedPoints) {
  for (const Visibility v : {Visibility::Own, Visibility::Team}) {
    const FourGame game = fourgames::randomFourGame(31, 40, v);
    for (int army = 0; army < kArmies; ++army) {
      const FourObservation obs = FourObservation::of(game, army);
      const auto hidden = fourHiddenIdentities(game.position(), obs);
      int unseen = 0;
      for (Square p{}; p < kCrossPoints; ++p) {
        if (game.position().isEmpty(p) || obs.typeAt(p)) continue;
        ++unseen;
        const std::pair<std::uint8_t, std::int8_t> target(static_cast<std::uint8_t>(nets::fourTurnedPoint(army, p)),
                                                          static_cast<std::int8_t>(typeIndex(game.position().typeAt(p))));
        EXPECT_NE(std::find(hidden.begin(), hidden.end(), target), hidden.end()) << "army " << army << " point " << p;
      }
      EXPECT_EQ(static_cast<int>(hidden.size()), unseen);
    }
  }
}

nets::TrainerOptions fourIdentityTrainerOptions() {
  nets::TrainerOptions o;
  o.shape = nets::NetworkShape::tiny();
  o.shape.inputPlanes = nets::kFourInputPlanes;
  o.shape.grid = nets::gridOfVariant("four");
  o.totalSteps = 60, o.learningRate = 3e-3, o.identityLossWeight = 1.0, o.threads = 1;
  return o;
}

// Two targets of one sample, each learned at its own place: read at another
// place (the turned point taken for a place, say), they would not be.
TEST(FourIdentity, TheTrainerReadsEachTargetAtItsPlace) {
  const netstest::TorchThreads threads(1);
  Shard shard = fourIdentityTeacherShard(Visibility::Own, 1);
  nets::PositionSample s = shard.positions.front();
  ASSERT_GE(s.hidden.size(), 2u);
  const auto first = s.hidden[0].first, second = s.hidden.back().first;
  s.hidden = {{first, static_cast<std::int8_t>(typeIndex(PieceType::Flag))},
              {second, static_cast<std::int8_t>(typeIndex(PieceType::Marshal))}};
  nets::Trainer trainer(fourIdentityTrainerOptions());
  for (int step = 0; step < 60; ++step) trainer.step({&s}, {});
  EXPECT_LT(trainer.evaluate({&s}).identityLoss, 0.1);
  trainer.model()->eval();
  torch::NoGradGuard noGradients;
  torch::Tensor input = torch::empty({1, nets::kFourInputPlanes, kCrossGrid, kCrossGrid});
  for (int k = 0; k < nets::kFourInputSize; ++k) input.data_ptr<float>()[k] = s.input[static_cast<std::size_t>(k)] / 255.0f;
  const torch::Tensor layout = trainer.model()->forward(input).layout[0];
  EXPECT_EQ(layout[nets::fourPlaceOfTurned(first)].argmax().item<int>(), typeIndex(PieceType::Flag));
  EXPECT_EQ(layout[nets::fourPlaceOfTurned(second)].argmax().item<int>(), typeIndex(PieceType::Marshal));
}

TEST(FourIdentity, TheIdentityLossFallsOnTeacherSamples) {
  const netstest::TorchThreads threads(1);
  const Shard shard = fourIdentityTeacherShard(Visibility::Own, 2);
  std::vector<const nets::PositionSample*> all;
  for (const nets::PositionSample& s : shard.positions) all.push_back(&s);
  nets::Trainer trainer(fourIdentityTrainerOptions());
  const nets::TrainStats before = trainer.evaluate(all);
  for (int step = 0; step < 60; ++step) trainer.step(all, {});
  const nets::TrainStats after = trainer.evaluate(all);
  ASSERT_GT(before.identities, 20 * static_cast<int>(all.size()));
  EXPECT_EQ(before.believedIdentities, 0) << "the four-player input has no belief planes";
  EXPECT_LT(after.identityLoss, 0.8 * before.identityLoss) << before.identityLoss << " -> " << after.identityLoss;
}

TEST(FourIdentity, AFourPlayerRunTakesIdentityLossAndAFlipRunRefusesIt) {
  TrainingConfig asked;
  asked.identityLoss = 0.25;
  const TrainingConfig four = configOfGame(trainingDefaults("four"), asked, {{"identity_loss", "--identity-loss"}});
  EXPECT_EQ(four.identityLoss, 0.25);
  EXPECT_NO_THROW(trainingGame("four").check(four));
  EXPECT_EQ(trainingConfigJson(four).value("identity_loss", 0.0), 0.25) << "kept in config.json";
  EXPECT_FALSE(trainingConfigJson(trainingDefaults("four")).contains("identity_loss")) << "older runs resume as they were";
  EXPECT_EQ(trainingConfigOf(trainingConfigJson(four)).identityLoss, 0.25);
  EXPECT_THAT([&] { configOfGame(trainingDefaults("flip"), asked, {{"identity_loss", "--identity-loss"}}); },
              testing::ThrowsMessage<std::invalid_argument>(HasSubstr("--identity-loss: not available in a Flip Junqi run")));
  TrainingConfig flip = trainingDefaults("flip");
  flip.identityLoss = 0.25;
  EXPECT_THAT([&] { trainingGame("flip").check(flip); },
              testing::ThrowsMessage<std::invalid_argument>(HasSubstr("its self-play records no hidden identities")));
  TrainingConfig negative = four;
  negative.identityLoss = -1;
  EXPECT_THAT([&] { trainingGame("four").check(negative); },
              testing::ThrowsMessage<std::invalid_argument>(HasSubstr("--identity-loss: must be 0 or more")));
}

// A tiny four-player run with the identity head: its held-out losses name
// the identity loss, and each generation is measured against the exact beliefs.
TEST(FourIdentity, ARunWithTheIdentityHeadMeasuresItAgainstTheExactBeliefs) {
  nets::registerNetAgent();  // the rating matches play the four-player nn agent
  netstest::TempDir tmp("four-identity-run");
  TrainingConfig c = trainingDefaults("four");
  c.generations = 2, c.gamesPerGeneration = 2, c.parallelGames = 2, c.sims = 4, c.maxPlies = 60;
  c.teacherGames = 4, c.teacherPositions = 10, c.stepsPerGeneration = 3, c.batchSize = 16, c.replayWindow = 2000;
  c.ratingPairs = 1, c.ratingSims = 4, c.baselines = {"random"}, c.seed = 6, c.trainThreads = 1;
  c.identityLoss = 0.25;
  runTraining((tmp.path() / "run").string(), c, [](const std::string&) {});
  for (const char* gen : {"gen-0001.json", "gen-0002.json"}) {
    const auto record = nlohmann::json::parse(readFile((tmp.path() / "run" / "log" / gen).string()));
    ASSERT_TRUE(record.contains("identity_vs_beliefs")) << gen;
    const auto& head = record["identity_vs_beliefs"]["head"];
    EXPECT_GT(head[0].get<double>(), 0.0);
    EXPECT_LE(head[1].get<double>(), head[0].get<double>());
    EXPECT_GT(record["identity_vs_beliefs"]["pieces"].get<long long>(), 0);
  }
  const auto second = nlohmann::json::parse(readFile((tmp.path() / "run" / "log" / "gen-0002.json").string()));
  EXPECT_GT(second["held_out_previous"]["identity_loss"].get<double>(), 0.0);
  EXPECT_FALSE(second["held_out_previous"].contains("identity_belief_error")) << "no belief planes to read it from";
}

}  // namespace
}  // namespace junqi
