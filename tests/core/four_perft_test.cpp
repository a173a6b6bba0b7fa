// Four-player perft's counting rules (core/four/four_perft.h, docs/perft.md) where
// the game ends or cannot go on: a root that is over, drawn or whose army to
// move has no move, and a move that ends a team. The counts are checked
// against the slow reference (tests/support/four_reference.h) or against a
// position the rule makes equivalent, as each comment says; fourPerftDivide
// (the command's --divide) must add up to fourPerft in every case.
#include <gtest/gtest.h>

#include <string>

#include "core/four/four_movegen.h"
#include "core/four/four_notation.h"
#include "core/four/four_perft.h"
#include "tests/support/four_reference.h"

namespace junqi {
namespace {

FourPosition four(const std::string& text) { return parseFourPosition(text, FourRuleset::worldAtPlay()); }

std::uint64_t dividedTotal(const FourPosition& pos, int depth) {
  std::uint64_t total = 0;
  for (const PerftDivide& d : fourPerftDivide(pos, depth)) total += d.leaves;
  return total;
}

std::uint64_t leavesUnder(const FourPosition& pos, int depth, const std::string& move) {
  for (const PerftDivide& d : fourPerftDivide(pos, depth))
    if (fourMoveName(d.move) == move) return d.leaves;
  ADD_FAILURE() << move << " is not among the first moves";
  return 0;
}

// Draw counters are ignored, as in the classic perft: a root the 70-move
// limit has drawn counts the moves of its army to move (39, by the reference
// generator), with or without --divide (issue 40: 0 without, 39 with), and
// below it the same as the board with its counter at 0.
TEST(FourPerft, IgnoresTheQuietMoveDrawAtTheRoot) {
  const std::string board =
      "four LG1,LH1,FJ1,BG2,DH4,JI4,MI11,JG14/IJ3,MI6,DM7,LP7,JQ7,PO8,EP8,LQ8,PO9,LP9,BQ9,FQ10,CI13/-/"
      "LA7,ID7,BF7,RA8,LB8,FA10,LB10,EC10,DK16,MH17 east ";
  const FourPosition drawn = four(board + "70 518 -"), fresh = four(board + "0 518 -");
  ASSERT_EQ(fourOutcome(drawn).reason, Termination::QuietMoves);  // over for the referee, not for perft
  ASSERT_EQ(reference::slowFourMoves(drawn).size(), 39u);
  EXPECT_EQ(fourPerft(drawn, 1), 39u);
  EXPECT_EQ(dividedTotal(drawn, 1), 39u);
  for (int depth = 2; depth <= 3; ++depth) {
    EXPECT_EQ(fourPerft(drawn, depth), fourPerft(fresh, depth)) << depth;
    EXPECT_EQ(dividedTotal(drawn, depth), fourPerft(drawn, depth)) << depth;
    EXPECT_EQ(fourPerft(drawn, depth), reference::slowFourPerft(fresh, depth)) << depth;
  }
}

// ... and below the root: from 69 quiet moves, the 70th ends no line, so the
// count is that of the board at 0 (2,550, where the draw made it 128).
TEST(FourPerft, IgnoresTheQuietMoveDrawBelowTheRoot) {
  const std::string board = "four FH1,EG2,RI6/FQ8,PP7,CL9/FJ17,PK12/FA10,PB7,JF9 south ";
  const FourPosition near = four(board + "69 200 -"), fresh = four(board + "0 200 -");
  EXPECT_EQ(reference::slowFourPerft(fresh, 2), 2550u);
  EXPECT_EQ(fourPerft(near, 2), 2550u);
  EXPECT_EQ(dividedTotal(near, 2), 2550u);
  EXPECT_EQ(fourPerft(near, 3), reference::slowFourPerft(fresh, 3));
  EXPECT_EQ(reference::slowFourPerft(near, 3), reference::slowFourPerft(fresh, 3));
}

// A finished root has no move: south, east and north are gone, so the game
// ended (whatever west could still do), as a classic position without a
// flag would have no move (issue 40: this counted 27 at depth 1).
TEST(FourPerft, ARootWithATeamGoneHasNoMove) {
  const FourPosition over =
      four("four -/-/-/EH1,CA8,LB8,PC8,JD8,CE8,JA9,RE9,PF9,FA10,LB10,BE10,DF10,BA11,LB11 west 0 136 east,west");
  EXPECT_EQ(fourPerft(over, 0), 1u);  // the empty sequence, as always
  for (int depth = 1; depth <= 3; ++depth) {
    EXPECT_EQ(fourPerft(over, depth), 0u) << depth;
    EXPECT_TRUE(fourPerftDivide(over, depth).empty()) << depth;
    EXPECT_EQ(reference::slowFourPerft(over, depth), 0u) << depth;
  }
}

// The move that ends a team is one leaf at any depth, as a flag capture is
// in the classic perft: east is gone, and south's engineer on B10 takes west's
// flag on A10. Every other line is as before, so the total is one more than
// the 1,487 counted when that line had no leaf.
TEST(FourPerft, TheMoveThatEndsATeamIsOneLeaf) {
  const FourPosition pos = four("four FH1,EB10,PK5/-/FJ17,PK12/FA10,LA9,LB11,RE9 south 0 300 -");
  for (int depth = 1; depth <= 4; ++depth) EXPECT_EQ(leavesUnder(pos, depth, "B10-A10"), 1u) << depth;
  EXPECT_EQ(fourPerft(pos, 2), 1488u);
  EXPECT_EQ(reference::slowFourPerft(pos, 2), 1488u);
  for (int depth = 2; depth <= 3; ++depth) {
    EXPECT_EQ(dividedTotal(pos, depth), fourPerft(pos, depth)) << depth;
    EXPECT_EQ(fourPerft(pos, depth), reference::slowFourPerft(pos, depth)) << depth;
  }
}

// An army to move without a move leaves the board and the turn passes on,
// as in play (docs/rules.md §15; FourPosition::play): south has only its flag
// and a landmine, so it counts as the same board with south gone and east to
// move (issue 40: 0 at every depth). If it was its team's last army, the
// game is over: no move.
TEST(FourPerft, AnArmyWithoutAMoveLeavesAndTheTurnPassesOn) {
  const FourPosition stuck = four("four FH1,LG1/FQ8,PP7,CL9/FJ17,PK12/FA10,PB7,JF9 south 0 200 -");
  const FourPosition left = four("four -/FQ8,PP7,CL9/FJ17,PK12/FA10,PB7,JF9 east 0 200 -");
  ASSERT_TRUE(reference::slowFourMoves(stuck).empty());
  EXPECT_EQ(reference::slowFourPerft(left, 1), 32u);
  for (int depth = 1; depth <= 3; ++depth) {
    EXPECT_EQ(fourPerft(stuck, depth), reference::slowFourPerft(left, depth)) << depth;
    EXPECT_EQ(dividedTotal(stuck, depth), fourPerft(stuck, depth)) << depth;
  }
  for (const PerftDivide& d : fourPerftDivide(stuck, 1)) EXPECT_EQ(stuck.armyAt(d.move.from), 1);  // east's moves
  FourPosition settled = stuck;
  settled.settleTurn();
  EXPECT_EQ(formatFourPosition(settled), formatFourPosition(left));
  EXPECT_EQ(settled.lastExit(), Termination::Immobilised);
  const FourPosition alone = four("four FH1,LG1/FQ8,PP7,CL9/-/FA10,PB7,JF9 south 0 200 -");
  for (int depth = 1; depth <= 2; ++depth) {
    EXPECT_EQ(fourPerft(alone, depth), 0u) << depth;
    EXPECT_TRUE(fourPerftDivide(alone, depth).empty()) << depth;
  }
}

}  // namespace
}  // namespace junqi
