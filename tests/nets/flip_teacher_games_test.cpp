// Flip teacher games (selfplay/flip/flip_teacher_games.h): the flip heuristic's
// priors as policy targets over the legal actions, the game's result as value
// targets, a few positions a game drawn over all of it, and the same shard
// for the same seed however many threads play.
#include <gtest/gtest.h>

#include <set>

#include "nets/flip/flip_encoding.h"
#include "selfplay/flip/flip_teacher_games.h"

namespace junqi {
namespace {

using nets::kBoardPoints;
using Wdl = std::array<float, 3>;

FlipTeacherOptions smallFlipOptions() {
  FlipTeacherOptions o;
  o.rules = FlipRuleset::kawu();
  o.games = 12;
  o.positionsPerGame = 6;
  o.openingPlies = 4;
  o.threads = 2;
  o.seed = 5;
  return o;
}

int flipPlyOf(const PositionSample& p) {
  return static_cast<int>(p.input[static_cast<std::size_t>(nets::kFlipPlyCounter) * kBoardPoints]) * 1000 / 255;
}

TEST(FlipTeacherGames, TargetsAreTheHeuristicsPriorsAndTheGamesResult) {
  FlipSelfPlayStats stats;
  int progressCalls = 0;
  const Shard shard = playFlipTeacherGames(smallFlipOptions(), stats, nullptr, [&](const FlipSelfPlayStats&) { ++progressCalls; });
  EXPECT_EQ(shard.games, 12u);
  EXPECT_EQ(progressCalls, 12);
  EXPECT_EQ(stats.firstWins + stats.secondWins + stats.draws, 12);
  EXPECT_EQ(shard.encodingVersion, nets::kFlipEncodingVersion);
  EXPECT_EQ(shard.positions.size(), 12u * 6) << "every game lasts more than 6 actions, and 6 are kept";
  int spread = 0;  // targets that are a softmax over several actions
  for (const PositionSample& p : shard.positions) {
    ASSERT_EQ(p.input.size(), static_cast<std::size_t>(nets::kFlipInputSize));
    double sum = 0, top = 0;
    std::set<int> indices;
    for (const auto& [index, prob] : p.policy) {
      EXPECT_TRUE(indices.insert(index).second) << "an action listed twice";
      const int from = index / kSquares, to = index % kSquares;
      // A flip (from == to) starts on a face-down piece; a move on a face-up one of the mover's colour.
      const auto plane = [&](int k, int point) { return p.input[static_cast<std::size_t>(k * kBoardPoints + point)]; };
      int own = 0;
      for (int t = 0; t < kPieceTypes; ++t) own += plane(nets::kFlipOwnPiece + t, from) == 255;
      EXPECT_EQ(from == to ? plane(nets::kFlipFaceDown, from) == 255 : own == 1, true) << "index " << index;
      sum += prob;
      top = std::max(top, static_cast<double>(prob));
    }
    EXPECT_NEAR(sum, 1.0, 1e-5);
    spread += top < 0.99;
    EXPECT_TRUE(p.wdl == (Wdl{1, 0, 0}) || p.wdl == (Wdl{0, 1, 0}) || p.wdl == (Wdl{0, 0, 1}));
  }
  EXPECT_GT(spread, static_cast<int>(shard.positions.size()) / 2) << "the targets are the chosen actions alone";
}

TEST(FlipTeacherGames, KeptPositionsAreSpreadOverTheWholeGame) {
  FlipSelfPlayStats stats;
  const Shard shard = playFlipTeacherGames(smallFlipOptions(), stats);
  int late = 0;  // without reservoir sampling every kept position would be among the first six
  for (const PositionSample& p : shard.positions) late += flipPlyOf(p) >= 20;
  EXPECT_GT(late, static_cast<int>(shard.positions.size()) / 4);
}

TEST(FlipTeacherGames, TheSameSeedGivesTheSameShardOnOneOrTwoThreads) {
  FlipTeacherOptions o = smallFlipOptions();
  o.games = 4;
  FlipSelfPlayStats s1, s2, s3;
  const Shard a = playFlipTeacherGames(o, s1);
  o.threads = 1;
  const Shard b = playFlipTeacherGames(o, s2);
  ASSERT_EQ(a.positions.size(), b.positions.size());
  for (std::size_t i = 0; i < a.positions.size(); ++i) {
    EXPECT_EQ(a.positions[i].input, b.positions[i].input);
    EXPECT_EQ(a.positions[i].policy, b.positions[i].policy);
    EXPECT_EQ(a.positions[i].wdl, b.positions[i].wdl);
  }
  o.seed = 6;
  const Shard c = playFlipTeacherGames(o, s3);
  EXPECT_NE(a.positions.front().input, c.positions.front().input) << "another seed, the same games";
}

}  // namespace
}  // namespace junqi
