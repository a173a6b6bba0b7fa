// Random playouts draw their move from each piece's targets (MoverTargets,
// nthMove) instead of a move list: the same move for the same draw, so the
// same games as a list would give.
#include <gtest/gtest.h>

#include "core/classic/auto_layout.h"
#include "core/classic/movegen.h"
#include "core/classic/playout.h"

namespace junqi {
namespace {

Position randomStart(const Ruleset& ruleset, std::uint64_t seed) {
  Rng rng(seed);
  const Layout red = randomLayout(ruleset, rng), blue = randomLayout(ruleset, rng);
  return Position::fromLayouts(Rules::of(ruleset), red, blue);
}

TEST(NthSetPoint, AgreesWithClearingTheLowestPointKTimes) {
  Rng rng(5);
  for (int i = 0; i < 2000; ++i) {
    const Bitboard b = rng.next() & rng.next() & ((Bitboard{1} << kSquares) - 1);
    for (int k = 0; k < popcount(b); ++k) {
      ASSERT_EQ(nthSetPoint(b, k), nthSetPointBySteps(b, k)) << b << " " << k;
      ASSERT_TRUE(contains(b, nthSetPoint(b, k)));
    }
  }
  EXPECT_EQ(nthSetPoint(0b101100, 0), 2);
  EXPECT_EQ(nthSetPoint(0b101100, 2), 5);
}

TEST(MoverTargets, TheKthMoveIsTheMoveListsKthMove) {
  int positions = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Position pos = randomStart(Ruleset::worldAtPlay(), seed);
    Rng rng(seed);
    MoveList moves;
    MoverTargets targets;
    for (int ply = 0; ply < 300 && !pos.flagCapturedBy(); ++ply, ++positions) {
      generateMoves(pos, moves);
      collectTargets(pos, targets);
      ASSERT_EQ(targets.moves, moves.size());
      for (int k = 0; k < moves.size(); ++k) ASSERT_EQ(nthMove(targets, k), moves[k]) << "move " << k;
      if (moves.empty()) break;
      pos.play(moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))]);
    }
  }
  EXPECT_GT(positions, 5000);
}

TEST(RandomPlayout, PlaysTheGamesOfAMoveList) {
  for (const Ruleset& ruleset : {Ruleset::hiddenFront(), Ruleset::refereed()})
    for (std::uint64_t seed = 1; seed <= 150; ++seed) {
      Position fast = randomStart(ruleset, seed), slow = fast;
      Rng fastRng(seed), slowRng(seed);
      const PlayoutResult a = randomPlayout(fast, fastRng, 3000), b = randomPlayoutByMoveList(slow, slowRng, 3000);
      ASSERT_EQ(a.outcome, b.outcome) << ruleset.preset << " seed " << seed;
      ASSERT_EQ(a.plies, b.plies) << ruleset.preset << " seed " << seed;
      ASSERT_TRUE(fast.samePlacement(slow)) << ruleset.preset << " seed " << seed;
    }
}

}  // namespace
}  // namespace junqi
