// Self-play with a tiny network: well-formed training targets from both seats,
// and layouts learned only from sides that did not lose.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "nets/encoding.h"
#include "nets/torch_backend.h"
#include "selfplay/selfplay_worker.h"
#include "tests/nets/nets_test_util.h"

namespace junqi {
namespace {

using nets::kBoardPoints;
using nets::kInputSize;

bool startsAGame(const PositionSample& p) {
  // Only a game's first position has no recent move, and ply 0.
  for (int k = nets::kRecentFrom * kBoardPoints; k < (nets::kRecentTo + 4) * kBoardPoints; ++k)
    if (p.input[static_cast<std::size_t>(k)]) return false;
  return p.input[static_cast<std::size_t>(nets::kPlyCounter) * kBoardPoints] == 0;
}

// The identity of each of the seat's 30 relative points as its input shows it.
std::array<int, 30> ownLayout(const PositionSample& p) {
  std::array<int, 30> out;
  out.fill(-1);
  for (int o = 0; o < 30; ++o)
    for (int t = 0; t < kPieceTypes; ++t)
      if (p.input[static_cast<std::size_t>((nets::kOwnPiece + t) * kBoardPoints + o)]) out[o] = t;
  return out;
}

using Wdl = std::array<float, 3>;

TEST(SelfPlay, TargetsAreWellFormedForBothSeatsAndLayoutsComeFromNonLosers) {
  netstest::TempDir dir("selfplay");
  netstest::writeRandomWeights(nets::NetworkShape::tiny(), 51, dir.file("w.jqw"));
  const auto backend = std::make_shared<nets::TorchBackend>(nets::loadWeights(dir.file("w.jqw")));
  SelfPlayOptions o;
  o.games = 2;
  o.parallelGames = 2;
  o.search.iterations = 6;
  o.search.rootNoiseAlpha = 0.3;
  o.maxPlies = 160;
  o.seed = 9;
  o.outcomeShare = 1.0;  // result targets only: the mixed target has its own test below
  SelfPlayStats stats;
  int progressCalls = 0;
  const Shard shard = playSelfPlay(backend, o, stats, [&](const SelfPlayStats&) { ++progressCalls; });
  EXPECT_EQ(shard.games, 2u);
  EXPECT_EQ(stats.games, 2);
  EXPECT_EQ(progressCalls, 2);
  EXPECT_EQ(stats.redWins + stats.blueWins + stats.draws, 2);
  ASSERT_EQ(static_cast<long long>(shard.positions.size()), stats.positions);
  ASSERT_GT(shard.positions.size(), 20u);

  // Every position: the input size, policy targets on distinct legal moves of
  // the seat (from one of its pieces) summing to 1, a one-hot result.
  for (const PositionSample& p : shard.positions) {
    ASSERT_EQ(p.input.size(), static_cast<std::size_t>(kInputSize));
    ASSERT_FALSE(p.policy.empty());
    double sum = 0;
    std::set<int> indices;
    for (const auto& [index, prob] : p.policy) {
      EXPECT_LT(index, nets::kPolicySize);
      EXPECT_GE(prob, 0.0f);
      sum += prob;
      EXPECT_TRUE(indices.insert(index).second) << "a move listed twice";
      int own = 0;
      for (int t = 0; t < kPieceTypes; ++t)
        own += p.input[static_cast<std::size_t>((nets::kOwnPiece + t) * kBoardPoints + index / kSquares)] == 255;
      EXPECT_EQ(own, 1) << "a policy move does not start from the seat's own piece";
    }
    EXPECT_NEAR(sum, 1.0, 1e-5);
    EXPECT_EQ(p.wdl[0] + p.wdl[1] + p.wdl[2], 1.0f);
    EXPECT_TRUE(p.wdl == (Wdl{1, 0, 0}) || p.wdl == (Wdl{0, 1, 0}) || p.wdl == (Wdl{0, 0, 1}));
    EXPECT_EQ(p.input[static_cast<std::size_t>(nets::kSeatToMove) * kBoardPoints], 255) << "a sample off the seat's turn";
  }

  // The games, in order: seats alternate (Red at even plies), the results of
  // the two seats mirror each other, and the layouts learned are exactly those
  // of the sides that did not lose (weight 1 for a win, 0.5 for a draw).
  std::vector<std::size_t> starts;
  for (std::size_t i = 0; i < shard.positions.size(); ++i)
    if (startsAGame(shard.positions[i])) starts.push_back(i);
  ASSERT_EQ(starts.size(), 2u);
  EXPECT_EQ(starts[0], 0u);
  starts.push_back(shard.positions.size());
  std::size_t layout = 0;
  int wins = 0, draws = 0;
  for (int g = 0; g < 2; ++g) {
    const std::size_t begin = starts[static_cast<std::size_t>(g)], end = starts[static_cast<std::size_t>(g) + 1];
    ASSERT_GE(end - begin, 2u);
    const Wdl red = shard.positions[begin].wdl, blue = shard.positions[begin + 1].wdl;
    EXPECT_EQ(red[0], blue[2]);
    EXPECT_EQ(red[1], blue[1]);
    EXPECT_EQ(red[2], blue[0]);
    for (std::size_t i = begin; i < end; ++i)
      EXPECT_EQ(shard.positions[i].wdl, (i - begin) % 2 == 0 ? red : blue) << "game " << g << " position " << i - begin;
    if (red[1] == 1) ++draws;
    else ++wins;
    // Both seats' layouts, read from their first positions (Blue's after one
    // Red move, which may have taken a piece at most).
    const std::array<int, 30> redLayout = ownLayout(shard.positions[begin]);
    const std::array<int, 30> blueLayout = ownLayout(shard.positions[begin + 1]);
    for (const auto& [seatLayout, result, seat] :
         {std::tuple{redLayout, red, "red"}, std::tuple{blueLayout, blue, "blue"}}) {
      if (result[2] == 1) continue;  // a loser's layout is not learned
      ASSERT_LT(layout, shard.layouts.size()) << "game " << g << ": the " << seat << " layout is missing";
      const LayoutSample& l = shard.layouts[layout++];
      EXPECT_EQ(l.weight, result[0] == 1 ? 1.0f : 0.5f);
      int differ = 0;
      for (int k = 0; k < 30; ++k) differ += l.identity[k] != seatLayout[k];
      EXPECT_LE(differ, std::string(seat) == "blue" ? 1 : 0) << "game " << g << ": not the " << seat << " layout";
    }
  }
  EXPECT_EQ(layout, shard.layouts.size()) << "layouts learned from a losing side";
  EXPECT_EQ(wins, stats.redWins + stats.blueWins);
  EXPECT_EQ(draws, stats.draws);
  EXPECT_GT(stats.evaluations, 0);
}

TEST(SelfPlay, OneThreadGivesTheSameShardForTheSameSeed) {
  netstest::TempDir dir("selfplay");
  netstest::writeRandomWeights(nets::NetworkShape::tiny(), 52, dir.file("w.jqw"));
  const auto backend = nets::makeBackend("eigen", dir.file("w.jqw"));
  SelfPlayOptions o;
  o.games = 2;
  o.parallelGames = 1;
  o.search.iterations = 4;
  o.maxPlies = 60;
  o.seed = 3;
  SelfPlayStats s1, s2;
  const Shard a = playSelfPlay(backend, o, s1), b = playSelfPlay(backend, o, s2);
  ASSERT_EQ(a.positions.size(), b.positions.size());
  for (std::size_t i = 0; i < a.positions.size(); ++i) {
    EXPECT_EQ(a.positions[i].input, b.positions[i].input);
    EXPECT_EQ(a.positions[i].policy, b.positions[i].policy);
  }
  // A stop request before the start plays nothing (and so writes no game).
  std::atomic<bool> stop{true};
  SelfPlayStats s3;
  const Shard none = playSelfPlay(backend, o, s3, {}, &stop);
  EXPECT_EQ(none.games, 0u);
  EXPECT_TRUE(none.positions.empty());
}

TEST(SelfPlay, ValueTargetsMixTheResultWithTheSearchedValue) {
  netstest::TempDir dir("selfplay-mixed");
  netstest::writeRandomWeights(nets::NetworkShape::tiny(), 52, dir.file("w.jqw"));
  const auto backend = std::make_shared<nets::TorchBackend>(nets::loadWeights(dir.file("w.jqw")));
  SelfPlayOptions o;
  o.games = 1;
  o.parallelGames = 1;
  o.search.iterations = 6;
  o.maxPlies = 120;
  o.seed = 10;
  o.outcomeShare = 0.5;
  SelfPlayStats stats;
  const Shard shard = playSelfPlay(backend, o, stats);
  ASSERT_GT(shard.positions.size(), 10u);
  int nonTrivial = 0;
  for (const PositionSample& p : shard.positions) {
    EXPECT_NEAR(p.wdl[0] + p.wdl[1] + p.wdl[2], 1.0f, 1e-6f);
    // Half of it is the result (a one-hot), the other half (q+, 1-|q|, q-) of a searched value q.
    bool fits = false;
    for (int r = 0; r < 3; ++r) {
      std::array<float, 3> rest = p.wdl;
      rest[static_cast<std::size_t>(r)] -= 0.5f;
      if (rest[0] < -1e-6f || rest[1] < -1e-6f || rest[2] < -1e-6f) continue;
      if (std::min(rest[0], rest[2]) > 1e-6f) continue;  // q is either a win share or a loss share
      if (std::abs(rest[0] + rest[1] + rest[2] - 0.5f) > 1e-5f) continue;
      fits = true;
    }
    EXPECT_TRUE(fits) << p.wdl[0] << " " << p.wdl[1] << " " << p.wdl[2];
    nonTrivial += std::max({p.wdl[0], p.wdl[1], p.wdl[2]}) < 0.999f;
  }
  EXPECT_GT(nonTrivial, 0) << "no target was mixed";
}

TEST(SelfPlay, PlayoutCapKeepsOnlyFullSearchesWithGumbelTargets) {
  netstest::TempDir dir("selfplay-cap");
  netstest::writeRandomWeights(nets::NetworkShape::tiny(), 53, dir.file("w.jqw"));
  const auto backend = nets::makeBackend("eigen", dir.file("w.jqw"));
  SelfPlayOptions o;
  o.games = 2;
  o.parallelGames = 1;
  o.search.iterations = 8;
  o.search.gumbel = true;
  o.search.gumbelRoot.actions = 4;
  o.fastSims = 2;
  o.fullSearchShare = 0.25;
  o.maxPlies = 200;
  o.seed = 4;
  SelfPlayStats stats;
  const Shard shard = playSelfPlay(backend, o, stats);
  ASSERT_GT(stats.moves, 100);
  EXPECT_EQ(stats.positions, static_cast<long long>(shard.positions.size()));
  // About a quarter of the moves kept (a binomial share of 100+ moves: within 0.12 at 3 standard errors).
  EXPECT_NEAR(static_cast<double>(stats.positions) / stats.moves, 0.25, 0.12);
  for (const PositionSample& p : shard.positions) {
    double sum = 0;
    int positive = 0;
    for (const auto& [index, prob] : p.policy) sum += prob, positive += prob > 0;
    EXPECT_NEAR(sum, 1.0, 1e-5);
    // Completed Q values give every move a share, not only the visited ones.
    EXPECT_EQ(positive, static_cast<int>(p.policy.size()));
    // Identity targets: every enemy piece on the board, where the input shows
    // an enemy piece, with an identity the seat's exact beliefs allow.
    ASSERT_FALSE(p.hidden.empty());
    int enemies = 0;
    for (int k = 0; k < kBoardPoints; ++k) enemies += p.input[static_cast<std::size_t>(nets::kEnemyPiece * kBoardPoints + k)] == 255;
    EXPECT_EQ(static_cast<int>(p.hidden.size()), enemies);
    for (const auto& [point, identity] : p.hidden) {
      EXPECT_EQ(p.input[static_cast<std::size_t>(nets::kEnemyPiece * kBoardPoints + point)], 255);
      EXPECT_GT(p.input[static_cast<std::size_t>((nets::kEnemyBelief + identity) * kBoardPoints + point)], 0)
          << "a true identity the beliefs rule out";
    }
  }
}

}  // namespace
}  // namespace junqi
