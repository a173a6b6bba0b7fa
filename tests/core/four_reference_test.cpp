// Four-player move generation against a slow reference that reads the board's
// text directly (tests/support/four_reference.h), on every position of
// random four-player games; game invariants on the way; the perft table
// (docs/perft.md) and its cross-check by the reference.
#include <gtest/gtest.h>

#include <vector>

#include "core/classic/auto_layout.h"
#include "core/four/four_movegen.h"
#include "core/four/four_perft.h"
#include "core/classic/layout.h"
#include "core/classic/notation.h"
#include "tests/support/four_reference.h"

namespace junqi {
namespace {

using MoveSet = reference::FourMoveSet;

MoveSet generated(const FourPosition& pos) {
  MoveList list;
  generateFourMoves(pos, list);
  MoveSet out;
  for (const Move m : list) EXPECT_TRUE(out.insert({m.from, m.to}).second) << "twice: " << fourMoveName(m);
  return out;
}

FourPosition randomStart(Rng& rng) {
  std::array<Layout, kArmies> layouts;
  const FourRuleset rules = FourRuleset::worldAtPlay();
  for (Layout& l : layouts) l = randomLayout(rules.army, rng);
  return FourPosition(rules, layouts);
}

TEST(FourReference, GeneratorMatchesTheReferenceInRandomGames) {
  Rng rng(2026);
  int positions = 0;
  for (int game = 0; game < 60; ++game) {
    FourPosition pos = randomStart(rng);
    int pieces = popcount(pos.occupied());
    for (int ply = 0; ply < 600 && !fourOutcome(pos).isOver(); ++ply, ++positions) {
      const MoveSet moves = generated(pos);
      ASSERT_EQ(moves, reference::slowFourMoves(pos)) << "game " << game << " ply " << ply;
      ASSERT_FALSE(moves.empty());  // an army without a move has left before its turn
      ASSERT_TRUE(pos.armyIn(pos.toMove()));
      auto it = moves.begin();
      std::advance(it, static_cast<long>(rng.below(moves.size())));
      pos.play({Square(it->first), Square(it->second)});
      const int now = popcount(pos.occupied());
      ASSERT_LE(now, pieces);  // pieces only fall
      pieces = now;
      for (int army = 0; army < kArmies; ++army) ASSERT_EQ(pos.armyIn(army), static_cast<bool>(pos.occupied(army)));
    }
  }
  EXPECT_GT(positions, 10000);
}

FourPosition exampleStart() {
  const Layout example = parseLayout(kExampleLayout);
  return FourPosition(FourRuleset::worldAtPlay(), {example, example, example, example});
}

// docs/perft.md, "Four-player Junqi": every army deploys the example layout.
TEST(FourPerft, TableFromTheExampleStart) {
  const FourPosition start = exampleStart();
  const std::vector<std::uint64_t> expected = {1, 42, 1761, 73368, 3046535};
  for (int depth = 0; depth < static_cast<int>(expected.size()); ++depth)
    EXPECT_EQ(fourPerft(start, depth), expected[static_cast<std::size_t>(depth)]) << depth;
}

TEST(FourPerft, TheReferenceCountsTheSame) {
  EXPECT_EQ(reference::slowFourPerft(exampleStart(), 3), fourPerft(exampleStart(), 3));
  Rng rng(7);
  FourPosition mid = randomStart(rng);
  randomFourPlayout(mid, rng, 120);
  ASSERT_FALSE(fourOutcome(mid).isOver());
  EXPECT_EQ(reference::slowFourPerft(mid, 3), fourPerft(mid, 3));
}

}  // namespace
}  // namespace junqi
