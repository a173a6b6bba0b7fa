// The Flip Junqi input encoding (nets/flip/flip_encoding.h, docs/encoding.md "Flip Junqi").
#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "core/flip/flip_game.h"
#include "core/flip/flip_movegen.h"
#include "core/random.h"
#include "nets/flip/flip_encoding.h"

namespace junqi::nets {
namespace {

using Input = std::vector<float>;

Square sq(const char* name) { return parseSquare(name).value(); }

Input encoded(const FlipPosition& pos) {
  Input in(kFlipInputSize, -1.0f);  // every value must be written
  encodeFlip(pos, in);
  return in;
}
float at(const Input& in, int plane, int point) { return in[plane * kBoardPoints + point]; }
float planeSum(const Input& in, int plane) {
  return std::accumulate(in.begin() + plane * kBoardPoints, in.begin() + (plane + 1) * kBoardPoints, 0.0f);
}

TEST(FlipEncoding, TheStartHasFiftyFaceDownPiecesAndTheFullPools) {
  const FlipPosition pos(FlipRuleset::kawu());
  const Input in = encoded(pos);
  for (const float v : in) ASSERT_TRUE(v >= 0 && v <= 1);
  EXPECT_EQ(planeSum(in, kFlipFaceDown), 50);
  EXPECT_EQ(planeSum(in, kFlipCamp), 10);
  for (int t = 0; t < kPieceTypes; ++t) {
    EXPECT_EQ(planeSum(in, kFlipOwnPiece + t), 0);
    EXPECT_EQ(planeSum(in, kFlipEnemyPiece + t), 0);
  }
  // Three landmines of 50 pieces, one flag; the pools' planes sum to 1 at every point.
  EXPECT_FLOAT_EQ(at(in, kFlipOwnPool + typeIndex(PieceType::Landmine), 7), 3.0f / 50);
  EXPECT_FLOAT_EQ(at(in, kFlipEnemyPool + typeIndex(PieceType::Flag), 33), 1.0f / 50);
  float pools = 0;
  for (int t = 0; t < kPieceTypes; ++t) pools += at(in, kFlipOwnPool + t, 0) + at(in, kFlipEnemyPool + t, 0);
  EXPECT_NEAR(pools, 1.0f, 1e-5);
  EXPECT_EQ(planeSum(in, kFlipColoursDecided), 0);
  EXPECT_EQ(planeSum(in, kFlipMovesFirst), 60);
  for (int k = 0; k < 4; ++k) EXPECT_EQ(planeSum(in, kFlipLastFlip + k), 0);
}

// After the colours are decided the own planes are the mover's colour, seen
// from its side of the board: seat 1 sees the board turned half round.
TEST(FlipEncoding, OwnPiecesAreTheMoversColourInItsOrientation) {
  const FlipRuleset rules = FlipRuleset::kawu();
  FlipPosition pos = FlipPosition::empty(rules);
  pos.putFaceUp(sq("B2"), {Colour::Blue, PieceType::Captain});
  pos.putFaceUp(sq("C11"), {Colour::Red, PieceType::Marshal});
  pos.putFaceDown(sq("A1"), {Colour::Red, PieceType::Flag});
  pos.setColours(Colour::Red);  // seat 0 plays Red, seat 1 Blue
  pos.setToMove(Seat::Blue);
  const Input in = encoded(pos);
  const Square b2 = sq("B2"), c11 = sq("C11"), a1 = sq("A1");
  EXPECT_EQ(at(in, kFlipOwnPiece + typeIndex(PieceType::Captain), rotate180(b2)), 1);
  EXPECT_EQ(at(in, kFlipEnemyPiece + typeIndex(PieceType::Marshal), rotate180(c11)), 1);
  EXPECT_EQ(at(in, kFlipFaceDown, rotate180(a1)), 1);
  EXPECT_EQ(planeSum(in, kFlipFaceDown), 1);
  EXPECT_EQ(planeSum(in, kFlipColoursDecided), 60);
  EXPECT_EQ(planeSum(in, kFlipMovesFirst), 0);
  // The only face-down piece is a red flag: the mover (Blue) sees it as the enemy's, for sure.
  EXPECT_FLOAT_EQ(at(in, kFlipEnemyPool + typeIndex(PieceType::Flag), 0), 1.0f);
  EXPECT_EQ(flipOwnColour(pos), Colour::Blue);
  pos.setToMove(Seat::Red);
  const Input red = encoded(pos);
  EXPECT_EQ(at(red, kFlipEnemyPiece + typeIndex(PieceType::Captain), b2), 1);
  EXPECT_EQ(at(red, kFlipOwnPiece + typeIndex(PieceType::Marshal), c11), 1);
}

// 001 decides the colours by two flips of one colour: each seat's last flip is in the input.
TEST(FlipEncoding, TheLastFlipsBeforeTheColoursAreDecidedAreInTheInput) {
  FlipPosition pos(FlipRuleset::worldAtPlay());
  pos.setLastFlip(Seat::Red, Colour::Blue);
  pos.setLastFlip(Seat::Blue, Colour::Red);
  pos.setToMove(Seat::Blue);
  const Input in = encoded(pos);
  EXPECT_EQ(planeSum(in, kFlipLastFlip + 0 + index(Colour::Red)), 60);   // the mover (seat 1) flipped red
  EXPECT_EQ(planeSum(in, kFlipLastFlip + 2 + index(Colour::Blue)), 60);  // its opponent blue
  EXPECT_EQ(planeSum(in, kFlipLastFlip + 1), 0);
  EXPECT_EQ(planeSum(in, kFlipLastFlip + 2), 0);
}

TEST(FlipEncoding, CountersAreScaledByTheQuietLimitAndAThousandPlies) {
  FlipPosition pos(FlipRuleset::kawu());
  pos.setCounters(40, 500);
  const Input in = encoded(pos);
  EXPECT_FLOAT_EQ(at(in, kFlipQuietCounter, 0), 40.0f / FlipRuleset::kawu().quietMoveLimit);
  EXPECT_FLOAT_EQ(at(in, kFlipPlyCounter, 59), 0.5f);
}

// A flip is the move from a point to itself, turned like every move.
TEST(FlipEncoding, AFlipsPolicyIndexIsTheMoveToItself) {
  const Square c3 = sq("C3");
  EXPECT_EQ(flipPolicyIndex(Seat::Red, flipAt(c3)), c3 * 61);
  EXPECT_EQ(flipPolicyIndex(Seat::Blue, flipAt(c3)), rotate180(c3) * 61);
}

// Along random games: every value in [0, 1], the face-down plane the pool's
// size, the own and enemy planes the face-up pieces of each colour.
TEST(FlipEncoding, RandomGamesEncodeEveryPieceOnce) {
  Rng rng(11);
  for (int game = 0; game < 5; ++game) {
    FlipGame g(game % 2 ? FlipRuleset::kawu() : FlipRuleset::worldAtPlay(), randomFlipDeal(rng));
    for (int ply = 0; ply < 120 && !g.isOver(); ++ply) {
      const FlipPosition& pos = g.position();
      const Input in = encoded(pos);
      for (const float v : in) ASSERT_TRUE(v >= 0 && v <= 1);
      ASSERT_EQ(planeSum(in, kFlipFaceDown), pos.poolSize());
      float own = 0, enemy = 0;
      for (int t = 0; t < kPieceTypes; ++t) own += planeSum(in, kFlipOwnPiece + t), enemy += planeSum(in, kFlipEnemyPiece + t);
      ASSERT_EQ(own, popcount(pos.faceUp(flipOwnColour(pos))));
      ASSERT_EQ(enemy, popcount(pos.faceUp(other(flipOwnColour(pos)))));
      MoveList actions;
      generateFlipActions(pos, actions);
      g.apply(Action::makeMove(pos.toMove(), actions[static_cast<int>(rng.below(actions.size()))]));
    }
  }
}

}  // namespace
}  // namespace junqi::nets
