// Teacher games: the tactical player's priors as policy targets, the game's
// result as value targets, a few positions per game drawn over all its plies,
// and the same shard for the same seed however many threads play.
#include <gtest/gtest.h>

#include <set>

#include "nets/encoding.h"
#include "selfplay/classic/teacher_games.h"

namespace junqi {
namespace {

using nets::kBoardPoints;
using Wdl = std::array<float, 3>;

TeacherOptions smallOptions() {
  TeacherOptions o;
  o.games = 12;
  o.positionsPerGame = 6;
  o.openingPlies = 4;
  o.maxPlies = 400;
  o.threads = 2;
  o.seed = 5;
  return o;
}

// The ply a sample was taken at, as its input shows it (ply / 1000, quantized).
int plyOf(const PositionSample& p) {
  return static_cast<int>(p.input[static_cast<std::size_t>(nets::kPlyCounter) * kBoardPoints]) * 1000 / 255;
}

TEST(TeacherGames, TargetsAreTheTeachersPriorsAndTheGamesResult) {
  SelfPlayStats stats;
  int progressCalls = 0;
  const Shard shard = playTeacherGames(smallOptions(), stats, [&](const SelfPlayStats&) { ++progressCalls; });
  EXPECT_EQ(shard.games, 12u);
  EXPECT_EQ(progressCalls, 12);
  EXPECT_EQ(stats.redWins + stats.blueWins + stats.draws, 12);
  EXPECT_EQ(static_cast<long long>(shard.positions.size()), stats.positions);
  EXPECT_EQ(shard.positions.size(), 12u * 6) << "every game lasts more than 6 decisions, and 6 are kept";
  int spread = 0;  // targets that are a softmax over several moves (a flag capture takes all of it)
  for (const PositionSample& p : shard.positions) {
    ASSERT_EQ(p.input.size(), static_cast<std::size_t>(nets::kInputSize));
    double sum = 0, top = 0;
    std::set<int> indices;
    for (const auto& [index, prob] : p.policy) {
      EXPECT_TRUE(indices.insert(index).second) << "a move listed twice";
      int own = 0;
      for (int t = 0; t < kPieceTypes; ++t)
        own += p.input[static_cast<std::size_t>((nets::kOwnPiece + t) * kBoardPoints + index / kSquares)] == 255;
      EXPECT_EQ(own, 1) << "a policy move does not start from the seat's own piece";
      sum += prob;
      top = std::max(top, static_cast<double>(prob));
    }
    EXPECT_NEAR(sum, 1.0, 1e-5);
    spread += top < 0.99;
    EXPECT_TRUE(p.wdl == (Wdl{1, 0, 0}) || p.wdl == (Wdl{0, 1, 0}) || p.wdl == (Wdl{0, 0, 1}));
    EXPECT_EQ(p.input[static_cast<std::size_t>(nets::kSeatToMove) * kBoardPoints], 255);
  }
  EXPECT_GT(spread, static_cast<int>(shard.positions.size()) / 2) << "the targets are the chosen moves alone";
  // Layouts of the sides that did not lose: one per decisive game, two per draw.
  EXPECT_EQ(shard.layouts.size(), static_cast<std::size_t>(stats.redWins + stats.blueWins + 2 * stats.draws));
}

TEST(TeacherGames, KeptPositionsAreSpreadOverTheWholeGame) {
  SelfPlayStats stats;
  const Shard shard = playTeacherGames(smallOptions(), stats);
  // Without reservoir sampling the kept positions would be each game's first
  // six, none of them late; with it, about the share of late plies in these
  // games (a third to a half, depending on how fast the teacher wins).
  int late = 0;
  for (const PositionSample& p : shard.positions) late += plyOf(p) >= 40;
  EXPECT_GT(late, static_cast<int>(shard.positions.size()) / 4);
}

TEST(TeacherGames, TheSameSeedGivesTheSameShardOnOneOrTwoThreads) {
  TeacherOptions o = smallOptions();
  o.games = 4;
  SelfPlayStats s1, s2;
  const Shard a = playTeacherGames(o, s1);
  o.threads = 1;
  const Shard b = playTeacherGames(o, s2);
  ASSERT_EQ(a.positions.size(), b.positions.size());
  for (std::size_t i = 0; i < a.positions.size(); ++i) {
    EXPECT_EQ(a.positions[i].input, b.positions[i].input);
    EXPECT_EQ(a.positions[i].policy, b.positions[i].policy);
    EXPECT_EQ(a.positions[i].wdl, b.positions[i].wdl);
  }
  o.seed = 6;
  SelfPlayStats s3;
  EXPECT_NE(playTeacherGames(o, s3).positions[0].input, a.positions[0].input) << "another seed, other games";
}

}  // namespace
}  // namespace junqi
